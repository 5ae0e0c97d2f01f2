import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Reports name values as the document wrote them, and expectations in the
// terms of the transformer that reads them.

private struct WrapperEvent: Kodable {
  @CodableDate(.iso8601) var at: Date
  @Coding("seen", using: DateFromTimeIntervalSince1970()) var seen: Date?
}

private struct PathEvent: Decodable {
  var at: Date
  var seen: Date?

  init(from decoder: any Decoder) throws {
    at = try decoder.decode(at: "at", using: DateCodingStrategy.iso8601)
    seen = try decoder.decodeIfPresent(at: "seen", using: DateFromTimeIntervalSince1970())
  }
}

private func errors(_ json: String) throws -> [CodixError] {
  let data = Data(json.utf8)
  return [
    try #require(throws: CodixError.self) {
      try decodeOnEveryRoute(WrapperEvent.self, from: data)
    },
    try #require(throws: CodixError.self) { try decodeOnEveryRoute(PathEvent.self, from: data) },
  ]
}

@Test func aNumberIsReportedAsTheDocumentWroteIt() throws {
  for error in try errors(#"{"at": 1563215397}"#) {
    #expect(error.kind == .transformFailed)
    #expect(error.path == "at")
    #expect(error.found == "1563215397")
  }
}

@Test func aValueOfAnotherTypeIsReportedAgainstWhatTheTransformerReads() throws {
  for error in try errors(#"{"at": "2024-05-06T07:08:09Z", "seen": "1563215397"}"#) {
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "seen")
    #expect(error.expected == "Date (seconds since 1970)")
    #expect(error.found == #""1563215397""#)
  }
}
