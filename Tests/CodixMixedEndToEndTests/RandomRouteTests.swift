import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Random documents decoded, on every route (`Route`), by a path-style model
// whose init(from:) reads wildcards, aliases, lossy arrays and defaults, and
// by a wrapper model with the same paths: every route must give the same
// value, or the same report. Documents mostly fit and sometimes do not:
// missing keys, nulls, wrong types, an element that is not an object, keys
// in either spelling, and, for every third document, a decoder converting
// keys from snake case (with, now and then, two keys it merges). 1,000
// documents by default (a tenth of CODIX_FUZZ_COUNT, at least 200); a
// failure names the document.

private struct PathReads: Decodable, Equatable {
  var ids: [Int]
  var names: [String]?
  var grid: [[Int]]?
  var title: String
  var count: Int?
  var values: [Int]
  var level: Int

  init(from decoder: any Decoder) throws {
    ids = try decoder.decode(at: "items[*].id")
    names = try decoder.decodeIfPresent(at: "items[*].name")
    grid = try decoder.decodeIfPresent(at: "rows[*][*]")
    title = try decoder.decode(atFirstOf: ["title", "meta.title", "alt_title"])
    count = try decoder.decodeIfPresent(atFirstOf: ["meta.count", "count"])
    values = try decoder.decodeLossy(at: "values")
    level = try decoder.decode(at: "meta.level", default: -1)
  }
}

private struct WrapperReads: Kodable, Equatable {
  @Coding("items[*].id") var ids: [Int]
  @Coding("items[*].name") var names: [String]?
  @Coding("rows[*][*]") var grid: [[Int]]?
  @Coding("title", .aliases("meta.title", "alt_title")) var title: String
  @Coding("meta.count", .aliases("count")) var count: Int?
  @Coding("values", .lossy) var values: [Int]
  @Coding("meta.level") var level: Int = -1

  static func == (left: Self, right: Self) -> Bool {
    left.ids == right.ids && left.names == right.names && left.grid == right.grid
      && left.title == right.title && left.count == right.count && left.values == right.values
      && left.level == right.level
  }
}

/// A random document for the models above.
private func randomDocument(_ random: inout SplitMix64) -> String {
  func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
  func int() -> String {
    switch random.next() % 20 {
    case 0: "null"
    case 1: #""7""#
    case 2: "1.5"
    case 3: "true"
    default: String(Int(random.next() % 2_000) - 1_000)
    }
  }
  func string() -> String {
    switch random.next() % 16 {
    case 0: "null"
    case 1: "3"
    default: #""n\#(random.next() % 100)""#
    }
  }
  var members: [String] = []
  if !chance(5) {
    let count = Int(random.next() % 5)
    let items = (0..<count).map { _ -> String in
      if chance(4) { return chance(50) ? "null" : "[]" }
      var fields: [String] = []
      if !chance(5) { fields.append(#""id": \#(int())"#) }
      if !chance(20) { fields.append(#""name": \#(string())"#) }
      if chance(10) { fields.append(#""extra": {"id": 1}"#) }
      return "{" + fields.shuffled(using: &random).joined(separator: ", ") + "}"
    }
    members.append(#""items": [\#(items.joined(separator: ", "))]"#)
  }
  if chance(60) {
    let rows = (0..<Int(random.next() % 3)).map { _ in
      "[" + (0..<Int(random.next() % 3)).map { _ in int() }.joined(separator: ", ") + "]"
    }
    members.append(#""rows": [\#(rows.joined(separator: ", "))]"#)
  }
  switch random.next() % 4 {
  case 0: members.append(#""title": \#(string())"#)
  case 1: members.append(#""alt_title": \#(string())"#)
  case 2: break
  default: members.append(#""title": null"#)
  }
  // A key that `.convertFromSnakeCase` merges with `alt_title`.
  if chance(15) { members.append(#""altTitle": \#(string())"#) }
  var meta: [String] = []
  if chance(50) { meta.append(#""title": \#(string())"#) }
  if chance(50) { meta.append(#""count": \#(int())"#) }
  if chance(50) { meta.append(#""level": \#(int())"#) }
  if chance(80) { members.append(#""meta": {\#(meta.joined(separator: ", "))}"#) }
  if chance(20) { members.append(#""count": \#(int())"#) }
  if !chance(5) {
    let values = (0..<Int(random.next() % 5)).map { _ in int() }
    members.append(#""values": [\#(values.joined(separator: ", "))]"#)
  }
  return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
}

/// A tenth of `CODIX_FUZZ_COUNT`, and never fewer than 200 documents: the
/// test's count of values and reports needs that many to mean anything (10
/// documents may all give reports).
private func randomCount() -> Int {
  if let text = ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"], let count = Int(text),
    count > 0
  {
    return max(200, count / 10)
  }
  return 1_000
}

@Test func randomDocumentsGiveOneAnswerOnEveryRoute() {
  var random = SplitMix64(state: 0xC0D1_F00D)
  var answers: [String: Int] = ["value": 0, "report": 0]
  for _ in 0..<randomCount() {
    let text = randomDocument(&random)
    let data = Data(text.utf8)
    let about = "; document: \(text)"
    // Every third document is also decoded under `.convertFromSnakeCase`.
    let strategies: [JSONDecoder.KeyDecodingStrategy] =
      random.next() % 3 == 0 ? [.useDefaultKeys, .convertFromSnakeCase] : [.useDefaultKeys]
    var results: [Result<Int, any Error>?] = []
    for strategy in strategies {
      let configure: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = strategy }
      var data = data
      if case .convertFromSnakeCase = strategy {
        // A document in snake case: a plain `JSONDecoder().decode` shows
        // Codix its strategy only through a key with an underscore
        // (Platforms.md, "The decoder's key strategy").
        data = Data((text == "{}" ? #"{"doc_id": 1}"# : #"{"doc_id": 1, "# + text.dropFirst()).utf8)
      }
      results.append(
        outcomesOnEveryRoute(PathReads.self, from: data, configure: configure, about: about)
          .first?.result.map { _ in 0 })
      results.append(
        outcomesOnEveryRoute(WrapperReads.self, from: data, configure: configure, about: about)
          .first?.result.map { _ in 0 })
    }
    for result in results {
      if case .success? = result {
        answers["value", default: 0] += 1
      } else {
        answers["report", default: 0] += 1
      }
    }
  }
  // The documents reach both answers, values and reports: each at least a
  // twentieth of them.
  let least = max(1, 2 * randomCount() / 20)
  #expect(answers["value", default: 0] >= least)
  #expect(answers["report", default: 0] >= least)
}
