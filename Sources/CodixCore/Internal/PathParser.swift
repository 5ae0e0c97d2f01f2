// The path grammar, parsed in one pass over UTF-8 bytes.
//
//     path      := "" | step (separator? step)*        (a separator is optional before "[")
//     step      := key | "[" index "]" | "[" quoted "]" | "[*]"
//     key       := one or more characters other than separator, "[", "]"
//     index     := "-"? digit+                          (fits in Int)
//     quoted    := '"' (char | '\"' | '\\')* '"'        (a key taken verbatim)
//
// Worked example, `response.[0]users[-1]["my.user"]`:
//
//     response   key        -> .key("response")
//     .          separator  (must be followed by a step)
//     [0]        index      -> .index(0)
//     users      key        (a key may follow "]" directly)
//     [-1]       index      -> .index(-1)
//     ["my.user"] quoted    -> .key("my.user")
//
// Everything else is an error that names the offending character's position;
// nothing is guessed. A path made of one plain key (the common case, `"my_id"`)
// is stored without allocating an array.

@usableFromInline
enum PathParser {
  private static let openBracket = UInt8(ascii: "[")
  fileprivate static let star = UInt8(ascii: "*")
  private static let closeBracket = UInt8(ascii: "]")
  private static let dot = UInt8(ascii: ".")
  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let minus = UInt8(ascii: "-")
  private static let zero = UInt8(ascii: "0")
  private static let nine = UInt8(ascii: "9")

