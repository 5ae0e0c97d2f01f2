import CodixCore
import CodixTestSupport
import Foundation
import Testing

// Documents built to hurt: deep nesting, large and long documents,
// truncations and byte flips of real ones. Each gives a clean error or a
// value; none crashes, hangs or takes unbounded memory.

@Test func nestingAHundredThousandDeepIsAnError() throws {
  let depth = 100_000
  let documents = [
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
    String(repeating: "[", count: depth),
    String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth),
    String(repeating: #"{"a":["#, count: depth / 2),
  ]
  for text in documents {
    let data = Data(text.utf8)
    let error = try #require(throws: CodixError.self) {
      try CodixJSONDecoder().decode(AnyValue.self, from: data)
    }
    #expect(error.kind == .dataCorrupted)
    // The 513th bracket: one past JSONDecoder's limit.
    #expect(
      error.location?.offset
        == (text.hasPrefix("[") ? 512 : 512 * (text.hasPrefix(#"{"a":["#) ? 3 : 5)))
    #expect(!foundationOutcome(AnyValue.self, data).isSuccess)
  }
}

/// One element of the large document.
private struct Item: Decodable, Equatable {
  var id: Int
  var name: String
  var tags: [String]
  var score: Double
  var active: Bool
  var parent: Int?
}

@Test func aLargeDocument() throws {
  // 16 MB by default; CODIX_HOSTILE_MB=100 for the full size.
  let megabytes = ProcessInfo.processInfo.environment["CODIX_HOSTILE_MB"].flatMap { Int($0) } ?? 16
  let target = megabytes * 1_000_000
  var text = "["
  text.reserveCapacity(target + 200)
  var count = 0
  while text.utf8.count < target {
    if count > 0 { text += "," }
    text +=
      #"{"id":\#(count),"name":"item \#(count) \u00e9","tags":["a","b\n"],"score":\#(count).5,"#
      + #""active":\#(count % 2 == 0),"parent":\#(count % 3 == 0 ? "null" : "\(count - 1)")}"#
    count += 1
  }
  text += "]"
  let items = try CodixJSONDecoder().decode([Item].self, from: Data(text.utf8))
  #expect(items.count == count)
  #expect(items.last?.id == count - 1)
  #expect(items[1].name == "item 1 é")
  #expect(items[2].parent == 1 && items[3].parent == nil)
}

@Test func aMillionElementArray() throws {
  let count = 1_000_000
  let text = "[" + (0..<count).map { String($0 &* 7_919 % 1_000_003) }.joined(separator: ",") + "]"
  let values = try CodixJSONDecoder().decode([Int].self, from: Data(text.utf8))
  #expect(values.count == count)
  #expect(values[123_456] == 123_456 * 7_919 % 1_000_003)
}

@Test func everyPrefixOfTwitterIsAnErrorWithALocation() throws {
  let data = try testData("twitter.json")
  let cuts = 2_000
  var previous = -1
  for step in 0...cuts {
    let length = data.count * step / cuts
    guard length != previous else { continue }
    previous = length
    let prefix = data.prefix(length)
    let (outcome, error) = codixOutcome(Skipped.self, prefix)
    if step == cuts {
      #expect(outcome.isSuccess)
      continue
    }
    #expect(!outcome.isSuccess, "prefix of \(length) bytes")
    #expect(error?.location != nil, "prefix of \(length) bytes")
    if step % 50 == 0 {
      #expect(outcome == foundationOutcome(Skipped.self, prefix), "prefix of \(length) bytes")
    }
  }
}

/// A model that reads nothing: the document's structure alone decides.
private struct Skipped: Decodable, Equatable {
  init(from decoder: any Decoder) throws {}
}
