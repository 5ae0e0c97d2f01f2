import CodixCorpus
import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// twitter.json, citm_catalog.json and canada.json decoded end to end into
// full synthesized models, and into AnyValue, with both decoders; and the
// size of the reader's index of each.

// The models are the benchmark's (CodixCorpus): synthesized Codable of
// every field, as an app that models these documents declares them.

// MARK: - Tests

@Test func twitterDecodesAsWithJSONDecoder() throws {
  let data = try testData("twitter.json")
  let expected = try JSONDecoder().decode(Timeline.self, from: data)
  let actual = try CodixJSONDecoder().decode(Timeline.self, from: data)
  #expect(actual.statuses.count == 100)
  #expect(actual == expected)
  #expect(actual.statuses.contains { $0.retweetedStatus != nil })
  #expect(actual.statuses.contains { $0.entities.media?.isEmpty == false })
  expectSameOutcome(AnyValue.self, data)
}

@Test func citmCatalogDecodesAsWithJSONDecoder() throws {
  let data = try testData("citm_catalog.json")
  let foundation = JSONDecoder()
  foundation.dateDecodingStrategy = .millisecondsSince1970
  let expected = try foundation.decode(Catalog.self, from: data)
  let actual = try CodixJSONDecoder(foundation).decode(Catalog.self, from: data)
  #expect(actual.performances.count == 243)
  #expect(actual.events.count == 184)
  #expect(actual == expected)
  expectSameOutcome(AnyValue.self, data)
}

@Test func canadaDecodesAsWithJSONDecoder() throws {
  let data = try testData("canada.json")
  let expected = try JSONDecoder().decode(FeatureCollection.self, from: data)
  let actual = try CodixJSONDecoder().decode(FeatureCollection.self, from: data)
  #expect(actual.features.first?.geometry.coordinates.count == 480)
  // Bit-identical coordinates, not merely equal.
  let bits = { (collection: FeatureCollection) in
    collection.features.flatMap { $0.geometry.coordinates.joined().joined().map(\.bitPattern) }
  }
  #expect(bits(actual) == bits(expected))
  #expect(bits(actual).count == 111_126)
  expectSameOutcome(AnyValue.self, data)
}

// MARK: - Byte flips

/// The outcome of a flipped document with both decoders, for a model that
/// reads every value of it: the same value, or the same error.
private func expectSameOutcomeOfFlips<T: Decodable & Equatable>(
  _ type: T.Type, _ name: String, count: Int, random: inout SplitMix64,
  configure: (JSONDecoder) -> Void
) throws {
  let original = try testData(name)
  let interesting: [UInt8] = Array(#"{}[]",:"\ 0123456789-+.eEtrufalsn"#.utf8) + [0, 0x80, 0xFF]
  for _ in 0..<count {
    // One byte per document: a second fault in the same dictionary would
    // let JSONDecoder's (unordered) reading of it pick either error.
    var bytes = [UInt8](original)
    let index = Int.random(in: 0..<bytes.count, using: &random)
    bytes[index] =
      Bool.random(using: &random)
      ? (interesting.randomElement(using: &random) ?? 0)
      : UInt8.random(in: 0...255, using: &random)
    expectSameOutcome(type, Data(bytes), configure: configure)
  }
}

@Test func byteFlipsInRealDocumentsMatchJSONDecoder() throws {
  // 150 documents with a byte changed by default (seeded).
  let count = max(2, fuzzCount(default: 15_000) / 100)
  var random = SplitMix64(state: 0xF11B_5EED)
  try expectSameOutcomeOfFlips(Timeline.self, "twitter.json", count: count * 2 / 3, random: &random)
  { _ in }
  try expectSameOutcomeOfFlips(Catalog.self, "citm_catalog.json", count: count / 3, random: &random)
  {
    $0.dateDecodingStrategy = .millisecondsSince1970
  }
}

// MARK: - The index

private struct IndexSize {
  let name: String
  let documentBytes: Int
  let usedBytes: Int
  let allocatedBytes: Int
}

private func indexSize(of name: String) throws -> IndexSize {
  let data = try testData(name)
  return try JSONDocument.reading(data) { document in
    IndexSize(
      name: name, documentBytes: data.count,
      usedBytes: document.entryCount * MemoryLayout<UInt64>.stride,
      allocatedBytes: document.tapeByteCount)
  }
}

@Test func theIndexIsSmallerThanTheDocument() throws {
  var lines: [String] = []
  for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
    let size = try indexSize(of: name)
    #expect(size.usedBytes <= size.documentBytes, "\(name)")
    #expect(size.allocatedBytes <= size.documentBytes, "\(name)")
    let ratio = { (bytes: Int) in String(format: "%.2f", Double(bytes) / Double(size.documentBytes))
    }
    lines.append(
      "| \(name) | \(size.documentBytes) | \(size.usedBytes) (\(ratio(size.usedBytes))) "
        + "| \(size.allocatedBytes) (\(ratio(size.allocatedBytes))) |")
  }
  if let path = ProcessInfo.processInfo.environment["CODIX_CONFORMANCE_TABLE"] {
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path + ".memory"))
  }
}
