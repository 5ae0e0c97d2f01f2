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
    let error = CodixError(
      try #require(throws: DecodingError.self) {
        try CodixJSONDecoder().decode(AnyValue.self, from: data)
      })
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
  // The prefixes are independent: read them on every core.
  let problems = Problems()
  DispatchQueue.concurrentPerform(iterations: cuts + 1) { step in
    let length = data.count * step / cuts
    let prefix = data.prefix(length)
    let (outcome, error) = codixOutcome(Skipped.self, prefix)
    if step == cuts {
      if !outcome.isSuccess { problems.add("the whole document fails: \(outcome)") }
      return
    }
    if outcome.isSuccess { problems.add("a prefix of \(length) bytes decodes") }
    if error?.location == nil { problems.add("a prefix of \(length) bytes has no location") }
    if step % 50 == 0, outcome != foundationOutcome(Skipped.self, prefix) {
      problems.add("a prefix of \(length) bytes: JSONDecoder differs")
    }
  }
  #expect(problems.all == [])
}

/// Failures found on other threads, reported on the test's own.
private final class Problems: @unchecked Sendable {
  // Unchecked: `lock` guards `list`.
  private let lock = NSLock()
  private var list: [String] = []

  func add(_ problem: String) {
    lock.lock()
    defer { lock.unlock() }
    list.append(problem)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}

/// A model that reads nothing: the document's structure alone decides.
private struct Skipped: Decodable, Equatable {
  init(from decoder: any Decoder) throws {}
}
