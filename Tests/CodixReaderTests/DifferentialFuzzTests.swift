import CodixCore
import CodixTestSupport
import Foundation
import Testing

// Random documents decoded with JSONDecoder and CodixJSONDecoder: the same
// value, or the same error case at the same coding path. Half the cases
// decode a fixed family of models (every scalar type, optionals, nested
// models, arrays, dictionaries keyed by strings and integers, dates, data,
// URLs) under random date, data and key strategies; the other half decode
// `Dynamic`, which reads keyed, unkeyed and single-value containers in the
// order a random schema (passed in `userInfo`) dictates. Documents mostly
// fit and sometimes do not: wrong types, nulls, missing and extra keys,
// numbers out of range. 10,000 cases by default (CODIX_FUZZ_COUNT sets
// the count); a failure names the document.

// MARK: - Shapes and documents

/// The scalar kinds a document holds and models read.
enum Scalar: CaseIterable, Sendable {
  case bool, string, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
  case float, double, decimal, date, data, url

  /// The range of an integer kind.
  var bounds: (min: Decimal, max: Decimal)? {
    switch self {
    case .int, .int64: (Decimal(Int64.min), Decimal(Int64.max))
    case .int8: (Decimal(Int8.min), Decimal(Int8.max))
    case .int16: (Decimal(Int16.min), Decimal(Int16.max))
    case .int32: (Decimal(Int32.min), Decimal(Int32.max))
    case .uint, .uint64: (0, Decimal(UInt64.max))
    case .uint8: (0, Decimal(UInt8.max))
    case .uint16: (0, Decimal(UInt16.max))
    case .uint32: (0, Decimal(UInt32.max))
    default: nil
    }
  }
}

/// The JSON a model expects.
indirect enum Shape: Sendable {
  case scalar(Scalar)
  case optional(Shape)
  case array(Shape)
  case stringDictionary(Shape)
  case intDictionary(Shape)
  case object([(key: String, shape: Shape)])
}

/// The options of one case.
struct Strategies: Sendable {
  enum Dates: CaseIterable { case deferred, seconds, milliseconds, iso8601, custom }
  enum Datas: CaseIterable { case deferred, base64, custom }
  enum Keys: CaseIterable { case useDefault, snakeCase, custom }

  var dates: Dates
  var datas: Datas
  var keys: Keys

  func configure(_ decoder: JSONDecoder) {
    switch dates {
    case .deferred: decoder.dateDecodingStrategy = .deferredToDate
    case .seconds: decoder.dateDecodingStrategy = .secondsSince1970
    case .milliseconds: decoder.dateDecodingStrategy = .millisecondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .custom:
      decoder.dateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
          return Date(timeIntervalSince1970: seconds)
        }
        let text = try container.decode(String.self)
        guard !text.isEmpty else {
          throw DecodingError.dataCorruptedError(in: container, debugDescription: "empty")
        }
        return Date(timeIntervalSince1970: Double(text.utf8.count))
      }
    }
    switch datas {
    case .deferred: decoder.dataDecodingStrategy = .deferredToData
    case .base64: decoder.dataDecodingStrategy = .base64
    case .custom:
      decoder.dataDecodingStrategy = .custom { decoder in
        Data(try decoder.singleValueContainer().decode(String.self).utf8)
      }
    }
    switch keys {
    case .useDefault: decoder.keyDecodingStrategy = .useDefaultKeys
    case .snakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    case .custom:
      decoder.keyDecodingStrategy = .custom { path in
        let key = path.last?.stringValue ?? ""
        return AnyKey(key.hasPrefix("x-") ? String(key.dropFirst(2)) : key)
      }
    }
  }
}

