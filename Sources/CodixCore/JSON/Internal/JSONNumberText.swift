import Foundation

/// The floating-point types a JSON number converts to: `Double` and `Float`,
/// each parsed directly (a `Float` is not a rounded `Double`).
protocol JSONFloatingPoint: BinaryFloatingPoint & LosslessStringConvertible {
  /// The largest integer below which every integer is exact.
  static var exactIntegerLimit: UInt64 { get }
  /// The largest power of ten that is exact.
  static var exactPowerLimit: Int { get }
  static var binaryFormat: BinaryFormat { get }
  /// The value of a biased exponent and explicit mantissa bits.
  init(negative: Bool, biasedExponent: Int, mantissa: UInt64)
}

extension Double: JSONFloatingPoint {
  static var exactIntegerLimit: UInt64 { 1 << 53 }
  static var exactPowerLimit: Int { 22 }
  static var binaryFormat: BinaryFormat { .double }

  init(negative: Bool, biasedExponent: Int, mantissa: UInt64) {
    self.init(
      bitPattern: (negative ? 1 << 63 : 0) | UInt64(truncatingIfNeeded: biasedExponent) << 52
        | mantissa)
  }
}

extension Float: JSONFloatingPoint {
  static var exactIntegerLimit: UInt64 { 1 << 24 }
  static var exactPowerLimit: Int { 10 }
  static var binaryFormat: BinaryFormat { .float }

  init(negative: Bool, biasedExponent: Int, mantissa: UInt64) {
    self.init(
      bitPattern: (negative ? 1 << 31 : 0) | UInt32(truncatingIfNeeded: biasedExponent) << 23
        | UInt32(truncatingIfNeeded: mantissa))
  }
}

/// Reads the text of a JSON number as Foundation's decoder does.
enum JSONNumberText {
  @inline(__always)
  static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"),
      UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  // MARK: - Integers

