import Foundation

/// A JSON document read with its objects' members in the order written and
/// its numbers as written: to check the key order of an output, and to
/// compare two outputs whatever their order.
indirect enum OrderedJSON: Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([OrderedJSON])
  case object([Member])

  struct Member: Equatable {
    var key: String
    var value: OrderedJSON
  }

  /// Reads `data`, a document JSONSerialization accepts; nil if it does not.
  init?(_ data: Data) {
    var reader = Reader(bytes: Array(data))
    guard let value = reader.value() else { return nil }
    reader.skipSpace()
    guard reader.index == reader.bytes.count else { return nil }
    self = value
  }

  /// The same value with every object's members sorted by key (UTF-8).
  var sorted: OrderedJSON {
    switch self {
    case .array(let values): .array(values.map(\.sorted))
    case .object(let members):
      .object(
        members.map { Member(key: $0.key, value: $0.value.sorted) }
          .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    default: self
    }
  }

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .number(let text): text
    case .string(let text): String(reflecting: text)
    case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      "{"
        + members.map { String(reflecting: $0.key) + ":" + $0.value.description }
        .joined(separator: ",") + "}"
    }
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() -> OrderedJSON? {
      skipSpace()
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "n"): return literal("null", .null)
      case UInt8(ascii: "t"): return literal("true", .bool(true))
      case UInt8(ascii: "f"): return literal("false", .bool(false))
      case UInt8(ascii: "\""): return string().map(OrderedJSON.string)
      case UInt8(ascii: "["):
        index += 1
        var values: [OrderedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(values)
        }
        while true {
          guard let element = value() else { return nil }
          values.append(element)
          skipSpace()
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
          } else {
            return nil
          }
        }
      case UInt8(ascii: "{"):
        index += 1
        var members: [Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard let key = string() else { return nil }
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
          index += 1
          guard let member = value() else { return nil }
          members.append(Member(key: key, value: member))
          skipSpace()
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
          } else {
            return nil
          }
        }
      default:
        let start = index
        while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
        return start < index ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
      }
    }

    mutating func literal(_ text: String, _ value: OrderedJSON) -> OrderedJSON? {
      let spelling = Array(text.utf8)
      guard index + spelling.count <= bytes.count,
        Array(bytes[index..<(index + spelling.count)]) == spelling
      else { return nil }
      index += spelling.count
      return value
    }

    /// A string token, unescaped by JSONSerialization.
    mutating func string() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      let start = index
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else { return nil }
      index += 1
      let token = Data(bytes[start..<index])
      return try? JSONSerialization.jsonObject(with: token, options: .fragmentsAllowed) as? String
    }
  }
}
