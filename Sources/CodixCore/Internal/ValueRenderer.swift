import Foundation

// The one way Codix writes a value as text: the `found` of an error report
// (short, one line) and the JSON a `DebugJSON` model prints (whole, indented).
// Both walk the document with the same code; only the limits differ:
//
//     found      {"id": 78893, "name": "Jerry", "tags": [1, 2, 3, …] (12 elements), …}
//     document   {
//                  "id": 78893,
//                  …every member, indented, keys sorted
//                }
//
// Rendering runs on the error path or when debugging was asked for, never on
// the happy path.

package enum ValueRenderer {
  /// How much of a value to write, and how.
  package struct Style: Sendable {
    /// Containers nested deeper than this are written `{…}` / `[…]`.
    let maxDepth: Int
    /// Members of an object or array written before `…`.
    let maxMembers: Int
    /// Characters of a string written before `…`.
    let stringLimit: Int
    /// Whether containers are written over several indented lines.
    let indented: Bool

    /// A report's `found`: two levels, three members, one line.
    package static let found = Style(maxDepth: 2, maxMembers: 3, stringLimit: 60, indented: false)
    /// A whole document for debugging: every member, indented, 32 levels.
    package static let document = Style(
      maxDepth: 32, maxMembers: .max, stringLimit: .max, indented: true)
  }

  /// The value at `cursor` in `style`.
  package static func render(at cursor: Cursor, _ style: Style) -> String {
    var text = ""
    write(cursor, depth: 0, style, into: &text)
    return text
  }

  /// A JSON-style quoted string, cut at `limit` characters.
  package static func quote(_ text: String, limit: Int = Style.found.stringLimit) -> String {
    var result = "\""
    var count = 0
    for character in text {
      if count == limit {
        result += "…"
        break
      }
      // By scalar: a "\r\n" is one Character but two escapes.
      for scalar in character.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
          result += String(format: "\\u%04x", scalar.value)
        default:
          result.unicodeScalars.append(scalar)
        }
      }
      count += 1
    }
    return result + "\""
  }

  /// Writes a Swift value that Codix holds (a decoded raw value) like JSON.
  package static func render(swiftValue value: Any) -> String {
    switch value {
    case let string as String: return quote(string)
    case let bool as Bool: return bool ? "true" : "false"
    case let date as Date: return quote(date.formatted(.iso8601))
    case let url as URL: return quote(url.absoluteString)
    case let date as RawDate:
      switch date {
      case .string(let text): return quote(text)
      case .number(let number): return "\(number)"
      }
    case let number as any BinaryInteger: return "\(number)"
    case let number as any BinaryFloatingPoint: return "\(number)"
    default:
      if let optional = value as? any AnyOptional {
        return optional.isNone ? "null" : render(swiftValue: optional.unwrappedAny)
      }
      let text = String(describing: value)
      let limit = Style.found.stringLimit
      return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
  }

  // MARK: - The walk

  private static func write(_ cursor: Cursor, depth: Int, _ style: Style, into text: inout String) {
    if let object = try? cursor.keyedContainer() {
      writeObject(object, depth: depth, style, into: &text)
    } else if var array = try? cursor.unkeyedContainer() {
      writeArray(&array, depth: depth, style, into: &text)
    } else {
      var cursor = cursor
      text += scalar(at: &cursor, style)
    }
  }

  private static func writeObject(
    _ object: KeyedDecodingContainer<CodixKey>, depth: Int, _ style: Style, into text: inout String
  ) {
    let keys = KeyOrder.sorted(object.allKeys.map(\.stringValue))
    if keys.isEmpty {
      text += "{}"
      return
    }
    if depth >= style.maxDepth {
      text += "{…}"
      return
    }
    text += style.indented ? "{\n" : "{"
    for (index, key) in keys.prefix(style.maxMembers).enumerated() {
      if index > 0 { text += style.indented ? ",\n" : ", " }
      text += indent(depth + 1, style)
      text += quote(key, limit: style.indented ? .max : 20) + ": "
      write(.keyed(object, CodixKey(key)), depth: depth + 1, style, into: &text)
    }
    if keys.count > style.maxMembers { text += ", …" }
    text += style.indented ? "\n" + indent(depth, style) + "}" : "}"
  }

  private static func writeArray(
    _ array: inout any UnkeyedDecodingContainer, depth: Int, _ style: Style,
    into text: inout String
  ) {
    let count = array.count
    if array.isAtEnd {
      text += "[]"
      return
    }
    if depth >= style.maxDepth {
      text += "[…]" + (count.map { " (\($0) elements)" } ?? "")
      return
    }
    text += style.indented ? "[\n" : "["
    var written = 0
    while !array.isAtEnd, written < style.maxMembers {
      let before = array.currentIndex
      if written > 0 { text += style.indented ? ",\n" : ", " }
      text += indent(depth + 1, style)
      // The cursor reads a copy of the container; the original then steps over.
      write(.element(array), depth: depth + 1, style, into: &text)
      _ = try? array.decode(SkippedValue.self)
      written += 1
      if array.currentIndex == before { break }  // a decoder that would not advance
    }
    if !array.isAtEnd { text += ", …" }
    text += style.indented ? "\n" + indent(depth, style) + "]" : "]"
    if let count, count > style.maxMembers { text += " (\(count) elements)" }
  }

  private static func scalar(at cursor: inout Cursor, _ style: Style) -> String {
    if cursor.isAbsent() { return "null" }
    if let bool = try? cursor.decode(Bool.self) { return bool ? "true" : "false" }
    if let int = try? cursor.decode(Int64.self) { return "\(int)" }
    if let int = try? cursor.decode(UInt64.self) { return "\(int)" }
    if let double = try? cursor.decode(Double.self) { return "\(double)" }
    if let string = try? cursor.decode(String.self) {
      return quote(string, limit: style.stringLimit)
    }
    if let decimal = try? cursor.decode(Decimal.self) { return "\(decimal)" }
    return "an unreadable value"
  }

  private static func indent(_ depth: Int, _ style: Style) -> String {
    style.indented ? String(repeating: "  ", count: depth) : ""
  }
}

/// A decodable that renders whatever value it is decoded from, as a report's `found`.
package struct FoundText: Decodable {
  package let text: String
  package init(from decoder: any Decoder) throws {
    text = ValueRenderer.render(at: .root(decoder), .found)
  }
}
