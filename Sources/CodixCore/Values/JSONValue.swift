import Foundation

/// Any JSON value, typed: for the parts of a payload whose shape is not known
/// in advance (heterogeneous arrays, metadata blobs, keys a model does not
/// declare).
///
/// `JSONValue` is `Codable`, so it works as a property type in both styles and
/// with any decoder:
///
/// ```swift
/// struct Event: Decodable {
///   let kind: String
///   let payload: JSONValue
///
///   init(from decoder: any Decoder) throws {
///     kind = try decoder.decode(at: "kind")
///     payload = try decoder.decode(at: "payload")
///   }
/// }
///
/// struct Message: Kodable {
///   @Coding var metadata: JSONValue
/// }
/// ```
///
/// Reading it back is by key, index or `Path`; each answers `nil` when
/// there is no such value:
///
/// ```swift
/// let value: JSONValue = ["user": ["name": "Ana", "tags": ["a", "b"]]]
/// value["user"]?["name"]?.stringValue   // "Ana"
/// value[path: "user.tags[-1]"]          // "b"
/// ```
///
/// Numbers keep what they are: an integer that fits in 64 bits is exact
/// (``int(_:)``, or ``uint(_:)`` above `Int64.max`), a larger one is a
/// ``decimal(_:)`` with every digit, anything else a ``double(_:)``. A number
/// written with a zero fraction (`1.0`) is the integer it equals. Objects do
/// not keep the order of their keys; encoding writes them back in any order.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer that fits in `Int64`.
  case int(Int64)
  /// An integer above `Int64.max` that fits in `UInt64`.
  case uint(UInt64)
  /// An integer too large for 64 bits, with every digit.
  case decimal(Decimal)
  /// Any other number: with a fraction (`1.5`), or too large for the cases
  /// above (`1e300`). An integral number that fits in `Int64` is `.int`,
  /// however it is written (`2.0` in a document or a literal is `.int(2)`),
  /// so a value is equal to itself read back.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])
}

// MARK: - Reading

extension JSONValue {
  /// The member at `key` of an object; `nil` for a missing key or a value
  /// that is not an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The element at `index` of an array (a negative index counts from the
  /// end: `-1` is the last); `nil` past either end or for a value that is not
  /// an array.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self else { return nil }
    let resolved = index < 0 ? elements.count + index : index
    return elements.indices.contains(resolved) ? elements[resolved] : nil
  }

  /// The value at `path` below this one, in Codix path syntax
  /// (`"user.tags[0]"`); `nil` when a step is missing or the path is not valid.
  ///
  /// A `[*]` collects the value at the rest of the path in every element of
  /// an array, `null` where it is missing: `value[path: "users[*].name"]`
  /// is an array of names.
  public subscript(path path: Path) -> JSONValue? {
    guard path.syntax == nil else { return nil }
    return value(at: path.components[...])
  }

  private func value(at components: ArraySlice<PathComponent>) -> JSONValue? {
    var value = self
    for (offset, component) in zip(components.indices, components) {
      switch component {
      case .key(let key):
        guard let member = value[key] else { return nil }
        value = member
      case .index(let index):
        guard let element = value[index] else { return nil }
        value = element
      case .wildcard:
        guard case .array(let elements) = value else { return nil }
        let rest = components[(offset + 1)...]
        return .array(elements.map { $0.value(at: rest) ?? .null })
      }
    }
    return value
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }

  /// The value of a `true` or `false`.
  public var boolValue: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// The text of a string.
  public var stringValue: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// An integer number that fits in `Int`.
  public var intValue: Int? {
    switch self {
    case .int(let value): return Int(exactly: value)
    case .uint(let value): return Int(exactly: value)
    default: return nil
    }
  }

  /// Any number, as a `Double` (as close as a `Double` can be).
  public var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .uint(let value): return Double(value)
    case .decimal(let value): return NSDecimalNumber(decimal: value).doubleValue
    case .double(let value): return value
    default: return nil
    }
  }

  /// The elements of an array.
  public var arrayValue: [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The members of an object.
  public var objectValue: [String: JSONValue]? {
    guard case .object(let members) = self else { return nil }
    return members
  }

  /// Decodes a `T` from this value, as if it were the JSON document.
  ///
  /// ```swift
  /// for item in items where item["type"] == "song" {
  ///   let song = try item.decode(Song.self)
  /// }
  /// ```
  ///
  /// - Throws: A ``CodixError`` located in this value, as decoding the
  ///   document would throw it.
  public func decode<T: Decodable>(
    _ type: T.Type = T.self, using decoder: JSONDecoder = JSONDecoder()
  ) throws -> T {
    let data: Data
    do {
      data = try JSONEncoder().encode(self)
    } catch {
      throw CodixError(
        .dataCorrupted, at: .root, expected: "a value JSON can hold",
        found: ValueRenderer.render(swiftValue: self))
    }
    return try decoder.decode(type, from: data, at: .root)
  }
}

