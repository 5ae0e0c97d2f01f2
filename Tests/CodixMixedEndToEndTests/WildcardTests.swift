import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// `[*]` collects one value per element of an array, in both styles.

private let page = Data(
  #"{"users": [{"name": "Ana", "tags": ["a", "b"], "nick": "A"}, {"name": "Bo", "tags": [], "nick": null}, {"name": "Cy", "tags": ["c"]}], "meta": {"count": 3}}"#
    .utf8)

private struct PathPage: Codable, Equatable {
  var names: [String]
  var tags: [[String]]
  var nicks: [String?]
  var missing: [String]?

  init(from decoder: any Decoder) throws {
    names = try decoder.decode(at: "users[*].name")
    tags = try decoder.decode(at: "users[*].tags")
    nicks = try decoder.decode(at: "users[*].nick")
    missing = try decoder.decodeIfPresent(at: "groups[*].name")
  }

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(names, at: "users[*].name")
    try encoder.encode(tags, at: "teams[*].tags")
  }
}

private struct WrapperPage: Kodable, Equatable {
  @Coding("users[*].name") var names: [String]
  @Coding("users[*].tags[*]") var everyTag: [[String]]
  @Coding("users[*].nick") var nicks: [String?]
  @Coding("meta.count") var count: Int
  @Coding("groups[*].name") var groups: [String]?
}

@Test func aWildcardCollectsOneValuePerElementInBothStyles() throws {
  let path = try decodeOnEveryRoute(PathPage.self, from: page)
  #expect(path.names == ["Ana", "Bo", "Cy"])
  #expect(path.tags == [["a", "b"], [], ["c"]])
  #expect(path.nicks == ["A", nil, nil])
  #expect(path.missing == nil)

  let wrapper = try decodeOnEveryRoute(WrapperPage.self, from: page)
  #expect(wrapper.names == ["Ana", "Bo", "Cy"])
  #expect(wrapper.everyTag == [["a", "b"], [], ["c"]])
  #expect(wrapper.nicks == ["A", nil, nil])
  #expect(wrapper.count == 3)
  #expect(wrapper.groups == nil)
}

@Test func aFailingElementIsNamedExactly() throws {
  let data = Data(#"{"users": [{"name": "Ana"}, {"name": 7}, {"nom": "Cy"}]}"#.utf8)
  struct Names: Decodable {
    init(from decoder: any Decoder) throws {
      let _: [String] = try decoder.decode(at: "users[*].name")
    }
  }
  struct WrapperNames: Kodable {
    @Coding("users[*].name") var names: [String]
  }
  let pathError = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Names.self, from: data)
  }
  #expect(pathError.kind == .typeMismatch)
  #expect(pathError.path == "users[1].name")
  #expect(pathError.found == "7")
  let wrapperError = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(WrapperNames.self, from: data)
  }
  #expect(wrapperError.path == "users[1].name")
  #expect(wrapperError.property == "names")
  #expect(wrapperError.typeName == "WrapperNames")

  let missing = Data(#"{"users": [{"name": "Ana"}, {"nam": "Cy"}]}"#.utf8)
  let missingError = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(WrapperNames.self, from: missing)
  }
  #expect(missingError.kind == .keyNotFound)
  #expect(missingError.path == "users[1].name")
  #expect(missingError.description.contains("Did you mean \"nam\"?"))
}

@Test func aWildcardOverSomethingThatIsNotAnArrayIsAClearError() throws {
  struct NotArray: Decodable {
    init(from decoder: any Decoder) throws {
      let _: [String] = try decoder.decode(at: "meta[*].name")
    }
  }
  struct NotCollected: Decodable {
    init(from decoder: any Decoder) throws {
      let _: String = try decoder.decode(at: "users[*].name")
    }
  }
  let notArray = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(NotArray.self, from: page)
  }
  #expect(notArray.kind == .typeMismatch)
  #expect(notArray.path == "meta")
  let notCollected = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(NotCollected.self, from: page)
  }
  #expect(notCollected.kind == .invalidPath)
  #expect(notCollected.description.contains("decodes an array type ([String]), not String"))
  let missing = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(WrapperPage.self, from: Data(#"{"meta": {"count": 1}}"#.utf8))
  }
  #expect(missing.kind == .keyNotFound)
  #expect(missing.path == "users")
}