/// Writes random documents for a shape: mostly fitting, sometimes not.
struct DocumentWriter {
  var random: SplitMix64
  var strategies: Strategies
  /// The chance, per value, of a value that does not fit.
  var deviation = 0.04

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }

  /// The document's spelling of a model's key under the key strategy
  /// (now and then another spelling, which the model will not find).
  mutating func spelling(of key: String, deviating allowed: Bool = true) -> String {
    guard allowed else { return spelled(key) }
    switch strategies.keys {
    case .useDefault: return chance(0.02) ? key.uppercased() : key
    case .snakeCase: return chance(0.1) ? key : spelled(key)
    case .custom: return chance(0.05) ? key : spelled(key)
    }
  }

  /// The spelling the key strategy turns into `key`.
  func spelled(_ key: String) -> String {
    switch strategies.keys {
    case .useDefault: return key
    case .snakeCase:
      var snake = ""
      for character in key {
        if character.isUppercase, !snake.isEmpty { snake += "_" }
        snake += character.lowercased()
      }
      return snake
    case .custom: return "x-" + key
    }
  }

  mutating func write(_ shape: Shape, deviating allowed: Bool = true) -> String {
    if allowed, chance(deviation) { return deviant() }
    switch shape {
    case .scalar(let scalar): return write(scalar, deviating: allowed)
    case .optional(let wrapped): return chance(0.3) ? "null" : write(wrapped, deviating: allowed)
    case .array(let element):
      let count = Int.random(in: 0...3, using: &random)
      return "["
        + (0..<count).map { _ in write(element, deviating: allowed) }.joined(separator: ",") + "]"
    case .stringDictionary(let value):
      return dictionary(value, keys: ["a", "b_c", "Key", "é", "", "a\\u0062"], deviating: allowed)
    case .intDictionary(let value):
      return dictionary(value, keys: ["1", "-2", "30", "007"], deviating: allowed)
    case .object(let fields):
      var members: [String] = []
      for field in fields {
        if allowed, chance(deviation) { continue }  // a missing key
        members.append(
          #""\#(spelling(of: field.key, deviating: allowed))":\#(write(field.shape, deviating: allowed))"#
        )
      }
      if allowed, chance(deviation) { members.insert(#""extra":\#(deviant())"#, at: 0) }
      if allowed, chance(0.02), let first = fields.first {
        // A duplicate key: the first wins.
        members.append(#""\#(spelled(first.key))":\#(write(first.shape, deviating: false))"#)
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
  }

  /// A dictionary whose values deviate in one member at most:
  /// JSONDecoder reads a dictionary in no set order, so two faults could
  /// be found in either order.
  mutating func dictionary(_ value: Shape, keys: [String], deviating allowed: Bool) -> String {
    let count = Int.random(in: 0...3, using: &random)
    let faulty = allowed ? Int.random(in: 0..<max(1, count), using: &random) : -1
    var members: [String] = []
    var used = Set<String>()
    for index in 0..<count {
      var key = pick(keys)
      if index == faulty, chance(deviation) { key = "x" }
      guard used.insert(key).inserted else { continue }
      members.append(#""\#(key)":\#(write(value, deviating: index == faulty))"#)
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// A value of a random kind.
  mutating func deviant() -> String {
    pick([
      "null", "true", "1", "-1", "1.5", "\"text\"", "[]", "{}", "[1]", #"{"a":1}"#, "1e400", "300",
      "-129", "\"\\uD800\"", "\"\\q\"", "01", "\"2024-05-06T07:08:09Z\"",
    ])
  }

  mutating func integer(_ scalar: Scalar, deviating allowed: Bool) -> String {
    guard let (low, high) = scalar.bounds else { return "0" }
    if allowed, chance(deviation * 2) {
      return pick(["\(high + 1)", "\(low - 1)", "1.5", "1e2", "1.0", "-0", "1e-2", "\(high).0"])
    }
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return "\(high)"
    case 1: return "\(low)"
    default:
      let magnitude = Int.random(in: 0...100, using: &random)
      return low < 0 && chance(0.5) ? "-\(magnitude)" : "\(magnitude)"
    }
  }

  /// A number for a Double (or a Float, or a Decimal: within their range
  /// unless deviating).
  mutating func floating(_ scalar: Scalar = .double, deviating allowed: Bool) -> String {
    if allowed, chance(deviation * 2) {
      return pick(["1e400", "-1e400", "1e-400", "3.5e38", "1e-50", "1e200"])
    }
    switch Int.random(in: 0..<4, using: &random) {
    case 0 where scalar == .double:
      return "\(Double(bitPattern: random.next() & 0x3FFF_FFFF_FFFF_FFFF))"
    case 0 where scalar != .decimal, 1 where scalar != .decimal:
      let bits = UInt32(truncatingIfNeeded: random.next()) & 0x3FFF_FFFF | 0x0080_0000
      return "\(Float(bitPattern: bits))"
    case 2: return pick(["0", "-0.0", "1", "0.1", "2.5e-3", "123456789012345678901234567890"])
    default:
      return
        "\(Int.random(in: -1000...1000, using: &random)).\(Int.random(in: 0...99, using: &random))"
    }
  }

  mutating func write(_ scalar: Scalar, deviating allowed: Bool) -> String {
    switch scalar {
    case .bool: return chance(0.5) ? "true" : "false"
    case .string:
      return "\""
        + pick(["", "a", "é", "a\\nb", "\\u00e9", "😀", "\\uD83D\\uDE00", "\\\"q\\\"", "tab\\t"])
        + "\""
    case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
      return integer(scalar, deviating: allowed)
    case .float, .double, .decimal: return floating(scalar, deviating: allowed)
    case .date:
      switch strategies.dates {
      case .deferred, .seconds, .milliseconds: return floating(deviating: allowed)
      case .iso8601:
        return pick([
          "\"2024-05-06T07:08:09Z\"", "\"1970-01-01T00:00:00+02:00\"", "\"2024-05-06T07:08:09.5Z\"",
          allowed && chance(0.1) ? "\"2024-05-06\"" : "\"2000-02-29T23:59:59Z\"",
        ])
      case .custom: return chance(0.5) ? floating(deviating: allowed) : "\"abc\""
      }
    case .data:
      switch strategies.datas {
      case .deferred:
        return pick(["[]", "[1,2,3]", "[255]", allowed && chance(0.1) ? "[256]" : "[0]"])
      case .base64:
        return pick([
          "\"\"", "\"AQID\"", "\"AQI=\"", allowed && chance(0.1) ? "\"AQI\"" : "\"/w==\"",
        ])
      case .custom: return pick(["\"\"", "\"bytes\"", "\"é\""])
      }
    case .url:
      return pick([
        "\"https://example.com/a?b=c\"", "\"a/b\"", allowed && chance(0.1) ? "\"\"" : "\"x\"",
      ])
    }
  }
}

// MARK: - The fixed family

private struct Scalars: Decodable, Equatable {
  var bool: Bool
  var string: String
  var int: Int
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint: UInt
  var uint8: UInt8
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
  var float: Float
  var double: Double
  var decimal: Decimal

  static let fields: [(key: String, shape: Shape)] = [
    ("bool", .scalar(.bool)), ("string", .scalar(.string)), ("int", .scalar(.int)),
    ("int8", .scalar(.int8)), ("int16", .scalar(.int16)), ("int32", .scalar(.int32)),
    ("int64", .scalar(.int64)), ("uint", .scalar(.uint)), ("uint8", .scalar(.uint8)),
    ("uint16", .scalar(.uint16)), ("uint32", .scalar(.uint32)), ("uint64", .scalar(.uint64)),
    ("float", .scalar(.float)), ("double", .scalar(.double)), ("decimal", .scalar(.decimal)),
  ]
  static let shape = Shape.object(fields)
}

private struct OptionalScalars: Decodable, Equatable {
  var bool: Bool?
  var string: String?
  var int: Int?
  var int8: Int8?
  var int16: Int16?
  var int32: Int32?
  var int64: Int64?
  var uint: UInt?
  var uint8: UInt8?
  var uint16: UInt16?
  var uint32: UInt32?
  var uint64: UInt64?
  var float: Float?
  var double: Double?
  var decimal: Decimal?

  static let shape = Shape.object(Scalars.fields.map { ($0.key, .optional($0.shape)) })
}

private struct Child: Decodable, Equatable {
  var userID: Int
  var displayName: String?
  var updatedAt: Date?
  var values: [Int8]
  var flags: [String: Bool]?

  static let shape = Shape.object([
    ("userID", .scalar(.int)), ("displayName", .optional(.scalar(.string))),
    ("updatedAt", .optional(.scalar(.date))), ("values", .array(.scalar(.int8))),
    ("flags", .optional(.stringDictionary(.scalar(.bool)))),
  ])
}

private struct Record: Decodable, Equatable {
  var id: UInt32
  var name: String
  var createdAt: Date
  var payload: Data
  var link: URL?
  var tags: [String]
  var scores: [String: Double]
  var labels: [Int: String]
  var child: Child?
  var children: [Child]
  var scalars: OptionalScalars?

  static let shape = Shape.object([
    ("id", .scalar(.uint32)), ("name", .scalar(.string)), ("createdAt", .scalar(.date)),
    ("payload", .scalar(.data)), ("link", .optional(.scalar(.url))),
    ("tags", .array(.scalar(.string))), ("scores", .stringDictionary(.scalar(.double))),
    ("labels", .intDictionary(.scalar(.string))), ("child", .optional(Child.shape)),
    ("children", .array(Child.shape)), ("scalars", .optional(OptionalScalars.shape)),
  ])
}

/// A model of the family: its shape, and a differential decode.
private struct Model {
  let shape: Shape
  /// Decodes with both decoders; whether the decode succeeded.
  let check: (Data, Strategies) -> Bool

  init<T: Decodable & Equatable>(_ type: T.Type, _ shape: Shape) {
    self.shape = shape
    check = { data, strategies in
      expectSameOutcome(type, data, configure: strategies.configure) == nil
    }
  }
}

/// The models of the family.
private func family() -> [Model] {
  [
    Model(Scalars.self, Scalars.shape),
    Model(OptionalScalars.self, OptionalScalars.shape),
    Model(Child.self, Child.shape),
    Model(Record.self, Record.shape),
    Model([Child].self, .array(Child.shape)),
    Model([String: Child].self, .stringDictionary(Child.shape)),
    Model([Int: Scalars].self, .intDictionary(Scalars.shape)),
    Model([Date?].self, .array(.optional(.scalar(.date)))),
    Model([Data].self, .array(.scalar(.data))),
    Model(Decimal.self, .scalar(.decimal)),
    Model(Date.self, .scalar(.date)),
    Model([[Float]].self, .array(.array(.scalar(.float)))),
  ]
}

private func randomStrategies(_ random: inout SplitMix64) -> Strategies {
  Strategies(
    dates: Strategies.Dates.allCases.randomElement(using: &random) ?? .deferred,
    datas: Strategies.Datas.allCases.randomElement(using: &random) ?? .base64,
    keys: Strategies.Keys.allCases.randomElement(using: &random) ?? .useDefault)
}

@Test func randomDocumentsForAFamilyOfModels() {
  let count = fuzzCount(default: 10_000) / 2
  var random = SplitMix64(state: 0xD1FF_0001)
  let family = family()
  var decoded = 0
  for _ in 0..<count {
    let model = family[Int.random(in: 0..<family.count, using: &random)]
    let strategies = randomStrategies(&random)
    var writer = DocumentWriter(random: SplitMix64(state: random.next()), strategies: strategies)
    let document = writer.write(model.shape)
    if model.check(Data(document.utf8), strategies) { decoded += 1 }
  }
  // Both outcomes are common: most documents fit, many do not.
  #expect(decoded > count / 4 && decoded < count * 9 / 10, "\(decoded) of \(count) decoded")
}

// MARK: - Schema-driven reads

/// How a container reads one value.
enum Access: CaseIterable, Sendable {
  case decode, decodeIfPresent, containsFirst, superDecoder, dynamic
}

/// What `Dynamic` reads, and how.
indirect enum Schema: Sendable {
  /// A scalar through a single-value container (or a container's own
  /// `decode` of the type).
  case value(Scalar)
  /// `decodeNil()` first.
  case nilOr(Schema)
  /// A keyed container's members, each read its way.
  case keyed([(key: String, access: Access, schema: Schema)])
  /// An unkeyed container's elements, read one by one (perhaps past the end).
  case unkeyed([(access: Access, schema: Schema)])

  /// The JSON this schema expects.
  var shape: Shape {
    switch self {
    case .value(let scalar): .scalar(scalar)
    case .nilOr(let schema): .optional(schema.shape)
    case .keyed(let members): .object(members.map { ($0.key, $0.schema.shape) })
    case .unkeyed(let elements):
      // Written as an array of the first element's shape when all share it.
      .object(elements.enumerated().map { ("\($0.offset)", $0.element.schema.shape) })
    }
  }

  /// The schema of the value at `path` below this one.
  func at(_ path: ArraySlice<any CodingKey>) -> Schema? {
    guard let first = path.first else { return self }
    switch self {
    case .nilOr(let schema): return schema.at(path)
    case .keyed(let members):
      return members.first { $0.key == first.stringValue }?.schema.at(path.dropFirst())
    case .unkeyed(let elements):
      guard let index = first.intValue, index < elements.count else { return nil }
      return elements[index].schema.at(path.dropFirst())
    case .value: return nil
    }
  }
}

extension CodingUserInfoKey {
  /// Where `Dynamic` finds its schema.
  static let schema = CodingUserInfoKey(rawValue: "codix.tests.schema")!
}

/// Reads what the schema in `userInfo` says at its coding path, and logs
/// every answer.
struct Dynamic: Decodable, Equatable {
  var log: [String] = []

  init(from decoder: any Decoder) throws {
    guard let root = decoder.userInfo[.schema] as? Schema,
      let schema = root.at(decoder.codingPath[...])
    else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no schema"))
    }
    try read(decoder, schema)
  }

  private mutating func read(_ decoder: any Decoder, _ schema: Schema) throws {
    switch schema {
    case .value(let scalar): log.append(try Self.single(decoder.singleValueContainer(), scalar))
    case .nilOr(let wrapped):
      if try decoder.singleValueContainer().decodeNil() {
        log.append("nil")
      } else {
        try read(decoder, wrapped)
      }
    case .keyed(let members): try readKeyed(decoder.container(keyedBy: AnyKey.self), members)
    case .unkeyed(let elements):
      var container = try decoder.unkeyedContainer()
      try readUnkeyed(&container, elements)
    }
  }

  private mutating func readKeyed(
    _ container: KeyedDecodingContainer<AnyKey>,
    _ members: [(key: String, access: Access, schema: Schema)]
  ) throws {
    log.append("keys " + container.allKeys.map(\.stringValue).sorted().joined(separator: ","))
    for member in members {
      let key = AnyKey(member.key)
      switch member.access {
      case .decode: try readMember(container, key, member.schema)
      case .decodeIfPresent:
        if case .value(let scalar) = member.schema {
          log.append(try Self.keyedIfPresent(container, key, scalar) ?? "absent")
        } else {
          log.append(
            contentsOf: try container.decodeIfPresent(Dynamic.self, forKey: key)?.log ?? ["absent"])
        }
      case .containsFirst:
        let contains = container.contains(key)
        log.append("contains \(contains)")
        if contains {
          if try container.decodeNil(forKey: key) {
            log.append("nil")
          } else {
            try readMember(container, key, member.schema)
          }
        }
      case .superDecoder: try read(container.superDecoder(forKey: key), member.schema)
      case .dynamic: log.append(contentsOf: try container.decode(Dynamic.self, forKey: key).log)
      }
    }
  }

  private mutating func readMember(
    _ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey, _ schema: Schema
  ) throws {
    switch schema {
    case .value(let scalar): log.append(try Self.keyed(container, key, scalar))
    case .nilOr(let wrapped):
      if try container.decodeNil(forKey: key) {
        log.append("nil")
      } else {
        try readMember(container, key, wrapped)
      }
    case .keyed(let members):
      try readKeyed(container.nestedContainer(keyedBy: AnyKey.self, forKey: key), members)
    case .unkeyed(let elements):
      var nested = try container.nestedUnkeyedContainer(forKey: key)
      try readUnkeyed(&nested, elements)
    }
  }

  private mutating func readUnkeyed(
    _ container: inout any UnkeyedDecodingContainer, _ elements: [(access: Access, schema: Schema)]
  ) throws {
    log.append("count \(String(describing: container.count))")
    for element in elements {
      switch (element.access, element.schema) {
      case (.decodeIfPresent, .value(let scalar)):
        log.append(try Self.unkeyedIfPresent(&container, scalar) ?? "absent")
      case (.containsFirst, _):
        if try container.decodeNil() {
          log.append("nil")
        } else {
          try readElement(&container, element.schema)
        }
      case (.superDecoder, _): try read(container.superDecoder(), element.schema)
      case (.dynamic, _), (.decodeIfPresent, _):
        log.append(contentsOf: try container.decode(Dynamic.self).log)
      case (.decode, _): try readElement(&container, element.schema)
      }
    }
    log.append("end \(container.isAtEnd) \(container.currentIndex)")
  }

  private mutating func readElement(
    _ container: inout any UnkeyedDecodingContainer, _ schema: Schema
  )
    throws
  {
    switch schema {
    case .value(let scalar): log.append(try Self.unkeyed(&container, scalar))
    case .nilOr(let wrapped):
      if try container.decodeNil() {
        log.append("nil")
      } else {
        try readElement(&container, wrapped)
      }
    case .keyed(let members):
      try readKeyed(container.nestedContainer(keyedBy: AnyKey.self), members)
    case .unkeyed(let elements):
      var nested = try container.nestedUnkeyedContainer()
      try readUnkeyed(&nested, elements)
    }
  }

  // Each scalar through the container's own method for its type.

  private static func single(_ container: any SingleValueDecodingContainer, _ scalar: Scalar) throws
    -> String
  {
    switch scalar {
    case .bool: "\(try container.decode(Bool.self))"
    case .string: try container.decode(String.self)
    case .int: "\(try container.decode(Int.self))"
    case .int8: "\(try container.decode(Int8.self))"
    case .int16: "\(try container.decode(Int16.self))"
    case .int32: "\(try container.decode(Int32.self))"
    case .int64: "\(try container.decode(Int64.self))"
    case .uint: "\(try container.decode(UInt.self))"
    case .uint8: "\(try container.decode(UInt8.self))"
    case .uint16: "\(try container.decode(UInt16.self))"
    case .uint32: "\(try container.decode(UInt32.self))"
    case .uint64: "\(try container.decode(UInt64.self))"
    case .float: "\(try container.decode(Float.self).bitPattern)"
    case .double: "\(try container.decode(Double.self).bitPattern)"
    case .decimal: "\(try container.decode(Decimal.self))"
    case .date: "\(try container.decode(Date.self).timeIntervalSince1970)"
    case .data: "\(try container.decode(Data.self).base64EncodedString())"
    case .url: "\(try container.decode(URL.self))"
    }
  }

  private static func keyed(
    _ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey, _ scalar: Scalar
  ) throws -> String {
    switch scalar {
    case .bool: "\(try container.decode(Bool.self, forKey: key))"
    case .string: try container.decode(String.self, forKey: key)
    case .int: "\(try container.decode(Int.self, forKey: key))"
    case .int8: "\(try container.decode(Int8.self, forKey: key))"
    case .int16: "\(try container.decode(Int16.self, forKey: key))"
    case .int32: "\(try container.decode(Int32.self, forKey: key))"
    case .int64: "\(try container.decode(Int64.self, forKey: key))"
    case .uint: "\(try container.decode(UInt.self, forKey: key))"
    case .uint8: "\(try container.decode(UInt8.self, forKey: key))"
    case .uint16: "\(try container.decode(UInt16.self, forKey: key))"
    case .uint32: "\(try container.decode(UInt32.self, forKey: key))"
    case .uint64: "\(try container.decode(UInt64.self, forKey: key))"
    case .float: "\(try container.decode(Float.self, forKey: key).bitPattern)"
    case .double: "\(try container.decode(Double.self, forKey: key).bitPattern)"
    case .decimal: "\(try container.decode(Decimal.self, forKey: key))"
    case .date: "\(try container.decode(Date.self, forKey: key).timeIntervalSince1970)"
    case .data: "\(try container.decode(Data.self, forKey: key).base64EncodedString())"
    case .url: "\(try container.decode(URL.self, forKey: key))"
    }
  }

  private static func keyedIfPresent(
    _ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey, _ scalar: Scalar
  ) throws -> String? {
    switch scalar {
    case .bool: try container.decodeIfPresent(Bool.self, forKey: key).map { "\($0)" }
    case .string: try container.decodeIfPresent(String.self, forKey: key)
    case .int: try container.decodeIfPresent(Int.self, forKey: key).map { "\($0)" }
    case .int8: try container.decodeIfPresent(Int8.self, forKey: key).map { "\($0)" }
    case .int16: try container.decodeIfPresent(Int16.self, forKey: key).map { "\($0)" }
    case .int32: try container.decodeIfPresent(Int32.self, forKey: key).map { "\($0)" }
    case .int64: try container.decodeIfPresent(Int64.self, forKey: key).map { "\($0)" }
    case .uint: try container.decodeIfPresent(UInt.self, forKey: key).map { "\($0)" }
    case .uint8: try container.decodeIfPresent(UInt8.self, forKey: key).map { "\($0)" }
    case .uint16: try container.decodeIfPresent(UInt16.self, forKey: key).map { "\($0)" }
    case .uint32: try container.decodeIfPresent(UInt32.self, forKey: key).map { "\($0)" }
    case .uint64: try container.decodeIfPresent(UInt64.self, forKey: key).map { "\($0)" }
    case .float: try container.decodeIfPresent(Float.self, forKey: key).map { "\($0.bitPattern)" }
    case .double: try container.decodeIfPresent(Double.self, forKey: key).map { "\($0.bitPattern)" }
    case .decimal: try container.decodeIfPresent(Decimal.self, forKey: key).map { "\($0)" }
    case .date:
      try container.decodeIfPresent(Date.self, forKey: key).map { "\($0.timeIntervalSince1970)" }
    case .data:
      try container.decodeIfPresent(Data.self, forKey: key).map { $0.base64EncodedString() }
    case .url: try container.decodeIfPresent(URL.self, forKey: key).map { "\($0)" }
    }
  }

  private static func unkeyed(_ container: inout any UnkeyedDecodingContainer, _ scalar: Scalar)
    throws -> String
  {
    switch scalar {
    case .bool: "\(try container.decode(Bool.self))"
    case .string: try container.decode(String.self)
    case .int: "\(try container.decode(Int.self))"
    case .int8: "\(try container.decode(Int8.self))"
    case .int16: "\(try container.decode(Int16.self))"
    case .int32: "\(try container.decode(Int32.self))"
    case .int64: "\(try container.decode(Int64.self))"
    case .uint: "\(try container.decode(UInt.self))"
    case .uint8: "\(try container.decode(UInt8.self))"
    case .uint16: "\(try container.decode(UInt16.self))"
    case .uint32: "\(try container.decode(UInt32.self))"
    case .uint64: "\(try container.decode(UInt64.self))"
    case .float: "\(try container.decode(Float.self).bitPattern)"
    case .double: "\(try container.decode(Double.self).bitPattern)"
    case .decimal: "\(try container.decode(Decimal.self))"
    case .date: "\(try container.decode(Date.self).timeIntervalSince1970)"
    case .data: "\(try container.decode(Data.self).base64EncodedString())"
    case .url: "\(try container.decode(URL.self))"
    }
  }

  private static func unkeyedIfPresent(
    _ container: inout any UnkeyedDecodingContainer, _ scalar: Scalar
  ) throws -> String? {
    switch scalar {
    case .bool: try container.decodeIfPresent(Bool.self).map { "\($0)" }
    case .string: try container.decodeIfPresent(String.self)
    case .int: try container.decodeIfPresent(Int.self).map { "\($0)" }
    case .int8: try container.decodeIfPresent(Int8.self).map { "\($0)" }
    case .int16: try container.decodeIfPresent(Int16.self).map { "\($0)" }
    case .int32: try container.decodeIfPresent(Int32.self).map { "\($0)" }
    case .int64: try container.decodeIfPresent(Int64.self).map { "\($0)" }
    case .uint: try container.decodeIfPresent(UInt.self).map { "\($0)" }
    case .uint8: try container.decodeIfPresent(UInt8.self).map { "\($0)" }
    case .uint16: try container.decodeIfPresent(UInt16.self).map { "\($0)" }
    case .uint32: try container.decodeIfPresent(UInt32.self).map { "\($0)" }
    case .uint64: try container.decodeIfPresent(UInt64.self).map { "\($0)" }
    case .float: try container.decodeIfPresent(Float.self).map { "\($0.bitPattern)" }
    case .double: try container.decodeIfPresent(Double.self).map { "\($0.bitPattern)" }
    case .decimal: try container.decodeIfPresent(Decimal.self).map { "\($0)" }
    case .date: try container.decodeIfPresent(Date.self).map { "\($0.timeIntervalSince1970)" }
    case .data: try container.decodeIfPresent(Data.self).map { $0.base64EncodedString() }
    case .url: try container.decodeIfPresent(URL.self).map { "\($0)" }
    }
  }
}

/// Writes random schemas.
struct SchemaWriter {
  var random: SplitMix64
  let keys = ["a", "bValue", "userID", "c", "dKey"]

  mutating func schema(depth: Int) -> Schema {
    let roll = Int.random(in: 0..<10, using: &random)
    if depth >= 3 || roll < 4 {
      let scalar = Scalar.allCases.randomElement(using: &random) ?? .int
      return roll == 0 ? .nilOr(.value(scalar)) : .value(scalar)
    }
    if roll < 7 {
      var used = Set<String>()
      var members: [(key: String, access: Access, schema: Schema)] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let key = keys.randomElement(using: &random) ?? "a"
        guard used.insert(key).inserted else { continue }
        let access = Access.allCases.randomElement(using: &random) ?? .decode
        members.append((key, access, schema(depth: depth + 1)))
      }
      return .keyed(members)
    }
    return .unkeyed(
      (0..<Int.random(in: 0...3, using: &random)).map { _ in
        (Access.allCases.randomElement(using: &random) ?? .decode, schema(depth: depth + 1))
      })
  }
}

extension DocumentWriter {
  /// A document for `schema`: an unkeyed schema as an array (sometimes one
  /// element short or long).
  mutating func write(_ schema: Schema) -> String {
    if chance(deviation) { return deviant() }
    switch schema {
    case .value(let scalar): return write(scalar, deviating: true)
    case .nilOr(let wrapped): return chance(0.3) ? "null" : write(wrapped)
    case .keyed(let members):
      var written: [String] = []
      for member in members {
        if chance(deviation) { continue }
        written.append(#""\#(spelling(of: member.key))":\#(write(member.schema))"#)
      }
      if chance(deviation) { written.append(#""extra":1"#) }
      return "{" + written.joined(separator: ",") + "}"
    case .unkeyed(let elements):
      var written = elements.map { write($0.schema) }
      if chance(deviation), !written.isEmpty { written.removeLast() }
      if chance(deviation) { written.append("null") }
      return "[" + written.joined(separator: ",") + "]"
    }
  }
}

@Test func randomSchemasReadThroughEveryContainer() {
  let count = fuzzCount(default: 10_000) - fuzzCount(default: 10_000) / 2
  var random = SplitMix64(state: 0xD1FF_0002)
  var decoded = 0
  for _ in 0..<count {
    var schemas = SchemaWriter(random: SplitMix64(state: random.next()))
    let schema = schemas.schema(depth: 0)
    let strategies = randomStrategies(&random)
    var writer = DocumentWriter(random: SplitMix64(state: random.next()), strategies: strategies)
    let document = writer.write(schema)
    let error = expectSameOutcome(Dynamic.self, document) { decoder in
      strategies.configure(decoder)
      decoder.userInfo[.schema] = schema
    }
    if error == nil { decoded += 1 }
  }
  #expect(decoded > count / 4 && decoded < count * 9 / 10, "\(decoded) of \(count) decoded")
}