  /// `text` as `T` when it is written as an integer that fits; `nil` to take
  /// the slow path (which also reports malformed text).
  @inline(__always)
  static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type)
    -> T?
  {
    guard T.bitWidth <= 64 else { return wideInteger(text, as: T.self) }
    var index = 0
    let count = text.count
    var negative = false
    if count > 0, text[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    let digits = count - index
    guard digits > 0, digits <= 20 else { return nil }
    if text[index] == UInt8(ascii: "0"), digits > 1 { return nil }
    var magnitude: UInt64 = 0
    if digits < 20 {
      while index < count {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        magnitude = magnitude &* 10 &+ UInt64(digit)
        index += 1
      }
    } else {
      while index < count {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
        guard !overflow, !carry else { return nil }
        magnitude = sum
        index += 1
      }
    }
    if negative {
      if magnitude == 0 { return 0 }
      guard T.isSigned, magnitude <= UInt64(T.max) + 1 else { return nil }
      return T(truncatingIfNeeded: 0 &- magnitude)
    }
    guard magnitude <= UInt64(T.max) else { return nil }
    return T(truncatingIfNeeded: magnitude)
  }

  /// `text` as `T` (`Int128`, `UInt128`) when it is written as an integer
  /// that fits: its digits accumulated in `T`, subtracted for a negative
  /// number, as JSONDecoder reads any integer type; `nil` to take the slow
  /// path.
  static func wideInteger<T: FixedWidthInteger>(
    _ text: UnsafeBufferPointer<UInt8>, as type: T.Type
  ) -> T? {
    var index = 0
    let count = text.count
    let negative = count > 0 && text[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < count else { return nil }
    if text[index] == UInt8(ascii: "0"), count - index > 1 { return nil }
    var result: T = 0
    while index < count {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times, overflow) = result.multipliedReportingOverflow(by: 10)
      let (next, carry) =
        negative
        ? times.subtractingReportingOverflow(T(digit)) : times.addingReportingOverflow(T(digit))
      guard !overflow, !carry else { return nil }
      result = next
      index += 1
    }
    return result
  }

  /// A number not written as an integer of `T`'s range (`1.0`, `1e2`,
  /// `300` for `Int8`): exact through a double below 2^53, through a
  /// decimal above.
  static func integerSlowPath<T: FixedWidthInteger>(
    _ text: UnsafeBufferPointer<UInt8>, as type: T.Type, at offset: Int
  ) throws(ReaderError) -> T {
    guard let parts = parts(text) else {
      throw ReaderError(.invalidNumber(string(text)), at: offset)
    }
    let written = string(text)
    let double: Double = nearest(parts, text)
    // The nearest double must be an integer of `T` even where the decimal
    // gives the value (JSONDecoder checks it first), so `9223372036854775807.0`,
    // whose double is 2^63, is not an Int64.
    guard let value = T(exactly: double) else {
      throw ReaderError(.numberOutOfRange(written, type: "\(T.self)"), at: offset)
    }
    if double.magnitude < Double(1 << 53) { return value }
    guard let decimal = Decimal(string: written),
      let value = integer(decimal, as: T.self)
    else {
      throw ReaderError(.numberOutOfRange(written, type: "\(T.self)"), at: offset)
    }
    return value
  }

  /// A decimal as `T`: its significand, then its exponent applied by
  /// integer multiplication or (truncating) division, as Foundation's
  /// decoder converts it.
  private static func integer<T: FixedWidthInteger>(_ decimal: Decimal, as type: T.Type) -> T? {
    guard !decimal.isNaN else { return nil }
    let negative = decimal.sign == .minus && !decimal.isZero
    if negative, !T.isSigned { return nil }
    guard var magnitude = UInt64(decimal.significand.magnitude.description) else { return nil }
    let exponent = decimal.exponent
    if exponent < 0 {
      for _ in 0 ..< -exponent { magnitude /= 10 }
    } else {
      for _ in 0..<exponent {
        let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        magnitude = times
      }
    }
    guard let value = T(exactly: magnitude) else { return nil }
    return negative ? 0 - value : value
  }

  // MARK: - Floating point

  /// A valid number's sign, its first 19 significant digits as an integer,
  /// and the power of ten that scales them.
  struct Parts {
    var negative = false
    var digits: UInt64 = 0
    var exponent = 0
    /// Whether more than 19 significant digits were written.
    var truncated = false
  }

  /// The significant digits of a number as they are read: the first 19
  /// are kept, and those past them counted. A struct with a mutating method
  /// rather than a nested function that captures its variables: captured
  /// variables are checked for exclusive access at run time, on every digit,
  /// in a debug build.
  private struct Digits {
    var parts = Parts()
    var significant = 0
    var dropped = 0

    @_transparent
    mutating func take(_ digit: UInt8) {
      if significant < 19 {
        parts.digits = parts.digits &* 10 &+ UInt64(digit)
        if parts.digits != 0 { significant += 1 }
      } else {
        dropped += 1
        if digit != 0 { parts.truncated = true }
      }
    }
  }

  /// `text` split into parts; `nil` when it is not a JSON number.
  @inline(__always)
  static func parts(_ text: UnsafeBufferPointer<UInt8>) -> Parts? {
    // Read through the base address: in a debug build, the buffer's own
    // subscript is a call per byte. Every index is compared with `count`.
    guard let bytes = text.baseAddress else { return nil }
    let count = text.count
    var digits = Digits()
    var index = 0
    if count > 0, bytes[0] == 0x2D {  // -
      digits.parts.negative = true
      index = 1
    }
    let integerStart = index
    while index < count {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { break }
      digits.take(digit)
      index += 1
    }
    let integerDigits = index - integerStart
    guard integerDigits > 0, bytes[integerStart] != 0x30 || integerDigits == 1 else {
      return nil
    }
    var exponent = digits.dropped
    if index < count, bytes[index] == 0x2E {  // .
      index += 1
      let fractionStart = index
      while index < count {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        let before = digits.dropped
        digits.take(digit)
        if digits.dropped == before { exponent -= 1 }
        index += 1
      }
      guard index > fractionStart else { return nil }
    }
    if index < count, bytes[index] | 0x20 == 0x65 {  // e or E
      index += 1
      var negativeExponent = false
      if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D {  // + or -
        negativeExponent = bytes[index] == 0x2D
        index += 1
      }
      let exponentStart = index
      var written = 0
      while index < count {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        // Far beyond any finite value either way: keep it bounded.
        if written < 1_000_000 { written = written * 10 + Int(digit) }
        index += 1
      }
      guard index > exponentStart else { return nil }
      exponent += negativeExponent ? -written : written
    }
    guard index == count else { return nil }
    var parts = digits.parts
    parts.exponent = exponent
    return parts
  }

  /// 0x80 in each byte of `word` that is an ASCII digit, 0 in the others.
  @inline(__always)
  static func digitBytes(in word: UInt64) -> UInt64 {
    // A byte whose high nibble is 3 and whose low nibble plus 6 stays below
    // 16; each test leaves 0 in a passing byte, and `zeroBytes` marks
    // exactly the zero bytes (no carry crosses a byte).
    let high = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
    let low = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
    return zeroBytes(high | low)
  }

  /// 0x80 in each byte of `word` that is zero, 0 in the others.
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
    return ~((low7 &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
  }

  static func floatingPoint<T: JSONFloatingPoint>(
    _ text: UnsafeBufferPointer<UInt8>, as type: T.Type, at offset: Int
  ) throws(ReaderError) -> T {
    guard let parts = parts(text) else {
      throw ReaderError(.invalidNumber(string(text)), at: offset)
    }
    let value: T = nearest(parts, text)
    // Out of range: rounded to infinity, or to zero from digits that are not.
    guard value.isFinite, value != 0 || isZeroAsFoundationReadsIt(text) else {
      throw ReaderError(.numberOutOfRange(string(text), type: "\(T.self)"), at: offset)
    }
    return value
  }

  /// The `T` nearest to a valid number, infinity or zero when out of range
  /// (what `strtod` gives).
  @inline(__always)
  static func nearest<T: JSONFloatingPoint>(_ parts: Parts, _ text: UnsafeBufferPointer<UInt8>)
    -> T
  {
    if parts.digits == 0, !parts.truncated { return parts.negative ? -0.0 : 0.0 }
    if !parts.truncated {
      // Clinger's fast path.
      if parts.digits <= T.exactIntegerLimit, parts.exponent.magnitude <= T.exactPowerLimit {
        var value = T(parts.digits)
        let power = T(powersOfTen[Int(parts.exponent.magnitude)])
        value = parts.exponent < 0 ? value / power : value * power
        return parts.negative ? -value : value
      }
      if let (exponent, mantissa) = DecimalToBinary.convert(
        parts.digits, parts.exponent, T.binaryFormat)
      {
        return T(negative: parts.negative, biasedExponent: exponent, mantissa: mantissa)
      }
    }
    // More than 19 digits, or a case the method leaves open: the standard
    // library's parser (correctly rounded, as strtod).
    return T(string(text)) ?? .nan
  }

  /// Whether a number that reads as zero is written as zero, checked the
  /// way JSONDecoder checks it: bytes four at a time from the start, the
  /// last one to three bytes from the end backwards, stopping at the first
  /// non-zero digit (not zero) or exponent sign (zero). So a three-byte
  /// `0e5` counts as not zero there, and JSONDecoder rejects it as a
  /// double; this keeps the same answer.
  private static func isZeroAsFoundationReadsIt(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    func decide(_ byte: UInt8) -> Bool? {
      switch byte {
      case UInt8(ascii: "1")...UInt8(ascii: "9"): false
      case UInt8(ascii: "e"), UInt8(ascii: "E"): true
      default: nil
      }
    }
    var start = 0
    while text.count - start >= 4 {
      for offset in 0..<4 {
        if let answer = decide(text[start + offset]) { return answer }
      }
      start += 4
    }
    for offset in stride(from: text.count - start - 1, through: 0, by: -1) {
      if let answer = decide(text[start + offset]) { return answer }
    }
    return true
  }

  /// Powers of ten that are exact as doubles.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  // MARK: - Decimal

  static func decimal(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) throws(ReaderError)
    -> Decimal
  {
    guard parts(text) != nil else { throw ReaderError(.invalidNumber(string(text)), at: offset) }
    let written = string(text)
    guard let decimal = Decimal(string: written) else {
      throw ReaderError(.numberOutOfRange(written, type: "Decimal"), at: offset)
    }
    return decimal
  }

  static func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: text, as: UTF8.self)
  }
}
