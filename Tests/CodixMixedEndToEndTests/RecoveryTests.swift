import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Every recovery has a kind, a summary counts them by path pattern, and a
// strict decoder turns them all into errors.

private struct Song: Kodable {
  @Coding var id: Int
  @Coding("is_favorite") var isFavorite: Bool = false
}

private struct Page: Kodable {
  @Coding var results: [Song]
  @Coding var counts: [String: Int] = [:]
  @Coding("status", default: "none", .defaultOnFailure) var status: String
}

private struct PathPage: Decodable {
  var results: [Song]
  init(from decoder: any Decoder) throws {
    results = try decoder.decodeLossy(at: "results")
  }
}

private let page = Data(
  #"""
  {"results": [{"id": 1, "is_favorite": 1}, {"id": "x"}, {"id": 3}, {}, {"id": 5, "is_favorite": "true"}],
   "counts": {"a": 1, "b": "two"}, "status": ["open"]}
  """#.utf8)

@Test func everyRecoveryHasAKindAndTheSummaryCountsThem() throws {
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let decoded = try decoder.decode(Page.self, from: page)
  #expect(decoded.results.map(\.id) == [1, 3, 5])
  #expect(
    diagnostics.warnings.map(\.recovery) == [
      .coercion, .droppedElement, .droppedElement, .coercion, .droppedEntry, .fallback,
    ])
  #expect(
    diagnostics.summary == """
      2 × coercion at results[*].is_favorite
      2 × dropped element at results[*].id
      1 × dropped entry at counts.b
      1 × fallback at status
      """)
  #expect(CodixDiagnostics().summary.isEmpty)
}

@Test func aStrictDecoderTurnsEveryRecoveryIntoAnError() throws {
  let decoder = JSONDecoder()
  decoder.userInfo[.codixStrictDecoding] = true

  let coercion = try #require(throws: CodixError.self) {
    try decoder.decode(Page.self, from: page)
  }
  #expect(coercion.kind == .typeMismatch)
  #expect(coercion.path == "results[0].is_favorite")
  #expect(coercion.recovery == nil)
  #expect(coercion.description.contains("strict decoding refuses it"))

  let dropped = try #require(throws: CodixError.self) {
    try decoder.decode(PathPage.self, from: Data(#"{"results": [{"id": 1}, {"id": "x"}]}"#.utf8))
  }
  #expect(dropped.kind == .typeMismatch)
  #expect(dropped.path == "results[1].id")
  #expect(dropped.recovery == nil)

  let fallback = try #require(throws: CodixError.self) {
    try decoder.decode(Page.self, from: Data(#"{"results": [], "status": 1}"#.utf8))
  }
  #expect(fallback.path == "status")
  #expect(fallback.kind == .typeMismatch)
  #expect(fallback.recovery == nil)

  // Without recoveries, a strict decode is a normal one.
  let clean = try decoder.decode(Page.self, from: Data(#"{"results": [{"id": 1}]}"#.utf8))
  #expect(clean.results.count == 1)
}

// MARK: - A dropped element's warning

private struct Readings: Kodable {
  @Coding("temps") var temperatures: [Int]
}

@Test func aDroppedElementsWarningNamesTheModelThePropertyAndTheValueFound() throws {
  let data = Data(#"{"temps": [20, "warm", 22, null, 24]}"#.utf8)
  let warnings = warningsOnEveryRoute(Readings.self, from: data)
  #expect(warnings.map(\.path) == ["temps[1]", "temps[3]"])
  #expect(warnings.map(\.recovery) == [.droppedElement, .droppedElement])
  #expect(warnings.map(\.typeName) == ["Readings", "Readings"])
  #expect(warnings.map(\.property) == ["temperatures", "temperatures"])
  #expect(warnings.map(\.found) == [#""warm""#, "null"])
  // Without diagnostics nothing records the warnings; the values are the same.
  for route in Route.allCases {
    #expect(try route.decode(Readings.self, from: data).temperatures == [20, 22, 24], "\(route)")
  }
  // A strict decode that collects its failures names them as the warnings.
  let foundation = JSONDecoder()
  foundation.userInfo[.codixStrictDecoding] = true
  let throughFoundation = JSONDecoder()
  throughFoundation.userInfo = [.codixStrictDecoding: true, .codixReadsThroughFoundation: true]
  let decoders: [any CodixTopLevelDecoder] = [
    foundation, CodixJSONDecoder(foundation), throughFoundation,
  ]
  for decoder in decoders {
    let collected = try #require(throws: CodixCollectedErrors.self) {
      try decoder.decodeCollectingErrors(Readings.self, from: data)
    }
    #expect(collected.errors.map(\.path) == ["temps[1]", "temps[3]"], "\(type(of: decoder))")
    #expect(collected.errors.map(\.property) == ["temperatures", "temperatures"])
    #expect(collected.errors.map(\.typeName) == ["Readings", "Readings"])
    #expect(collected.errors.map(\.recovery) == [nil, nil])
  }
}
