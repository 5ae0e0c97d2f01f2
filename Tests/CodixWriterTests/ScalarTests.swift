import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// Every scalar JSONEncoder writes, written by CodixJSONEncoder: the same
// bytes, at the top level, as a member, as an element, through the generic
// overloads, under every output formatting.

// MARK: - Fixtures

/// `value` at the top level, as a member, as an element, and through a
/// generic container call.
private struct Everywhere<Value: Encodable>: Encodable {
  let value: Value

  enum CodingKeys: String, CodingKey { case member, generic, list, optional }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .member)
    try container.encode(Box(value: value), forKey: .generic)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(value)
    try list.encode(Box(value: value))
    try container.encodeIfPresent(Optional(value), forKey: .optional)
  }

  /// The value behind one more generic `encode(to:)`.
  struct Box: Encodable {
    let value: Value
    func encode(to encoder: any Encoder) throws {
      var single = encoder.singleValueContainer()
      try single.encode(value)
    }
  }
}

/// Expects the same bytes for `value` everywhere, under every formatting.
private func expectSameEverywhere<T: Encodable>(
  _ value: T, configure: (JSONEncoder) -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for formatting in allFormattings {
    let sorted = formatting.union(.sortedKeys)
    expectSame(value, sorted, configure: configure, sourceLocation: sourceLocation)
    expectSame(
      Everywhere(value: value), sorted, configure: configure, sourceLocation: sourceLocation)
    expectSame([value, value], sorted, configure: configure, sourceLocation: sourceLocation)
  }
}

// MARK: - Integers

@Test func integersOfEveryWidthAreWrittenAsJSONEncoderWritesThem() {
  expectSameEverywhere([Int.min, -1, 0, 1, 42, Int.max])
  expectSameEverywhere([Int8.min, -1, 0, Int8.max])
  expectSameEverywhere([Int16.min, 0, Int16.max])
  expectSameEverywhere([Int32.min, 0, Int32.max])
  expectSameEverywhere([Int64.min, -10, 0, 10, 99, 100, 999_999_999_999, Int64.max])
  expectSameEverywhere([UInt.min, 9, 10, UInt.max])
  expectSameEverywhere([UInt8.min, UInt8.max])
  expectSameEverywhere([UInt16.min, UInt16.max])
  expectSameEverywhere([UInt32.min, UInt32.max])
  expectSameEverywhere([UInt64.min, 10_000_000_000_000_000_000, UInt64.max])
  for value: Int64 in [Int64.min, -1, 0, Int64.max] { expectSameEverywhere(value) }
  for value: UInt64 in [0, 1, UInt64.max] { expectSameEverywhere(value) }
  expectSameEverywhere(Int8(-128))
  expectSameEverywhere(UInt16(65535))
}

@Test func everyPowerOfTenAndItsNeighboursIsWrittenAsJSONEncoderWritesIt() {
  var values: [UInt64] = []
  var power: UInt64 = 1
  for _ in 0..<20 {
    values += [power &- 1, power, power &+ 1]
    power = power &* 10
  }
  expectSame(values)
  expectSame(values.map { -Int64(truncatingIfNeeded: $0) })
}

@Test @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
func wideIntegersAreWrittenAsJSONEncoderWritesThem() {
  let signed: [Int128] = [
    .min, .min + 1, -1, 0, 1, Int128(Int64.max), Int128(Int64.max) + 1, Int128(UInt64.max),
    Int128(UInt64.max) + 1, 10_000_000_000_000_000_000, 99_999_999_999_999_999_999_999, .max,
  ]
  let unsigned: [UInt128] = [
    0, 1, UInt128(UInt64.max), UInt128(UInt64.max) + 1, 10_000_000_000_000_000_000,
    100_000_000_000_000_000_000_000_000_000_000_000_000, .max,
  ]
  for value in signed { expectSameEverywhere(value) }
  for value in unsigned { expectSameEverywhere(value) }
  expectSameEverywhere(signed)
  expectSameEverywhere(unsigned)
}

