// The shortest decimal digits of a Double or a Float: the digits Swift's
// `description` prints, which JSONEncoder writes.
//
// `description` prints the shortest digit string that reads back as the same
// value; among the strings of that length, the one closest to the exact
// binary value, the even last digit on an exact tie. That string is unique,
// so any exact method finds the same digits. This one is Ryu's (Ulf Adams,
// "Ryū: fast float-to-string conversion", PLDI 2018): scale the value and
// the two midpoints to its neighbours by a power of ten with 125-bit
// fixed-point factors, then drop digits while the interval still holds a
// shorter number.
//
// Example: 0.3 is the double 5404319552844595 × 2^-54. Its neighbours'
// midpoints are 0.29999999999999998889…±2.8e-17; scaled, the interval holds
// 0.3 and no shorter number, so the digits are "3", exponent -1.
//
// The factors (5^i and 2^k / 5^i, each to 125 bits) are computed once, at
// first use, from exact big-integer arithmetic (`PowerTable`), rather than
// written out: 668 entries whose every bit the code below derives.
//
// A Float goes through the same code: its interval is a Float's, the
// arithmetic a Double's (wider than a Float needs). Tests compare the
// result with `description` for every Float bit pattern in a sample and
// for millions of random and edge-case Doubles.

/// A decimal `digits × 10^exponent`, digits without trailing zeros.
struct ShortestDecimal: Equatable {
  var digits: UInt64
  var exponent: Int
}

enum ShortestDigits {
  /// The shortest digits of the finite, non-zero `value`'s magnitude.
  @inline(__always)
  static func of(_ value: Double) -> ShortestDecimal {
    let bits = value.bitPattern
    return decimal(
      mantissa: bits & ((1 << 52) - 1), exponent: Int((bits >> 52) & 0x7FF), mantissaBits: 52,
      bias: 1023)
  }

  /// The shortest digits of the finite, non-zero `value`'s magnitude, as a
  /// Float (not as the Double it converts to).
  @inline(__always)
  static func of(_ value: Float) -> ShortestDecimal {
    let bits = value.bitPattern
    return decimal(
      mantissa: UInt64(bits & ((1 << 23) - 1)), exponent: Int((bits >> 23) & 0xFF),
      mantissaBits: 23, bias: 127)
  }

  /// Ryu's conversion of the IEEE value with these fields.
  private static func decimal(mantissa: UInt64, exponent: Int, mantissaBits: Int, bias: Int)
    -> ShortestDecimal
  {
    let e2: Int
    let m2: UInt64
    if exponent == 0 {
      e2 = 1 - bias - mantissaBits - 2
      m2 = mantissa
    } else {
      e2 = exponent - bias - mantissaBits - 2
      m2 = (1 << UInt64(mantissaBits)) | mantissa
    }
    let acceptBounds = m2 & 1 == 0
    // The interval: the value is 4·m2, its neighbours' midpoints 4·m2 + 2
    // and 4·m2 - 1 (at a power of two, where the gap below is half) or - 2.
    let mv = 4 * m2
    let mmShift: UInt64 = (mantissa != 0 || exponent <= 1) ? 1 : 0
    let table = PowerTable.shared

    var vr: UInt64
    var vp: UInt64
    var vm: UInt64
    let e10: Int
    var vmIsTrailingZeros = false
    var vrIsTrailingZeros = false
    if e2 >= 0 {
      let q = log10Pow2(e2) - (e2 > 3 ? 1 : 0)
      e10 = q
      let k = PowerTable.inverseBits + pow5Bits(q) - 1
      let i = -e2 + q + k
      let factor = table.inverse(q)
      vr = mulShift(mv, factor, i)
      vp = mulShift(mv + 2, factor, i)
      vm = mulShift(mv - 1 - mmShift, factor, i)
      if q <= 21 {
        // Only here can the scaled values be exact, with zeros removed.
        if mv % 5 == 0 {
          vrIsTrailingZeros = isMultipleOfPowerOf5(mv, q)
        } else if acceptBounds {
          vmIsTrailingZeros = isMultipleOfPowerOf5(mv - 1 - mmShift, q)
        } else if isMultipleOfPowerOf5(mv + 2, q) {
          vp -= 1
        }
      }
    } else {
      let q = log10Pow5(-e2) - (-e2 > 1 ? 1 : 0)
      e10 = q + e2
      let i = -e2 - q
      let k = pow5Bits(i) - PowerTable.bits
      let j = q - k
      let factor = table.power(i)
      vr = mulShift(mv, factor, j)
      vp = mulShift(mv + 2, factor, j)
      vm = mulShift(mv - 1 - mmShift, factor, j)
      if q <= 1 {
        // The scaled values are whole numbers: mv has at least 2 trailing
        // zero bits, and the factor divides them by 2^q.
        vrIsTrailingZeros = true
        if acceptBounds {
          vmIsTrailingZeros = mmShift == 1
        } else {
          vp -= 1
        }
      } else if q < 63 {
        vrIsTrailingZeros = mv & ((1 << UInt64(q)) - 1) == 0
      }
    }

    // Drop digits while the interval holds a shorter number.
    var removed = 0
    var lastRemovedDigit: UInt64 = 0
    let output: UInt64
    if vmIsTrailingZeros || vrIsTrailingZeros {
      // Rare: the exact values matter for the rounding and for vm.
      while vp / 10 > vm / 10 {
        vmIsTrailingZeros = vmIsTrailingZeros && vm % 10 == 0
        vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
        lastRemovedDigit = vr % 10
        vr /= 10
        vp /= 10
        vm /= 10
        removed += 1
      }
      if vmIsTrailingZeros {
        while vm % 10 == 0 {
          vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
          lastRemovedDigit = vr % 10
          vr /= 10
          vp /= 10
          vm /= 10
          removed += 1
        }
      }
      if vrIsTrailingZeros && lastRemovedDigit == 5 && vr % 2 == 0 {
        lastRemovedDigit = 4  // an exact tie: round to even
      }
      let roundUp = (vr == vm && (!acceptBounds || !vmIsTrailingZeros)) || lastRemovedDigit >= 5
      output = vr + (roundUp ? 1 : 0)
    } else {
      var roundUp = false
      if vp / 100 > vm / 100 {
        roundUp = vr % 100 >= 50
        vr /= 100
        vp /= 100
        vm /= 100
        removed += 2
      }
      while vp / 10 > vm / 10 {
        roundUp = vr % 10 >= 5
        vr /= 10
        vp /= 10
        vm /= 10
        removed += 1
      }
      output = vr + ((vr == vm || roundUp) ? 1 : 0)
    }
    return ShortestDecimal(digits: output, exponent: e10 + removed)
  }