  /// Parses `text` with the default `.` separator, in one pass over its
  /// bytes: a plain key (`"my_id"`) and plain keys joined by dots
  /// (`"address.city"`), the common literals, are kept as the text (no copy,
  /// no array; dotted keys are split as they are walked). Anything else
  /// (brackets, quotes, empty keys) goes to the full parser. Inlinable so that
  /// a literal's scan can be folded where it is written.
  @inlinable
  static func parse(_ text: String) -> Path.Storage {
    if text.isEmpty { return .root }
    // 0: one plain key; 1: plain keys joined by dots; 2: anything else.
    let shape = text.utf8.withContiguousStorageIfAvailable { bytes -> UInt8 in
      var dots = false
      var quotes = false  // a key with a quote prints quoted: not kept as text
      var afterDot = true  // a key starting the text is as one after a dot
      for byte in bytes {
        // One test for the bytes keys are made of: lowercase letters, "_"
        // and anything past ASCII lie above "]", the last byte that matters.
        guard byte <= UInt8(ascii: "]") else {
          afterDot = false
          continue
        }
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"): return 2
        case UInt8(ascii: "."):
          if afterDot { return 2 }  // an empty key
          dots = true
          afterDot = true
        case UInt8(ascii: "\""):
          quotes = true
          afterDot = false
        default:
          afterDot = false
        }
      }
      if !dots { return 0 }
      return quotes || afterDot ? 2 : 1
    }
    switch shape {
    case 0: return .key(text)
    case 1: return .dotted(text)
    default: return parse(text, separator: ".")
    }
  }

  @usableFromInline
  static func parse(_ text: String, separator: Character) -> Path.Storage {
    if text.isEmpty { return .root }
    if separator == "[" || separator == "]" || separator == "\"" {
      return .invalid(
        PathSyntaxError(
          text: text, separator: separator, offset: 0,
          reason: "the separator cannot be `\(separator)`, which the path syntax uses"))
    }
    var text = text
    let separatorBytes = Array(separator.utf8)
    return text.withUTF8 { bytes in
      // Fast path: one plain key, no separator and no bracket.
      if !containsSpecial(bytes, separatorBytes) {
        return .key(String(decoding: bytes, as: UTF8.self))
      }
      var parser = Parser(bytes: bytes, separator: separatorBytes)
      do throws(Failure) {
        let components = try parser.parse()
        return components.contains(.wildcard) ? .spread(components) : .components(components)
      } catch {
        return .invalid(
          PathSyntaxError(
            text: String(decoding: bytes, as: UTF8.self), separator: separator,
            offset: characterOffset(ofByte: error.byteOffset, in: bytes),
            reason: error.reason))
      }
    }
  }

  private static func containsSpecial(
    _ bytes: UnsafeBufferPointer<UInt8>, _ separator: [UInt8]
  ) -> Bool {
    let first = separator[0]
    for i in bytes.indices {
      let byte = bytes[i]
      if byte == openBracket || byte == closeBracket { return true }
      if byte == first && matches(separator, in: bytes, at: i) { return true }
    }
    return false
  }

  private static func matches(
    _ separator: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at i: Int
  ) -> Bool {
    guard i + separator.count <= bytes.count else { return false }
    for j in separator.indices where bytes[i + j] != separator[j] { return false }
    return true
  }

  private static func characterOffset(ofByte byteOffset: Int, in bytes: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[..<byteOffset]), as: UTF8.self).count
  }

  private struct Failure: Error {
    let byteOffset: Int
    let reason: String
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let separator: [UInt8]
    var position = 0
    var components: [PathComponent] = []

    init(bytes: UnsafeBufferPointer<UInt8>, separator: [UInt8]) {
      self.bytes = bytes
      self.separator = separator
    }

    var separatorText: String { String(decoding: separator, as: UTF8.self) }

    mutating func parse() throws(Failure) -> [PathComponent] {
      if atSeparator {
        throw Failure(byteOffset: 0, reason: "a path cannot start with `\(separatorText)`")
      }
      while position < bytes.count {
        try parseStep()
        guard position < bytes.count else { break }
        if atSeparator {
          let separatorOffset = position
          position += separator.count
          if position == bytes.count {
            throw Failure(
              byteOffset: separatorOffset,
              reason: "a path cannot end with `\(separatorText)`")
          }
          if atSeparator {
            throw Failure(
              byteOffset: position, reason: "empty key between two `\(separatorText)`")
          }
        }
      }
      return components
    }

    var atSeparator: Bool { PathParser.matches(separator, in: bytes, at: position) }

    mutating func parseStep() throws(Failure) {
      let byte = bytes[position]
      if byte == PathParser.openBracket {
        try parseBracket()
      } else if byte == PathParser.closeBracket {
        throw Failure(byteOffset: position, reason: "`]` without a matching `[`")
      } else {
        parseKey()
      }
    }

    mutating func parseKey() {
      let start = position
      while position < bytes.count {
        let byte = bytes[position]
        if byte == PathParser.openBracket || byte == PathParser.closeBracket || atSeparator {
          break
        }
        position += 1
      }
      let key = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
      components.append(.key(key))
    }

    mutating func parseBracket() throws(Failure) {
      let open = position
      position += 1
      guard position < bytes.count else {
        throw Failure(byteOffset: open, reason: "`[` is never closed")
      }
      if bytes[position] == PathParser.quote {
        try parseQuotedKey(open: open)
        return
      }
      if bytes[position] == PathParser.star, position + 1 < bytes.count,
        bytes[position + 1] == PathParser.closeBracket
      {
        position += 2
        components.append(.wildcard)
        return
      }
      let start = position
      var negative = false
      if bytes[position] == PathParser.minus {
        negative = true
        position += 1
      }
      var value = 0
      var digits = 0
      while position < bytes.count,
        bytes[position] >= PathParser.zero, bytes[position] <= PathParser.nine
      {
        let digit = Int(bytes[position] - PathParser.zero)
        let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) =
          negative
          ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        if overflow1 || overflow2 {
          throw Failure(byteOffset: start, reason: "the index does not fit in an Int")
        }
        value = sum
        digits += 1
        position += 1
      }
      guard position < bytes.count else {
        throw Failure(byteOffset: open, reason: "`[` is never closed")
      }
      if digits == 0 {
        let reason =
          bytes[position] == PathParser.closeBracket && !negative
          ? "empty brackets: expected an index such as `[0]`"
          : "expected a digit, `-` or `\"` after `[`"
        throw Failure(byteOffset: position, reason: reason)
      }
      guard bytes[position] == PathParser.closeBracket else {
        throw Failure(byteOffset: position, reason: "expected a digit or `]` in an index")
      }
      position += 1
      components.append(.index(value))
    }

    mutating func parseQuotedKey(open: Int) throws(Failure) {
      position += 1  // the opening quote
      var key: [UInt8] = []
      while position < bytes.count {
        let byte = bytes[position]
        if byte == PathParser.backslash {
          guard position + 1 < bytes.count,
            bytes[position + 1] == PathParser.quote || bytes[position + 1] == PathParser.backslash
          else {
            throw Failure(
              byteOffset: position, reason: "only `\\\"` and `\\\\` may be escaped in a quoted key")
          }
          key.append(bytes[position + 1])
          position += 2
        } else if byte == PathParser.quote {
          position += 1
          guard position < bytes.count, bytes[position] == PathParser.closeBracket else {
            throw Failure(byteOffset: position, reason: "expected `]` after a quoted key")
          }
          position += 1
          components.append(.key(String(decoding: key, as: UTF8.self)))
          return
        } else {
          key.append(byte)
          position += 1
        }
      }
      throw Failure(byteOffset: open, reason: "a quoted key is never closed")
    }
  }
}
