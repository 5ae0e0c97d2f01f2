import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Edge cases of extras, encode control, dictionary keys, tagged enums,
// wildcards and key styles, each once a wrong value or a wrong error.

private struct Audit: Kodable {
  @Coding var version: Int = 1
  @Coding(.extras) var extras: [String: JSONValue] = [:]
}

private struct Document: Kodable {
  @Coding var title: String
  @Coding("") var audit: Audit
  @Coding("updated", .encodeOnly) var updated: String = "now"
}

@Test func declaredPropertiesWinOverExtrasWhenEncoding() throws {
  var document = try decodeOnEveryRoute(
    Document.self, from: Data(#"{"title": "Q3", "version": 2, "updated": "then", "x": 1}"#.utf8))
  #expect(document.audit.extras["title"] == "Q3")  // the flattened model's view
  document.title = "Q4"
  #expect(try sortedJSON(document) == #"{"title":"Q4","updated":"now","version":2,"x":1}"#)

  struct Plain: Kodable {
    @Coding("stamp", .encodeOnly) var stamp: String = "new"
    @Coding(.extras) var extras: [String: JSONValue] = [:]
  }
  let plain = try decodeOnEveryRoute(Plain.self, from: Data(#"{"stamp": "old", "y": 2}"#.utf8))
  #expect(plain.extras == ["y": 2])
  #expect(try sortedJSON(plain) == #"{"stamp":"new","y":2}"#)
}

@Test func omitIfDefaultNeedsAModelWhoseDefaultsCodixCanSee() throws {
  struct EncodeOnly: Enkodable {
    @Coding(.omitIfDefault) var nick: String = ""
  }
  var value = EncodeOnly()
  value.nick = "Bo"
  let error = try #require(throws: CodixError.self) { try JSONEncoder().encode(value) }
  #expect(error.property == "nick")
  #expect(error.description.contains(".omit(when:)"))
}

private enum Priority: Int, Codable, Hashable, Sendable {
  case low = 1
  case high = 2
}

private enum Status: String, Codable, Hashable, Sendable {
  case open, closed
}

@Test func dictionariesKeyedByAnyEnumRoundTripAsObjects() throws {
  struct Board: Kodable, Equatable {
    @Coding var byPriority: [Priority: String] = [:]
    @Coding var maybe: [Status: Int]? = nil
    @Coding(.enforceTypeDecoding) var strict: [Status: Int] = [:]
  }
  var board = Board()
  board.byPriority = [.low: "l", .high: "h"]
  board.maybe = [.open: 1]
  board.strict = [.closed: 2]
  let json = try sortedJSON(board)
  #expect(json == #"{"byPriority":{"1":"l","2":"h"},"maybe":{"open":1},"strict":{"closed":2}}"#)
  #expect(try decodeOnEveryRoute(Board.self, from: Data(json.utf8)) == board)

  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Board.self, from: Data(#"{"strict": {"open": 1, "shut": 2}}"#.utf8))
  }
  #expect(error.path == "strict.shut")
  #expect(error.property == "strict")
}

private enum Shape: TaggedCodable, Equatable {
  case circle(Double)
  case none

  static let tagging = TagStyle.untagged
  static let variants: [TaggedVariant<Shape>] = [
    TaggedVariant("circle", Shape.circle) { if case .circle(let v) = $0 { v } else { nil } },
    TaggedVariant("none", .none) { $0 == .none },
  ]
}

private enum Event: TaggedCodable, Equatable {
  case rename(String)

  static let tagging = TagStyle.adjacent(tag: "kind", content: "data")
  static let variants: [TaggedVariant<Event>] = [
    TaggedVariant("rename", Event.rename) { if case .rename(let v) = $0 { v } else { nil } }
  ]
}

@Test func tagsDoNotMatchWhatTheyShouldNot() throws {
  #expect(try decodeOnEveryRoute(Shape.self, from: Data("{}".utf8)) == .none)
  #expect(try decodeOnEveryRoute(Shape.self, from: Data("2.5".utf8)) == .circle(2.5))
  let notEmpty = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Shape.self, from: Data(#"{"r": 1}"#.utf8))
  }
  #expect(notEmpty.description.contains("- none (no payload): "))

  let null = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Event.self, from: Data(#"{"kind": "rename", "data": null}"#.utf8))
  }
  #expect(null.kind == .valueNotFound)
  #expect(null.path == "data")
}

@Test func aWildcardPropertyCannotHaveAliases() throws {
  struct Names: Kodable {
    @Coding("users[*].name", .aliases("names")) var names: [String] = []
  }
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Names.self, from: Data("{}".utf8))
  }
  #expect(error.kind == .invalidPath)
  #expect(error.property == "names")
}

@Test func keyStylesKeepPluralAcronymsAndUnderscores() {
  #expect(KeyStyle.snakeCase.key(for: "imageURLs") == "image_urls")
  #expect(KeyStyle.snakeCase.key(for: "userIDs") == "user_ids")
  #expect(KeyStyle.snakeCase.key(for: "_id") == "_id")
  #expect(KeyStyle.snakeCase.key(for: "_privateName_") == "_private_name_")
  #expect(KeyStyle.kebabCase.key(for: "URLString") == "url-string")
  #expect(KeyStyle.snakeCase.key(for: "isSigned") == "is_signed")
}