// MARK: - Floating point

/// Doubles whose spelling changes form: exponents, the 2^53 boundary,
/// subnormals, ties, negative zero.
let edgeDoubles: [Double] = [
  0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.5, 100, 1e-7, 1e-5, 1e-4, 0.001, 12345.678, 1e15, 1e16, 1e21,
  1e22, 1e23, 123_456_789_012_345_680, 9_007_199_254_740_992, 9_007_199_254_740_994,
  18_014_398_509_481_984, .leastNonzeroMagnitude, .leastNormalMagnitude,
  Double(bitPattern: 0x000F_FFFF_FFFF_FFFF),
  1.7976931348623157e308, -1.7976931348623157e308, .pi, -.pi, 2.0 / 3.0, 1.0 / 3.0, 0.5, 0.25,
  2 * .leastNonzeroMagnitude, 3 * .leastNonzeroMagnitude, 1.0e100, 1.2e-100, 299_792_458,
  6.02214076e23,
  0.000123456789, 1_000_000, 0.30000000000000004, 9.999999999999999e22,
]

/// Floats likewise, with the 2^24 boundary.
let edgeFloats: [Float] = [
  0, -0.0, 1, 0.1, 0.3, 1e-7, 1e-5, 1e-4, 16_777_216, 16_777_218, 3.4028235e38, -3.4028235e38,
  .leastNormalMagnitude, .leastNonzeroMagnitude, .pi, 1e21, 1e10, 123.456, 0.3333333, 8_388_608.5,
]

@Test func doublesAreWrittenAsJSONEncoderWritesThem() {
  for value in edgeDoubles {
    expectSame(value)
    expectSame(-value)
  }
  expectSameEverywhere(edgeDoubles)
  expectSameEverywhere(edgeDoubles.map { -$0 })
}

@Test func floatsAreWrittenAsJSONEncoderWritesThem() {
  for value in edgeFloats {
    expectSame(value)
    expectSame(-value)
  }
  expectSameEverywhere(edgeFloats)
}

