// Correctly rounded conversion of a decimal number to Double or Float
// without a C library call, for numbers of at most 19 significant digits
// (nearly all numbers in JSON):
//
//     digits  w = 65613616999999977   (up to 19 digits: exact in 64 bits)
//     power   q = -15                 value = w × 10^q
//
// 1. Clinger's fast path: when `w` and 10^|q| are both exact in the target
//    type, one multiplication or division is correctly rounded.
// 2. Otherwise the Eisel–Lemire method: `w` times a 128-bit approximation of
//    5^q (a table computed once, below) gives the result's leading bits and
//    enough of the rest to round correctly; for 19 digits or fewer this is
//    always decisive except in a case the method itself reports (then the
//    caller falls back to the standard library's parser).
//
// The table holds, for q in -342...308, the 128 leading bits of 5^q: for
// q ≥ 0 the power truncated to 128 bits; for q < 0, ⌊2^b / 5^-q⌋ + 1 for
// b = bitLength(5^-q) + 127 when q ≥ -27 and b = 2·bitLength(5^-q) + 128
// below, then truncated to 128 bits. It is computed exactly with a small
// big-integer routine on first use (about 0.1 ms).
//
// Tests/CodixReaderTests/DecimalToBinaryTests.swift computes every entry
// again with a big integer of its own (and checks some against fast_float's
// published table), and checks conversions bit for bit against
// `Double(String)` and `Float(String)`: every power of ten in range and
// beyond it, exact halfway points between adjacent doubles (ties to even),
// numbers just below and above them with 16 to 25 significant digits,
// subnormals, and the largest and smallest values.

/// The parameters of a binary floating-point format for Eisel–Lemire.
struct BinaryFormat {
  let explicitMantissaBits: Int
  let minimumExponent: Int
  let infinitePower: Int
  let smallestPowerOfTen: Int
  let largestPowerOfTen: Int
  let minRoundToEvenExponent: Int
  let maxRoundToEvenExponent: Int

  static let double = BinaryFormat(
    explicitMantissaBits: 52, minimumExponent: -1023, infinitePower: 0x7FF,
    smallestPowerOfTen: -342, largestPowerOfTen: 308, minRoundToEvenExponent: -4,
    maxRoundToEvenExponent: 23)
  static let float = BinaryFormat(
    explicitMantissaBits: 23, minimumExponent: -127, infinitePower: 0xFF,
    smallestPowerOfTen: -65, largestPowerOfTen: 38, minRoundToEvenExponent: -17,
    maxRoundToEvenExponent: 10)
}

enum DecimalToBinary {
  /// `w × 10^q` as the biased exponent and the mantissa bits of `format`;
  /// `nil` when the method cannot decide (the caller falls back).
  static func convert(_ w: UInt64, _ q: Int, _ format: BinaryFormat) -> (
    exponent: Int, mantissa: UInt64
  )? {
    if w == 0 || q < format.smallestPowerOfTen { return (0, 0) }
    if q > format.largestPowerOfTen { return (format.infinitePower, 0) }
    let leadingZeros = w.leadingZeroBitCount
    let normalized = w << UInt64(leadingZeros)
    let (high, low) = product(q, normalized, precision: format.explicitMantissaBits + 3)
    if low == .max, !(q >= -27 && q <= 55) { return nil }
    let upperBit = Int(high >> 63)
    let shift = upperBit + 64 - format.explicitMantissaBits - 3
    var mantissa = high >> UInt64(shift)
    var power2 = power(q) + upperBit - leadingZeros - format.minimumExponent
    if power2 <= 0 {
      if -power2 + 1 >= 64 { return (0, 0) }
      mantissa >>= UInt64(-power2 + 1)
      mantissa += mantissa & 1
      mantissa >>= 1
      power2 = mantissa >= (1 << UInt64(format.explicitMantissaBits)) ? 1 : 0
      return (power2, mantissa & ~(1 << UInt64(format.explicitMantissaBits)))
    }
    if low <= 1, q >= format.minRoundToEvenExponent, q <= format.maxRoundToEvenExponent,
      mantissa & 3 == 1, mantissa << UInt64(shift) == high
    {
      mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= (2 << UInt64(format.explicitMantissaBits)) {
      mantissa = 1 << UInt64(format.explicitMantissaBits)
      power2 += 1
    }
    mantissa &= ~(1 << UInt64(format.explicitMantissaBits))
    if power2 >= format.infinitePower { return (format.infinitePower, 0) }
    return (power2, mantissa)
  }

  /// ⌊log2(10^q)⌋ + 63, by a fixed-point approximation exact over the range.
  @inline(__always)
  private static func power(_ q: Int) -> Int {
    ((q * (152_170 + 65_536)) >> 16) + 63
  }

  /// An approximation of `w × 5^q`, 128 bits.
  @inline(__always)
  private static func product(_ q: Int, _ w: UInt64, precision: Int) -> (UInt64, UInt64) {
    let index = 2 * (q - PowersOfFive.smallest)
    let table = PowersOfFive.table
    let mask: UInt64 = precision < 64 ? UInt64.max >> UInt64(precision) : .max
    var first = w.multipliedFullWidth(by: table[index])
    if first.high & mask == mask {
      let second = w.multipliedFullWidth(by: table[index + 1])
      let (sum, carry) = first.low.addingReportingOverflow(second.high)
      first.low = sum
      if carry { first.high &+= 1 }
    }
    return (first.high, first.low)
  }
}

/// The 128-bit powers of five (see the file comment), high word first.
enum PowersOfFive {
  static let smallest = -342
  static let largest = 308

