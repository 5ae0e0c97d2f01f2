import Foundation
import Testing

@testable import CodixCore

private struct Model: Decodable {
  let id: Int
}

@Test func enrichesPlainCodableErrors() throws {
  let data = Data(#"{"items": [{"id": 1}, {"id": "two"}]}"#.utf8)
  struct Items: Decodable { let items: [Model] }
  do {
    _ = try JSONDecoder().decode(Items.self, from: data)
    Issue.record("expected a type mismatch")
  } catch let error as DecodingError {
    let codix = CodixError(error)
    #expect(codix.kind == .typeMismatch)
    #expect(codix.path == "items[1].id")
    #expect(codix.expected == "Int")
    #expect(codix.headline == "At items[1].id: type mismatch, expected Int")
  }
}

@Test func keyNotFoundIncludesTheKey() throws {
  do {
    _ = try JSONDecoder().decode(Model.self, from: Data("{}".utf8))
  } catch let error as DecodingError {
    let codix = CodixError(error)
    #expect(codix.kind == .keyNotFound)
    #expect(codix.path == "id")
  }
}

@Test func reportNamesModelPropertyPathExpectedFound() {
  let error = CodixError(
    kind: .transformFailed, path: "response.users[0].profile.birth_day", typeName: "User",
    property: "birthdate", expected: "Date (format yyyy/MM/dd)", found: #""2000-08-12""#,
    message: "Cannot read it.")
  #expect(
    error.description == """
      User.birthdate at response.users[0].profile.birth_day: transform failed, \
      expected Date (format yyyy/MM/dd), found "2000-08-12"
        Cannot read it.
      """)
}

@Test func transformFailedIsUnlocatedUntilCaught() {
  let error = CodixError.transformFailed("nope")
  #expect(error.kind == .transformFailed)
  #expect(error.isLocated == false)
  let located = CodixError.wrap(error, at: "a.b")
  #expect(located.path == "a.b")
  #expect(located.message == "nope")
}

@Test func foreignErrorsBecomeDataCorruptedWithTheOriginalKept() {
  struct Oops: Error {}
  let error = CodixError.wrap(Oops(), at: "x")
  #expect(error.kind == .dataCorrupted)
  #expect(error.underlyingError is Oops)
  #expect(error.path == "x")
}

@Test(arguments: [
  ("nick_name", ["nickName", "id"], "nickName"),
  ("nickname", ["nick_name", "id"], "nick_name"),
  ("respsonse", ["response"], "response"),
  ("zip", ["zipCode", "state"], nil),
  ("id", ["name", "email"], nil),
])
func suggestsTheClosestKey(missing: String, keys: [String], suggestion: String?) {
  #expect(Suggestions.closest(to: missing, in: keys) == suggestion)
}

@Test func foundValuesAreShortAndQuoted() {
  #expect(FoundRenderer.quote("a\"b\n") == #""a\"b\n""#)
  #expect(FoundRenderer.quote(String(repeating: "x", count: 100)).count == 63)
  #expect(FoundRenderer.render(swiftValue: 42) == "42")
  #expect(FoundRenderer.render(swiftValue: "hi") == #""hi""#)
  #expect(FoundRenderer.render(swiftValue: Optional<Int>.none as Any) == "null")
}
