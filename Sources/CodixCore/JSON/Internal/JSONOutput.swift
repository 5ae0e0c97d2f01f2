import Foundation

// The bytes the writer produces, and how each scalar is spelled in them.
//
// Every scalar is written as JSONEncoder writes it (swift-foundation's
// JSONWriter and JSONEncoder): integers in decimal; a Float or a Double as
// its `description` without a trailing ".0" (`1e-07`, `1e+21`, `0.1`, `-0`,
// `100`); strings with `"`, `\`, `/` (unless told not to) and the control
// characters escaped (`\b \f \n \r \t`, the others as `\u00XX` in lowercase
// hexadecimal), every other byte of the UTF-8 as it is; Data's Base64 with
// its `/` escaped the same way.
//
// The storage is one growing allocation. Every write first makes room for
// what it writes (`reserve`), and the one way to write through a pointer,
// `write(maximum:_:)`, checks that the writer stayed inside the room it
// asked for.

/// A growing byte buffer with JSON's spellings of scalars.
final class JSONOutput {
  // Unchecked exclusivity: these are written only by this class's own
  // methods, none of which holds an access across a call that reaches them,
  // and an output belongs to one encode on one thread (see the table of
  // unsafe constructs in Docs/Architecture.md).

  /// The number of bytes written.
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
  /// Whether `/` is written as `\/` (JSONEncoder's default).
  @exclusivity(unchecked) private(set) var escapesSlashes: Bool

  init(capacity: Int = 4096, escapesSlashes: Bool) {
    self.capacity = max(64, capacity)
    base = .allocate(capacity: self.capacity)
    self.escapesSlashes = escapesSlashes
  }

  deinit {
    base.deallocate()
  }

  /// Forgets every byte, keeping the allocation, for another document.
  func reset(escapesSlashes: Bool) {
    count = 0
    self.escapesSlashes = escapesSlashes
  }

  /// The allocation's size, for a caller deciding whether to keep it.
  var reservedCapacity: Int { capacity }

  // MARK: Room

  /// Makes room for `extra` more bytes.
  @inline(__always)
  func reserve(_ extra: Int) {
    if capacity - count < extra { grow(extra) }
  }

  private func grow(_ extra: Int) {
    var larger = capacity * 2
    while larger - count < extra { larger *= 2 }
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    storage.moveInitialize(from: base, count: count)
    base.deallocate()
    base = storage
    capacity = larger
  }

