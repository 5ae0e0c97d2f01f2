import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Decoding that depends on a sibling: `payload` means one thing when
// `version` is 1 and another when it is 2, in the wrapper style through
// `didDecode(from:)` and a transformer-free path read.

private struct Reading: Kodable {
  @Coding var version: Int
  @Coding("unit", default: "C") var unit: String
  var celsius: Double = 0

  mutating func didDecode(from decoder: any Decoder) throws {
    switch version {
    case 1:
      celsius = try decoder.decode(at: "payload")  // a bare number, in Celsius
    default:
      let value: Double = try decoder.decode(at: "payload.value")
      celsius = unit == "F" ? (value - 32) * 5 / 9 : value
    }
  }
}

@Test func aValueIsReadAccordingToItsSibling() throws {
  let v1 = try decodeOnEveryRoute(
    Reading.self, from: Data(#"{"version": 1, "payload": 21.5}"#.utf8))
  #expect(v1.celsius == 21.5)
  let v2 = try decodeOnEveryRoute(
    Reading.self, from: Data(#"{"version": 2, "unit": "F", "payload": {"value": 212}}"#.utf8))
  #expect(v2.celsius == 100)

  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Reading.self, from: Data(#"{"version": 2, "payload": 21.5}"#.utf8))
  }
  #expect(error.typeName == "Reading")
  #expect(error.path == "payload")
  #expect(error.kind == .typeMismatch)
}