@Test func randomDoublesHaveTheirDescriptionsDigits() {
  var random = SplitMix64(state: 0xD0B1E)
  let count = fuzzCount(default: 10_000) * 20
  var failures: [String] = []
  for round in 0..<count {
    // Random bit patterns, and values with few significant digits (ties).
    let bits = random.next()
    let value: Double =
      round % 2 == 0
      ? Double(bitPattern: bits)
      : Double(Int64(truncatingIfNeeded: bits >> 40)) * pow(10, Double(Int(bits % 40) - 20))
    guard value.isFinite else { continue }
    if spelling(of: value) != jsonEncoderSpelling(of: value.description) {
      failures.append("\(value.description) → \(spelling(of: value))")
      if failures.count > 10 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
}

@Test func randomFloatsHaveTheirDescriptionsDigits() {
  var random = SplitMix64(state: 0xF10A7)
  let count = fuzzCount(default: 10_000) * 20
  var failures: [String] = []
  for _ in 0..<count {
    let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
    guard value.isFinite else { continue }
    if spelling(of: value) != jsonEncoderSpelling(of: value.description) {
      failures.append("\(value.description) → \(spelling(of: value))")
      if failures.count > 10 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
}

@Test func everyPowerOfTwoHasItsDescriptionsDigits() {
  for exponent in -1074...1023 {
    for significand in [1.0, 1.25, 1.5, 1.75, 1.9999999999999998] {
      let value = significand * Double(sign: .plus, exponent: exponent, significand: 1)
      guard value.isFinite, value != 0 else { continue }
      #expect(spelling(of: value) == jsonEncoderSpelling(of: value.description))
    }
  }
  for exponent in -149...127 {
    let value = Float(sign: .plus, exponent: exponent, significand: 1)
    #expect(spelling(of: value) == jsonEncoderSpelling(of: value.description))
  }
}

/// JSONEncoder's spelling: `description` without a trailing ".0".
private func jsonEncoderSpelling(of description: String) -> String {
  description.hasSuffix(".0") ? String(description.dropLast(2)) : description
}

private func spelling(of value: Double) -> String {
  let output = JSONOutput(escapesSlashes: true)
  output.append(value)
  return String(decoding: output.bytes(), as: UTF8.self)
}

private func spelling(of value: Float) -> String {
  let output = JSONOutput(escapesSlashes: true)
  output.append(value)
  return String(decoding: output.bytes(), as: UTF8.self)
}

// MARK: - Non-conforming floats

@Test func nonConformingFloatsThrowWhereJSONEncoderThrows() {
  for value in [Double.nan, .infinity, -.infinity] {
    let outcome = expectSame(value)
    if case .failure(let shape) = outcome {
      #expect(shape.path.isEmpty)
    } else {
      Issue.record("expected an error, got \(outcome)")
    }
    expectSame(Everywhere(value: value))
    expectSame(["a": [1, value]])
    expectSame(Everywhere(value: Float(value)))
    expectSame([Float(1), Float(value)])
  }
}

@Test func nonConformingFloatsAreConvertedUnderEachStrategy() {
  let configure: (JSONEncoder) -> Void = {
    $0.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+∞", negativeInfinity: "-inf/", nan: "\"nan\"")
  }
  for value in [Double.nan, .infinity, -.infinity, 1.5] {
    expectSameEverywhere(value, configure: configure)
    expectSameEverywhere(Float(value), configure: configure)
  }
}

@Test func aNaNErrorNamesTheSameCodingPath() {
  let nested = Custom { encoder in
    var container = encoder.container(keyedBy: AnyKey.self)
    var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a"))
    try inner.encode(Double.nan, forKey: AnyKey("b"))
  }
  let outcome = expectSame(["x": [nested]])
  if case .failure(let shape) = outcome {
    // JSONEncoder leaves the nested container's key out.
    #expect(shape.path == ["x", "Index 0", "b"])
  } else {
    Issue.record("expected an error, got \(outcome)")
  }
  let list = Custom { encoder in
    var container = encoder.container(keyedBy: AnyKey.self)
    var inner = container.nestedUnkeyedContainer(forKey: AnyKey("a"))
    try inner.encode(1)
    try inner.encode(-Float.infinity)
  }
  expectSame(["x": list])
}

// MARK: - Decimal, URL

@Test func decimalsAreWrittenAsTheirDescriptions() {
  let decimals = ["0", "-0", "123.4500", "1e-30", "-98765432109876543210.123456789", "3.14159"]
    .map { Decimal(string: $0)! }
  for value in decimals { expectSameEverywhere(value) }
  expectSameEverywhere(Decimal.nan)
}

@Test func urlsAreWrittenAsTheirAbsoluteStrings() {
  let urls = [
    URL(string: "https://example.com/a/b?c=d&e=f#g")!,
    URL(string: "relative/path", relativeTo: URL(string: "http://h.com/base/")!)!,
    URL(fileURLWithPath: "/tmp/a file"),
  ]
  for url in urls { expectSameEverywhere(url) }
}

// MARK: - Dates

private let instants: [Date] = [
  Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 851_042_397.123),
  Date(timeIntervalSinceReferenceDate: -1.5), Date(timeIntervalSince1970: 1e10),
  Date(timeIntervalSince1970: -62_135_596_800),
]

@Test func datesAreWrittenUnderEveryStrategy() {
  let strategies: [JSONEncoder.DateEncodingStrategy] = [
    .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
    .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode("at \(date.timeIntervalSince1970)")
    },
    .custom { date, encoder in
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(date.timeIntervalSince1970, forKey: AnyKey("seconds"))
      try container.encode(encoder.codingPath.map(\.stringValue), forKey: AnyKey("path"))
    },
    .custom { _, _ in },  // writes nothing: `{}`
  ]
  for strategy in strategies {
    for date in instants {
      expectSameEverywhere(date) { $0.dateEncodingStrategy = strategy }
    }
    expectSameEverywhere(["when": instants]) { $0.dateEncodingStrategy = strategy }
  }
}

@Test func aNaNDateThrowsUnderTheNumericStrategies() {
  let strategies: [JSONEncoder.DateEncodingStrategy] = [
    .secondsSince1970, .millisecondsSince1970, .deferredToDate,
  ]
  let date = Date(timeIntervalSince1970: .nan)
  for strategy in strategies {
    expectSame(["d": [date]]) { $0.dateEncodingStrategy = strategy }
    expectSame(date) { $0.dateEncodingStrategy = strategy }
    expectSame(["d": [date]]) {
      $0.dateEncodingStrategy = strategy
      $0.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "p", negativeInfinity: "n", nan: "x")
    }
  }
}