@Test func wildcardsRoundTrip() throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let path = try decodeOnEveryRoute(PathPage.self, from: page)
  #expect(
    String(decoding: try encoder.encode(path), as: UTF8.self)
      == #"{"teams":[{"tags":["a","b"]},{"tags":[]},{"tags":["c"]}],"users":[{"name":"Ana"},{"name":"Bo"},{"name":"Cy"}]}"#
  )

  struct Roster: Kodable, Equatable {
    @Coding("users[*].name") var names: [String]
    @Coding("scores[*]") var scores: [Int] = []
  }
  let roster = try decodeOnEveryRoute(Roster.self, from: page)
  let json = String(decoding: try encoder.encode(roster), as: UTF8.self)
  #expect(json == #"{"scores":[],"users":[{"name":"Ana"},{"name":"Bo"},{"name":"Cy"}]}"#)
  #expect(try decodeOnEveryRoute(Roster.self, from: Data(json.utf8)) == roster)
}

@Test func twoWildcardWritesIntoOneArrayAreRefused() throws {
  struct Split: Encodable {
    func encode(to encoder: any Encoder) throws {
      try encoder.encode([1, 2], at: "users[*].id")
      try encoder.encode(["a", "b"], at: "users[*].name")
    }
  }
  let error = try #require(throws: CodixError.self) { try JSONEncoder().encode(Split()) }
  #expect(error.kind == .invalidPath)
  #expect(error.path == "users[*]")
  #expect(error.description.contains("already has elements"))
}

@Test func wildcardPathsParseAndPrint() throws {
  let path: Path = "users[*].tags[*]"
  #expect(path.components == [.key("users"), .wildcard, .key("tags"), .wildcard])
  #expect(path.description == "users[*].tags[*]")
  #expect(Path(path.components) == path)
  #expect(Path("users[*x]").syntaxError != nil)
  #expect(Path("users[*").syntaxError != nil)
}

@Test func jsonValueCollectsThroughAWildcard() throws {
  let value = try decodeOnEveryRoute(JSONValue.self, from: page)
  #expect(value[path: "users[*].name"] == ["Ana", "Bo", "Cy"])
  #expect(value[path: "users[*].nick"] == ["A", .null, .null])
  #expect(value[path: "meta[*]"] == nil)
}

private struct CheckedRoster: Kodable {
  @Coding("users[*].name", .validation { !$0.contains("") }) var names: [String]
  @Coding("users[*].nick", .overrideValue { $0.map { $0 ?? "-" } }) var nicks: [String?]
}

@Test func aWildcardPropertyRunsItsModifiersAndValidations() throws {
  let roster = try decodeOnEveryRoute(CheckedRoster.self, from: page)
  #expect(roster.names == ["Ana", "Bo", "Cy"])
  #expect(roster.nicks == ["A", "-", "-"])

  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(
      CheckedRoster.self, from: Data(#"{"users": [{"name": "Ana"}, {"name": ""}]}"#.utf8))
  }
  #expect(error.kind == .validationFailed)
  #expect(error.property == "names")
  #expect(error.path == "users")
}

@Test(arguments: [false, true])
func aTopLevelPathCollectsThroughAWildcard(throughFoundation: Bool) throws {
  let data = Data(
    #"{"data": {"users": [{"id": 1}, {"id": 2}, {"id": 3}, {"id": "four"}]}}"#.utf8)
  let good = Data(#"{"data": {"users": [{"id": 1}, {"id": 2}]}}"#.utf8)
  let json = JSONDecoder()
  json.userInfo[.codixReadsThroughFoundation] = throughFoundation
  #expect(try json.decode([Int].self, from: good, at: "data.users[*].id") == [1, 2])
  #expect(try CodixJSONDecoder().decode([Int].self, from: good, at: "data.users[*].id") == [1, 2])
  #expect(try json.decode([String].self, from: page, at: "users[*].name") == ["Ana", "Bo", "Cy"])
  #expect(try json.decode([String?].self, from: page, at: "users[*].nick") == ["A", nil, nil])

  for error in [
    try #require(throws: CodixError.self) {
      try json.decode([Int].self, from: data, at: "data.users[*].id")
    },
    try #require(throws: CodixError.self) {
      try CodixJSONDecoder().decode([Int].self, from: data, at: "data.users[*].id")
    },
  ] {
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "data.users[3].id")
    #expect(error.found == #""four""#)
  }
  let notArray = try #require(throws: CodixError.self) {
    try json.decode(Int.self, from: good, at: "data.users[*].id")
  }
  #expect(notArray.kind == .invalidPath)
  #expect(notArray.description.contains("decodes an array type ([Int]), not Int"))
}
