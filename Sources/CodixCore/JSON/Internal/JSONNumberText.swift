import Foundation

/// The floating-point types a JSON number converts to: `Double` and `Float`,
/// each parsed directly (a `Float` is not a rounded `Double`).
protocol JSONFloatingPoint: BinaryFloatingPoint & LosslessStringConvertible {
  /// The largest integer below which every integer is exact.
  static var exactIntegerLimit: UInt64 { get }
  /// The largest power of ten that is exact.
  static var exactPowerLimit: Int { get }
}

extension Double: JSONFloatingPoint {
  static var exactIntegerLimit: UInt64 { 1 << 53 }
  static var exactPowerLimit: Int { 22 }
}

extension Float: JSONFloatingPoint {
  static var exactIntegerLimit: UInt64 { 1 << 24 }
  static var exactPowerLimit: Int { 10 }
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

  /// Whether `text` follows the JSON number grammar.
  static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    func digit(_ at: Int) -> Bool {
      at < count && text[at] >= UInt8(ascii: "0") && text[at] <= UInt8(ascii: "9")
    }
    if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
    guard digit(index) else { return false }
    if text[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while digit(index) { index += 1 }
    }
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      guard digit(index) else { return false }
      while digit(index) { index += 1 }
    }
    if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digit(index) else { return false }
      while digit(index) { index += 1 }
    }
    return index == count
  }

  // MARK: - Integers

  /// `text` as `T` when it is written as an integer that fits; `nil` to take
  /// the slow path (which also reports malformed text).
  @inline(__always)
  static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type)
    -> T?
  {
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

  /// A number not written as an integer of `T`'s range (`1.0`, `1e2`,
  /// `300` for `Int8`): exact through a double below 2^53, through a
  /// decimal above.
  static func integerSlowPath<T: FixedWidthInteger>(
    _ text: UnsafeBufferPointer<UInt8>, as type: T.Type, at offset: Int
  ) throws(ReaderError) -> T {
    guard isValid(text) else { throw ReaderError(.invalidNumber(string(text)), at: offset) }
    let written = string(text)
    if let double = Double(written), double.magnitude < Double(1 << 53) {
      guard let value = T(exactly: double) else {
        throw ReaderError(.numberOutOfRange(written, type: "\(T.self)"), at: offset)
      }
      return value
    }
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

  static func floatingPoint<T: JSONFloatingPoint>(
    _ text: UnsafeBufferPointer<UInt8>, as type: T.Type, at offset: Int
  ) throws(ReaderError) -> T {
    if let value = exactFloatingPoint(text, as: T.self) { return value }
    guard isValid(text) else { throw ReaderError(.invalidNumber(string(text)), at: offset) }
    let written = string(text)
    guard let value = T(written), value.isFinite, value != 0 || isZero(text) else {
      throw ReaderError(.numberOutOfRange(written, type: "\(T.self)"), at: offset)
    }
    return value
  }

  /// Powers of ten that are exact as doubles.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// `text` as `T` when its digits and its power of ten are both exact in
  /// `T`: one correctly rounded multiplication or division (Clinger's fast
  /// path). `nil` for anything else, including malformed text.
  @inline(__always)
  private static func exactFloatingPoint<T: JSONFloatingPoint>(
    _ text: UnsafeBufferPointer<UInt8>, as type: T.Type
  ) -> T? {
    var index = 0
    let count = text.count
    var negative = false
    if count > 0, text[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    guard index < count else { return nil }
    let firstDigit = index
    var mantissa: UInt64 = 0
    var significant = 0
    while index < count {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      if mantissa != 0 { significant += 1 }
      index += 1
    }
    let integerDigits = index - firstDigit
    guard integerDigits > 0, text[firstDigit] != UInt8(ascii: "0") || integerDigits == 1 else {
      return nil
    }
    var exponent = 0
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < count {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        if mantissa != 0 { significant += 1 }
        index += 1
      }
      guard index > fractionStart else { return nil }
      exponent = fractionStart - index
    }
    if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      var negativeExponent = false
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        negativeExponent = text[index] == UInt8(ascii: "-")
        index += 1
      }
      let exponentStart = index
      var written = 0
      while index < count {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10, written < 10_000 else { return nil }
        written = written * 10 + Int(digit)
        index += 1
      }
      guard index > exponentStart else { return nil }
      exponent += negativeExponent ? -written : written
    }
    guard index == count, significant <= 19, mantissa <= T.exactIntegerLimit else { return nil }
    var value = T(mantissa)
    if mantissa != 0 {
      guard exponent.magnitude <= T.exactPowerLimit else { return nil }
      let power = T(powersOfTen[Int(exponent.magnitude)])
      value = exponent < 0 ? value / power : value * power
    }
    return negative ? -value : value
  }

  /// Whether a valid number's digits before any exponent are all zero.
  private static func isZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text {
      switch byte {
      case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
      case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
      default: continue
      }
    }
    return true
  }

  // MARK: - Decimal

  static func decimal(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) throws(ReaderError)
    -> Decimal
  {
    guard isValid(text) else { throw ReaderError(.invalidNumber(string(text)), at: offset) }
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