// MARK: - Codable

extension JSONValue: Codable {
  /// Reads any JSON value.
  ///
  /// - Throws: A ``CodixError`` when the decoder holds something JSON cannot
  ///   (another format's dates or data, for instance).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // Each failed try is an error value the decoder builds (with its coding
    // path): the commonest kinds go first.
    if container.decodeNil() {
      self = .null
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let int = try? container.decode(Int64.self) {
      self = .int(int)
    } else if (try? decoder.container(keyedBy: CodixKey.self)) != nil {
      // An object: a member that fails is reported at its own path.
      self = .object(try container.decode([String: JSONValue].self))
    } else if (try? decoder.unkeyedContainer()) != nil {
      self = .array(try container.decode([JSONValue].self))
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else {
      let double: Double
      do {
        double = try container.decode(Double.self)
      } catch {
        throw Self.failure(error, decoder: decoder)
      }
      // An integer beyond `Int64`: read again, exactly.
      if double.rounded() == double, abs(double) >= 0x1p63 {
        if let uint = try? container.decode(UInt64.self) {
          self = .uint(uint)
        } else if let decimal = try? container.decode(Decimal.self) {
          self = .decimal(decimal)
        } else {
          self = .double(double)
        }
      } else {
        self = .double(double)
      }
    }
  }

  /// The error for a value that is none of the kinds, at its own path: a
  /// number out of range (`1e400`) says so and shows the number as written.
  private static func failure(_ error: any Error, decoder: any Decoder) -> CodixError {
    let path = Path(codingPath: decoder.codingPath)
    if let text = outOfRangeNumber(in: error) {
      return CodixError(
        .dataCorrupted, at: path,
        detail: .thrown("The number \(text) is out of range: no Swift number holds it."),
        expected: "a JSON value", found: text,
        underlyingError: error is ReaderError ? ReaderError.foundationError : error)
    }
    var codix = CodixError.wrap(error, at: path)
    codix.expected = "a JSON value"
    return codix
  }

  /// The number as written, when `error` is the native reader's for a
  /// number out of range. (`JSONDecoder`'s own error for it is not public,
  /// and is left as it is.)
  private static func outOfRangeNumber(in error: any Error) -> String? {
    if let reader = error as? ReaderError, case .numberOutOfRange(let text, _) = reader.problem {
      return text
    }
    return nil
  }

  /// Writes the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .uint(let value): try container.encode(value)
    case .decimal(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let elements): try container.encode(elements)
    case .object(let members): try container.encode(members)
    }
  }
}

// MARK: - Literals

// Not `ExpressibleByNilLiteral`: inside an optional, `value["x"] == nil`
// would then compare with `.null` instead of asking whether there is a value.
extension JSONValue: ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// An integer.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A number: `.int` when it is integral and fits in `Int64` (`2.0`), as a
  /// document's number is read, else `.double`.
  public init(floatLiteral value: Double) {
    self = Int64(exactly: value).map(JSONValue.int) ?? .double(value)
  }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object; a key written twice keeps its last value.
  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
  }
}

// MARK: - Text

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON, object keys sorted: `{"a":[1,2.5,null]}`.
  public var description: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .int(let value): text += String(value)
    case .uint(let value): text += String(value)
    case .decimal(let value): text += value.description
    case .double(let value): text += value.isFinite ? "\(value)" : "null"
    case .string(let value): text += ValueRenderer.quote(value, limit: .max)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in KeyOrder.sorted(members.keys).enumerated() {
        if index > 0 { text += "," }
        text += ValueRenderer.quote(key, limit: .max) + ":"
        members[key]?.write(into: &text)
      }
      text += "}"
    }
  }
}
