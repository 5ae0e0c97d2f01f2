import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Tagged enums: a feed's polymorphic `target_object` as a Swift enum,
// internally tagged, adjacently tagged and untagged.

private struct Song: Kodable, Equatable {
  @Coding var id: Int
  @Coding var title: String
}

private struct User: Codable, Equatable {
  var id: Int
  var name: String

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "profile.name")
  }

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(id, at: "id")
    try encoder.encode(name, at: "profile.name")
  }
}

private enum Target: TaggedCodable, Equatable {
  case song(Song)
  case user(User)

  static let tagging = TagStyle.internal(tag: "type")
  static let variants: [TaggedVariant<Target>] = [
    TaggedVariant("song", Target.song) { if case .song(let v) = $0 { v } else { nil } },
    TaggedVariant("user", Target.user) { if case .user(let v) = $0 { v } else { nil } },
  ]
}

private enum Message: TaggedCodable, Equatable {
  case text(String)
  case target(Target)
  case ping
  case unknown

  static let tagging = TagStyle.adjacent(tag: "kind", content: "data")
  static let fallback: Message? = .unknown
  static let variants: [TaggedVariant<Message>] = [
    TaggedVariant("text", Message.text) { if case .text(let v) = $0 { v } else { nil } },
    TaggedVariant("target", Message.target) { if case .target(let v) = $0 { v } else { nil } },
    TaggedVariant("ping", .ping) { $0 == .ping },
    TaggedVariant("unknown", .unknown) { $0 == .unknown },
  ]
}

private enum Either: TaggedCodable, Equatable {
  case number(Int)
  case song(Song)

  static let tagging = TagStyle.untagged
  static let variants: [TaggedVariant<Either>] = [
    TaggedVariant("number", Either.number) { if case .number(let v) = $0 { v } else { nil } },
    TaggedVariant("song", Either.song) { if case .song(let v) = $0 { v } else { nil } },
  ]
}

private struct Activity: Kodable, Equatable {
  @Coding("target_object") var target: Target
  @Coding var messages: [Message] = []
}

private struct PathActivity: Decodable {
  var target: Target
  init(from decoder: any Decoder) throws {
    target = try decoder.decode(at: "target_object")
  }
}

private let song = Song.make(id: 1, title: "Blue")

extension Song {
  fileprivate static func make(id: Int, title: String) -> Song {
    var song = Song()
    song.id = id
    song.title = title
    return song
  }
}

@Test func internallyTaggedCasesDecodeInBothStylesAndRoundTrip() throws {
  let data = Data(
    #"{"target_object": {"type": "user", "id": 2, "profile": {"name": "Ana"}}, "messages": []}"#
      .utf8)
  let activity = try decodeOnEveryRoute(Activity.self, from: data)
  #expect(activity.target == .user(User(id: 2, name: "Ana")))
  #expect(try decodeOnEveryRoute(PathActivity.self, from: data).target == activity.target)

  let encoded = try sortedJSON(Target.song(song))
  #expect(encoded == #"{"id":1,"title":"Blue","type":"song"}"#)
  #expect(try decodeOnEveryRoute(Target.self, from: Data(encoded.utf8)) == .song(song))
  let user = try sortedJSON(Target.user(User(id: 2, name: "Ana")))
  #expect(user == #"{"id":2,"profile":{"name":"Ana"},"type":"user"}"#)
}

