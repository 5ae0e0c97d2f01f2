import Foundation

// Converting a value's bytes, when it is read. Everything here checks what
// the scan only delimited (JSONScanner.swift) and accepts exactly what
// Foundation's JSONDecoder accepts when it reads the same value:
//
// - strings: escapes `\" \\ \/ \b \f \n \r \t \uXXXX` (a high surrogate
//   must be followed by an escaped low one), no unescaped byte below 0x20,
//   valid UTF-8;
// - numbers: the JSON grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`;
//   an integer type takes a number written with a fraction or an exponent
//   when it is exactly an integer of that type (`1.0`, `1e2`), through a
//   double below 2^53 and a decimal above; a floating-point type takes the
//   correctly rounded value, and rejects what overflows to infinity or
//   underflows to zero from a number that is not zero.

extension JSONDocument {
  // MARK: - Strings

  /// The string at `index`, which must be a string entry.
  func string(at index: Int) throws(ReaderError) -> String {
    let entry = entry(index)
    let start = entry.offset + 1
    let length = entry.isSaturated ? stringLength(from: start) : entry.length
    let content = bytes.slice(start, length)
    if !entry.has(JSONTape.Flag.escaped) {
      guard entry.has(JSONTape.Flag.unusual) else { return Self.asciiString(content) }
      return try checkedRaw(content, from: start, control: entry.has(JSONTape.Flag.control))
    }
    return try unescaped(
      content, from: start, unusual: entry.has(JSONTape.Flag.unusual),
      control: entry.has(JSONTape.Flag.control))
  }

  /// A string of bytes the scan found plain: ASCII, no control byte, no
  /// escape. Up to 15 bytes (most keys and short values), the standard
  /// library makes it in place and checks it is ASCII with one mask, where
  /// `String(decoding:as:)` runs its general UTF-8 check (up to 47
  /// instructions fewer a string, counted with callgrind); longer ones are
  /// faster through `String(decoding:as:)`.
  @inline(__always)
  static func asciiString(_ content: UnsafeBufferPointer<UInt8>) -> String {
    guard content.count <= 15 else { return String(decoding: content, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: content.count) { buffer in
      UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(content))
      return content.count
    }
  }

  /// The length of a string's contents from `start` when its entry could
  /// not hold it: up to the closing quote (the scan found it).
  private func stringLength(from start: Int) -> Int {
    var index = start
    while bytes[index] != UInt8(ascii: "\"") {
      index +=
        bytes[index] == UInt8(ascii: "\\") ? (bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2) : 1
    }
    return index - start
  }

  /// Whether the string at `index` has the bytes of `key` exactly, without
  /// escapes (the fast key comparison).
  @inline(__always)
  func stringEquals(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let entry = entry(index)
    guard entry.length == key.count, !entry.has(JSONTape.Flag.escaped), !entry.isSaturated else {
      return false
    }
    guard let base = key.baseAddress, key.count > 0 else { return true }
    let content = bytes.slice(entry.offset + 1, key.count)
    guard let start = content.baseAddress else { return false }
    return sameBytes(start, base, key.count)
  }

  /// An unescaped string with a byte below 0x20 or above 0x7F: checked
  /// (no control character, valid UTF-8) and made into a `String` in one
  /// pass of the standard library's validation where it is available. The
  /// scan noted whether it has a `control` byte, so a string without one is
  /// not searched for it.
  private func checkedRaw(
    _ content: UnsafeBufferPointer<UInt8>, from start: Int, control: Bool
  ) throws(ReaderError) -> String {
    if control, let index = content.firstIndex(where: { $0 < 0x20 }) {
      throw ReaderError(.controlCharacter(content[index]), at: start + index)
    }
    // The offset of a bad byte is looked for only when the check fails.
    if let text = Self.validString(content) { return text }
    throw ReaderError(.invalidUTF8, at: start + (UTF8Check.firstInvalid(content) ?? 0))
  }

