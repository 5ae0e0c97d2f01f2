import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// Targeted comparisons with JSONDecoder: every case decodes a document with
// both decoders and expects the same value, or the same DecodingError case
// at the same coding path.

/// One value under the key `v`.
private final class Box<T: Decodable & Equatable>: Decodable, Equatable {
  let v: T

  init(v: T) { self.v = v }

  static func == (lhs: Box, rhs: Box) -> Bool { lhs.v == rhs.v }
}

/// One optional value under the key `v`.
private struct OptionalBox<T: Decodable & Equatable>: Decodable, Equatable {
  var v: T?
}

/// A floating-point value compared by its bits (NaN equals NaN).
private struct Bits<T: BinaryFloatingPoint & Decodable>: Decodable, Equatable {
  var value: T
  init(from decoder: any Decoder) throws { value = try T(from: decoder) }
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value.significandBitPattern == rhs.value.significandBitPattern
      && lhs.value.exponentBitPattern == rhs.value.exponentBitPattern
      && lhs.value.sign == rhs.value.sign
  }
}

/// Checks `texts` as a value of `T` at the top level, in an array, and
/// under a key.
private func expectSameNumbers<T: Decodable & Equatable>(
  _ type: T.Type, _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  for text in texts {
    expectSameOutcome(T.self, text, sourceLocation: sourceLocation)
    expectSameOutcome([T].self, "[0, \(text)]", sourceLocation: sourceLocation)
    expectSameOutcome(Box<T>.self, #"{"v": \#(text)}"#, sourceLocation: sourceLocation)
  }
}

private func integerTexts<T: FixedWidthInteger>(_ type: T.Type) -> [String] {
  let max = "\(T.max)"
  let min = "\(T.min)"
  let onePast = (Decimal(string: max) ?? 0) + 1
  let oneBelow = (Decimal(string: min) ?? 0) - 1
  return [
    max, min, "\(onePast)", "\(oneBelow)",
    "0", "-0", "1", "-1", "1.0", "1e2", "1e-400", "-1e-400", "1.0000000000000001", "5105.0", "1E2",
    "1e+2", "10e-1", "1.5", "-1.5", "0.0", "-0.0",
    "1e-2", "127.0", "128", "255", "256", "32767", "32768", "65535", "65536", "2147483647",
    "2147483648", "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
    "18446744073709551616", "1e19", "1e20", "9007199254740993", "9007199254740993.0",
    "1.8446744073709551615e19", "123456789012345678901234567890", "1e400", "-1e400", "01",
    "-", "1.", ".5", "1e", "+1", "0x10", "1_000", "\(max).0", "\(max)e0", "\(min).0",
    "\"1\"", "true", "null", "[1]", "{}",
  ]
}

@Test func integersOfEveryWidthAtTheirBounds() {
  expectSameNumbers(Int.self, integerTexts(Int.self))
  expectSameNumbers(Int8.self, integerTexts(Int8.self))
  expectSameNumbers(Int16.self, integerTexts(Int16.self))
  expectSameNumbers(Int32.self, integerTexts(Int32.self))
  expectSameNumbers(Int64.self, integerTexts(Int64.self))
  expectSameNumbers(UInt.self, integerTexts(UInt.self))
  expectSameNumbers(UInt8.self, integerTexts(UInt8.self))
  expectSameNumbers(UInt16.self, integerTexts(UInt16.self))
  expectSameNumbers(UInt32.self, integerTexts(UInt32.self))
  expectSameNumbers(UInt64.self, integerTexts(UInt64.self))
}

@Test func integersWrittenWithAFractionOrAnExponent() throws {
  let decoder = CodixJSONDecoder()
  #expect(try decoder.decode(Int.self, from: Data("1.0".utf8)) == 1)
  #expect(try decoder.decode(Int.self, from: Data("1e2".utf8)) == 100)
  #expect(try decoder.decode(UInt8.self, from: Data("2.55e2".utf8)) == 255)
  let error = try #require(throws: DecodingError.self) {
    try decoder.decode(Int8.self, from: Data("128".utf8))
  }
  #expect(CodixError(error).kind == .dataCorrupted)
}

private let floatingTexts = [
  "0", "-0", "0.0", "-0.0", "1", "1.5", "-1.5", "0.1", "1e308", "1.7976931348623157e308",
  "1.7976931348623159e308", "1e309", "-1e309", "2.2250738585072014e-308", "4.9e-324", "5e-324",
  "2e-324", "3e-324", "1e-400", "0e5", "0e-5", "0.0e1", "00", "-00", "0.000000000000000000001e21",
  "3.4028235e38", "3.4028236e38", "3.5e38", "1.4e-45", "7e-46", "1e-46",
  "123456789012345678901234567890", "0.1234567890123456789012345678901234567890",
  "9007199254740993", "9007199254740992.5",
  "1.00000000000000011102230246251565404236316680908203125",
  "1.00000000000000011102230246251565404236316680908203124", "2.5e-1", "25e-2", "1E2", "1e+2",
  "1.e2", ".1", "1e", "1e+", "-", "- 1", "NaN", "Infinity", "\"1.5\"", "true", "null",
]