  // MARK: Arithmetic

  /// ⌊log10(2^e)⌋ for 0 ≤ e ≤ 1650.
  @inline(__always)
  static func log10Pow2(_ e: Int) -> Int { (e * 78913) >> 18 }

  /// ⌊log10(5^e)⌋ for 0 ≤ e ≤ 2620.
  @inline(__always)
  static func log10Pow5(_ e: Int) -> Int { (e * 732923) >> 20 }

  /// The number of bits of 5^e (1 for e = 0), for 0 ≤ e ≤ 3528.
  @inline(__always)
  static func pow5Bits(_ e: Int) -> Int { ((e * 1_217_359) >> 19) + 1 }

  /// Whether 5^p divides `value`.
  @inline(__always)
  static func isMultipleOfPowerOf5(_ value: UInt64, _ p: Int) -> Bool {
    var value = value
    var count = 0
    while value != 0 && value % 5 == 0 {
      value /= 5
      count += 1
    }
    return count >= p
  }

  /// ⌊m × factor / 2^shift⌋, the factor 128 bits wide, for a shift of at
  /// least 64 (always more than 100 here).
  @inline(__always)
  static func mulShift(_ m: UInt64, _ factor: (low: UInt64, high: UInt64), _ shift: Int)
    -> UInt64
  {
    let low = m.multipliedFullWidth(by: factor.low)
    let high = m.multipliedFullWidth(by: factor.high)
    // (low >> 64) + high, a 128-bit sum.
    let (sumLow, carry) = high.low.addingReportingOverflow(low.high)
    let sumHigh = high.high &+ (carry ? 1 : 0)
    let rest = shift - 64
    if rest == 0 { return sumLow }
    if rest >= 64 { return sumHigh >> UInt64(rest - 64) }
    return (sumHigh << UInt64(64 - rest)) | (sumLow >> UInt64(rest))
  }
}

// MARK: - The factors

/// The powers of five Ryu scales by, to 125 bits: `power(i)` is 5^i without
/// its low bits, `inverse(q)` is 2^k / 5^q rounded up, for every exponent
/// a Double can need (a Float needs fewer). Built once from exact integers.
final class PowerTable: Sendable {
  /// The width of `power(i)`.
  static let bits = 125
  /// The width of `inverse(q)`.
  static let inverseBits = 125

  static let shared = PowerTable()

  /// `power(i)`, low and high words, i in 0..<326.
  private let powers: [UInt64]
  /// `inverse(q)`, low and high words, q in 0..<342.
  private let inverses: [UInt64]

  @inline(__always)
  func power(_ i: Int) -> (low: UInt64, high: UInt64) { (powers[2 * i], powers[2 * i + 1]) }

  @inline(__always)
  func inverse(_ q: Int) -> (low: UInt64, high: UInt64) {
    (inverses[2 * q], inverses[2 * q + 1])
  }

