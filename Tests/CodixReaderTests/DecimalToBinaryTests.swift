import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// The reader's decimal-to-binary conversion (DecimalToBinary.swift) against
// the standard library's parser: its table of powers of five, computed
// again here with a big integer of the test's own and checked against
// entries of fast_float's published table; and conversions at the edges,
// where rounding is decided: every power of ten in range, exact halfway
// points between adjacent doubles, near-halfway numbers of 17 to 40
// significant digits, subnormals, and the largest and smallest values.

// MARK: - A big integer of the test's own

/// A non-negative integer in 32-bit limbs, least significant first.
private struct Big: Equatable {
  var limbs: [UInt32]

  init(_ value: UInt64) {
    limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
    trim()
  }

  static func power(of base: UInt32, _ exponent: Int) -> Big {
    var result = Big(1)
    for _ in 0..<exponent { result.multiply(by: base) }
    return result
  }

  static func powerOfTwo(_ exponent: Int) -> Big {
    var result = Big(0)
    result.limbs = Array(repeating: 0, count: exponent / 32 + 1)
    result.limbs[exponent / 32] = 1 << UInt32(exponent % 32)
    return result
  }

  private mutating func trim() {
    while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
  }

  var bitWidth: Int {
    guard let last = limbs.last, last != 0 else { return 0 }
    return (limbs.count - 1) * 32 + 32 - last.leadingZeroBitCount
  }

  func bit(_ index: Int) -> Bool {
    index / 32 < limbs.count && limbs[index / 32] >> UInt32(index % 32) & 1 == 1
  }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 { limbs.append(UInt32(carry)) }
  }

  mutating func add(_ value: UInt32) {
    var carry = UInt64(value)
    var index = 0
    while carry != 0 {
      if index == limbs.count { limbs.append(0) }
      let sum = UInt64(limbs[index]) + carry
      limbs[index] = UInt32(truncatingIfNeeded: sum)
      carry = sum >> 32
      index += 1
    }
  }

  /// Divides by `divisor` in place, returning the remainder.
  @discardableResult
  mutating func divide(by divisor: UInt32) -> UInt32 {
    var remainder: UInt64 = 0
    for index in limbs.indices.reversed() {
      let current = remainder << 32 | UInt64(limbs[index])
      limbs[index] = UInt32(current / UInt64(divisor))
      remainder = current % UInt64(divisor)
    }
    trim()
    return UInt32(remainder)
  }

  /// The 128 bits from bit `start` up, as (high, low).
  func bits128(from start: Int) -> (UInt64, UInt64) {
    var high: UInt64 = 0
    var low: UInt64 = 0
    for offset in 0..<64 where bit(start + offset) { low |= 1 << UInt64(offset) }
    for offset in 0..<64 where bit(start + 64 + offset) { high |= 1 << UInt64(offset) }
    return (high, low)
  }

  /// The top 128 bits, with the leading bit at bit 127 (shifted left when
  /// the number is shorter).
  var top128: (UInt64, UInt64) {
    let width = bitWidth
    return bits128(from: width - 128)
  }

  var decimal: String {
    var copy = self
    var chunks: [UInt32] = []
    repeat {
      chunks.append(copy.divide(by: 1_000_000_000))
    } while copy.limbs != [0]
    var text = String(chunks.removeLast())
    for chunk in chunks.reversed() {
      let digits = String(chunk)
      text += String(repeating: "0", count: 9 - digits.count) + digits
    }
    return text
  }
}

extension Big {
  /// `bits128(from:)` for a start below bit 0: the bits moved up.
  fileprivate func bits128(fromSigned start: Int) -> (UInt64, UInt64) {
    guard start < 0 else { return bits128(from: start) }
    var high: UInt64 = 0
    var low: UInt64 = 0
    for offset in 0..<128 where offset + start >= 0 && bit(offset + start) {
      if offset < 64 { low |= 1 << UInt64(offset) } else { high |= 1 << UInt64(offset - 64) }
    }
    return (high, low)
  }
}

// MARK: - The table of powers of five