@Test func floatingPointValuesAndTheirLimits() {
  expectSameNumbers(Bits<Double>.self, floatingTexts)
  expectSameNumbers(Bits<Float>.self, floatingTexts)
  expectSameNumbers(Decimal.self, floatingTexts + integerTexts(Int64.self))
}

@Test func randomDoublesAndFloatsReadBackBitIdentical() throws {
  var random = SplitMix64(state: 0x5EED_D0B1)
  var doubles: [Double] = []
  var floats: [Float] = []
  while doubles.count < 4_000 {
    let double = Double(bitPattern: random.next())
    if double.isFinite { doubles.append(double) }
    let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
    if float.isFinite { floats.append(float) }
  }
  // Near the edges too: subnormals, and values next to powers of ten.
  doubles += (0..<500).map { _ in Double(bitPattern: random.next() & 0x000F_FFFF_FFFF_FFFF) }
  doubles += (-30...30).flatMap { power -> [Double] in
    let value = pow(10.0, Double(power))
    return [value.nextDown, value, value.nextUp]
  }
  floats += (0..<500).map { _ in
    Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F_FFFF)
  }
  let doubleText = "[" + doubles.map(\.description).joined(separator: ",") + "]"
  let floatText = "[" + floats.map(\.description).joined(separator: ",") + "]"
  let codixDoubles = try CodixJSONDecoder().decode([Double].self, from: Data(doubleText.utf8))
  let foundationDoubles = try JSONDecoder().decode([Double].self, from: Data(doubleText.utf8))
  #expect(codixDoubles.map(\.bitPattern) == doubles.map(\.bitPattern))
  #expect(codixDoubles.map(\.bitPattern) == foundationDoubles.map(\.bitPattern))
  let codixFloats = try CodixJSONDecoder().decode([Float].self, from: Data(floatText.utf8))
  let foundationFloats = try JSONDecoder().decode([Float].self, from: Data(floatText.utf8))
  #expect(codixFloats.map(\.bitPattern) == floats.map(\.bitPattern))
  #expect(codixFloats.map(\.bitPattern) == foundationFloats.map(\.bitPattern))
  // Long decimal expansions, which take the slow path.
  let long = doubles.prefix(500).map { String(format: "%.40g", $0) }
  expectSameOutcome([Bits<Double>].self, "[" + long.joined(separator: ",") + "]")
  expectSameOutcome([Bits<Float>].self, "[" + long.joined(separator: ",") + "]")
}

@Test func numbersBeyondSixtyFourBits() {
  let texts = [
    "18446744073709551616", "-18446744073709551617", "340282366920938463463374607431768211456",
    "1" + String(repeating: "0", count: 100), "-" + String(repeating: "9", count: 400),
    "0." + String(repeating: "0", count: 400) + "1",
  ]
  expectSameNumbers(Int64.self, texts)
  expectSameNumbers(UInt64.self, texts)
  expectSameNumbers(Bits<Double>.self, texts)
  expectSameNumbers(Decimal.self, texts)
  expectSameNumbers(AnyValue.self, texts)
}