@Test func aCustomDateStrategyThatThrowsThrowsItsError() {
  struct Refused: Error {}
  let (foundation, codix) = outcomes(["d": instants]) {
    $0.dateEncodingStrategy = .custom { _, _ in throw Refused() }
  }
  #expect(foundation == codix)
  #expect(codix.description.contains("Refused"))
}

// MARK: - Data

@Test func dataIsWrittenUnderEveryStrategy() {
  let blobs =
    (0..<12).map { Data((0..<$0).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 255) }) }
    + [Data([0xFF, 0xFF, 0xFF]), Data([0xFB, 0xFF]), Data(repeating: 0x3F, count: 300)]
  let strategies: [JSONEncoder.DataEncodingStrategy] = [
    .base64, .deferredToData,
    .custom { data, encoder in
      var container = encoder.unkeyedContainer()
      try container.encode(data.count)
    },
    .custom { _, _ in },
  ]
  for strategy in strategies {
    for blob in blobs {
      expectSameEverywhere(blob) { $0.dataEncodingStrategy = strategy }
    }
  }
}

// MARK: - Strings

/// Strings that need every escape, and text beyond ASCII and the BMP.
let trickyStrings: [String] =
  [
    "", "plain", "\"quoted\"", "back\\slash", "a/b", "</script>", "\u{7F}", "tab\tnew\nline\r",
    "\u{8}\u{C}", "é", "e\u{301}", "日本語", "😀", "👩‍👩‍👧", "𝄞 clef", "\u{FEFF}bom", "\u{2028}\u{2029}",
    String(repeating: "long text without escapes ", count: 20),
    String(repeating: "/", count: 17), "\u{0}", "mixed \"/\\\u{1}😀/é",
  ] + (0..<32).map { String(UnicodeScalar(UInt8($0))) + "x" }

@Test func stringsAreEscapedAsJSONEncoderEscapesThem() {
  for text in trickyStrings {
    expectSameEverywhere(text)
  }
  expectSameEverywhere(trickyStrings)
}

@Test func keysAreEscapedAsJSONEncoderEscapesThem() {
  // "é" and "e\u{301}" are one key for a Dictionary.
  let object = Dictionary(trickyStrings.enumerated().map { ($1, $0) }, uniquingKeysWith: { $1 })
  for formatting in allFormattings {
    expectSame(object, formatting.union(.sortedKeys))
  }
}

@Test func slashesAreEscapedUnlessToldNot() throws {
  #expect(try codixText("a/b") == #""a\/b""#)
  #expect(try codixText("a/b", .withoutEscapingSlashes) == #""a/b""#)
  #expect(try codixText(Data([0xFB, 0xFF])) == #""+\/8=""#)
  #expect(try codixText(Data([0xFB, 0xFF]), .withoutEscapingSlashes) == #""+/8=""#)
}

@Test func booleansAndNullAreWrittenAsJSONEncoderWritesThem() {
  expectSameEverywhere(true)
  expectSameEverywhere(false)
  expectSameEverywhere([true, false])
  expectSameEverywhere(Int?.none)
  expectSameEverywhere([1, nil, 3] as [Int?])
}
