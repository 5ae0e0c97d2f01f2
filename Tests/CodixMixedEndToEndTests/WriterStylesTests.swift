import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Both styles' models encoded with CodixJSONEncoder: byte for byte
// JSONEncoder's output under `.sortedKeys`, read back to the same model
// without it. Their `encode(to:)` goes through the Codable API, dotted
// paths that share a prefix out of order included.

private struct PathUser: Codable, Equatable {
  var id: Int
  var name: String
  var city: String
  var zip: String
  var tags: [String]
  var joined: Date
  var score: Double?

  init(id: Int, name: String, city: String, zip: String, tags: [String], joined: Date) {
    self.id = id
    self.name = name
    self.city = city
    self.zip = zip
    self.tags = tags
    self.joined = joined
    score = id.isMultiple(of: 2) ? Double(id) / 3 : nil
  }

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "profile.name")
    city = try decoder.decode(at: "address.city")
    zip = try decoder.decode(at: "address.zip")
    tags = try decoder.decode(at: "profile.tags")
    joined = try decoder.decode(at: "joined", using: DateCodingStrategy.iso8601)
    score = try decoder.decodeIfPresent(at: "stats[1].score")
  }

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(id, at: "id")
    try encoder.encode(name, at: "profile.name")
    try encoder.encode(city, at: "address.city")
    try encoder.encode(tags, at: "profile.tags")  // back to "profile" after "address"
    try encoder.encode(zip, at: "address.zip")
    try encoder.encode(joined, at: "joined", using: DateCodingStrategy.iso8601)
    try encoder.encodeIfPresent(score, at: "stats[1].score")
  }
}

private struct WrapperUser: Kodable, Equatable {
  @Coding var id: Int
  @Coding("profile.name") var name: String
  @Coding("address.city") var city: String
  @Coding("profile.tags") var tags: [String]
  @Coding("address.zip") var zip: String
  @CodableDate("joined", .iso8601) var joined: Date
  @Coding("stats.score") var score: Double?
}

private let joined = Date(timeIntervalSince1970: 1_700_000_000)

private let pathUsers = (0..<20).map {
  PathUser(
    id: $0, name: "User \($0) \"q\"/", city: "City \($0 % 3)", zip: "\(10000 + $0)",
    tags: ["t\($0 % 4)", "é"], joined: joined)
}

/// The wrapper model with `user`'s values.
private func wrapperUser(_ user: PathUser) -> WrapperUser {
  var wrapper = WrapperUser()
  wrapper.id = user.id
  wrapper.name = user.name
  wrapper.city = user.city
  wrapper.tags = user.tags
  wrapper.zip = user.zip
  wrapper.joined = user.joined
  wrapper.score = user.score
  return wrapper
}

private let wrapperUsers = pathUsers.map(wrapperUser)

private func expectSameBytesAndRoundTrip<T: Codable & Equatable>(
  _ values: [T], also other: JSONEncoder.OutputFormatting = [.sortedKeys, .prettyPrinted],
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  for formatting: JSONEncoder.OutputFormatting in [.sortedKeys, other] {
    let foundation = JSONEncoder()
    foundation.outputFormatting = formatting
    let expected = try foundation.encode(values)
    let actual = try CodixJSONEncoder(foundation).encode(values)
    #expect(
      String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
      sourceLocation: sourceLocation)
  }
  let plain = try CodixJSONEncoder().encode(values)
  #expect(try JSONDecoder().decode([T].self, from: plain) == values, sourceLocation: sourceLocation)
  #expect(
    try CodixJSONDecoder().decode([T].self, from: plain) == values, sourceLocation: sourceLocation)
}

// Random values of both styles' models, 10,000 each by default
// (CODIX_FUZZ_COUNT sets the count), in batches of 100 under random output
// formatting: JSONEncoder's bytes with `.sortedKeys`, and the same values
// read back by both decoders.

private func randomString(_ random: inout SplitMix64) -> String {
  let pool: [Character] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "\u{7F}", "é", "ß",
    "\u{2028}", "😀", "👩‍👩‍👧", "中",
  ]
  return String((0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % 18)] })
}