  /// `bytes` as a `String` when they are valid UTF-8, checked in the one
  /// pass of the standard library's validation (it checks as UTF8Check
  /// does, RFC 3629). `String(decoding:as:)` replaces each ill-formed
  /// sequence with U+FFFD as it copies, so the copy has the very bytes it
  /// was given exactly when they are valid: no U+FFFD put in can stand
  /// where the same bytes were, since those bytes would be well-formed.
  /// (`String(validating:as:)` makes the same check, but looks up generic
  /// metadata at every call: about 320 instructions a string.)
  private static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var text = String(decoding: bytes, as: UTF8.self)
    let same = text.withUTF8 { copy in
      guard copy.count == bytes.count else { return false }
      guard let copied = copy.baseAddress, let given = bytes.baseAddress else { return true }
      return memcmp(copied, given, bytes.count) == 0
    }
    return same ? text : nil
  }

  /// Unescapes a string's contents. Without an `unusual` byte (none above
  /// 0x7F), the bytes written are ASCII and the UTF-8 of escaped scalars,
  /// which need no check; without a `control` byte, the runs between
  /// escapes are copied without a look at each byte.
  private func unescaped(
    _ content: UnsafeBufferPointer<UInt8>, from start: Int, unusual: Bool, control: Bool
  ) throws(ReaderError) -> String {
    // What an escape stands for is never longer than the escape (two bytes
    // for one, six for at most three, twelve for four), so the output fits
    // in the input's length; each write checks it anyway.
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) {
      (output) throws(ReaderError) -> String in
      let count = try unescape(content, from: start, control: control, into: output)
      let written = UnsafeBufferPointer(rebasing: output[0..<count])
      guard unusual else { return String(decoding: written, as: UTF8.self) }
      if let text = Self.validString(written) { return text }
      // The offset in the output is not one in the document: point at the string.
      throw ReaderError(.invalidUTF8, at: start - 1)
    }
  }

  /// Writes the unescaped `content` to `output`, and returns how many bytes.
  private func unescape(
    _ content: UnsafeBufferPointer<UInt8>, from start: Int, control: Bool,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) throws(ReaderError) -> Int {
    var written = 0
    var index = 0
    while index < content.count {
      // The run up to the next escape, copied at once.
      let run = index
      while index < content.count, content[index] != UInt8(ascii: "\\") { index += 1 }
      if index > run {
        if control, let bad = content[run..<index].firstIndex(where: { $0 < 0x20 }) {
          throw ReaderError(.controlCharacter(content[bad]), at: start + bad)
        }
        precondition(written + (index - run) <= output.count, "unescaped string too long")
        _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + (index - run)])
          .update(fromContentsOf: content[run..<index])
        written += index - run
      }
      guard index < content.count else { break }
      let escapeStart = index
      guard index + 1 < content.count else {
        throw ReaderError(.invalidEscape("\\"), at: start + index)
      }
      let escaped = content[index + 1]
      index += 2
      var byte = escaped
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): break
      case UInt8(ascii: "b"): byte = 0x08
      case UInt8(ascii: "f"): byte = 0x0C
      case UInt8(ascii: "n"): byte = 0x0A
      case UInt8(ascii: "r"): byte = 0x0D
      case UInt8(ascii: "t"): byte = 0x09
      case UInt8(ascii: "u"):
        guard let unit = hexQuad(content, at: index) else {
          throw ReaderError(
            .invalidEscape(text(content, escapeStart, min(6, content.count - escapeStart))),
            at: start + escapeStart)
        }
        index += 4
        var scalar = UInt32(unit)
        if (0xD800..<0xDC00).contains(unit) {
          // A high surrogate: an escaped low one must follow.
          guard index + 6 <= content.count, content[index] == UInt8(ascii: "\\"),
            content[index + 1] == UInt8(ascii: "u"),
            let low = hexQuad(content, at: index + 2), (0xDC00..<0xE000).contains(low)
          else {
            throw ReaderError(
              .invalidUnicode(text(content, escapeStart, 6)), at: start + escapeStart)
          }
          index += 6
          scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00..<0xE000).contains(unit) {
          throw ReaderError(
            .invalidUnicode(text(content, escapeStart, 6)), at: start + escapeStart)
        }
        // safe: surrogates were handled above, so the value is a scalar.
        UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { unit in
          precondition(written < output.count, "unescaped string too long")
          output[written] = unit
          written += 1
        }
        continue
      default:
        throw ReaderError(.invalidEscape(text(content, escapeStart, 2)), at: start + escapeStart)
      }
      precondition(written < output.count, "unescaped string too long")
      output[written] = byte
      written += 1
    }
    return written
  }

  private func hexQuad(_ content: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
    guard index + 4 <= content.count else { return nil }
    var value: UInt16 = 0
    for offset in 0..<4 {
      let byte = content[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  private func text(_ content: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> String {
    let end = min(content.count, start + max(0, length))
    return String(decoding: UnsafeBufferPointer(rebasing: content[start..<end]), as: UTF8.self)
  }

  // MARK: - Numbers

  /// The bytes of the number at `index`.
  @inline(__always)
  func numberBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let entry = entry(index)
    var length = entry.length
    if entry.isSaturated {
      length = 0
      while JSONNumberText.isNumberByte(bytes[entry.offset + length]) { length += 1 }
    }
    return bytes.slice(entry.offset, length)
  }

  /// The number at `index` as `T`.
  func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) throws(ReaderError) -> T {
    let entry = entry(index)
    let text = numberBytes(at: index)
    if !entry.has(JSONTape.Flag.nonInteger), let value = JSONNumberText.integer(text, as: T.self) {
      return value
    }
    return try JSONNumberText.integerSlowPath(text, as: T.self, at: entry.offset)
  }

  /// The number at `index` as `T`.
  func floatingPoint<T: JSONFloatingPoint>(at index: Int, as type: T.Type) throws(ReaderError) -> T
  {
    let entry = entry(index)
    return try JSONNumberText.floatingPoint(numberBytes(at: index), as: T.self, at: entry.offset)
  }

  /// The number at `index` as a `Decimal`.
  func decimal(at index: Int) throws(ReaderError) -> Decimal {
    let entry = entry(index)
    return try JSONNumberText.decimal(numberBytes(at: index), at: entry.offset)
  }
}

/// UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF).
enum UTF8Check {
  /// The offset of the first byte that does not start a valid sequence, or `nil`.
  static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      func continuation(_ offset: Int) -> Bool {
        index + offset < count && bytes[index + offset] & 0xC0 == 0x80
      }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) else { return index }
        index += 2
      case 0xE0...0xEF:
        guard continuation(1), continuation(2) else { return index }
        let second = bytes[index + 1]
        if lead == 0xE0 && second < 0xA0 { return index }  // overlong
        if lead == 0xED && second > 0x9F { return index }  // surrogate
        index += 3
      case 0xF0...0xF4:
        guard continuation(1), continuation(2), continuation(3) else { return index }
        let second = bytes[index + 1]
        if lead == 0xF0 && second < 0x90 { return index }  // overlong
        if lead == 0xF4 && second > 0x8F { return index }  // above U+10FFFF
        index += 4
      default:
        return index
      }
    }
    return nil
  }
}