@Test func everyPowerOfFiveInTheTableIsTheOneItsDefinitionGives() {
  let table = PowersOfFive.table
  #expect(table.count == 2 * (PowersOfFive.largest - PowersOfFive.smallest + 1))
  #expect(PowersOfFive.smallest == -342 && PowersOfFive.largest == 308)
  var mismatches: [Int] = []
  for q in PowersOfFive.smallest...PowersOfFive.largest {
    let expected: (UInt64, UInt64)
    if q >= 0 {
      // 5^q, its leading bit moved to bit 127, truncated to 128 bits.
      let power = Big.power(of: 5, q)
      expected = power.bits128(fromSigned: power.bitWidth - 128)
    } else {
      // ⌊2^b / 5^-q⌋ + 1, its leading 128 bits, for the b of the file
      // comment; the quotient by dividing 2^b by five -q times.
      let width = Big.power(of: 5, -q).bitWidth
      let b = q >= -27 ? width + 127 : 2 * width + 128
      var quotient = Big.powerOfTwo(b)
      for _ in 0..<(-q) { quotient.divide(by: 5) }
      quotient.add(1)
      expected = quotient.bits128(fromSigned: quotient.bitWidth - 128)
    }
    let index = 2 * (q - PowersOfFive.smallest)
    if table[index] != expected.0 || table[index + 1] != expected.1 { mismatches.append(q) }
  }
  #expect(mismatches.isEmpty, "powers of five that differ: \(mismatches)")
}

@Test func tableEntriesMatchFastFloatsPublishedTable() {
  // Entries of the power_of_five_128 table of fast_float (Lemire), which
  // the method was published with: its first, last and middle lines.
  let known: [(q: Int, high: UInt64, low: UInt64)] = [
    (-342, 0xeef4_53d6_923b_d65a, 0x113f_aa29_06a1_3b3f),
    (-341, 0x9558_b466_1b65_65f8, 0x4ac7_ca59_a424_c507),
    (-340, 0xbaae_e17f_a23e_bf76, 0x5d79_bcf0_0d2d_f649),
    (-339, 0xe95a_99df_8ace_6f53, 0xf4d8_2c2c_1079_73dc),
    (-1, 0xcccc_cccc_cccc_cccc, 0xcccc_cccc_cccc_cccd),
    (0, 0x8000_0000_0000_0000, 0),
    (1, 0xa000_0000_0000_0000, 0),
    (27, 0xcecb_8f27_f420_0f3a, 0),
    (307, 0xe3d8_f9e5_63a1_98e5, 0x5818_0fdd_d977_23a6),
    (308, 0x8e67_9c2f_5e44_ff8f, 0x570f_09ea_a7ea_7648),
  ]
  let table = PowersOfFive.table
  for entry in known {
    let index = 2 * (entry.q - PowersOfFive.smallest)
    #expect(table[index] == entry.high, "5^\(entry.q), high word")
    #expect(table[index + 1] == entry.low, "5^\(entry.q), low word")
  }
}

// MARK: - Conversions

/// The double `DecimalToBinary` gives for `digits × 10^exponent`; `nil`
/// when it leaves the case to the caller's fallback.
private func converted(_ digits: UInt64, _ exponent: Int) -> Double? {
  DecimalToBinary.convert(digits, exponent, .double).map {
    Double(sign: .plus, exponentBitPattern: UInt($0.exponent), significandBitPattern: $0.mantissa)
  }
}

private func convertedFloat(_ digits: UInt64, _ exponent: Int) -> Float? {
  DecimalToBinary.convert(digits, exponent, .float).map {
    Float(
      sign: .plus, exponentBitPattern: UInt($0.exponent), significandBitPattern: UInt32($0.mantissa)
    )
  }
}

/// The double the reader gives for `text`, a JSON number, infinity and
/// zero included (`JSONNumberText.nearest`, before the range check).
private func readerDouble(_ text: String) -> Double? {
  var copy = text
  return copy.withUTF8 { bytes -> Double? in
    guard let parts = JSONNumberText.parts(bytes) else { return nil }
    let value: Double = JSONNumberText.nearest(parts, bytes)
    return value
  }
}

private func readerFloat(_ text: String) -> Float? {
  var copy = text
  return copy.withUTF8 { bytes -> Float? in
    guard let parts = JSONNumberText.parts(bytes) else { return nil }
    let value: Float = JSONNumberText.nearest(parts, bytes)
    return value
  }
}

