import Foundation

// Renders "what was found" for error reports. Runs only on the error path:
// the happy path never pays for it.

package enum FoundRenderer {
  /// Longest string shown before it is cut with `…`.
  static let stringLimit = 60

  /// A JSON-style quoted string, cut at `limit` characters.
  package static func quote(_ text: String, limit: Int = stringLimit) -> String {
    var result = "\""
    var count = 0
    for character in text {
      if count == limit {
        result += "…"
        break
      }
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if let ascii = character.asciiValue, ascii < 0x20 {
          result += String(format: "\\u%04x", ascii)
        } else {
          result.append(character)
        }
      }
      count += 1
    }
    return result + "\""
  }

  /// Renders a Swift value that Codix holds (a decoded raw value) like JSON.
  package static func render(swiftValue value: Any) -> String {
    switch value {
    case let string as String: return quote(string)
    case let bool as Bool: return bool ? "true" : "false"
    case let date as Date: return quote(date.formatted(.iso8601))
    case let url as URL: return quote(url.absoluteString)
    case let date as DateValue:
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
      return text.count > stringLimit ? String(text.prefix(stringLimit)) + "…" : text
    }
  }

  /// Renders the value a decoder is positioned at, reading at most a few
  /// levels and elements.
  package static func render(_ decoder: any Decoder) -> String {
    if let keyed = try? decoder.container(keyedBy: CodixKey.self) {
      return render(keyed, depth: 0)
    }
    if var unkeyed = try? decoder.unkeyedContainer() {
      return render(&unkeyed, depth: 0)
    }
    guard let single = try? decoder.singleValueContainer() else { return "a value" }
    return renderScalar(single)
  }

  private static let maxDepth = 2
  private static let maxElements = 3

  private static func renderScalar(_ single: any SingleValueDecodingContainer) -> String {
    if single.decodeNil() { return "null" }
    if let bool = try? single.decode(Bool.self) { return bool ? "true" : "false" }
    if let int = try? single.decode(Int64.self) { return "\(int)" }
    if let int = try? single.decode(UInt64.self) { return "\(int)" }
    if let double = try? single.decode(Double.self) { return "\(double)" }
    if let string = try? single.decode(String.self) { return quote(string) }
    if let decimal = try? single.decode(Decimal.self) { return "\(decimal)" }
    return "an unreadable value"
  }

  private static func render(_ keyed: KeyedDecodingContainer<CodixKey>, depth: Int) -> String {
    let keys = keyed.allKeys.map(\.stringValue).sorted()
    if keys.isEmpty { return "{}" }
    if depth >= maxDepth { return "{…}" }
    var parts: [String] = []
    for key in keys.prefix(maxElements) {
      parts.append(
        quote(key, limit: 20) + ": " + renderMember(keyed, CodixKey(key), depth: depth + 1))
    }
    if keys.count > maxElements { parts.append("…") }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  private static func renderMember(
    _ keyed: KeyedDecodingContainer<CodixKey>, _ key: CodixKey, depth: Int
  ) -> String {
    if let nested = try? keyed.nestedContainer(keyedBy: CodixKey.self, forKey: key) {
      return render(nested, depth: depth)
    }
    if var nested = try? keyed.nestedUnkeyedContainer(forKey: key) {
      return render(&nested, depth: depth)
    }
    if let decoder = try? keyed.superDecoder(forKey: key),
      let single = try? decoder.singleValueContainer()
    {
      return renderScalar(single)
    }
    return "a value"
  }

  private static func render(_ unkeyed: inout any UnkeyedDecodingContainer, depth: Int) -> String {
    let count = unkeyed.count
    if count == 0 { return "[]" }
    if depth >= maxDepth { return "[…]" + (count.map { " (\($0) elements)" } ?? "") }
    var parts: [String] = []
    while !unkeyed.isAtEnd, parts.count < maxElements {
      let before = unkeyed.currentIndex
      if let probe = try? unkeyed.decode(ElementProbe.self) {
        parts.append(probe.text)
      }
      if unkeyed.currentIndex == before { break }  // a decoder that would not advance
    }
    if !unkeyed.isAtEnd { parts.append("…") }
    var text = "[" + parts.joined(separator: ", ") + "]"
    if let count, count > maxElements { text += " (\(count) elements)" }
    return text
  }

  /// Renders one array element from inside its own decoder.
  private struct ElementProbe: Decodable {
    let text: String
    init(from decoder: any Decoder) throws {
      if let keyed = try? decoder.container(keyedBy: CodixKey.self) {
        text = keyed.allKeys.isEmpty ? "{}" : "{…}"
      } else if let unkeyed = try? decoder.unkeyedContainer() {
        text = unkeyed.count == 0 ? "[]" : "[…]"
      } else if let single = try? decoder.singleValueContainer() {
        text = FoundRenderer.renderScalar(single)
      } else {
        text = "a value"
      }
    }
  }
}

/// A decodable that renders whatever value it is decoded from.
package struct FoundProbe: Decodable {
  package let text: String
  package init(from decoder: any Decoder) throws {
    text = FoundRenderer.render(decoder)
  }
}