@Test func adjacentTagsTakeAnyPayloadAndRoundTrip() throws {
  let messages: [Message] = [.text("hi"), .target(.song(song)), .ping]
  let json = try sortedJSON(messages)
  #expect(
    json
      == #"[{"data":"hi","kind":"text"},{"data":{"id":1,"title":"Blue","type":"song"},"kind":"target"},{"data":{},"kind":"ping"}]"#
  )
  #expect(try decodeOnEveryRoute([Message].self, from: Data(json.utf8)) == messages)
  // A case without a payload needs no content.
  let ping = try decodeOnEveryRoute(Message.self, from: Data(#"{"kind": "ping"}"#.utf8))
  #expect(ping == .ping)
}

@Test func anUnknownTagListsTheKnownTagsOrFallsBackReported() throws {
  let data = Data(#"{"target_object": {"type": "movie", "id": 3}}"#.utf8)
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Activity.self, from: data)
  }
  #expect(error.kind == .dataCorrupted)
  #expect(error.path == "target_object.type")
  #expect(error.expected == #"one of "song", "user""#)
  #expect(error.found == #""movie""#)
  #expect(error.typeName == "Activity")
  #expect(error.property == "target")

  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let message = try decoder.decode(
    Message.self, from: Data(#"{"kind": "video", "data": {"url": "x"}}"#.utf8))
  #expect(message == .unknown)
  #expect(diagnostics.warnings.map(\.path) == ["kind"])
  #expect(diagnostics.warnings.first?.found == #""video""#)
}

@Test func aBrokenPayloadIsReportedInsideIt() throws {
  let data = Data(#"{"target_object": {"type": "song", "id": "one", "title": "Blue"}}"#.utf8)
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Activity.self, from: data)
  }
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "target_object.id")
  #expect(error.typeName == "Song")
  #expect(error.property == "id")
}

@Test func untaggedTriesEachCaseAndExplainsEveryFailure() throws {
  #expect(try decodeOnEveryRoute(Either.self, from: Data("5".utf8)) == .number(5))
  #expect(
    try decodeOnEveryRoute(Either.self, from: Data(#"{"id": 1, "title": "Blue"}"#.utf8))
      == .song(song))
  #expect(try sortedJSON([Either.number(5), .song(song)]) == #"[5,{"id":1,"title":"Blue"}]"#)

  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute([Either].self, from: Data(#"[5, {"id": 1}]"#.utf8))
  }
  #expect(error.kind == .dataCorrupted)
  #expect(error.path == "[1]")
  #expect(error.description.contains("No case of Either matches this value. Tried:"))
  #expect(error.description.contains("- number (Int): "))
  #expect(error.description.contains(#"- song (Song): Song.title at [1].title: key not found"#))
}

// An untagged enum's fallback is reported like any other recovery: the
// model and property holding it, and the value as written.

private enum Contact: TaggedCodable, Equatable {
  case email(String)
  case phone(Int)
  case other

  static let tagging = TagStyle.untagged
  static let fallback: Contact? = .other
  static let variants: [TaggedVariant<Contact>] = [
    TaggedVariant("email", Contact.email) { if case .email(let v) = $0 { v } else { nil } },
    TaggedVariant("phone", Contact.phone) { if case .phone(let v) = $0 { v } else { nil } },
  ]
}

private struct Person: Kodable {
  @Coding var name: String
  @Coding var contacts: [Contact]
}

@Test(arguments: [false, true])
func anUntaggedFallbackNamesTheModelThePropertyAndTheValue(throughFoundation: Bool) throws {
  let data = Data(#"{"name": "Ana", "contacts": ["a@b.c", 5, {"fax": 7}]}"#.utf8)
  let diagnostics = CodixDiagnostics()
  let json = JSONDecoder()
  json.userInfo[.codixDiagnostics] = diagnostics
  json.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let plain = try json.decode(Person.self, from: data)
  let entry = try Person.decode(from: data, using: json)
  let codix = try CodixJSONDecoder(json).decode(Person.self, from: data)
  for person in [plain, entry, codix] {
    #expect(person.contacts == [.email("a@b.c"), .phone(5), .other])
  }
  #expect(diagnostics.warnings.count == 3)
  for warning in diagnostics.warnings {
    #expect(warning.typeName == "Person")
    #expect(warning.property == "contacts")
    #expect(warning.path == "contacts[2]")
    #expect(warning.found == #"{"fax": 7}"#)
    #expect(warning.description.hasPrefix("Person.contacts at contacts[2]"))
    #expect(warning.description.contains("No case of Contact matches this value."))
  }
}