/// Checks the reader against `Double(String)` and `Float(String)` for each
/// text, bit for bit; and `DecimalToBinary` directly for those of at most
/// 19 significant digits. Returns how many the method left to the fallback.
@discardableResult
private func expectCorrectlyRounded(
  _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  var undecided = 0
  for text in texts {
    let double = Double(text)
    let float = Float(text)
    #expect(
      readerDouble(text)?.bitPattern == double?.bitPattern, "\(text) as a Double",
      sourceLocation: sourceLocation)
    #expect(
      readerFloat(text)?.bitPattern == float?.bitPattern, "\(text) as a Float",
      sourceLocation: sourceLocation)
    var copy = text
    guard
      let parts = copy.withUTF8({ JSONNumberText.parts($0) }), !parts.truncated, parts.digits != 0
    else { continue }
    if let value = converted(parts.digits, parts.exponent) {
      #expect(
        value.bitPattern == double?.magnitude.bitPattern, "\(text): DecimalToBinary",
        sourceLocation: sourceLocation)
    } else {
      undecided += 1
    }
    if let value = convertedFloat(parts.digits, parts.exponent) {
      #expect(
        value.bitPattern == float?.magnitude.bitPattern, "\(text): DecimalToBinary, Float",
        sourceLocation: sourceLocation)
    }
  }
  return undecided
}

@Test func everyPowerOfTenInRangeAndBeyond() {
  var texts: [String] = []
  for exponent in -350...320 {
    for digit in ["1", "2", "5", "9", "3.3", "7.77", "9.999999999999999"] {
      texts.append("\(digit)e\(exponent)")
    }
  }
  // Written out, not with an exponent.
  texts += (0...30).map { "1" + String(repeating: "0", count: $0) }
  texts += (1...30).map { "0." + String(repeating: "0", count: $0 - 1) + "1" }
  let undecided = expectCorrectlyRounded(texts)
  #expect(undecided < texts.count / 100)
}

/// The exact decimal value of `(2 × significand + 1) × 2^(exponent - 1)`:
/// the point halfway between a double and the next one up, as digits and
/// the position of the decimal point from the right.
private func halfway(above value: Double) -> String {
  let significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
  // value = significand × 2^power.
  let power = (value.isNormal ? Int(value.exponentBitPattern) : 1) - 1075
  var numerator = Big(2 * significand + 1)
  // The halfway point is numerator × 2^(power - 1).
  let shift = power - 1
  if shift >= 0 {
    for _ in 0..<shift { numerator.multiply(by: 2) }
    return numerator.decimal
  }
  // numerator / 2^-shift = numerator × 5^-shift / 10^-shift.
  for _ in 0..<(-shift) { numerator.multiply(by: 5) }
  var digits = numerator.decimal
  let point = -shift
  if digits.count <= point {
    digits = String(repeating: "0", count: point - digits.count + 1) + digits
  }
  let split = digits.index(digits.endIndex, offsetBy: -point)
  return digits[..<split] + "." + digits[split...]
}

/// `text`'s significant digits cut to `count`, as `d.ddd…e±x`, and the
/// same plus one unit in the last place.
private func cut(_ text: String, to count: Int) -> [String] {
  let mantissa = text.replacingOccurrences(of: ".", with: "")
  let leading = mantissa.prefix { $0 == "0" }.count
  let digits = mantissa.dropFirst(leading)
  guard digits.count > count else { return [] }
  let kept = String(digits.prefix(count))
  let pointAt =
    text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) }
    ?? text.count
  let exponent = pointAt - leading - 1
  var up = Array(kept.utf8)
  var index = up.count - 1
  while index >= 0 {
    if up[index] == UInt8(ascii: "9") {
      up[index] = UInt8(ascii: "0")
      index -= 1
    } else {
      up[index] += 1
      break
    }
  }
  let roundedUp =
    index < 0 ? "1" + String(decoding: up, as: UTF8.self) : String(decoding: up, as: UTF8.self)
  func written(_ digits: String, _ exponent: Int) -> String {
    "\(digits.prefix(1)).\(digits.dropFirst())e\(exponent)"
  }
  return [written(kept, exponent), written(roundedUp, index < 0 ? exponent + 1 : exponent)]
}

@Test func halfwayPointsBetweenAdjacentDoublesWithManyDigits() {
  var random = SplitMix64(state: 0xD1A1_F00D)
  var values: [Double] = [
    1, 1.5, 0.1, 3.14159, 1e23, 9_007_199_254_740_992, 2.2250738585072014e-308, 1e-300, 1e300,
    .leastNormalMagnitude, .leastNonzeroMagnitude, .greatestFiniteMagnitude.nextDown,
    .leastNonzeroMagnitude * 3, 123_456_789_012_345_680,
  ]
  while values.count < 300 {
    let value = Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF)
    if value.isFinite, value < .greatestFiniteMagnitude { values.append(value) }
  }
  var texts: [String] = []
  for value in values {
    let middle = halfway(above: value)
    // Exactly halfway (ties to even), a little below and a little above.
    texts.append(middle)
    texts.append(middle + "000000000000000000000000000001")
    if middle.contains(".") {
      texts.append(String(middle.dropLast()) + String(Int(String(middle.last!))! - 1))
    }
    // Cut to 17, 18, 19 and 20 significant digits: just below and just
    // above the halfway point, where the last digit decides.
    for count in [16, 17, 18, 19, 20, 25] { texts += cut(middle, to: count) }
  }
  expectCorrectlyRounded(texts)
}