  static let table: [UInt64] = {
    var table: [UInt64] = []
    table.reserveCapacity(2 * (largest - smallest + 1))
    // Negative powers: R_p = ⌊2^bits / 5^p⌋, one division by five per p;
    // ⌊2^b / 5^p⌋ is then R_p shifted right by bits - b.
    let bits = 2048
    var reciprocal = BigNumber(powerOfTwo: bits)
    var power = BigNumber(1)
    var negative: [(UInt64, UInt64)] = []
    for p in 1 ... -smallest {
      reciprocal.divide(by: 5)
      power.multiply(by: 5)
      let z = power.bitLength
      let b = p <= 27 ? z + 127 : 2 * z + 128
      var value = reciprocal.shiftedRight(by: bits - b)
      value.add(1)
      let excess = max(0, value.bitLength - 128)
      negative.append(value.word128(from: excess))
    }
    for (high, low) in negative.reversed() {
      table.append(high)
      table.append(low)
    }
    var positive = BigNumber(1)
    for _ in 0...largest {
      let length = positive.bitLength
      if length <= 128 {
        let (high, low) = positive.word128(from: 0)
        // Move the leading bit to bit 127.
        let shift = 128 - length
        if shift >= 64 {
          table.append(low << UInt64(shift - 64))
          table.append(0)
        } else if shift > 0 {
          table.append(high << UInt64(shift) | low >> UInt64(64 - shift))
          table.append(low << UInt64(shift))
        } else {
          table.append(high)
          table.append(low)
        }
      } else {
        let (high, low) = positive.word128(from: length - 128)
        table.append(high)
        table.append(low)
      }
      positive.multiply(by: 5)
    }
    return table
  }()
}

/// A non-negative integer of any size, for building the table.
private struct BigNumber {
  /// Little-endian 64-bit words.
  var words: [UInt64]

  init(_ value: UInt64) { words = [value] }

  init(powerOfTwo exponent: Int) {
    words = Array(repeating: 0, count: exponent / 64 + 1)
    words[exponent / 64] = 1 << UInt64(exponent % 64)
  }

  var bitLength: Int {
    for index in words.indices.reversed() where words[index] != 0 {
      return index * 64 + (64 - words[index].leadingZeroBitCount)
    }
    return 0
  }

  mutating func multiply(by factor: UInt64) {
    var carry: UInt64 = 0
    for index in words.indices {
      let (high, low) = words[index].multipliedFullWidth(by: factor)
      let (sum, overflow) = low.addingReportingOverflow(carry)
      words[index] = sum
      carry = high &+ (overflow ? 1 : 0)
    }
    if carry != 0 { words.append(carry) }
  }

  mutating func divide(by divisor: UInt64) {
    var remainder: UInt64 = 0
    for index in words.indices.reversed() {
      let (quotient, rest) = divisor.dividingFullWidth((remainder, words[index]))
      words[index] = quotient
      remainder = rest
    }
  }

  mutating func add(_ value: UInt64) {
    var carry = value
    for index in words.indices where carry != 0 {
      let (sum, overflow) = words[index].addingReportingOverflow(carry)
      words[index] = sum
      carry = overflow ? 1 : 0
    }
    if carry != 0 { words.append(carry) }
  }

  func shiftedRight(by count: Int) -> BigNumber {
    var result = BigNumber(0)
    result.words = (0..<words.count).map { bit(64 * $0 + count, width: 64) }
    return result
  }

  /// The 128 bits from bit `start` up, as (high, low).
  func word128(from start: Int) -> (UInt64, UInt64) {
    (bit(start + 64, width: 64), bit(start, width: 64))
  }

  /// `width` (≤ 64) bits from bit `start` up.
  private func bit(_ start: Int, width: Int) -> UInt64 {
    let index = start / 64
    let offset = UInt64(start % 64)
    let low = index < words.count ? words[index] >> offset : 0
    let high: UInt64 =
      offset == 0 ? 0 : (index + 1 < words.count ? words[index + 1] << (64 - offset) : 0)
    return low | high
  }
}
