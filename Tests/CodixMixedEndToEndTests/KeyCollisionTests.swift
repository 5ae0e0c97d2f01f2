import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// A Codix key is found the same way on every route under a strategy that
// renames the document's keys: as the strategy converts the document's
// keys, or else by the key's own conversion from snake case. Of two keys
// that convert to one name, the first written wins, as in `JSONDecoder`'s
// containers; a `.custom` strategy's keys are never matched as written.

private struct Scores: Kodable {
  @Coding("score_list") var scores: [Double]
}

private struct PathScores: Decodable {
  var scores: [Double]
  init(from decoder: any Decoder) throws { scores = try decoder.decode(at: "score_list") }
}

private struct AuditedScores: Kodable {
  static let unknownKeys = UnknownKeys.reject
  @Coding("score_list") var scores: [Double]
}

private func snakeCase(_ decoder: JSONDecoder) {
  decoder.keyDecodingStrategy = .convertFromSnakeCase
}

@Test(arguments: [
  (#"{"scoreList": [0.5], "score_list": [9]}"#, [0.5]),
  (#"{"score_list": [9], "scoreList": [0.5]}"#, [9.0]),
])
func twoKeysThatConvertToOneNameGiveTheFirstOnEveryRoute(document: String, first: [Double])
  throws
{
  // Before macOS 14, JSONDecoder's containers kept either of the two.
  guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
  let data = Data(document.utf8)
  #expect(try decodeOnEveryRoute(Scores.self, from: data, configure: snakeCase).scores == first)
  #expect(
    try decodeOnEveryRoute(PathScores.self, from: data, configure: snakeCase).scores == first)
  // Both keys are the one the model reads: neither is unknown.
  #expect(
    try decodeOnEveryRoute(AuditedScores.self, from: data, configure: snakeCase).scores == first)
}

@Test func anUnknownKeyNextToARespelledOneIsReportedOnEveryRoute() throws {
  let data = Data(#"{"score_list": [9], "extra_key": 1}"#.utf8)
  #expect(throws: CodixError.self) {
    try decodeOnEveryRoute(AuditedScores.self, from: data, configure: snakeCase)
  }
}

@Test func aCustomStrategyFindsKeysOnlyAsItConvertsThemOnEveryRoute() throws {
  let data = Data(#"{"score_list": [9], "scoreList": [0.5]}"#.utf8)
  let uppercased: (JSONDecoder) -> Void = {
    $0.keyDecodingStrategy = .custom { path in
      AnyKey(stringValue: path.last!.stringValue.uppercased())
    }
  }
  // "score_list" as written is not a key of the converted object. (The
  // report's list of keys is spelled as the document writes them where
  // Codix has the document, so the plain route is checked apart: Errors.md.)
  let withDocument = Route.allCases.filter { $0 != .plain }
  #expect(throws: CodixError.self) {
    try decodeOnEveryRoute(Scores.self, from: data, configure: uppercased, routes: withDocument)
  }
  #expect(throws: CodixError.self) {
    try decodeOnEveryRoute(PathScores.self, from: data, configure: uppercased, routes: withDocument)
  }
  let plain = JSONDecoder()
  uppercased(plain)
  #expect(throws: CodixError.self) { try plain.decode(Scores.self, from: data) }
  #expect(throws: (any Error).self) { try plain.decode(PathScores.self, from: data) }
  // A closure that converts from snake case as Foundation does is looked
  // up by the key's conversion, as `.convertFromSnakeCase` is.
  let camelCased: (JSONDecoder) -> Void = {
    $0.keyDecodingStrategy = .custom { path in
      let key = path.last!.stringValue
      let words = key.split(separator: "_")
      let name = words.dropFirst().reduce(String(words.first ?? "")) { $0 + $1.capitalized }
      return AnyKey(stringValue: name)
    }
  }
  let single = Data(#"{"score_list": [9]}"#.utf8)
  #expect(try decodeOnEveryRoute(Scores.self, from: single, configure: camelCased).scores == [9])
  #expect(
    try decodeOnEveryRoute(PathScores.self, from: single, configure: camelCased).scores == [9])
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
