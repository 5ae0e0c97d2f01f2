import CodixCore
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Seeded property tests of the wrapper engine: random documents decoded
// through a wrapper model (checked against an independent walk), and random
// models encoded and decoded again (decode(encode(x)) == x). Counts scale with
// CODIX_FUZZ_COUNT; a failure prints its seed and case.

private var fuzzCount: Int {
  Int(ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"] ?? "") ?? 10_000
}

// MARK: - Decoding random documents through a wrapper model

private struct Sample: Kodable {
  @Coding("a") var a: Int?
  @Coding("b.c") var bc: Int?
  @Coding("b.d.e") var bde: Int?
  @Coding("f[1]") var f1: Int?
  @Coding("g[-1].h") var gh: Int?

  static let paths: [[PathComponent]] = [
    ["a"], ["b", "c"], ["b", "d", "e"], ["f", 1], ["g", -1, "h"],
  ]

  var values: [Int?] { [a, bc, bde, f1, gh] }
}

private enum Expectation: Equatable {
  case value(Int?)
  case mismatch(Path)
}

private func expectation(for components: [PathComponent], in document: Any) -> Expectation {
  var current: Any = document
  var resolved: [PathComponent] = []
  for component in components {
    if current is NSNull { return .value(nil) }
    switch (component, current) {
    case (.key(let key), let object as [String: Any]):
      guard let next = object[key] else { return .value(nil) }
      resolved.append(component)
      current = next
    case (.index(let index), let array as [Any]):
      let position = index < 0 ? array.count + index : index
      guard position >= 0, position < array.count else { return .value(nil) }
      resolved.append(.index(position))
      current = array[position]
    default:
      return .mismatch(Path(resolved))
    }
  }
  switch current {
  case is NSNull: return .value(nil)
  case is Bool: return .mismatch(Path(resolved))
  case let int as Int: return .value(int)
  default: return .mismatch(Path(resolved))
  }
}

private func randomValue(_ random: inout SplitMix64, depth: Int) -> Any {
  let keys = ["a", "b", "c", "d", "e", "f", "g", "h"]
  switch Int.random(in: 0..<10, using: &random) {
  case 0: return NSNull()
  case 1: return Bool.random(using: &random)
  case 2, 3: return Int.random(in: -50...50, using: &random)
  case 4: return Double(Int.random(in: -50...50, using: &random)) + 0.5
  case 5: return "s\(Int.random(in: 0...9, using: &random))"
  case 6 where depth > 0, 7 where depth > 0:
    var object: [String: Any] = [:]
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      object[keys[Int.random(in: 0..<keys.count, using: &random)]] = randomValue(
        &random, depth: depth - 1)
    }
    return object
  case 8 where depth > 0, 9 where depth > 0:
    return (0..<Int.random(in: 0...3, using: &random)).map { _ in
      randomValue(&random, depth: depth - 1)
    }
  default:
    return Int.random(in: 0...9, using: &random)
  }
}

@Test func fuzzWrapperModelsAgainstAnIndependentWalk() throws {
  let seed: UInt64 = 0x5EED
  var random = SplitMix64(state: seed)
  var failures = 0
  for index in 0..<fuzzCount {
    var document: [String: Any] = [:]
    for key in ["a", "b", "f", "g"] where Bool.random(using: &random) {
      document[key] = randomValue(&random, depth: 3)
    }
    let data = try JSONSerialization.data(withJSONObject: document)
    let expected = Sample.paths.map { expectation(for: $0, in: document) }
    let mismatches = expected.compactMap { expectation -> Path? in
      if case .mismatch(let path) = expectation { return path }
      return nil
    }
    do {
      let sample = try Sample.decode(from: data)
      if !mismatches.isEmpty || sample.values.map(Expectation.value) != expected {
        failures += 1
        Issue.record("seed \(seed) case \(index): decoded \(sample.values), expected \(expected)")
      }
    } catch let error as CodixError {
      if ![.typeMismatch, .dataCorrupted].contains(error.kind) || !mismatches.contains(error.path)
        || error.typeName != "Sample"
        || error.property == nil
      {
        failures += 1
        Issue.record("seed \(seed) case \(index): \(error) but expected \(expected)")
      }
    }
    if failures > 10 { break }
  }
}

// MARK: - Round trips of random models

private struct Address: Kodable, Equatable {
  @Coding var city: String
  @Coding("geo.lat") var latitude: Double
  @Coding("geo.lon", .encodeAsNullIfNil) var longitude: Double?
}