  /// Writes at most `maximum` bytes at the end through `body`, which
  /// returns how many it wrote.
  @inline(__always)
  func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    reserve(maximum)
    let written = body(base + count)
    // safe: each caller's maximum is the widest text of its kind, whatever
    // the value: 20 bytes for a 64-bit integer with its sign, 19 for a
    // padded chunk of a 128-bit one, 32 for a Double's or Float's shortest
    // form (at most 24), 6 for a `\u00XX` escape, 8 per 3 bytes (+ 2) for
    // Base64 with every `/` escaped. The writer tests write the extremes
    // (`Int64.min`, `UInt64.max`, `Int128.min`, subnormals, `-0.0`).
    precondition(written >= 0 && written <= maximum, "wrote past the room it reserved")
    count += written
  }

  // MARK: Bytes

  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ first: UInt8, _ second: UInt8) {
    reserve(2)
    base[count] = first
    base[count + 1] = second
    count += 2
  }

  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  @inline(__always)
  func append(_ text: StaticString) {
    text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `count` copies of `byte`.
  func append(repeating byte: UInt8, count times: Int) {
    guard times > 0 else { return }
    reserve(times)
    (base + count).initialize(repeating: byte, count: times)
    count += times
  }

  /// Calls `body` with the written bytes at `range`.
  func withBytes<R>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows
    -> R
  {
    // safe: the ranges are the whole output, or the key bytes of members
    // the writer recorded; every truncation forgets the records of the
    // members it removes with them (`rollBack`, `discardTop`), and sorting
    // an object writes the same number of bytes back.
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "no such bytes")
    return try body(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  /// Forgets every byte from `index` on.
  func truncate(to index: Int) {
    // safe: only written bytes are forgotten.
    precondition(index >= 0 && index <= count, "no such byte")
    count = index
  }

  /// A copy of the bytes from `start` on, in a new array.
  func bytes(from start: Int = 0) -> [UInt8] {
    withBytes(in: start..<count) { Array($0) }
  }

  /// The bytes, in a new `Data`.
  func data() -> Data {
    Data(bytes: base, count: count)
  }

  // MARK: Literals

  @inline(__always)
  func appendNull() {
    reserve(4)
    base[count] = UInt8(ascii: "n")
    base[count + 1] = UInt8(ascii: "u")
    base[count + 2] = UInt8(ascii: "l")
    base[count + 3] = UInt8(ascii: "l")
    count += 4
  }

  @inline(__always)
  func append(_ value: Bool) {
    if value { append("true") } else { append("false") }
  }

  // MARK: Integers

  @inline(__always)
  func append(_ value: Int64) {
    write(maximum: 20) { pointer in
      if value < 0 {
        pointer[0] = UInt8(ascii: "-")
        return 1 + Self.writeDigits(value.magnitude, to: pointer + 1)
      }
      return Self.writeDigits(UInt64(value), to: pointer)
    }
  }

  @inline(__always)
  func append(_ value: UInt64) {
    write(maximum: 20) { Self.writeDigits(value, to: $0) }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func appendWide(_ value: Int128) {
    let magnitude = value.magnitude
    appendWide(
      magnitude: (
        UInt64(truncatingIfNeeded: magnitude >> 64), UInt64(truncatingIfNeeded: magnitude)
      ),
      negative: value < 0)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func appendWide(_ value: UInt128) {
    appendWide(
      magnitude: (UInt64(truncatingIfNeeded: value >> 64), UInt64(truncatingIfNeeded: value)),
      negative: false)
  }

  /// A 128-bit integer, as `description` spells it.
  func appendWide(magnitude: (high: UInt64, low: UInt64), negative: Bool) {
    // Split into chunks of 19 digits, lowest first.
    var high = magnitude.high
    var low = magnitude.low
    var chunks: [UInt64] = []
    let chunk: UInt64 = 10_000_000_000_000_000_000
    while high != 0 {
      // (high, low) / chunk, one 64-bit limb at a time.
      let quotientHigh = high / chunk
      let (quotientLow, remainder) = chunk.dividingFullWidth((high % chunk, low))
      chunks.append(remainder)
      high = quotientHigh
      low = quotientLow
    }
    chunks.append(low)
    if negative { append(UInt8(ascii: "-")) }
    append(chunks.removeLast())
    for part in chunks.reversed() {
      write(maximum: 19) { pointer in
        let length = Self.writeDigits(part, to: pointer + 19 - Self.digitCount(part))
        let zeros = 19 - length
        pointer.initialize(repeating: UInt8(ascii: "0"), count: zeros)
        return 19
      }
    }
  }

  /// The number of decimal digits of `value` (1 for 0).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    var count = 1
    var rest = value
    while rest >= 10_000 {
      rest /= 10_000
      count += 4
    }
    if rest >= 10 { count += 1 }
    if rest >= 100 { count += 1 }
    if rest >= 1000 { count += 1 }
    return count
  }

  /// Writes the decimal digits of `value` at `pointer`; returns how many.
  @inline(__always)
  static func writeDigits(_ value: UInt64, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
    let length = digitCount(value)
    writeDigits(value, length: length, to: pointer)
    return length
  }

  /// Writes the `length` last decimal digits of `value` at `pointer`.
  @inline(__always)
  static func writeDigits(_ value: UInt64, length: Int, to pointer: UnsafeMutablePointer<UInt8>) {
    var rest = value
    var position = length
    while position >= 2 {
      let pair = UInt8(truncatingIfNeeded: rest % 100)
      rest /= 100
      position -= 2
      pointer[position] = UInt8(ascii: "0") &+ pair / 10
      pointer[position + 1] = UInt8(ascii: "0") &+ pair % 10
    }
    if position == 1 {
      pointer[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
    }
  }

  // MARK: Floating point

  /// A finite Double, as JSONEncoder spells it.
  @inline(__always)
  func append(_ value: Double) {
    let bits = value.bitPattern
    let exponent = Int((bits >> 52) & 0x7FF)
    let mantissa = bits & ((1 << 52) - 1)
    // `description` switches to exponents above 2^53.
    let forced = exponent > 1076 || (exponent == 1076 && mantissa != 0)
    appendFloatingPoint(
      value == 0 ? nil : ShortestDigits.of(value), negative: bits >> 63 != 0,
      forcesExponent: forced)
  }

  /// A finite Float, as JSONEncoder spells it.
  @inline(__always)
  func append(_ value: Float) {
    let bits = value.bitPattern
    let exponent = Int((bits >> 23) & 0xFF)
    let mantissa = bits & ((1 << 23) - 1)
    // `description` switches to exponents above 2^24.
    let forced = exponent > 151 || (exponent == 151 && mantissa != 0)
    appendFloatingPoint(
      value == 0 ? nil : ShortestDigits.of(value), negative: bits >> 31 != 0,
      forcesExponent: forced)
  }

  /// A Double, or for infinity and NaN the string `strategy` gives them
  /// (`.throw` has been dealt with: then `null`).
  @inline(__always)
  func appendNumber(
    _ value: Double, strategy: JSONEncoder.NonConformingFloatEncodingStrategy
  ) {
    if value.isFinite { append(value) } else { appendNonConforming(value, strategy) }
  }

  /// A Float, as `appendNumber` writes a Double.
  @inline(__always)
  func appendNumber(
    _ value: Float, strategy: JSONEncoder.NonConformingFloatEncodingStrategy
  ) {
    if value.isFinite { append(value) } else { appendNonConforming(value, strategy) }
  }

  private func appendNonConforming<F: FloatingPoint>(
    _ value: F, _ strategy: JSONEncoder.NonConformingFloatEncodingStrategy
  ) {
    guard case .convertToString(let positive, let negative, let nan) = strategy else {
      appendNull()
      return
    }
    append(string: value == .infinity ? positive : value == -.infinity ? negative : nan)
  }

  /// Spells `decimal` (nil for zero) as `description` does, without its
  /// trailing ".0": an exponent below 10^-4 or when `forcesExponent`,
  /// `1.5e-07`, `1e+21`, `2.5e+300`; else `0.00015`, `123.45`, `1200`.
  private func appendFloatingPoint(
    _ decimal: ShortestDecimal?, negative: Bool, forcesExponent: Bool
  ) {
    write(maximum: 32) { start in
      var pointer = start
      if negative {
        pointer[0] = UInt8(ascii: "-")
        pointer += 1
      }
      guard let decimal else {
        pointer[0] = UInt8(ascii: "0")
        return pointer + 1 - start
      }
      let length = Self.digitCount(decimal.digits)
      let exponent = decimal.exponent + length - 1  // of the first digit
      if exponent < -4 || forcesExponent {
        // d.ddde±XX: the digits one place right, the first moved back.
        Self.writeDigits(decimal.digits, length: length, to: pointer + 1)
        pointer[0] = pointer[1]
        if length > 1 {
          pointer[1] = UInt8(ascii: ".")
          pointer += length + 1
        } else {
          pointer += 1
        }
        pointer[0] = UInt8(ascii: "e")
        pointer[1] = exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        let magnitude = UInt64(exponent.magnitude)
        let width = magnitude >= 100 ? 3 : 2
        Self.writeDigits(magnitude, length: width, to: pointer + 2)
        return pointer + 2 + width - start
      }
      if exponent < 0 {
        // 0.000ddd
        let zeros = -exponent - 1
        pointer[0] = UInt8(ascii: "0")
        pointer[1] = UInt8(ascii: ".")
        (pointer + 2).initialize(repeating: UInt8(ascii: "0"), count: zeros)
        Self.writeDigits(decimal.digits, length: length, to: pointer + 2 + zeros)
        return pointer + 2 + zeros + length - start
      }
      if exponent + 1 < length {
        // ddd.ddd: the digits one place right, the whole part moved back.
        Self.writeDigits(decimal.digits, length: length, to: pointer + 1)
        for index in 0...exponent { pointer[index] = pointer[index + 1] }
        pointer[exponent + 1] = UInt8(ascii: ".")
        return pointer + length + 1 - start
      }
      // dddd00: `description`'s "dddd00.0" without its ".0".
      Self.writeDigits(decimal.digits, length: length, to: pointer)
      let zeros = exponent + 1 - length
      (pointer + length).initialize(repeating: UInt8(ascii: "0"), count: zeros)
      return pointer + length + zeros - start
    }
  }

  // MARK: Strings

  /// `text` as a JSON string, quotes included.
  @inline(__always)
  func append(string text: String) {
    var text = text
    text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
  }

  /// The UTF-8 bytes `utf8` as a JSON string, quotes included.
  func appendQuoted(_ utf8: UnsafeRawBufferPointer) {
    reserve(utf8.count + 2)
    base[count] = UInt8(ascii: "\"")
    count += 1
    appendEscaped(utf8)
    append(UInt8(ascii: "\""))
  }

  /// The UTF-8 bytes `utf8`, escaped as inside a JSON string.
  func appendEscaped(_ utf8: UnsafeRawBufferPointer) {
    let total = utf8.count
    var clean = 0  // the start of the bytes not written yet
    var index = 0
    while index < total {
      // Eight bytes at a time while none needs an escape.
      if index + 8 <= total {
        let word = utf8.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if !Self.mayNeedEscape(word, slashes: escapesSlashes) {
          index += 8
          continue
        }
      }
      let byte = utf8[index]
      guard Self.needsEscape(byte, slashes: escapesSlashes) else {
        index += 1
        continue
      }
      append(UnsafeRawBufferPointer(rebasing: utf8[clean..<index]))
      appendEscape(of: byte)
      index += 1
      clean = index
    }
    append(UnsafeRawBufferPointer(rebasing: utf8[clean..<total]))
  }

  /// `text` as a JSON string, quotes included, and what its bytes hold.
  @inline(__always)
  func append(key text: String) -> (escaped: Bool, nonASCII: Bool) {
    var text = text
    return text.withUTF8 { utf8 in
      let bytes = UnsafeRawBufferPointer(utf8)
      var any: UInt64 = 0
      var index = 0
      var escaped = false
      while index + 8 <= bytes.count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        any |= word
        escaped = escaped || Self.mayNeedEscape(word, slashes: escapesSlashes)
        index += 8
      }
      while index < bytes.count {
        let byte = bytes[index]
        any |= UInt64(byte)
        escaped = escaped || Self.needsEscape(byte, slashes: escapesSlashes)
        index += 1
      }
      if escaped {
        appendQuoted(bytes)
      } else {
        reserve(bytes.count + 2)
        base[count] = UInt8(ascii: "\"")
        if let source = bytes.baseAddress {
          UnsafeMutableRawPointer(base + count + 1).copyMemory(
            from: source, byteCount: bytes.count)
        }
        base[count + 1 + bytes.count] = UInt8(ascii: "\"")
        count += bytes.count + 2
      }
      return (escaped, any & 0x8080_8080_8080_8080 != 0)
    }
  }

  /// Whether `byte` is written escaped.
  @inline(__always)
  static func needsEscape(_ byte: UInt8, slashes: Bool) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      || (slashes && byte == UInt8(ascii: "/"))
  }

  /// Whether one of the eight bytes of `word` may need an escape (never
  /// false when one does).
  @inline(__always)
  static func mayNeedEscape(_ word: UInt64, slashes: Bool) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte below 0x20, or a zero byte after an exclusive or.
    var found = (word &- ones &* 0x20) & ~word & highs
    let quote = word ^ (ones &* 0x22)
    found |= (quote &- ones) & ~quote & highs
    let backslash = word ^ (ones &* 0x5C)
    found |= (backslash &- ones) & ~backslash & highs
    if slashes {
      let slash = word ^ (ones &* 0x2F)
      found |= (slash &- ones) & ~slash & highs
    }
    return found != 0
  }

  private func appendEscape(of byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): append(UInt8(ascii: "\\"), UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): append(UInt8(ascii: "\\"), UInt8(ascii: "/"))
    case 0x08: append(UInt8(ascii: "\\"), UInt8(ascii: "b"))
    case 0x0C: append(UInt8(ascii: "\\"), UInt8(ascii: "f"))
    case 0x0A: append(UInt8(ascii: "\\"), UInt8(ascii: "n"))
    case 0x0D: append(UInt8(ascii: "\\"), UInt8(ascii: "r"))
    case 0x09: append(UInt8(ascii: "\\"), UInt8(ascii: "t"))
    default:
      let hex = Self.hexDigits
      write(maximum: 6) { pointer in
        pointer[0] = UInt8(ascii: "\\")
        pointer[1] = UInt8(ascii: "u")
        pointer[2] = UInt8(ascii: "0")
        pointer[3] = UInt8(ascii: "0")
        pointer[4] = hex[Int(byte >> 4)]
        pointer[5] = hex[Int(byte & 0xF)]
        return 6
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  // MARK: Base64

  /// `bytes` in Base64 (RFC 4648, with padding, no line breaks), as a JSON
  /// string: `Data.base64EncodedString()` as JSONEncoder writes it.
  func appendBase64(_ bytes: UnsafeRawBufferPointer) {
    let alphabet = Self.base64Alphabet
    let slash = escapesSlashes
    // Four characters per three bytes, each possibly escaped (`\/`).
    let room = 2 + (bytes.count + 2) / 3 * 8
    write(maximum: room) { start in
      var pointer = start
      @inline(__always) func put(_ index: UInt32) {
        let character = alphabet[Int(index & 63)]
        if slash && character == UInt8(ascii: "/") {
          pointer[0] = UInt8(ascii: "\\")
          pointer += 1
        }
        pointer[0] = character
        pointer += 1
      }
      pointer[0] = UInt8(ascii: "\"")
      pointer += 1
      var index = 0
      while index + 3 <= bytes.count {
        let group =
          UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        put(group >> 18)
        put(group >> 12)
        put(group >> 6)
        put(group)
        index += 3
      }
      let rest = bytes.count - index
      if rest > 0 {
        let group =
          UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
        put(group >> 18)
        put(group >> 12)
        if rest == 2 {
          put(group >> 6)
        } else {
          pointer[0] = UInt8(ascii: "=")
          pointer += 1
        }
        pointer[0] = UInt8(ascii: "=")
        pointer += 1
      }
      pointer[0] = UInt8(ascii: "\"")
      return pointer + 1 - start
    }
  }

  private static let base64Alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
