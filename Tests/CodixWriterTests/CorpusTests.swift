import CodixCorpus
import Foundation
import Testing

@testable import CodixCore

// twitter.json, citm_catalog.json and canada.json decoded into their full
// synthesized models (CodixCorpus, the benchmark's) and encoded again end
// to end: byte for byte JSONEncoder's under `.sortedKeys`, in every
// formatting; without it, declaration order, and the same values back.

private func expectReencodes<T: Codable & Equatable>(
  _ type: T.Type, _ name: String, firstKeys: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let data = try testData(name)
  let value = try JSONDecoder().decode(type, from: data)
  for formatting: JSONEncoder.OutputFormatting in [
    .sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
  ] {
    let foundation = JSONEncoder()
    foundation.outputFormatting = formatting
    let expected = try foundation.encode(value)
    let actual = try CodixJSONEncoder(foundation).encode(value)
    #expect(actual == expected, "\(name), \(formatting.rawValue)", sourceLocation: sourceLocation)
  }
  let plain = try CodixJSONEncoder().encode(value)
  #expect(try JSONDecoder().decode(type, from: plain) == value, sourceLocation: sourceLocation)
  #expect(try CodixJSONDecoder().decode(type, from: plain) == value, sourceLocation: sourceLocation)
  guard case .object(let members)? = OrderedJSON(plain) else {
    Issue.record("\(name) does not read back", sourceLocation: sourceLocation)
    return
  }
  #expect(
    Array(members.map(\.key).prefix(firstKeys.count)) == firstKeys, sourceLocation: sourceLocation)
}

@Test func twitterReencodesAsWithJSONEncoder() throws {
  try expectReencodes(Timeline.self, "twitter.json", firstKeys: ["statuses", "search_metadata"])
}

@Test func citmCatalogReencodesAsWithJSONEncoder() throws {
  try expectReencodes(
    Catalog.self, "citm_catalog.json",
    firstKeys: ["areaNames", "audienceSubCategoryNames", "blockNames", "events"])
}

@Test func canadaReencodesAsWithJSONEncoder() throws {
  try expectReencodes(FeatureCollection.self, "canada.json", firstKeys: ["type", "features"])
}