@Test func exactHalfwayPointsOfAtMostNineteenDigitsRoundToEven() {
  // w × 10^q exactly halfway between two doubles, with w of 19 digits or
  // fewer: (odd 54-bit number) × 2^k, which has a short decimal form when
  // the odd number holds a power of five.
  var texts: [String] = []
  var random = SplitMix64(state: 0x5EED_0F_5)
  for j in 0...22 {
    let five = (0..<j).reduce(UInt64(1)) { product, _ in product * 5 }
    let low = (UInt64(1) << 53) / five + 1
    let high = (UInt64(1) << 54) / five
    guard low < high else { continue }
    for _ in 0..<20 {
      var s = low + random.next() % (high - low)
      if s % 2 == 0 { s += 1 }
      guard s < high else { continue }
      // value = s × 5^j × 2^(a + j) = (s × 2^a) × 10^j.
      var w = s
      while w <= UInt64(10_000_000_000_000_000_000) / 2 {
        texts.append("\(w)e\(j)")
        texts.append("\(w + 1)e\(j)")
        texts.append("\(w - 1)e\(j)")
        w *= 2
      }
    }
  }
  // Fractions: t / 2^k with t odd and 54 bits, written as (t × 5^k) × 10^-k.
  for k in 1...4 {
    let five = (0..<k).reduce(UInt64(1)) { product, _ in product * 5 }
    for _ in 0..<50 {
      var t = (UInt64(1) << 53) + random.next() % (UInt64(1) << 53)
      if t % 2 == 0 { t += 1 }
      let (w, overflow) = t.multipliedReportingOverflow(by: five)
      guard !overflow, w < UInt64(10_000_000_000_000_000_000) else { continue }
      texts.append("\(w)e-\(k)")
    }
  }
  // The best known: 2^53 + 1, halfway between 2^53 and 2^53 + 2.
  texts += ["9007199254740993", "9007199254740995", "9007199254740997", "18014398509481986"]
  #expect(texts.count > 1_000)
  let undecided = expectCorrectlyRounded(texts)
  #expect(undecided < texts.count / 100)
}

@Test func subnormalsAndTheLimitsOfTheRange() {
  var texts = [
    "4.9406564584124654e-324", "5e-324", "4.9e-324", "3e-324", "2.5e-324",
    "2.4703282292062328e-324",
    "2.4703282292062327e-324",
    "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
    "1e-323", "1e-322", "1e-310", "1e-308", "2.2250738585072009e-308", "2.2250738585072011e-308",
    "2.2250738585072012e-308", "2.2250738585072014e-308",
    "2.225073858507201136057409796709131975934819546351645648e-308",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
    "1.797693134862315807937289714053e308", "1.797693134862315807937289714054e308", "1.8e308",
    "-1.7976931348623157e308", "-4.9e-324", "-0", "0e999", "0.0000e-999",
    "3.4028234663852886e38", "3.4028235e38", "3.4028236e38", "1.17549435e-38", "1.4e-45", "7e-46",
    "7.1e-46",
  ]
  var random = SplitMix64(state: 0x50B_0A1)
  for _ in 0..<500 {
    let subnormal = Double(bitPattern: random.next() & 0x000F_FFFF_FFFF_FFFF)
    texts.append("\(subnormal)")
    texts.append(String(format: "%.17e", subnormal))
    texts.append(String(format: "%.20e", subnormal))
  }
  expectCorrectlyRounded(texts)
}

@Test func seventeenToTwentyFiveSignificantDigits() {
  var random = SplitMix64(state: 0x17_19_25)
  var texts: [String] = []
  for _ in 0..<2_000 {
    let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
    for digits in [16, 17, 18, 19, 20, 25] {
      texts.append(String(format: "%.\(digits - 1)e", value))
    }
    // Nineteen digits written as an integer times a power of ten.
    let w = random.next() % 10_000_000_000_000_000_000
    texts.append("\(w)e\(Int(random.next() % 700) - 360)")
  }
  let undecided = expectCorrectlyRounded(texts)
  #expect(undecided < texts.count / 100)
}