  private init() {
    var powers: [UInt64] = []
    var inverses: [UInt64] = []
    powers.reserveCapacity(2 * 326)
    inverses.reserveCapacity(2 * 342)
    var five = BigNumber(1)  // 5^i
    for i in 0..<342 {
      let length = ShortestDigits.pow5Bits(i)
      if i < 326 {
        // ⌊5^i / 2^(length - 125)⌋: its top 125 bits.
        let top = five.shifted(by: Self.bits - length)
        powers += [top.word(0), top.word(1)]
      }
      // ⌊2^(length - 1 + 125) / 5^i⌋ + 1.
      let quotient = BigNumber.powerOfTwo(length - 1 + Self.inverseBits).dividedBy(five)
      let (low, carry) = quotient.word(0).addingReportingOverflow(1)
      inverses += [low, quotient.word(1) &+ (carry ? 1 : 0)]
      five.multiply(by: 5)
    }
    self.powers = powers
    self.inverses = inverses
  }
}

/// A non-negative integer of any size, little-endian 32-bit limbs: only what
/// building `PowerTable` needs.
private struct BigNumber {
  private var limbs: [UInt32]

  init(_ value: UInt32) { limbs = [value] }

  private init(limbs: [UInt32]) {
    self.limbs = limbs
    normalize()
  }

  static func powerOfTwo(_ exponent: Int) -> BigNumber {
    var limbs = [UInt32](repeating: 0, count: exponent / 32 + 1)
    limbs[exponent / 32] = 1 << UInt32(exponent % 32)
    return BigNumber(limbs: limbs)
  }

  /// The 64-bit word at `index` (0 is the lowest).
  func word(_ index: Int) -> UInt64 {
    let low = 2 * index < limbs.count ? UInt64(limbs[2 * index]) : 0
    let high = 2 * index + 1 < limbs.count ? UInt64(limbs[2 * index + 1]) : 0
    return high << 32 | low
  }

  var bitWidth: Int {
    guard let top = limbs.last, top != 0 else { return 0 }
    return (limbs.count - 1) * 32 + (32 - top.leadingZeroBitCount)
  }

  private mutating func normalize() {
    while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
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

  /// This number times 2^shift, rounded down when `shift` is negative.
  func shifted(by shift: Int) -> BigNumber {
    if shift >= 0 {
      var result = self
      for _ in 0..<shift { result.double(adding: false) }
      return result
    }
    let whole = -shift / 32
    let part = UInt32(-shift % 32)
    guard whole < limbs.count else { return BigNumber(0) }
    var result = Array(limbs[whole...])
    if part > 0 {
      for index in result.indices {
        let above = index + 1 < result.count ? result[index + 1] << (32 - part) : 0
        result[index] = result[index] >> part | above
      }
    }
    return BigNumber(limbs: result)
  }

  private func isLess(than other: BigNumber) -> Bool {
    if limbs.count != other.limbs.count { return limbs.count < other.limbs.count }
    for index in limbs.indices.reversed() where limbs[index] != other.limbs[index] {
      return limbs[index] < other.limbs[index]
    }
    return false
  }

  private mutating func subtract(_ other: BigNumber) {
    var borrow: Int64 = 0
    for index in limbs.indices {
      var difference = Int64(limbs[index]) - borrow
      if index < other.limbs.count { difference -= Int64(other.limbs[index]) }
      borrow = difference < 0 ? 1 : 0
      limbs[index] = UInt32(truncatingIfNeeded: difference + (borrow << 32))
    }
    normalize()
  }

  private mutating func double(adding bit: Bool) {
    var carry: UInt32 = bit ? 1 : 0
    for index in limbs.indices {
      let next = limbs[index] >> 31
      limbs[index] = limbs[index] << 1 | carry
      carry = next
    }
    if carry != 0 { limbs.append(carry) }
  }

  /// ⌊self / divisor⌋, by long division, for a self that is a power of two
  /// (as `powerOfTwo` makes) and a quotient of at most 128 bits.
  func dividedBy(_ divisor: BigNumber) -> BigNumber {
    // The quotient's bits, high to low: the remainder takes one more bit of
    // self at each step; the bits of self before the divisor's width give
    // zeros and are taken at once.
    let width = bitWidth
    let skip = max(0, divisor.bitWidth - 1)
    var remainder = width - 1 >= skip ? BigNumber.powerOfTwo(skip) : BigNumber(0)
    var quotient = [UInt32](repeating: 0, count: 5)
    var position = width - 1 - skip
    if width - 1 < skip { position = -1 }
    while true {
      if !remainder.isLess(than: divisor) {
        remainder.subtract(divisor)
        // safe: only `PowerTable.init` divides, on constants: 2^(k + 125)
        // by 5^i for i < 342, whose quotients have at most 128 bits. No
        // value being written reaches it, and every Double written (every
        // writer test) builds the table first.
        precondition(position < 160, "a quotient wider than PowerTable needs")
        quotient[position / 32] |= 1 << UInt32(position % 32)
      }
      position -= 1
      if position < 0 { break }
      remainder.double(adding: false)
    }
    return BigNumber(limbs: quotient)
  }
}
