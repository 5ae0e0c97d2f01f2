import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Models in both Codix styles decoded from random documents with
// JSONDecoder and with CodixJSONDecoder: the same value, or an error of the
// same kind at the same path. Documents mostly fit and sometimes do not
// (wrong types, nulls, missing keys, numbers out of range). 2,000 cases by
// default; CODIX_FUZZ_COUNT sets a fifth of the count.

private struct PathModel: Decodable, Equatable {
  var id: Int
  var name: String
  var city: String?
  var score: Double
  var level: UInt8
  var tags: [String]
  var flag: Bool?
  var first: Int?

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "user.name")
    city = try decoder.decodeIfPresent(at: "user.address.city")
    score = try decoder.decode(at: "stats.score")
    level = try decoder.decode(at: "stats.level")
    tags = try decoder.decode(at: "tags")
    flag = try decoder.decodeIfPresent(at: "user.flags.on")
    first = try decoder.decodeIfPresent(at: "numbers[0]")
  }
}

private struct WrapperModel: Kodable, Equatable {
  @Coding var id: Int
  @Coding("user.name") var name: String
  @Coding("user.address.city") var city: String?
  @Coding("stats.score") var score: Double
  @Coding("stats.level") var level: UInt8
  @Coding var tags: [String]
  @Coding("user.flags.on") var flag: Bool?
  @Coding("numbers[0]") var first: Int?
}

/// What a decode gave: a value's description, or an error's kind and path.
private enum Result: Equatable {
  case value(String)
  case error(CodixError.Kind, String)

  init(_ body: () throws -> some Equatable) {
    do {
      self = .value("\(try body())")
    } catch let error as CodixError {
      self = .error(error.kind, error.path.description)
    } catch let error as DecodingError {
      let codix = CodixError(error)
      self = .error(codix.kind, codix.path.description)
    } catch {
      self = .error(.dataCorrupted, "not a Codix or decoding error: \(error)")
    }
  }
}

private struct Writer {
  var random: SplitMix64

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  mutating func pick(_ choices: [String]) -> String {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  mutating func value(_ fitting: [String]) -> String {
    chance(0.05)
      ? pick(["null", "\"x\"", "1.5", "{}", "[]", "true", "300", "1e400"]) : pick(fitting)
  }

  mutating func member(_ key: String, _ value: String) -> String? {
    chance(0.04) ? nil : #""\#(key)": \#(value)"#
  }

  mutating func object(_ members: [String?]) -> String {
    "{" + members.compactMap { $0 }.joined(separator: ", ") + "}"
  }

  mutating func document() -> String {
    let address = object([member("city", value(["\"Oslo\"", "\"é\"", "null"]))])
    let flags = object([member("on", value(["true", "false", "null"]))])
    let user = object([
      member("name", value(["\"Ada\"", "\"\\u00e9\"", "\"\""])),
      member("address", chance(0.1) ? "null" : address), member("flags", flags),
    ])
    let stats = object([
      member("score", value(["1.5", "0", "-2e3", "12345678901234567890"])),
      member("level", value(["0", "255", "7", "1.0"])),
    ])
    return object([
      member("id", value(["1", "-9223372036854775808", "42", "1e2"])), member("user", user),
      member("stats", stats), member("tags", value(["[]", "[\"a\"]", "[\"a\", \"b\"]"])),
      member("numbers", value(["[]", "[1]", "[null, 2]", "[1.0]"])),
      chance(0.05) ? #""extra": 1"# : nil,
    ])
  }
}

@Test func bothStylesDecodeAsWithJSONDecoder() {
  let count =
    ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"].flatMap { Int($0) }.map {
      max(1, $0 / 5)
    } ?? 2_000
  var writer = Writer(random: SplitMix64(state: 0xC0D1_0D1F))
  var decoded = 0
  for _ in 0..<count {
    let data = Data(writer.document().utf8)
    let foundationPath = Result { try JSONDecoder().decode(PathModel.self, from: data) }
    let codixPath = Result { try CodixJSONDecoder().decode(PathModel.self, from: data) }
    #expect(codixPath == foundationPath, "\(String(decoding: data, as: UTF8.self))")
    let foundationWrapper = Result { try JSONDecoder().decode(WrapperModel.self, from: data) }
    let codixWrapper = Result { try CodixJSONDecoder().decode(WrapperModel.self, from: data) }
    #expect(codixWrapper == foundationWrapper, "\(String(decoding: data, as: UTF8.self))")
    if case .value = codixPath { decoded += 1 }
  }
  #expect(decoded > count / 5 && decoded < count * 9 / 10, "\(decoded) of \(count) decoded")
}

// JSONDecoder reads every key of an object it opens and fails on one that is
// not a valid string (a lone surrogate here): a path through that object
// fails the same way on both readers, in both styles.
@Test func aPathThroughAnObjectWithAnInvalidKeyFailsOnBothReaders() {
  struct Nested: Decodable {
    let a: Int
    init(from decoder: any Decoder) throws { a = try decoder.decode(at: "o.a") }
  }
  struct Flat: Decodable {
    let a: Int
    init(from decoder: any Decoder) throws { a = try decoder.decode(at: "a") }
  }
  struct Wrapped: Kodable {
    @Coding("o.a") var a: Int
  }
  let nested = Data(#"{"o": {"a": 1, "\uDFAA": 0}}"#.utf8)
  let flat = Data(#"{"a": 1, "\uDFAA": 0}"#.utf8)
  #expect(throws: (any Error).self) { try JSONDecoder().decode(Nested.self, from: nested) }
  #expect(throws: CodixError.self) { try CodixJSONDecoder().decode(Nested.self, from: nested) }
  #expect(throws: CodixError.self) { try JSONDecoder().decode(Nested.self, from: nested, at: "") }
  #expect(throws: (any Error).self) { try JSONDecoder().decode(Flat.self, from: flat) }
  #expect(throws: CodixError.self) { try CodixJSONDecoder().decode(Flat.self, from: flat) }
  #expect(throws: (any Error).self) { try JSONDecoder().decode(Wrapped.self, from: nested) }
  #expect(throws: CodixError.self) { try CodixJSONDecoder().decode(Wrapped.self, from: nested) }
  // A valid document reads as usual.
  let valid = Data(#"{"o": {"a": 1, "\u00e9": 0}}"#.utf8)
  #expect((try? CodixJSONDecoder().decode(Nested.self, from: valid))?.a == 1)
}
