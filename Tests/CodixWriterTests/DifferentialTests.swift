import CodixCore
import CodixTestSupport
import Foundation
import Testing

// Random values encoded by JSONEncoder and CodixJSONEncoder. Half the cases
// are random trees of a dynamic model (`Node`) that writes every scalar
// JSONEncoder knows through its concrete and generic container calls,
// optionals through `encodeIfPresent` and explicit `nil`, nested arrays and
// objects, arrays of scalars, dictionaries keyed by strings and integers,
// a key written twice now and then; the other half are random values of a
// family of synthesized Codable types. Each case takes random options
// (output formatting, date, data, key and float strategies). Then:
//
// - with `.sortedKeys`, the same bytes or the same error;
// - without it, the output reads as the same document, and every object's
//   keys come in the order the value wrote them (a Dictionary's sorted);
// - the output decodes, with JSONDecoder and CodixJSONDecoder, to the
//   value JSONEncoder's output decodes to (every synthesized record, and a
//   quarter of the dynamic ones).
//
// 10,000 cases by default (CODIX_FUZZ_COUNT sets the count); a failure
// names its seed.

// MARK: - The dynamic model

/// A value of the dynamic model, and how it is written.
indirect enum Node: Encodable {
  case bool(Bool)
  case string(String)
  case int(Int)
  case int8(Int8)
  case int16(Int16)
  case int32(Int32)
  case int64(Int64)
  case uint(UInt)
  case uint8(UInt8)
  case uint16(UInt16)
  case uint32(UInt32)
  case uint64(UInt64)
  case wide(high: Int64, low: UInt64)
  case float(Float)
  case double(Double)
  case decimal(Decimal)
  case date(Date)
  case data(Data)
  case url(URL)
  case null
  case array([Node])
  case ints([Int])
  case doubles([Double])
  case strings([String])
  case bools([Bool])
  case floats([Float])
  case object([Field])
  case byString([String: Node])
  case byInt([Int: Node])

  /// One member of an object and the call that writes it.
  struct Field {
    var key: String
    var value: Node?
    var call: Call
  }

  enum Call: CaseIterable {
    /// `encode(_:forKey:)`, the concrete overload where there is one.
    case concrete
    /// `encode(_:forKey:)` through a generic value.
    case generic
    /// `encodeIfPresent`, for an optional.
    case ifPresent
    /// `encode(Optional)`, which writes `null` for nil.
    case optional
  }

  /// The node, for a failure's report.
  var rendered: String {
    switch self {
    case .object(let fields):
      "{"
        + fields.map { "\($0.key):\($0.value.map(\.rendered) ?? "nil") \($0.call)" }
        .joined(separator: ", ") + "}"
    case .array(let nodes): "[" + nodes.map(\.rendered).joined(separator: ", ") + "]"
    case .byString(let entries):
      "S{" + entries.map { "\($0.key):\($0.value.rendered)" }.joined(separator: ", ") + "}"
    case .byInt(let entries):
      "I{" + entries.map { "\($0.key):\($0.value.rendered)" }.joined(separator: ", ") + "}"
    default: String(describing: self)
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let nodes):
      var container = encoder.unkeyedContainer()
      for node in nodes {
        if case .null = node {
          try container.encodeNil()
        } else {
          try node.encodeElement(&container)
        }
      }
    case .object(let fields):
      var container = encoder.container(keyedBy: AnyKey.self)
      for field in fields { try field.write(into: &container) }
    case .byString(let entries):
      var single = encoder.singleValueContainer()
      try single.encode(entries)
    case .byInt(let entries):
      var single = encoder.singleValueContainer()
      try single.encode(entries)
    default:
      var single = encoder.singleValueContainer()
      try encodeScalar(into: &single)
    }
  }

  private func encodeScalar(into single: inout any SingleValueEncodingContainer) throws {
    switch self {
    case .bool(let value): try single.encode(value)
    case .string(let value): try single.encode(value)
    case .int(let value): try single.encode(value)
    case .int8(let value): try single.encode(value)
    case .int16(let value): try single.encode(value)
    case .int32(let value): try single.encode(value)
    case .int64(let value): try single.encode(value)
    case .uint(let value): try single.encode(value)
    case .uint8(let value): try single.encode(value)
    case .uint16(let value): try single.encode(value)
    case .uint32(let value): try single.encode(value)
    case .uint64(let value): try single.encode(value)
    case .wide(let high, let low):
      if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        try single.encode(Int128(high) << 64 | Int128(low))
      } else {
        try single.encode(low)
      }
    case .float(let value): try single.encode(value)
    case .double(let value): try single.encode(value)
    case .decimal(let value): try single.encode(value)
    case .date(let value): try single.encode(value)
    case .data(let value): try single.encode(value)
    case .url(let value): try single.encode(value)
    case .null: try single.encodeNil()
    case .ints(let value): try single.encode(value)
    case .doubles(let value): try single.encode(value)
    case .strings(let value): try single.encode(value)
    case .bools(let value): try single.encode(value)
    case .floats(let value): try single.encode(value)
    case .array, .object, .byString, .byInt: try single.encode(self)
    }
  }

  /// Writes this node as an element, through the concrete overload when
  /// there is one.
  fileprivate func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws {
    switch self {
    case .bool(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .int64(let value): try container.encode(value)
    case .uint8(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .float(let value): try container.encode(value)
    default: try container.encode(self)
    }
  }
}

extension Node.Field {
  fileprivate func write(into container: inout KeyedEncodingContainer<AnyKey>) throws {
    let key = AnyKey(self.key)
    guard let value else {
      switch call {
      case .ifPresent: try container.encodeIfPresent(Int?.none, forKey: key)
      case .optional: try container.encode(Int?.none, forKey: key)
      default: try container.encodeNil(forKey: key)
      }
      return
    }
    switch call {
    case .generic: try container.encode(value, forKey: key)
    case .ifPresent: try value.writeIfPresent(into: &container, key)
    case .optional: try container.encode(Optional(value), forKey: key)
    case .concrete: try value.writeConcrete(into: &container, key)
    }
  }
}

extension Node {
  fileprivate func writeConcrete(
    into container: inout KeyedEncodingContainer<AnyKey>, _ key: AnyKey
  )
    throws
  {
    switch self {
    case .bool(let value): try container.encode(value, forKey: key)
    case .string(let value): try container.encode(value, forKey: key)
    case .int(let value): try container.encode(value, forKey: key)
    case .int8(let value): try container.encode(value, forKey: key)
    case .int16(let value): try container.encode(value, forKey: key)
    case .int32(let value): try container.encode(value, forKey: key)
    case .int64(let value): try container.encode(value, forKey: key)
    case .uint(let value): try container.encode(value, forKey: key)
    case .uint8(let value): try container.encode(value, forKey: key)
    case .uint16(let value): try container.encode(value, forKey: key)
    case .uint32(let value): try container.encode(value, forKey: key)
    case .uint64(let value): try container.encode(value, forKey: key)
    case .float(let value): try container.encode(value, forKey: key)
    case .double(let value): try container.encode(value, forKey: key)
    case .decimal(let value): try container.encode(value, forKey: key)
    case .date(let value): try container.encode(value, forKey: key)
    case .data(let value): try container.encode(value, forKey: key)
    case .url(let value): try container.encode(value, forKey: key)
    case .null: try container.encodeNil(forKey: key)
    case .ints(let value): try container.encode(value, forKey: key)
    case .doubles(let value): try container.encode(value, forKey: key)
    case .strings(let value): try container.encode(value, forKey: key)
    case .bools(let value): try container.encode(value, forKey: key)
    case .floats(let value): try container.encode(value, forKey: key)
    case .byString(let value): try container.encode(value, forKey: key)
    case .byInt(let value): try container.encode(value, forKey: key)
    case .wide, .array, .object: try container.encode(self, forKey: key)
    }
  }

  fileprivate func writeIfPresent(
    into container: inout KeyedEncodingContainer<AnyKey>, _ key: AnyKey
  ) throws {
    switch self {
    case .bool(let value): try container.encodeIfPresent(value, forKey: key)
    case .string(let value): try container.encodeIfPresent(value, forKey: key)
    case .int(let value): try container.encodeIfPresent(value, forKey: key)
    case .double(let value): try container.encodeIfPresent(value, forKey: key)
    case .float(let value): try container.encodeIfPresent(value, forKey: key)
    case .uint64(let value): try container.encodeIfPresent(value, forKey: key)
    case .int8(let value): try container.encodeIfPresent(value, forKey: key)
    case .date(let value): try container.encodeIfPresent(value, forKey: key)
    default: try container.encodeIfPresent(self, forKey: key)
    }
  }

  /// The keys of this object in the order its encode writes them: first
  /// places, nothing for an absent `encodeIfPresent`.
  var writtenKeys: [String] {
    guard case .object(let fields) = self else { return [] }
    var keys: [String] = []
    for field in fields where !(field.value == nil && field.call == .ifPresent) {
      if !keys.contains(field.key) { keys.append(field.key) }
    }
    return keys
  }

  /// The value a field finally holds (its last write).
  func lastValue(of key: String) -> Node?? {
    guard case .object(let fields) = self else { return nil }
    return fields.last { $0.key == key && !($0.value == nil && $0.call == .ifPresent) }
      .map(\.value)
  }
}

// MARK: - Random values

/// Builds random nodes.
struct NodeMaker {
  var random: SplitMix64

  mutating func number(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
  mutating func chance(_ percent: Int) -> Bool { number(100) < percent }

  /// Keys that snake case changes, keys that need escapes, keys beyond ASCII.
  static let keyPool = [
    "id", "name", "firstName", "URLValue", "myHTTPRequest", "_private", "trailing_",
    "already_snake",
    "a", "b", "zz", "Zebra", "éclair", "K", "\u{212A}", "with space", "quote\"d", "slash/ed", "日本",
    "😀", "x1", "x2", "x10", "", "back\\slash", "tab\tbed", "camelCaseKeyThatIsRatherLong",
  ]

  static let stringPool = [
    "", "plain", "with \"quotes\"", "a/b", "</tag>", "line\nbreak", "\u{1}\u{1F}", "é", "😀👍",
    "𝄞", "\u{7F}", "\\", String(repeating: "x", count: 40),
  ]

  mutating func key() -> String {
    chance(10) ? "k\(number(1000))" : Self.keyPool[number(Self.keyPool.count)]
  }

  mutating func string() -> String {
    chance(30) ? "s\(random.next() % 100_000)" : Self.stringPool[number(Self.stringPool.count)]
  }

  mutating func double() -> Double {
    switch number(10) {
    case 0:
      return [0, -0.0, 1e-7, 1e21, 0.1, .pi, 1e16, .leastNonzeroMagnitude, .nan, .infinity][
        number(10)]
    case 1, 2: return Double(Int64(truncatingIfNeeded: random.next()) >> number(60))
    case 3, 4: return Double(Int(random.next() % 2_000_000) - 1_000_000) / 1000
    default:
      let value = Double(bitPattern: random.next())
      return value.isFinite ? value : 1.5
    }
  }

  mutating func float() -> Float {
    chance(20) ? [Float.nan, -.infinity, 0.1, 16_777_218][number(4)] : Float(double())
  }

  mutating func scalar() -> Node {
    let bits = random.next()
    switch number(22) {
    case 0: return .bool(bits & 1 == 1)
    case 1, 2: return .string(string())
    case 3: return .int(Int(truncatingIfNeeded: bits) >> number(64))
    case 4: return .int8(Int8(truncatingIfNeeded: bits))
    case 5: return .int16(Int16(truncatingIfNeeded: bits))
    case 6: return .int32(Int32(truncatingIfNeeded: bits))
    case 7: return .int64(Int64(truncatingIfNeeded: bits))
    case 8: return .uint(UInt(bits >> number(64)))
    case 9: return .uint8(UInt8(truncatingIfNeeded: bits))
    case 10: return .uint16(UInt16(truncatingIfNeeded: bits))
    case 11: return .uint32(UInt32(truncatingIfNeeded: bits))
    case 12: return .uint64(bits)
    case 13: return .wide(high: Int64(truncatingIfNeeded: random.next()) >> number(64), low: bits)
    case 14: return .float(float())
    case 15, 16: return .double(double())
    case 17:
      return .decimal(
        Decimal(Int(truncatingIfNeeded: bits % 1_000_000)) / Decimal(number(1000) + 1))
    case 18:
      let seconds = chance(5) ? Double.nan : Double(Int(bits % 4_000_000_000)) / 8 - 1e8
      return .date(Date(timeIntervalSince1970: seconds))
    case 19:
      return .data(Data((0..<number(12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
    case 20: return .url(URL(string: "https://example.com/\(number(100))/p?q=\(string().count)")!)
    default: return .null
    }
  }

  mutating func node(depth: Int) -> Node {
    guard depth > 0, chance(55) else { return scalar() }
    switch number(10) {
    case 0, 1:
      return .array((0..<number(5)).map { _ in node(depth: depth - 1) })
    case 2:
      switch number(5) {
      case 0:
        return .ints((0..<number(6)).map { _ in Int(truncatingIfNeeded: random.next()) >> 20 })
      case 1: return .doubles((0..<number(6)).map { _ in double() })
      case 2: return .strings((0..<number(6)).map { _ in string() })
      case 3: return .bools((0..<number(6)).map { _ in chance(50) })
      default: return .floats((0..<number(6)).map { _ in float() })
      }
    case 3:
      var entries: [String: Node] = [:]
      for _ in 0..<number(5) { entries[key()] = node(depth: depth - 1) }
      return .byString(entries)
    case 4:
      var entries: [Int: Node] = [:]
      for _ in 0..<number(5) { entries[number(200) - 100] = node(depth: depth - 1) }
      return .byInt(entries)
    default:
      var fields: [Node.Field] = []
      for _ in 0..<number(7) {
        let key = (chance(8) && !fields.isEmpty) ? fields[number(fields.count)].key : key()
        let call = Node.Call.allCases[number(Node.Call.allCases.count)]
        let value: Node? = chance(15) ? nil : node(depth: depth - 1)
        fields.append(Node.Field(key: key, value: value, call: call))
      }
      return .object(fields)
    }
  }
}

// MARK: - Options

/// The options of one case.
struct RandomOptions: CustomStringConvertible {
  var formatting: JSONEncoder.OutputFormatting
  var dates: Int
  var datas: Int
  var keys: Int
  var floats: Int

  init(_ maker: inout NodeMaker) {
    formatting = JSONEncoder.OutputFormatting(rawValue: UInt(maker.number(16)) & 0b1011)
    dates = maker.number(5)
    datas = maker.number(3)
    keys = maker.chance(70) ? 0 : 1 + maker.number(2)
    floats = maker.number(2)
  }

  var description: String {
    "formatting \(formatting.rawValue), dates \(dates), data \(datas), keys \(keys), floats \(floats)"
  }

  func configure(_ encoder: JSONEncoder) {
    encoder.outputFormatting = formatting
    encoder.dateEncodingStrategy =
      switch dates {
      case 0: .deferredToDate
      case 1: .secondsSince1970
      case 2: .millisecondsSince1970
      case 3: .iso8601
      default:
        .custom { date, encoder in
          var single = encoder.singleValueContainer()
          let path = encoder.codingPath.map(\.stringValue).joined(separator: "/")
          try single.encode("\(date.timeIntervalSinceReferenceDate)@\(path)")
        }
      }
    encoder.dataEncodingStrategy =
      switch datas {
      case 0: .base64
      case 1: .deferredToData
      default:
        .custom { data, encoder in
          var container = encoder.container(keyedBy: AnyKey.self)
          try container.encode(data.count, forKey: AnyKey("count"))
          try container.encode(encoder.codingPath.count, forKey: AnyKey("depth"))
        }
      }
    encoder.keyEncodingStrategy =
      switch keys {
      case 0: .useDefaultKeys
      case 1: .convertToSnakeCase
      default:
        .custom { path in AnyKey("\(path.last?.stringValue ?? "")_\(path.count)") }
      }
    encoder.nonConformingFloatEncodingStrategy =
      floats == 0
      ? .throw : .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
  }
}

// MARK: - The synthesized family

struct Pair<A: Codable & Equatable & Sendable, B: Codable & Equatable & Sendable>: Codable,
  Equatable,
  Sendable
{
  var zeta: A
  var alpha: B
  var middle: A?
}

struct Record: Codable, Equatable, Sendable {
  var title: String
  var count: Int
  var ratio: Double
  var small: Float
  var flags: [Bool]
  var tiny: Int8
  var big: UInt64
  var nested: Pair<Int16, String>
  var list: [Pair<UInt8, Double>]
  var byName: [String: Pair<Bool, Int32>]
  var byNumber: [Int: String]
  var note: String?
  var when: Date
  var blob: Data
  var link: URL?
  var amount: Decimal
}

extension NodeMaker {
  mutating func record() -> Record {
    Record(
      title: string(), count: Int(truncatingIfNeeded: random.next()) >> number(64),
      ratio: finite(double()), small: Float(finite(Double(float()))),
      flags: (0..<number(4)).map { _ in chance(50) },
      tiny: Int8(truncatingIfNeeded: random.next()), big: random.next(),
      nested: Pair(
        zeta: Int16(truncatingIfNeeded: random.next()), alpha: string(),
        middle: chance(50) ? 7 : nil),
      list: (0..<number(4)).map { _ in
        Pair(zeta: UInt8(number(256)), alpha: finite(double()), middle: nil)
      },
      byName: Dictionary(
        (0..<number(4)).map { _ in
          (key(), Pair(zeta: chance(50), alpha: Int32(number(1000)), middle: nil))
        },
        uniquingKeysWith: { $1 }),
      byNumber: Dictionary(
        (0..<number(4)).map { _ in (number(100), string()) }, uniquingKeysWith: { $1 }),
      note: chance(50) ? string() : nil,
      when: Date(timeIntervalSinceReferenceDate: Double(number(1_000_000_000))),
      blob: Data((0..<number(8)).map { UInt8($0) }),
      link: chance(50) ? URL(string: "https://example.com/\(number(9))") : nil,
      amount: Decimal(number(100_000)) / 100)
  }

  private func finite(_ value: Double) -> Double { value.isFinite ? value : 0.5 }
}

// MARK: - The test

@Test func randomValuesEncodeAsWithJSONEncoder() throws {
  let count = fuzzCount(default: 10_000)
  var maker = NodeMaker(random: SplitMix64(state: 0x5EED_0001))
  var failures = 0
  for round in 0..<count {
    let seed = maker.random.state
    let options = RandomOptions(&maker)
    let passed: Bool
    if round % 2 == 0 {
      passed = checkNode(maker.node(depth: 4), options, seed: seed, roundTrip: round % 8 == 0)
    } else {
      passed = checkRecord(maker.record(), options, seed: seed)
    }
    if !passed {
      failures += 1
      if failures >= 5 { break }
    }
  }
  #expect(failures == 0)
}

/// The checks of the file comment on one node; false after a failure.
/// `roundTrip`: also decode the output with both decoders (a decode of any
/// value tries container kinds in turn, each miss an error that Swift
/// Testing records a backtrace for: a quarter of the cases do it).
private func checkNode(_ node: Node, _ options: RandomOptions, seed: UInt64, roundTrip: Bool)
  -> Bool
{
  let foundation = JSONEncoder()
  options.configure(foundation)
  foundation.outputFormatting.insert(.sortedKeys)
  let sortedCodix = CodixJSONEncoder(foundation)
  let expected = EncodeOutcome { try foundation.encode(node) }
  let sorted = EncodeOutcome { try sortedCodix.encode(node) }
  if options.keys != 0, case .failure = expected, case .failure = sorted {
    // Under a key strategy JSONEncoder writes a [String: Value] from a copy
    // (`as! [String: Encodable]`) whose order depends on where the copy is
    // in memory: with two bad values, which one it reports changes from one
    // call to the next.
    return true
  }
  guard sorted == expected else {
    Issue.record(
      "seed \(seed), \(options): sorted\n\(node.rendered)\ncodix \(sorted)\nfoundation \(expected)")
    return false
  }
  guard let expectedText = expected.text else { return true }

  // Without .sortedKeys: the same document, keys in the order written.
  var unsortedOptions = options.formatting
  unsortedOptions.remove(.sortedKeys)
  let codix = CodixJSONEncoder(foundation)
  codix.outputFormatting = unsortedOptions
  guard let data = try? codix.encode(node), let written = OrderedJSON(data),
    let reference = OrderedJSON(Data(expectedText.utf8))
  else {
    Issue.record("seed \(seed), \(options): the unsorted output does not read\n\(node.rendered)")
    return false
  }
  guard written.sorted == reference else {
    Issue.record(
      "seed \(seed), \(options): the unsorted output differs\n\(node.rendered)\n\(written)")
    return false
  }
  if options.keys == 0, let problem = orderProblem(written, node) {
    Issue.record("seed \(seed), \(options): \(problem)\n\(node.rendered)\n\(written)")
    return false
  }

  // Round trips: what JSONEncoder's output decodes to.
  guard roundTrip else { return true }
  let decoders: [(String, (Data) throws -> AnyJSON)] = [
    ("JSONDecoder", { try JSONDecoder().decode(AnyJSON.self, from: $0) }),
    ("CodixJSONDecoder", { try CodixJSONDecoder().decode(AnyJSON.self, from: $0) }),
  ]
  for (name, decode) in decoders {
    let fromCodix = try? decode(data)
    let fromFoundation = try? decode(Data(expectedText.utf8))
    guard fromCodix != nil, fromCodix == fromFoundation else {
      Issue.record("seed \(seed), \(options): \(name) reads another value\n\(node.rendered)")
      return false
    }
  }
  return true
}

/// Where the key order of `written` is not the one `node` wrote, or nil.
private func orderProblem(_ written: OrderedJSON, _ node: Node) -> String? {
  switch (written, node) {
  case (.object(let members), .object):
    let keys = members.map(\.key)
    guard keys == node.writtenKeys else { return "keys \(keys), written \(node.writtenKeys)" }
    for member in members {
      if case .some(.some(let value)) = node.lastValue(of: member.key),
        let problem = orderProblem(member.value, value)
      {
        return problem
      }
    }
    return nil
  case (.object(let members), .byString), (.object(let members), .byInt):
    let keys = members.map(\.key)
    guard keys == keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) else {
      return "dictionary keys \(keys) not sorted"
    }
    return nil
  case (.array(let values), .array(let nodes)) where values.count == nodes.count:
    for (value, element) in zip(values, nodes) {
      if let problem = orderProblem(value, element) { return problem }
    }
    return nil
  default:
    return nil
  }
}

/// The checks of the file comment on one synthesized record.
private func checkRecord(_ record: Record, _ options: RandomOptions, seed: UInt64) -> Bool {
  let foundation = JSONEncoder()
  options.configure(foundation)
  foundation.outputFormatting.insert(.sortedKeys)
  let sortedCodix = CodixJSONEncoder(foundation)
  let expected = EncodeOutcome { try foundation.encode(record) }
  let sorted = EncodeOutcome { try sortedCodix.encode(record) }
  guard sorted == expected else {
    Issue.record("seed \(seed), \(options): sorted record\ncodix \(sorted)\nfoundation \(expected)")
    return false
  }
  // Round trips under the default options: the same record back.
  let codix = CodixJSONEncoder()
  guard let data = try? codix.encode(record) else {
    Issue.record("seed \(seed): the record does not encode")
    return false
  }
  let decoded = try? JSONDecoder().decode(Record.self, from: data)
  let decodedByCodix = try? CodixJSONDecoder().decode(Record.self, from: data)
  guard decoded == record, decodedByCodix == record else {
    Issue.record(
      "seed \(seed): the record does not read back\n\(String(decoding: data, as: UTF8.self))")
    return false
  }
  // Declaration order.
  guard let written = OrderedJSON(data), case .object(let members) = written,
    members.map(\.key).starts(with: ["title", "count", "ratio", "small", "flags", "tiny", "big"])
  else {
    Issue.record("seed \(seed): the record's keys are not in declaration order")
    return false
  }
  return true
}

/// Any JSON value, read through the containers (numbers as Double, which
/// both outputs spell alike).
indirect enum AnyJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([AnyJSON])
  case object([String: AnyJSON])

  init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: AnyJSON] = [:]
      for key in keyed.allKeys {
        members[key.stringValue] = try keyed.decode(AnyJSON.self, forKey: key)
      }
      self = .object(members)
    } else if var unkeyed = try? decoder.unkeyedContainer() {
      var values: [AnyJSON] = []
      while !unkeyed.isAtEnd { values.append(try unkeyed.decode(AnyJSON.self)) }
      self = .array(values)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let value = try? single.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? single.decode(Double.self) {
        self = .number(value)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }
}