private func randomDouble(_ random: inout SplitMix64) -> Double {
  switch random.next() % 4 {
  case 0: Double(Int64(bitPattern: random.next()) % 1_000_000)
  case 1: Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)  // finite, positive
  case 2: -Double(random.next() % 10_000) / 7
  default: Double(random.next() % 1_000) * 1e-9
  }
}

private func randomPathUser(_ random: inout SplitMix64) -> PathUser {
  var user = PathUser(
    id: Int(bitPattern: UInt(random.next())), name: randomString(&random),
    city: randomString(&random), zip: randomString(&random),
    tags: (0..<Int(random.next() % 4)).map { _ in randomString(&random) },
    joined: Date(timeIntervalSince1970: Double(random.next() % 4_000_000_000)))
  user.score = random.next() % 3 == 0 ? nil : randomDouble(&random)
  return user
}

@Test func randomValuesOfBothStylesEncodeAsWithJSONEncoder() throws {
  var random = SplitMix64(state: 0x5EED_0F_C0D1)
  let total =
    ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"].flatMap { Int($0) } ?? 10_000
  for _ in 0..<max(1, total / 100) {
    let paths = (0..<100).map { _ in randomPathUser(&random) }
    let wrappers = paths.map(wrapperUser)
    var formatting: JSONEncoder.OutputFormatting = .sortedKeys
    if random.next() % 2 == 0 { formatting.insert(.prettyPrinted) }
    if random.next() % 2 == 0 { formatting.insert(.withoutEscapingSlashes) }
    try expectSameBytesAndRoundTrip(paths, also: formatting)
    try expectSameBytesAndRoundTrip(wrappers, also: formatting)
  }
}

@Test func pathStyleModelsEncodeAsWithJSONEncoder() throws {
  try expectSameBytesAndRoundTrip(pathUsers)
  // Without .sortedKeys, the order the paths write: "profile" first met
  // before "address", whatever order later writes come in.
  let text = String(decoding: try CodixJSONEncoder().encode(pathUsers[1]), as: UTF8.self)
  #expect(
    text
      == #"{"id":1,"profile":{"name":"User 1 \"q\"\/","tags":["t1","é"]},"address":{"city":"City 1","zip":"10001"},"joined":"2023-11-14T22:13:20Z"}"#
  )
}

@Test func wrapperModelsEncodeAsWithJSONEncoder() throws {
  try expectSameBytesAndRoundTrip(wrapperUsers)
}

@Test func encodeAtAPathOnCodixJSONEncoderMatchesJSONEncoder() throws {
  // JSONEncoder itself, kept on Foundation by the switch.
  let foundation = JSONEncoder()
  foundation.outputFormatting = .sortedKeys
  foundation.userInfo[.codixReadsThroughFoundation] = true
  let codix = CodixJSONEncoder(foundation)
  // encode(_:at:) on a JSONEncoder, written by Codix's writer.
  let routed = JSONEncoder()
  routed.outputFormatting = .sortedKeys
  for path: Path in ["a.b[2].c", "", "list[1]", "x.y.z"] {
    let expected = try foundation.encode(pathUsers[0], at: path)
    #expect(try codix.encode(pathUsers[0], at: path) == expected)
    #expect(try routed.encode(pathUsers[0], at: path) == expected)
  }
}

@Test func encodeAtAPathOnAJSONEncoderKeepsTheOrderTheValueWrites() throws {
  // Without .sortedKeys: CodixJSONEncoder's order, the same in every process.
  let text = String(
    decoding: try JSONEncoder().encode(pathUsers[1], at: "data.user"), as: UTF8.self)
  #expect(
    text
      == #"{"data":{"user":{"id":1,"profile":{"name":"User 1 \"q\"\/","tags":["t1","é"]},"address":{"city":"City 1","zip":"10001"},"joined":"2023-11-14T22:13:20Z"}}}"#
  )
}
