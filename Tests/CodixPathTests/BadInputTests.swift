import CodixPath
import CodixTestSupport
import Foundation
import Testing

// The bad-input catalogue: each input gets a clear CodixError (or the right
// value), never a crash, a hang or a silent wrong value.

private func json(_ text: String) -> Data { Data(text.utf8) }

private func kind(_ body: () throws -> Void) -> CodixError.Kind? {
  do {
    try body()
    return nil
  } catch let error as CodixError {
    return error.kind
  } catch {
    Issue.record("not a CodixError: \(error)")
    return nil
  }
}

@Test func emptyAndTruncatedDocuments() {
  for text in ["", " ", "{\"a\": [1, 2", "{\"a\": \"unterminated", "[", "{\"a\" 1}", "\u{0}"] {
    #expect(
      kind { _ = try JSONDecoder().decode(Int.self, from: json(text), at: "a") } == .dataCorrupted,
      "\(text)")
  }
}

@Test func tenThousandDeepNestingIsAnErrorNotACrash() {
  let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
  #expect(
    kind { _ = try JSONDecoder().decode(Int.self, from: json(deep), at: "[0][0]") }
      == .dataCorrupted)
}

@Test func aMillionElementArrayIndexedAtItsEnd() throws {
  var text = "{\"list\": ["
  text.reserveCapacity(2_500_000)
  for index in 0..<1_000_000 {
    text += index == 0 ? "0" : ",\(index % 10)"
  }
  text += ",\"last\"]}"
  let data = json(text)
  #expect(try JSONDecoder().decode(String.self, from: data, at: "list[-1]") == "last")
  #expect(try JSONDecoder().decode(String.self, from: data, at: "list[1000000]") == "last")
  #expect(try JSONDecoder().decode(Int.self, from: data, at: "list[999999]") == 9)
  #expect(
    kind { _ = try JSONDecoder().decode(Int.self, from: data, at: "list[1000001]") }
      == .indexOutOfRange)
}

@Test func numbersOutOfRangeAndNonFiniteStrings() {
  let data = json(#"{"big": 1e400, "huge": 99999999999999999999, "nan": "NaN", "inf": "Infinity"}"#)
  #expect(kind { _ = try JSONDecoder().decode(Int.self, from: data, at: "huge") } != nil)
  #expect(
    kind { _ = try JSONDecoder().decode(Int8.self, from: json(#"{"v": 300}"#), at: "v") } != nil)
  #expect(
    kind { _ = try JSONDecoder().decode(Double.self, from: data, at: "nan") } == .typeMismatch)
  #expect(
    kind { _ = try JSONDecoder().decode(Double.self, from: data, at: "inf") } == .typeMismatch)
  #expect(kind { _ = try JSONDecoder().decode(Double.self, from: data, at: "big") } != nil)
}

@Test func duplicateKeysResolveTheSameWayEveryTime() throws {
  let data = json(#"{"a": 1, "a": 2}"#)
  let first = try JSONDecoder().decode(Int.self, from: data, at: "a")
  let plain = try decodeOnEveryRoute([String: Int].self, from: data)["a"]
  #expect(first == plain)
}

@Test func aPathOfTenThousandComponents() throws {
  let components = Array(repeating: PathComponent.key("k"), count: 10_000)
  let path = Path(components)
  #expect(Path(path.description) == path)
  #expect(
    kind { _ = try JSONDecoder().decode(Int.self, from: json(#"{"k": {"k": 1}}"#), at: path) }
      != nil)
  let text = Array(repeating: "k", count: 10_000).joined(separator: ".")
  #expect(Path(text).components.count == 10_000)
}

@Test func aTopLevelScalarOrNullWhereAnObjectWasExpected() {
  struct Model: Decodable {
    init(from decoder: any Decoder) throws { _ = try decoder.decode(Int.self, at: "id") }
  }
  for text in ["42", "\"text\"", "null", "true", "[1]"] {
    let found = kind { _ = try JSONDecoder().decode(Model.self, from: json(text), at: "") }
    #expect(
      found == .typeMismatch || found == .valueNotFound, "\(text): \(String(describing: found))")
  }
}

@Test func invalidUTF8IsDataCorrupted() {
  let data = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])
  #expect(kind { _ = try JSONDecoder().decode(String.self, from: data, at: "a") } == .dataCorrupted)
}
