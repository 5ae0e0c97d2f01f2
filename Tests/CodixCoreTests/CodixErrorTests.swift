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
    Issue.record("expected keyNotFound")
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

/// A missing key, the keys there are, and the suggestion.
private let suggestions: [(String, [String], String?)] = [
  ("nick_name", ["nickName", "id"], "nickName"),
  ("nickname", ["nick_name", "id"], "nick_name"),
  ("respsonse", ["response"], "response"),
  ("zip", ["zipCode", "state"], nil),
  ("id", ["name", "email"], nil),
  // A swap of two neighbours is one edit.
  ("titel", ["title", "id"], "title"),
  ("naem", ["name", "email"], "name"),
  ("title", ["titel", "id"], "titel"),
  ("frist_name", ["first_name", "id"], "first_name"),
  ("Naem", ["name"], "name"),
  // Two swaps, or a swap and another edit, are two: too far for a short key.
  ("naem", ["anme"], nil),
  ("titel", ["tilte"], nil),
  ("naem", ["nome"], nil),
  // A swap is closer than two other edits, whichever comes first.
  ("adress", ["adrexx", "adrses"], "adrses"),
]

@Test(arguments: suggestions)
func suggestsTheClosestKey(missing: String, keys: [String], suggestion: String?) {
  #expect(Suggestions.closest(to: missing, in: keys) == suggestion)
}

/// Two keys and their distance.
private let distances: [(String, String, Int)] = [
  ("titel", "title", 1),
  ("ab", "ba", 1),
  ("naem", "name", 1),
  ("abcd", "badc", 2),
  // Each character is edited at most once: "ca" to "abc" is 3, not 2.
  ("ca", "abc", 3),
  ("kitten", "sitting", 3),
  ("flaw", "lawn", 2),
  ("", "abc", 3),
  ("same", "same", 0),
]

@Test(arguments: distances)
func editDistanceCountsASwapOfNeighboursAsOneEdit(a: String, b: String, distance: Int) {
  #expect(Suggestions.editDistance(Array(a), Array(b)) == distance)
  #expect(Suggestions.editDistance(Array(b), Array(a)) == distance)
}

@Test func foundValuesAreShortAndQuoted() {
  #expect(ValueRenderer.quote("a\"b\n") == #""a\"b\n""#)
  #expect(ValueRenderer.quote(String(repeating: "x", count: 100)).count == 63)
  #expect(ValueRenderer.render(swiftValue: 42) == "42")
  #expect(ValueRenderer.render(swiftValue: "hi") == #""hi""#)
  #expect(ValueRenderer.render(swiftValue: Optional<Int>.none as Any) == "null")
}

// MARK: - Context is attached in one place

@Test func attributionKeepsTheInnermostModel() {
  var inner = CodixError(.typeMismatch, at: "a.b", expected: "Int")
  inner.attribute(model: "Inner", property: "b")
  inner.attribute(model: "Outer", property: "a")
  #expect(inner.typeName == "Inner")
  #expect(inner.property == "b")
}

@Test func expectedIsFilledOnlyAtThePropertysOwnValue() {
  var atValue = CodixError(.dataCorrupted, at: "date")
  atValue.attribute(model: "M", property: "date", expected: "Date (ISO 8601)", ownPath: "date")
  #expect(atValue.expected == "Date (ISO 8601)")
  var inside = CodixError(.dataCorrupted, at: "date.inner")
  inside.attribute(model: "M", property: "date", expected: "Date (ISO 8601)", ownPath: "date")
  #expect(inside.expected == nil)
}

@Test func anErrorMadeByUserCodeIsPlacedOnce() {
  let thrown = CodixError.transformFailed("nope")
  #expect(!thrown.isLocated)
  let placed = thrown.placed(at: "x.y")
  #expect(placed.path == "x.y")
  #expect(placed.placed(at: "other").path == "x.y")
  #expect(placed.message == "nope")
}

@Test func detailsAreRenderedAndAMessageOverridesThem() {
  var error = CodixError(.invalidPath, at: .root, detail: .elementAlreadyWritten(index: 2))
  #expect(error.message == "Element 2 of this array was already written.")
  error.message = "Mine."
  #expect(error.message == "Mine.")
  error.message = nil
  #expect(error.message == "Element 2 of this array was already written.")
}

@Test func aChangedCopyOfAnErrorLeavesTheOriginalAsItWas() {
  let original = CodixError(
    kind: .typeMismatch, path: "users[0].id", typeName: "User", property: "id",
    expected: "Int", found: #""7""#)
  var copy = original
  copy.property = "identifier"
  copy.path = "users[1].id"
  copy.location = CodixError.Location(line: 3, column: 9, offset: 40)
  copy.message = "Replaced."
  #expect(original.property == "id")
  #expect(original.path == "users[0].id")
  #expect(original.location == nil)
  #expect(original.message == nil)
  #expect(copy.property == "identifier")
  #expect(copy.path == "users[1].id")
  #expect(copy.location?.line == 3)
  #expect(copy.message == "Replaced.")
  #expect(copy.typeName == "User")
}