@Test func oneHundredTwentyEightBitIntegers() throws {
  // The largest Int128, as JSONDecoder reads it.
  let decoder = CodixJSONDecoder()
  let largest = "170141183460469231731687303715884105727"
  #expect(try decoder.decode(Int128.self, from: Data(largest.utf8)) == Int128.max)
  #expect(try decoder.decode([UInt128].self, from: Data("[\(UInt128.max)]".utf8)) == [.max])
  #expect(
    try decoder.decode(Box<Int128>.self, from: Data(#"{"v": \#(Int128.min)}"#.utf8)).v == .min)
  let wide = [
    largest, "170141183460469231731687303715884105728", "-170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105729", "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211456", "\(largest).0", "\(largest)e0", "1e20", "1e30",
    "1e38", "1e39", "-1e20", "18446744073709551616", "18446744073709551616.0",
    "1.8446744073709551616e19", "9007199254740993.0", "123456789012345678901234567890.5",
    "-0", "-0.0", "0e0", "1" + String(repeating: "0", count: 100),
  ]
  expectSameNumbers(Int128.self, integerTexts(Int128.self) + wide)
  expectSameNumbers(UInt128.self, integerTexts(UInt128.self) + wide)
  expectSameNumbers(Int128?.self, ["null", "1", "\"1\""])
  expectSameOutcome([String: UInt128].self, #"{"a": 1, "b": -1}"#)
  // Each container's own overloads.
  for document in [
    #"{"a": \#(largest), "b": [1, \#(UInt128.max)], "c": null}"#,
    #"{"a": 1, "b": [1, 2], "c": -5}"#, #"{"a": 1.5, "b": [1, 2]}"#, #"{"a": 1, "b": [1, -2]}"#,
    #"{"a": 1, "b": [1]}"#, #"{"a": "1", "b": [1, 2]}"#, #"{"b": [1, 2]}"#,
  ] {
    expectSameOutcome(WideIntegers.self, document)
  }
}

/// Reads 128-bit integers through a keyed container's, an unkeyed
/// container's and a single-value container's own overloads.
private struct WideIntegers: Decodable, Equatable {
  var a: Int128
  var b: [UInt128]
  var c: Int128?

  enum CodingKeys: String, CodingKey { case a, b, c }

  init(from decoder: any Decoder) throws {
    let keyed = try decoder.container(keyedBy: CodingKeys.self)
    a = try keyed.decode(Int128.self, forKey: .a)
    let single = try keyed.superDecoder(forKey: .a).singleValueContainer()
    guard try single.decode(Int128.self) == a else {
      throw DecodingError.dataCorruptedError(in: single, debugDescription: "not the same value")
    }
    var unkeyed = try keyed.nestedUnkeyedContainer(forKey: .b)
    b = [try unkeyed.decode(UInt128.self)]
    b.append(try unkeyed.decode(UInt128.self))
    c = try keyed.decodeIfPresent(Int128.self, forKey: .c)
  }
}

// MARK: - Strings

@Test func everyEscapeAndSurrogate() {
  let bodies = [
    #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#,
    #"\u00E9"#, #"\u20AC"#, #"\u0000"#, #"\uD83D\uDE00"#, #"\ud83d\ude00"#, #"\uDBFF\uDFFF"#,
    #"\uD800\uDC00"#, #"\uD800"#, #"\uDC00"#, #"\uD800\u0041"#, #"\uD800x"#, #"\uD800\n"#,
    #"\uDE00\uD83D"#, #"\uD83D\uD83D\uDE00"#, #"\u12"#, #"\u12G4"#, #"\x41"#, #"\U0041"#, #"\a"#,
    #"\'"#, #"\0"#, "\\", "\\\u{7F}", "a\tb", "a\nb", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本",
    "😀", "a\\u0020b", #"\u0022"#, #"\u005C"#, #"\u005c\u0022"#,
    // Escapes with raw runs around them: a control byte after an escape,
    // before one, non-ASCII runs, and a string longer than a page.
    "a\\nb\tc", "\t\\n", "é\\n日本\\t😀", #"\/\/x"#,
    String(repeating: "https:\\/\\/example.com\\/é", count: 300),
  ]
  for body in bodies {
    let document = "\"" + body + "\""
    expectSameOutcome(String.self, document)
    expectSameOutcome(Box<String>.self, #"{"v": \#(document)}"#)
    expectSameOutcome(AnyValue.self, #"{"k\#(body)": 1, "v": [\#(document)]}"#)
    expectSameOutcome([String: Int].self, #"{"\#(body)": 1}"#)
  }
}

@Test func invalidUTF8() {
  let sequences: [[UInt8]] = [
    [0xFF], [0xC0, 0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80],
    [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xEF, 0xBF, 0xBF],
  ]
  for bytes in sequences {
    let string = Data([0x22, 0x61] + bytes + [0x62, 0x22])
    expectSameOutcome(String.self, string)
    expectSameOutcome(AnyValue.self, Data([0x5B]) + string + Data([0x5D]))
    expectSameOutcome(AnyValue.self, Data([0x7B]) + string + Data(":1}".utf8))
    expectSameOutcome(Box<Int>.self, Data(#"{"v":1,"w":"#.utf8) + string + Data([0x7D]))
    // After an escape, and between two.
    expectSameOutcome(String.self, Data([0x22, 0x5C, 0x6E] + bytes + [0x62, 0x22]))
    expectSameOutcome(String.self, Data([0x22, 0x5C, 0x2F] + bytes + [0x5C, 0x6E, 0x22]))
    // Outside a string: never valid.
    expectSameOutcome(AnyValue.self, Data([0x5B] + bytes + [0x5D]))
  }
}

@Test func byteOrderMarksAndUTF16And32() {
  let text = #"{"v": "é😀", "w": [1, 2.5, null]}"#
  let encodings: [(String.Encoding, [UInt8])] = [
    (.utf8, []), (.utf8, [0xEF, 0xBB, 0xBF]), (.utf16BigEndian, []),
    (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, []), (.utf16LittleEndian, [0xFF, 0xFE]),
    (.utf32BigEndian, []), (.utf32BigEndian, [0, 0, 0xFE, 0xFF]), (.utf32LittleEndian, []),
    (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
  ]
  for (encoding, bom) in encodings {
    guard let body = text.data(using: encoding) else {
      Issue.record("cannot encode as \(encoding)")
      continue
    }
    expectSameOutcome(AnyValue.self, Data(bom) + body)
    expectSameOutcome(Box<String>.self, Data(bom) + body)
    for scalar in ["1", "\"é\"", "[]", "7"] {
      expectSameOutcome(AnyValue.self, Data(bom) + (scalar.data(using: encoding) ?? Data()))
    }
  }
  for bytes: [UInt8] in [
    [0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0xFF, 0xFE, 0, 0], [0xEF, 0xBB],
    [0xFE, 0xFF, 0, 0x31, 0], [0, 0x31, 0], [0x31, 0], [0, 0x31], [], [0x20], [0xFF],
  ] {
    expectSameOutcome(AnyValue.self, Data(bytes))
  }
}

// MARK: - Structure

private struct Pair: Decodable, Equatable {
  var a: Int
  var b: String?
}

@Test func duplicateKeys() {
  expectSameOutcome(Pair.self, #"{"a": 1, "a": 2, "b": "x", "b": null}"#)
  expectSameOutcome(Pair.self, #"{"a": 1, "a": "text"}"#)
  expectSameOutcome(Pair.self, #"{"a": "text", "a": 1}"#)
  expectSameOutcome([String: Int].self, #"{"a": 1, "a": 2}"#)
  expectSameOutcome([String: Int].self, #"{"a": 1, "a": "x"}"#)
  expectSameOutcome([String: Int].self, #"{"a": "x", "a": 1}"#)
  expectSameOutcome([String: Int].self, #"{"a": 1, "a": "\x"}"#)
  expectSameOutcome(AnyValue.self, #"{"a": 1, "a": 2, "\u0061": 3}"#)
  expectSameOutcome(Pair.self, #"{"\u0061": 1, "a": 2}"#)
  expectSameOutcome([String: Int].self, #"{"\u0061": 1, "a": 2}"#)
  // Large objects, where lookups resume after the last key found.
  let members = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
  expectSameOutcome([String: Int].self, "{" + members + "," + members + #","k3": 99}"#)
  expectSameOutcome(AnyValue.self, "{" + members + #","k3": 99}"#)
  // Long keys that share their length and their first and last eight
  // bytes, so that only their middles tell them apart.
  let long = (10..<50).map { #""prefix_a\#($0)ijklmnop": \#($0)"# }.joined(separator: ",")
  expectSameOutcome(AnyValue.self, "{" + long + "}")
  expectSameOutcome(AnyValue.self, "{" + long + #","prefix_a17ijklmnop": 99}"#)
  expectSameOutcome([String: Int].self, "{" + long + #","prefix_a17ijklmnop": 99}"#)
  expectSameOutcome(LateThenEarly.self, "{" + long + "}")
  expectSameOutcome(LateThenEarly.self, "{" + long + #","prefix_a17ijklmnop": 99}"#)
}

/// Reads a key near the end of a large object, then one near its start: the
/// second lookup starts after the first, and must still find the first of
/// two equal keys.
private struct LateThenEarly: Decodable, Equatable {
  enum CodingKeys: String, CodingKey {
    case late = "prefix_a49ijklmnop"
    case early = "prefix_a17ijklmnop"
  }
  var late: Int
  var early: Int

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    late = try container.decode(Int.self, forKey: .late)
    early = try container.decode(Int.self, forKey: .early)
  }
}

@Test func topLevelScalars() {
  for text in [
    "1", "-1", "1.5", "\"text\"", "true", "false", "null", " 1 ", "\n\"a\"\t", "1 2", "",
  ] {
    expectSameOutcome(Int.self, text)
    expectSameOutcome(Int?.self, text)
    expectSameOutcome(String.self, text)
    expectSameOutcome(String?.self, text)
    expectSameOutcome(Bool.self, text)
    expectSameOutcome(Bits<Double>.self, text)
    expectSameOutcome(AnyValue.self, text)
    expectSameOutcome([Int].self, text)
    expectSameOutcome(Pair.self, text)
  }
}

/// Arrays in arrays, read without trying other kinds (JSONDecoder's
/// errors are slow to make at depth).
private struct ArrayNest: Decodable, Equatable {
  var children: [ArrayNest] = []

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd { children.append(try container.decode(ArrayNest.self)) }
  }
}

/// Objects in objects under the key `a`.
private struct ObjectNest: Decodable, Equatable {
  var a: Box<ObjectNest>?
  var b: Int?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    if let inner = try container.decodeIfPresent(ObjectNest.self, forKey: AnyKey("a")) {
      a = Box(v: inner)
    }
    b = try container.decodeIfPresent(Int.self, forKey: AnyKey("b"))
  }
}

/// `[{"a": [{"a": …, "b": 1}]}]`.
private struct MixedNest: Decodable, Equatable {
  var children: [ObjectNest]
}

@Test func theNestingLimit() {
  for depth in [510, 511, 512, 513, 600] {
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    expectSameOutcome(ArrayNest.self, arrays)
    let objects =
      String(repeating: #"{"a":"#, count: depth - 1) + #"{"b":1}"#
      + String(repeating: "}", count: depth - 1)
    expectSameOutcome(ObjectNest.self, objects)
    let mixed =
      String(repeating: #"[{"a":"#, count: depth / 2) + #"{"b":1}"#
      + String(repeating: "}]", count: depth / 2)
    expectSameOutcome(ArrayNest.self, mixed)
  }
  expectSameOutcome(
    AnyValue.self, String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
  expectSameOutcome(
    AnyValue.self, String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
}

// MARK: - Foundation's special types

private struct Stamped: Decodable, Equatable {
  var date: Date
  var optional: Date?
  var data: Data
  var url: URL
  var decimal: Decimal
}

private let stampedDocuments = [
  #"{"date": 0, "data": "AQID", "url": "https://example.com/a?b=c", "decimal": 1.5}"#,
  #"{"date": 1563215397.25, "optional": -1e3, "data": "", "url": "a", "decimal": -0}"#,
  #"{"date": "2024-05-06T07:08:09Z", "optional": null, "data": [1, 2], "url": "", "decimal": 1e300}"#,
  #"{"date": "2024-05-06T07:08:09.123+02:00", "data": "AQI", "url": "x y", "decimal": "1"}"#,
  #"{"date": "2024/05/06", "data": "====", "url": "https://ü.example", "decimal": null}"#,
  #"{"date": {"a": 1}, "data": 1, "url": 1, "decimal": 1}"#,
  #"{"date": null, "data": null, "url": null, "decimal": 1}"#,
  #"{"date": 1e400, "data": "AQID", "url": "u", "decimal": 1}"#,
  #"{"date": "0", "data": "AQID", "url": "u", "decimal": 1}"#,
  #"{"data": "AQID", "url": "u", "decimal": 1}"#,
  #"{"date": "Sun Aug 31 00:29:15 +0000 2014", "data": "AQID", "url": "u", "decimal": 1}"#,
  #"{"date": [1, 2], "optional": [0], "data": "AQID", "url": "u", "decimal": 1}"#,
]

private let dateStrategies: [(String, JSONDecoder.DateDecodingStrategy)] = {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(secondsFromGMT: 0)
  formatter.dateFormat = "yyyy/MM/dd"
  return [
    ("deferredToDate", .deferredToDate), ("secondsSince1970", .secondsSince1970),
    ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601),
    ("formatted", .formatted(formatter)),
    (
      "custom",
      .custom { decoder in
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
          return Date(timeIntervalSince1970: seconds)
        }
        let text = try container.decode(String.self)
        guard text.count > 3 else {
          throw DecodingError.dataCorruptedError(in: container, debugDescription: "short")
        }
        return Date(timeIntervalSince1970: Double(text.count))
      }
    ),
  ]
}()

private let dataStrategies: [(String, JSONDecoder.DataDecodingStrategy)] = [
  ("deferredToData", .deferredToData), ("base64", .base64),
  (
    "custom",
    .custom { decoder in
      var container = try decoder.unkeyedContainer()
      var bytes: [UInt8] = []
      while !container.isAtEnd { bytes.append(try container.decode(UInt8.self)) }
      return Data(bytes)
    }
  ),
]

@Test func datesDataURLsAndDecimalsUnderEveryStrategy() {
  for (_, dateStrategy) in dateStrategies {
    for (_, dataStrategy) in dataStrategies {
      for document in stampedDocuments {
        expectSameOutcome(Stamped.self, document) {
          $0.dateDecodingStrategy = dateStrategy
          $0.dataDecodingStrategy = dataStrategy
        }
        expectSameOutcome([Date].self, "[0, \"2024-05-06T07:08:09Z\"]") {
          $0.dateDecodingStrategy = dateStrategy
        }
      }
    }
  }
}

@Test func customStrategiesReceiveTheReadersDecoder() throws {
  final class Seen: @unchecked Sendable {
    var decoders: [String] = []
    var paths: [[String]] = []
  }
  let seen = Seen()
  let decoder = CodixJSONDecoder()
  decoder.dateDecodingStrategy = .custom { decoder in
    seen.decoders.append("\(type(of: decoder))")
    seen.paths.append(decoder.codingPath.map(\.stringValue))
    #expect(decoder is JSONReader)
    return Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
  }
  decoder.dataDecodingStrategy = .custom { decoder in
    #expect(decoder is JSONReader)
    return Data(try decoder.singleValueContainer().decode(String.self).utf8)
  }
  let value = try decoder.decode(
    Stamped.self,
    from: Data(#"{"date": 5, "optional": 6, "data": "ab", "url": "u", "decimal": 1}"#.utf8))
  #expect(value.date == Date(timeIntervalSince1970: 5))
  #expect(value.optional == Date(timeIntervalSince1970: 6))
  #expect(value.data == Data("ab".utf8))
  #expect(seen.paths == [["date"], ["optional"]])
}

@Test func theOptionsAreJSONDecoders() {
  let decoder = CodixJSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  decoder.nonConformingFloatDecodingStrategy = .convertFromString(
    positiveInfinity: "+", negativeInfinity: "-", nan: "n")
  decoder.userInfo = [CodingUserInfoKey(rawValue: "k")!: 1]
  let copy = JSONDecoder()
  copy.keyDecodingStrategy = .convertFromSnakeCase
  let made = CodixJSONDecoder(copy)
  if case .convertFromSnakeCase = made.keyDecodingStrategy {} else { Issue.record("not copied") }
  if case .convertFromSnakeCase = decoder.keyDecodingStrategy {} else { Issue.record("not set") }
  if case .convertFromString("+", "-", "n") = decoder.nonConformingFloatDecodingStrategy {
  } else {
    Issue.record("not set")
  }
  if case .deferredToDate = decoder.dateDecodingStrategy {} else { Issue.record("default") }
  if case .base64 = decoder.dataDecodingStrategy {} else { Issue.record("default") }
  #expect(decoder.userInfo.count == 1)
  #expect(!decoder.allowsJSON5)
  #expect(!decoder.assumesTopLevelDictionary)
}

@Test func nonConformingFloats() {
  let documents = [
    #"{"v": "inf"}"#, #"{"v": "-inf"}"#, #"{"v": "nan"}"#, #"{"v": "Infinity"}"#, #"{"v": "x"}"#,
    #"{"v": "\u0069nf"}"#, #"{"v": 1}"#, #"{"v": null}"#, #"{"v": "1.5"}"#, #"{"v": ""}"#,
  ]
  for document in documents {
    expectSameOutcome(Box<Bits<Double>>.self, document)
    expectSameOutcome(Box<Bits<Float>>.self, document)
    for strategy: JSONDecoder.NonConformingFloatDecodingStrategy in [
      .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"),
      .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "", nan: "x"),
    ] {
      expectSameOutcome(Box<Bits<Double>>.self, document) {
        $0.nonConformingFloatDecodingStrategy = strategy
      }
      expectSameOutcome(Box<Bits<Float>>.self, document) {
        $0.nonConformingFloatDecodingStrategy = strategy
      }
      expectSameOutcome(Box<Decimal>.self, document) {
        $0.nonConformingFloatDecodingStrategy = strategy
      }
    }
  }
}

// MARK: - Keys

private struct Snake: Decodable, Equatable {
  var firstName: String
  var lastName: String?
  var userID: Int?
  var url: String?
  var tags: [String: Int]
  var nested: Nested?

  struct Nested: Decodable, Equatable {
    var innerValue: Int
  }
}

@Test func keyStrategies() {
  let documents = [
    #"{"first_name": "a", "last_name": "b", "user_id": 1, "tags": {"a_b": 1, "c": 2}}"#,
    #"{"firstName": "a", "tags": {}}"#,
    #"{"first_name": "a", "firstName": "b", "tags": {}, "nested": {"inner_value": 3}}"#,
    #"{"_first_name_": "a", "__last__name": "b", "tags": {}, "u_r_l": "u", "user_i_d": 2}"#,
    #"{"first__name": "a", "tags": {}, "nested": {"innerValue": 3}}"#,
    #"{"FIRST_NAME": "a", "first_name": 1, "tags": {"x": "y"}}"#,
    #"{"first_name": "a", "tags": {}, "nested": {"inner_value": "3"}}"#,
    #"{"first_name": "a", "tags": {}, "nested": null, "url": "x"}"#,
    #"{"first_name": "a", "tags": {}, "nested": {}}"#,
  ]
  for document in documents {
    expectSameOutcome(Snake.self, document)
    expectSameOutcome(Snake.self, document) { $0.keyDecodingStrategy = .convertFromSnakeCase }
    expectSameOutcome(Snake.self, document) {
      $0.keyDecodingStrategy = .custom { path in
        let last = path.last?.stringValue ?? ""
        return AnyKey(
          last.replacingOccurrences(of: "_", with: "").lowercased() == "firstname"
            ? "firstName" : last)
      }
    }
    expectSameOutcome(AnyValue.self, document) { $0.keyDecodingStrategy = .convertFromSnakeCase }
    expectSameOutcome([String: AnyValue].self, document) {
      $0.keyDecodingStrategy = .convertFromSnakeCase
    }
    expectSameOutcome(AnyValue.self, document) {
      $0.keyDecodingStrategy = .custom { AnyKey("k" + ($0.last?.stringValue ?? "")) }
    }
  }
}

// MARK: - Containers

/// Reads through every kind of container call and records what it saw.
private struct Sample: Decodable, Equatable {
  var log: [String] = []

  enum Keys: String, CodingKey {
    case a, b, c, list, object, `super`
  }

  init(from decoder: any Decoder) throws {
    let keyed = try decoder.container(keyedBy: Keys.self)
    log.append("keys " + keyed.allKeys.map(\.stringValue).sorted().joined(separator: ","))
    log.append("contains \(keyed.contains(.a)) \(keyed.contains(.b)) \(keyed.contains(.c))")
    if keyed.contains(.a) { log.append("nil a \(try keyed.decodeNil(forKey: .a))") }
    log.append("a \(String(describing: try keyed.decodeIfPresent(Int.self, forKey: .a)))")
    log.append("b \(String(describing: try keyed.decodeIfPresent(String.self, forKey: .b)))")
    if keyed.contains(.list) {
      var list = try keyed.nestedUnkeyedContainer(forKey: .list)
      log.append("count \(String(describing: list.count))")
      while !list.isAtEnd {
        if try list.decodeNil() {
          log.append("null")
        } else if let number = try? list.decode(Int.self) {
          log.append("int \(number)")
        } else {
          var inner = try list.nestedUnkeyedContainer()
          log.append("inner \(try inner.decode(String.self))")
        }
      }
      log.append("end \(list.currentIndex)")
      _ = try list.decode(Int.self)
    }
    if keyed.contains(.object) {
      let object = try keyed.nestedContainer(keyedBy: Keys.self, forKey: .object)
      log.append("object.c \(try object.decode(Bool.self, forKey: .c))")
      let superDecoder = try object.superDecoder()
      log.append("super \(try superDecoder.singleValueContainer().decode(Int.self))")
      let keyedSuper = try object.superDecoder(forKey: .a)
      log.append("super a \(try keyedSuper.singleValueContainer().decodeNil())")
    }
    log.append("c \(try keyed.decode(Double.self, forKey: .c))")
  }
}

@Test func containersSuperDecodersAndPresenceChecks() {
  let documents = [
    #"{"a": 1, "b": "x", "c": 2.5}"#, #"{"a": null, "c": 1}"#, #"{"c": 1}"#, #"{"a": 1}"#,
    #"{"a": "1", "c": 1}"#, #"{"b": 1, "c": 1}"#, #"{"list": [1, null, ["s"], 2], "c": 1}"#,
    #"{"list": [1, "x"], "c": 1}"#, #"{"list": [[1]], "c": 1}"#, #"{"list": {}, "c": 1}"#,
    #"{"list": null, "c": 1}"#, #"{"object": {"c": true, "super": 7}, "c": 1}"#,
    #"{"object": {"c": true}, "c": 1}"#, #"{"object": {"c": true, "super": 7, "a": null}}"#,
    #"{"object": {"c": 1, "super": 7}}"#, #"{"object": [], "c": 1}"#, "[]", "null", "1",
    #"{"a": 1, "a": null, "c": 1}"#,
  ]
  for document in documents {
    expectSameOutcome(Sample.self, document)
    expectSameOutcome([Sample].self, "[" + document + "]")
    expectSameOutcome(Box<Sample>.self, #"{"v": \#(document)}"#)
  }
}

/// Reads an array through every unkeyed call, past its end.
private struct Elements: Decodable, Equatable {
  var values: [String] = []

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    values.append("\(String(describing: container.count))")
    values.append("\(try container.decodeIfPresent(Int.self) ?? -1)")
    values.append("\(try container.decodeNil())")
    let nested = try container.nestedContainer(keyedBy: AnyKey.self)
    values.append(try nested.decode(String.self, forKey: AnyKey("k")))
    let superDecoder = try container.superDecoder()
    values.append(try superDecoder.singleValueContainer().decode(String.self))
    values.append("\(try container.decode(Int8.self))")
  }
}

@Test func unkeyedContainersPastTheirEnd() {
  for document in [
    #"[1, null, {"k": "v"}, "s", 5]"#, #"[null, null, {"k": "v"}, "s", 500]"#, "[1]", "[]",
    #"[1, 2, {"k": "v"}]"#, #"[1, null, {"k": 1}]"#, #"[1, null, [], "s"]"#,
    #"[1, null, {"k": "v"}, "s"]"#,
    #"[1, null, {"k": "v"}, 1, 1]"#, #"["1"]"#,
  ] {
    expectSameOutcome(Elements.self, document)
    expectSameOutcome(Box<Elements>.self, #"{"v": \#(document)}"#)
  }
}

/// Throws errors of its own from inside a decode.
private struct Thrower: Decodable, Equatable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    if text == "corrupt" {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "no")
    }
    if text == "key" {
      let keyed = try decoder.container(keyedBy: AnyKey.self)
      throw DecodingError.keyNotFound(
        AnyKey("k"), DecodingError.Context(codingPath: keyed.codingPath, debugDescription: ""))
    }
  }
}

@Test func errorsThrownByModels() {
  for document in [#"["ok", "corrupt"]"#, #"["key"]"#, #"[1]"#, #"[{"a": "corrupt"}]"#] {
    expectSameOutcome([Thrower].self, document)
    expectSameOutcome([String: [Thrower]].self, #"{"x": \#(document)}"#)
  }
}

// MARK: - Lazy validation

private struct Person: Decodable, Equatable {
  var name: String
}

private struct PersonWithNotes: Decodable, Equatable {
  var name: String
  var notes: String
}

private struct PersonWithCount: Decodable, Equatable {
  var name: String
  var count: Int
}

@Test func aBadValueNoModelReadsStillDecodes() throws {
  // The example of Docs/JSONConformance.md.
  let document = #"{"name": "Ada", "notes": "\x41", "count": -01}"#
  #expect(
    try CodixJSONDecoder().decode(Person.self, from: Data(document.utf8)) == Person(name: "Ada"))
  expectSameOutcome(Person.self, document)
  for error in [
    expectSameOutcome(PersonWithNotes.self, document),
    expectSameOutcome(PersonWithCount.self, document),
  ] {
    #expect(error?.kind == .dataCorrupted)
  }
  // Keys are read when an object is opened, whether or not a model asks for them.
  let badKey = #"{"name": "Ada", "\uDD1E": 1}"#
  #expect(expectSameOutcome(Person.self, badKey)?.kind == .dataCorrupted)
  expectSameOutcome([String: Person].self, #"{"a": {"name": "Ada"}, "b": {"\uDD1E": 1}}"#)
}

// MARK: - What the scan checks

private struct OnlyA: Decodable, Equatable {
  var a: Int
}

/// The report of what `body` threw, whichever of Codix's two error types it is.
private func report(_ body: () throws -> some Any) -> CodixError? {
  do {
    _ = try body()
    return nil
  } catch let error as CodixError {
    return error
  } catch let error as DecodingError {
    return CodixError(error)
  } catch {
    return nil
  }
}

@Test func aQuoteAmongTheFourBytesAfterBackslashUFailsTheScan() throws {
  // JSONDecoder's scan takes the four bytes after `\u` as the escape and
  // rejects a quote among them, whether or not a model reads the string.
  let document = #"{"a":1,"b":"\u","x"}"#
  expectSameOutcome(OnlyA.self, document)
  #expect(throws: (any Error).self) {
    try JSONDecoder().decode(OnlyA.self, from: Data(document.utf8))
  }
  let error = try #require(
    report { try CodixJSONDecoder().decode(OnlyA.self, from: Data(document.utf8)) })
  #expect(error.kind == .dataCorrupted && error.path == .root)
  // At the backslash.
  #expect(error.location == CodixError.Location(line: 1, column: 13, offset: 12))
  for failing in [
    #"{"a":1,"b":"\ué\"}"#, #"{"a":1,"b":"\u12","c":2}"#, #"{"a":1,"\u":2}"#,
    #"{"a":1,"b":"\u1\"23"}"#,
    #"{"a":1,"b":"\u123"}"#, #"{"a":1,"b":["\u00"]}"#, #"{"a":1,"b":"x\u"}"#,
    #"{"a":1,"b":"\u"#, #"{"a":1,"b":"\u12"#, "{\"a\":1,\"b\":\"\\u\n\"\"}",
  ] {
    expectSameOutcome(OnlyA.self, failing)
    #expect(
      report { try CodixJSONDecoder().decode(OnlyA.self, from: Data(failing.utf8)) } != nil,
      "\(failing)")
  }
  // Any other four bytes are left for the read, as JSONDecoder leaves them.
  for passing in [
    #"{"a":1,"b":"\u12G4"}"#, #"{"a":1,"b":"\u\\\\"}"#, #"{"a":1,"b":"\uD800"}"#,
    #"{"a":1,"b":"\u{1}23"}"#, #"{"a":1,"b":"\u\n\n\n\n"}"#,
    "{\"a\":1,\"b\":\"\\u\u{1}\u{2}\u{3}\u{4}\"}",
    #"{"a":1,"b":"\uéé"}"#, #"{"a":1,"b":"\x"}"#,
  ] {
    expectSameOutcome(OnlyA.self, passing)
    #expect(
      try CodixJSONDecoder().decode(OnlyA.self, from: Data(passing.utf8)) == OnlyA(a: 1),
      "\(passing)")
  }
}

// MARK: - The dynamic type

private class Worker: Decodable {
  let name: String

  private enum CodingKeys: String, CodingKey { case name }

  required init(from decoder: any Decoder) throws {
    name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
  }
}

private final class Employee: Worker {
  let company: String

  private enum CodingKeys: String, CodingKey { case company }

  required init(from decoder: any Decoder) throws {
    company = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .company)
    try super.init(from: decoder)
  }
}

@Test func aSubclassHandedInAsItsSuperclassDecodesAsItself() throws {
  let data = Data(#"{"name": "Ada", "company": "Analytical"}"#.utf8)
  let type: Worker.Type = Employee.self
  let foundation = try JSONDecoder().decode(type, from: data)
  let codix = try CodixJSONDecoder().decode(type, from: data)
  #expect(foundation is Employee)
  let employee = try #require(codix as? Employee)
  #expect(employee.name == "Ada" && employee.company == "Analytical")
  // Codix's entry point too, on either decoder.
  #expect(try JSONDecoder().decode(type, from: data, at: "") is Employee)
  #expect(try CodixJSONDecoder().decode(type, from: data, at: "") is Employee)
  // And the subclass's own errors, with the path JSONDecoder gives them.
  let missing = Data(#"{"name": "Ada"}"#.utf8)
  #expect(throws: (any Error).self) { try JSONDecoder().decode(type, from: missing) }
  #expect(throws: (any Error).self) { try CodixJSONDecoder().decode(type, from: missing) }
  #expect(try CodixJSONDecoder().decode(Worker.self, from: missing).name == "Ada")
}
