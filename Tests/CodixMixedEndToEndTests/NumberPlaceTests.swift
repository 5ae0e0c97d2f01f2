import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// A number that does not fit the type it is read as, inside a collection
// read at a path. Foundation's decoder throws "not valid JSON" at the root
// for it, without the place; Codix finds the number, so the report names
// it on every route.

private struct Counts: Decodable {
  var counts: [String: Int]
  init(from decoder: any Decoder) throws {
    counts = try decoder.decode(at: "stats.counts")
  }
}

private struct Levels: Decodable {
  var levels: [Int8]
  init(from decoder: any Decoder) throws {
    levels = try decoder.decode(at: "stats.levels")
  }
}

/// Checks that decoding `type` from `json` fails on every route with a
/// `dataCorrupted` report at `path` that found `found`.
private func expectNumberReported<T: Decodable>(
  _ type: T.Type, _ json: String, at path: Path, found: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for outcome in outcomesOnEveryRoute(type, from: Data(json.utf8)) {
    guard case .failure(let error as CodixError) = outcome.result else {
      Issue.record("\(outcome.route): \(outcome.result)", sourceLocation: sourceLocation)
      continue
    }
    #expect(error.path == path, "\(outcome.route)", sourceLocation: sourceLocation)
    #expect(error.kind == .dataCorrupted, "\(outcome.route)", sourceLocation: sourceLocation)
    #expect(error.found == found, "\(outcome.route)", sourceLocation: sourceLocation)
  }
}

@Test func aNumberTooLargeInADictionaryIsReportedAtItsKeyOnEveryRoute() {
  expectNumberReported(
    Counts.self, #"{"stats": {"counts": {"a": 1, "b": 18888888888888888888888888}}}"#,
    at: "stats.counts.b", found: "1.888888888888889e+25")
}

@Test func aNumberOutOfRangeInAnArrayIsReportedAtItsIndexOnEveryRoute() {
  expectNumberReported(
    Levels.self, #"{"stats": {"levels": [1, 2, 300]}}"#, at: "stats.levels[2]", found: "300")
}

@Test func aMalformedNumberInADictionaryIsReportedAtItsKeyOnEveryRoute() throws {
  // Valid JSON up to the number, which a decoder checks only when it reads
  // it. Only Codix's reader can quote it: through Foundation's decoder the
  // report says the value could not be read.
  for number in ["1e", "-", "01"] {
    let data = Data(#"{"stats": {"counts": {"a": 1, "b": \#(number), "c": 3}}}"#.utf8)
    for route in Route.allCases {
      let error = try #require(throws: CodixError.self) {
        do {
          _ = try route.decode(Counts.self, from: data)
        } catch let error as DecodingError {
          throw CodixError(error)
        }
      }
      #expect(error.path == "stats.counts.b", "\(route), \(number)")
      #expect(error.kind == .dataCorrupted, "\(route), \(number)")
      #expect(error.found == "an unreadable value", "\(route), \(number)")
      let quoted = error.message == "\(number) is not a valid JSON number."
      #expect(quoted == route.locatesErrors, "\(route), \(number): \(error.message ?? "")")
    }
  }
}