private struct Everything: Kodable, Equatable {
  @Coding("id") var id: Int
  @Coding("profile.name") var name: String
  @Coding("profile.nick", .encodeAsNullIfNil) var nick: String?
  @Coding("profile.bio") var bio: String?
  @Coding("profile.tags") var tags: [String]
  @Coding("scores[2]") var third: Int
  @Coding("address") var address: Address
  @Coding("friends") var friends: [Address]
  @Coding("flags.active", using: BoolFromInt()) var active: Bool
  @Coding("flags.admin", using: BoolFromString()) var admin: Bool
  @Coding("dates.day", using: DateFromString(format: "yyyy/MM/dd")) var day: Date
  @Coding("dates.unix", using: DateFromTimeIntervalSince1970(unit: .millisecond)) var unix: Date
  @CodableDate("dates.iso") var iso: Date
  @CodableDate("dates.isoMillis", .iso8601WithMillisecondPrecision) var isoMillis: Date
  @CodableDate("dates.rfc2822", .rfc2822) var rfc2822: Date
  @CodableDate("dates.rfc3339", .rfc3339) var rfc3339: Date
  @CodableDate("dates.timestamp", .timestamp) var timestamp: Date
  @CodableDate("dates.formatted", .format("y-MM-dd HH:mm")) var formatted: Date
  @CodableDate("dates.optional", .iso8601) var optionalDate: Date?
}

private func randomString(_ random: inout SplitMix64) -> String {
  let pieces = ["a", "é", "\"", "\\", " ", "ключ", "/", ".", "[0]", "\n", "😀"]
  return (0..<Int.random(in: 0...6, using: &random)).map { _ in
    pieces.randomElement(using: &random) ?? ""
  }
  .joined()
}

private func randomSeconds(_ random: inout SplitMix64) -> Double {
  Double(Int.random(in: 0...4_000_000_000, using: &random))
}

private func randomEighth(_ random: inout SplitMix64) -> Double {
  Double(Int.random(in: 0...7, using: &random)) / 8
}

private func randomAddress(_ random: inout SplitMix64) -> Address {
  var address = Address()
  address.city = randomString(&random)
  address.latitude = Double(Int.random(in: -90_000...90_000, using: &random)) / 1000
  address.longitude =
    Bool.random(using: &random)
    ? Double(Int.random(in: -180_000...180_000, using: &random)) / 1000 : nil
  return address
}

private func randomModel(_ random: inout SplitMix64) -> Everything {
  var model = Everything()
  model.id = Int.random(in: Int(Int32.min)...Int(Int32.max), using: &random)
  model.name = randomString(&random)
  model.nick = Bool.random(using: &random) ? randomString(&random) : nil
  model.bio = Bool.random(using: &random) ? randomString(&random) : nil
  model.tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in randomString(&random) }
  model.third = Int.random(in: -1000...1000, using: &random)
  model.address = randomAddress(&random)
  model.friends = (0..<Int.random(in: 0...2, using: &random)).map { _ in randomAddress(&random) }
  model.active = Bool.random(using: &random)
  model.admin = Bool.random(using: &random)
  let days = Double(Int.random(in: 0...40_000, using: &random))
  model.day = Date(timeIntervalSince1970: days * 86_400)
  // Milliseconds that are exact binary fractions, so Date's Double keeps them.
  model.unix = Date(timeIntervalSince1970: randomSeconds(&random) + randomEighth(&random))
  model.iso = Date(timeIntervalSince1970: randomSeconds(&random))
  model.isoMillis = Date(timeIntervalSince1970: randomSeconds(&random) + randomEighth(&random))
  model.rfc2822 = Date(timeIntervalSince1970: randomSeconds(&random))
  model.rfc3339 = Date(timeIntervalSince1970: randomSeconds(&random))
  model.timestamp = Date(timeIntervalSince1970: randomSeconds(&random) + 0.25)
  model.formatted = Date(
    timeIntervalSince1970: Double(Int.random(in: 0...50_000_000, using: &random)) * 60)
  model.optionalDate =
    Bool.random(using: &random) ? Date(timeIntervalSince1970: randomSeconds(&random)) : nil
  return model
}

@Test func randomModelsRoundTrip() throws {
  let seed: UInt64 = 0x4011D
  var random = SplitMix64(state: seed)
  let count = max(100, fuzzCount / 5)
  var failures = 0
  for index in 0..<count {
    let model = randomModel(&random)
    let data = try JSONEncoder().encode(model)
    let decoded = try Everything.decode(from: data)
    if decoded != model {
      failures += 1
      Issue.record(
        "seed \(seed) case \(index): round trip changed the model\n\(String(decoding: data, as: UTF8.self))"
      )
      if failures > 5 { break }
    }
  }
}
