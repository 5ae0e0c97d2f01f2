import Foundation

// The writer's fallback: a value encoded into a tree with JSONEncoder's
// semantics, then printed where the stream left its slot.
//
// The stream writes each value once, in order. A few uses of the Codable
// API need more: a container written to after a sibling was opened, a key
// whose nested container is asked for again after other keys, a
// superEncoder whose value lands when it goes away. For those the writer
// restarts the value that owns the container (see JSONWriter.swift) here.
// This encoder keeps every container as an object of its own, as
// swift-foundation's `__JSONEncoder` does (an encoder per nested value, a
// referencing encoder for superEncoder that writes on deinit, a nested
// container handed back for a key that has one), except that an object
// keeps its keys in the order they were first set: the key order the
// stream would have written.

/// A value of the tree.
enum TreeNode {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case wide(high: UInt64, low: UInt64, negative: Bool)
  case double(Double)
  case float(Float)
  case string(String)
  /// Written as it is (a Decimal's description).
  case number(String)
  case object(TreeObject)
  case array(TreeArray)
}

/// An object of the tree: keys in the order first set, each once.
final class TreeObject {
  private(set) var keys: [String] = []
  private(set) var values: [TreeNode] = []
  /// Where each key is. String equality, as JSONEncoder's dictionary.
  private var positions: [String: Int] = [:]
  /// A Dictionary's object: its keys are sorted when printed.
  let isDictionary: Bool

  init(isDictionary: Bool = false) {
    self.isDictionary = isDictionary
  }

  func set(_ node: TreeNode, for key: String) {
    if let position = positions[key] {
      values[position] = node
    } else {
      positions[key] = keys.count
      keys.append(key)
      values.append(node)
    }
  }

  func node(for key: String) -> TreeNode? {
    positions[key].map { values[$0] }
  }
}

/// An array of the tree.
final class TreeArray {
  private(set) var values: [TreeNode] = []

  func append(_ node: TreeNode) { values.append(node) }

  func insert(_ node: TreeNode, at index: Int) {
    values.insert(node, at: min(index, values.count))
  }
}

/// An encoder of the tree: one per nested value, as JSONEncoder makes them.
class TreeEncoder: Encoder {
  let writer: JSONWriter
  let path: [any CodingKey]
  var singleValue: TreeNode?
  var object: TreeObject?
  var array: TreeArray?

  init(writer: JSONWriter, path: [any CodingKey]) {
    self.writer = writer
    self.path = path
  }

  var codingPath: [any CodingKey] { path }

  var userInfo: [CodingUserInfoKey: Any] { writer.options.userInfo }

  /// What this encoder holds, taken out of it.
  func takeValue() -> TreeNode? {
    if let object {
      self.object = nil
      return .object(object)
    }
    if let array {
      self.array = nil
      return .array(array)
    }
    defer { singleValue = nil }
    return singleValue
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if let object {
      return KeyedEncodingContainer(TreeKeyed<Key>(encoder: self, object: object, nested: []))
    }
    if case .object(let existing)? = singleValue {
      singleValue = nil
      object = existing
      return KeyedEncodingContainer(TreeKeyed<Key>(encoder: self, object: existing, nested: []))
    }
    guard singleValue == nil, array == nil else {
      writer.recordMisuse(
        "Attempt to push new keyed encoding container when already previously encoded at this path.",
        at: path)
      return KeyedEncodingContainer(TreeKeyed<Key>(encoder: self, object: TreeObject(), nested: []))
    }
    let created = TreeObject(isDictionary: Key.self == DictionaryKeyType.type)
    object = created
    return KeyedEncodingContainer(TreeKeyed<Key>(encoder: self, object: created, nested: []))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if let array { return TreeUnkeyed(encoder: self, array: array, nested: []) }
    if case .array(let existing)? = singleValue {
      singleValue = nil
      array = existing
      return TreeUnkeyed(encoder: self, array: existing, nested: [])
    }
    guard singleValue == nil, object == nil else {
      writer.recordMisuse(
        "Attempt to push new unkeyed encoding container when already previously encoded at this path.",
        at: path)
      return TreeUnkeyed(encoder: self, array: TreeArray(), nested: [])
    }
    let created = TreeArray()
    array = created
    return TreeUnkeyed(encoder: self, array: created, nested: [])
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  // MARK: Values

  /// `value` as a node, or nil when it wrote nothing (JSONEncoder's
  /// `wrapGeneric`); through a new encoder at `key`, or this one.
  func wrapGeneric<T: Encodable>(_ value: T, key: (any CodingKey)? = nil) throws -> TreeNode? {
    let valuePath = { key.map { self.path + [$0] } ?? self.path }
    switch writer.kind(of: T.self) {
    case .scalar(let scalar):
      return try node(value, scalar, path: valuePath())
    case .date:
      return try wrapDate(sameType(value, as: Date.self), key: key)
    case .data:
      return try wrapData(sameType(value, as: Data.self), key: key)
    case .url:
      return .string(sameType(value, as: URL.self).absoluteString)
    case .decimal:
      return .number(sameType(value, as: Decimal.self).description)
    case .scalarArray, .other:
      if writer.convertsKeys, let dictionary = value as? any UnconvertedKeysDictionary {
        return try dictionary.wrapEntries(in: self)
      }
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try value.encode(to: encoder)
      return encoder.takeValue()
    }
  }

  /// `value` as a node, `{}` when it wrote nothing (JSONEncoder's `wrap`).
  func wrap<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> TreeNode {
    try wrapGeneric(value, key: key) ?? .object(TreeObject())
  }

  /// The standard scalar `value` as a node.
  func node<T>(_ value: T, _ scalar: StandardScalar, path: @autoclosure () -> [any CodingKey])
    throws -> TreeNode
  {
    switch scalar {
    case .string: return .string(sameType(value, as: String.self))
    case .bool: return .bool(sameType(value, as: Bool.self))
    case .int: return .int(Int64(sameType(value, as: Int.self)))
    case .int8: return .int(Int64(sameType(value, as: Int8.self)))
    case .int16: return .int(Int64(sameType(value, as: Int16.self)))
    case .int32: return .int(Int64(sameType(value, as: Int32.self)))
    case .int64: return .int(sameType(value, as: Int64.self))
    case .uint: return .uint(UInt64(sameType(value, as: UInt.self)))
    case .uint8: return .uint(UInt64(sameType(value, as: UInt8.self)))
    case .uint16: return .uint(UInt64(sameType(value, as: UInt16.self)))
    case .uint32: return .uint(UInt64(sameType(value, as: UInt32.self)))
    case .uint64: return .uint(sameType(value, as: UInt64.self))
    case .double:
      return try floatingNode(
        sameType(value, as: Double.self), path: path(), make: TreeNode.double)
    case .float:
      return try floatingNode(
        sameType(value, as: Float.self), path: path(), make: TreeNode.float)
    }
  }

  /// A finite float's node, or the non-conforming strategy's string.
  func floatingNode<F: BinaryFloatingPoint>(
    _ value: F, path: @autoclosure () -> [any CodingKey],
    strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil, make: (F) -> TreeNode
  ) throws -> TreeNode {
    if value.isFinite { return make(value) }
    guard
      case .convertToString(let positive, let negative, let nan) = strategy
        ?? writer.options.nonConformingFloatEncodingStrategy
    else {
      throw JSONWriter.nonConformingError(value, path: path())
    }
    return .string(value == .infinity ? positive : value == -.infinity ? negative : nan)
  }

  private func wrapDate(_ date: Date, key: (any CodingKey)?) throws -> TreeNode? {
    let valuePath = { key.map { self.path + [$0] } ?? self.path }
    switch writer.options.dateEncodingStrategy {
    case .deferredToDate:
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try date.encode(to: encoder)
      return encoder.takeValue()
    case .secondsSince1970:
      return try floatingNode(
        date.timeIntervalSince1970, path: valuePath(), strategy: .throw, make: TreeNode.double)
    case .millisecondsSince1970:
      return try floatingNode(
        1000.0 * date.timeIntervalSince1970, path: valuePath(), strategy: .throw,
        make: TreeNode.double)
    case .iso8601:
      return .string(date.formatted(.iso8601))
    #if canImport(Darwin)
      case .formatted(let formatter):
        return .string(formatter.string(from: date))
    #endif
    case .custom(let encode):
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try encode(date, encoder)
      return encoder.takeValue() ?? .object(TreeObject())
    @unknown default:
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try date.encode(to: encoder)
      return encoder.takeValue()
    }
  }

  private func wrapData(_ data: Data, key: (any CodingKey)?) throws -> TreeNode? {
    switch writer.options.dataEncodingStrategy {
    case .deferredToData:
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try data.encode(to: encoder)
      return encoder.takeValue()
    case .base64:
      return .string(data.base64EncodedString())
    case .custom(let encode):
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try encode(data, encoder)
      return encoder.takeValue() ?? .object(TreeObject())
    @unknown default:
      let encoder = key.map { TreeEncoder(writer: writer, path: path + [$0]) } ?? self
      try data.encode(to: encoder)
      return encoder.takeValue()
    }
  }

  /// The entries of `dictionary` as an object, keys as they are.
  func wrapUnconverted<Value: Encodable>(_ dictionary: [String: Value]) throws -> TreeNode {
    let object = TreeObject(isDictionary: true)
    for (key, value) in dictionary {
      let encoder = TreeEncoder(writer: writer, path: path + [CodixKey(key)])
      object.set(try encoder.wrap(value, key: nil), for: key)
    }
    return .object(object)
  }
}

// MARK: - Single value

extension TreeEncoder: SingleValueEncodingContainer {
  private func store(_ node: @autoclosure () throws -> TreeNode) rethrows {
    guard singleValue == nil else {
      writer.recordMisuse(
        "Attempt to encode value through single value container when previously value already encoded.",
        at: path)
      return
    }
    singleValue = try node()
  }

  func encodeNil() throws { store(.null) }
  func encode(_ value: Bool) throws { store(.bool(value)) }
  func encode(_ value: String) throws { store(.string(value)) }
  func encode(_ value: Double) throws {
    try store(try floatingNode(value, path: path, make: TreeNode.double))
  }
  func encode(_ value: Float) throws {
    try store(try floatingNode(value, path: path, make: TreeNode.float))
  }
  func encode(_ value: Int) throws { store(.int(Int64(value))) }
  func encode(_ value: Int8) throws { store(.int(Int64(value))) }
  func encode(_ value: Int16) throws { store(.int(Int64(value))) }
  func encode(_ value: Int32) throws { store(.int(Int64(value))) }
  func encode(_ value: Int64) throws { store(.int(value)) }
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func encode(_ value: Int128) throws { store(TreeNode(value)) }
  func encode(_ value: UInt) throws { store(.uint(UInt64(value))) }
  func encode(_ value: UInt8) throws { store(.uint(UInt64(value))) }
  func encode(_ value: UInt16) throws { store(.uint(UInt64(value))) }
  func encode(_ value: UInt32) throws { store(.uint(UInt64(value))) }
  func encode(_ value: UInt64) throws { store(.uint(value)) }
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func encode(_ value: UInt128) throws { store(TreeNode(value)) }

  func encode<T: Encodable>(_ value: T) throws {
    guard singleValue == nil else {
      writer.recordMisuse(
        "Attempt to encode value through single value container when previously value already encoded.",
        at: path)
      return
    }
    singleValue = try wrap(value, key: nil)
  }
}

extension TreeNode {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  init(_ value: Int128) {
    let magnitude = value.magnitude
    self = .wide(
      high: UInt64(truncatingIfNeeded: magnitude >> 64),
      low: UInt64(truncatingIfNeeded: magnitude), negative: value < 0)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  init(_ value: UInt128) {
    self = .wide(
      high: UInt64(truncatingIfNeeded: value >> 64), low: UInt64(truncatingIfNeeded: value),
      negative: false)
  }
}

// MARK: - superEncoder

/// A superEncoder's encoder: what it holds goes into its container when it
/// goes away, as JSONEncoder's referencing encoder does.
final class TreeReferencingEncoder: TreeEncoder {
  private enum Place {
    case member(TreeObject, String)
    case element(TreeArray, Int)
  }

  private let place: Place

  init(writer: JSONWriter, path: [any CodingKey], object: TreeObject, key: String) {
    place = .member(object, key)
    super.init(writer: writer, path: path)
  }

  init(writer: JSONWriter, path: [any CodingKey], array: TreeArray, index: Int) {
    place = .element(array, index)
    super.init(writer: writer, path: path)
  }

  deinit {
    let value = takeValue() ?? .object(TreeObject())
    switch place {
    case .member(let object, let key): object.set(value, for: key)
    case .element(let array, let index): array.insert(value, at: index)
    }
  }
}

// MARK: - Containers

/// A keyed container of the tree.
struct TreeKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TreeEncoder
  let object: TreeObject
  /// The keys of the nested containers from the encoder to this one.
  let nested: [any CodingKey]

  var codingPath: [any CodingKey] { encoder.path + nested }

  private func converted(_ key: some CodingKey) -> String {
    encoder.writer.keyText(key, path: codingPath)
  }

  /// Sets the standard scalar `value` at `key`.
  private func put<T>(_ value: T, _ scalar: StandardScalar, _ key: Key) throws {
    let node = try encoder.node(value, scalar, path: encoder.path + [key])
    object.set(node, for: converted(key))
  }

  mutating func encodeNil(forKey key: Key) throws { object.set(.null, for: converted(key)) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, .bool, key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(value, .string, key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, .double, key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, .float, key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, .int, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, .int8, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, .int16, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, .int32, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, .int64, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, .uint, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, .uint8, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, .uint16, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, .uint32, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, .uint64, key) }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws {
    object.set(TreeNode(value), for: converted(key))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    object.set(TreeNode(value), for: converted(key))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let node = try encoder.wrap(value, key: key)
    object.set(node, for: converted(key))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let text = converted(key)
    let nestedObject: TreeObject
    switch object.node(for: text) {
    case .object(let existing)?:
      nestedObject = existing
    case nil:
      nestedObject = TreeObject(isDictionary: NestedKey.self == DictionaryKeyType.type)
      object.set(.object(nestedObject), for: text)
    default:
      encoder.writer.recordMisuse(
        "Attempt to re-encode into nested KeyedEncodingContainer<\(Key.self)> for key \"\(text)\" "
          + "is invalid: non-keyed container already encoded for this key", at: codingPath)
      nestedObject = TreeObject()
    }
    return KeyedEncodingContainer(
      TreeKeyed<NestedKey>(encoder: encoder, object: nestedObject, nested: nested + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let text = converted(key)
    let nestedArray: TreeArray
    switch object.node(for: text) {
    case .array(let existing)?:
      nestedArray = existing
    case nil:
      nestedArray = TreeArray()
      object.set(.array(nestedArray), for: text)
    default:
      encoder.writer.recordMisuse(
        "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"\(text)\" is "
          + "invalid: keyed container/single value already encoded for this key", at: codingPath)
      nestedArray = TreeArray()
    }
    return TreeUnkeyed(encoder: encoder, array: nestedArray, nested: nested + [key])
  }

  mutating func superEncoder() -> any Encoder {
    let key = CodixKey("super")
    return TreeReferencingEncoder(
      writer: encoder.writer, path: encoder.path + [key], object: object, key: converted(key))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeReferencingEncoder(
      writer: encoder.writer, path: encoder.path + [key], object: object, key: converted(key))
  }
}

/// An unkeyed container of the tree.
struct TreeUnkeyed: UnkeyedEncodingContainer {
  let encoder: TreeEncoder
  let array: TreeArray
  let nested: [any CodingKey]

  var codingPath: [any CodingKey] { encoder.path + nested }

  var count: Int { array.values.count }

  /// Appends the standard scalar `value`.
  private func put<T>(_ value: T, _ scalar: StandardScalar) throws {
    array.append(try encoder.node(value, scalar, path: encoder.path + [CodixKey(index: count)]))
  }

  mutating func encodeNil() throws { array.append(.null) }
  mutating func encode(_ value: Bool) throws { try put(value, .bool) }
  mutating func encode(_ value: String) throws { try put(value, .string) }
  mutating func encode(_ value: Double) throws { try put(value, .double) }
  mutating func encode(_ value: Float) throws { try put(value, .float) }
  mutating func encode(_ value: Int) throws { try put(value, .int) }
  mutating func encode(_ value: Int8) throws { try put(value, .int8) }
  mutating func encode(_ value: Int16) throws { try put(value, .int16) }
  mutating func encode(_ value: Int32) throws { try put(value, .int32) }
  mutating func encode(_ value: Int64) throws { try put(value, .int64) }
  mutating func encode(_ value: UInt) throws { try put(value, .uint) }
  mutating func encode(_ value: UInt8) throws { try put(value, .uint8) }
  mutating func encode(_ value: UInt16) throws { try put(value, .uint16) }
  mutating func encode(_ value: UInt32) throws { try put(value, .uint32) }
  mutating func encode(_ value: UInt64) throws { try put(value, .uint64) }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { array.append(TreeNode(value)) }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { array.append(TreeNode(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.append(try encoder.wrap(value, key: CodixKey(index: count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let index = count
    let object = TreeObject(isDictionary: NestedKey.self == DictionaryKeyType.type)
    array.append(.object(object))
    return KeyedEncodingContainer(
      TreeKeyed<NestedKey>(
        encoder: encoder, object: object, nested: nested + [CodixKey(index: index)]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let index = count
    let nestedArray = TreeArray()
    array.append(.array(nestedArray))
    return TreeUnkeyed(
      encoder: encoder, array: nestedArray, nested: nested + [CodixKey(index: index)])
  }

  mutating func superEncoder() -> any Encoder {
    TreeReferencingEncoder(
      writer: encoder.writer, path: encoder.path + [CodixKey(index: count)], array: array,
      index: count)
  }
}

// MARK: - Printing

extension JSONWriter {
  /// Prints `node` at the end of the output, as a value at `level`.
  func printTree(_ node: TreeNode, level: Int) {
    switch node {
    case .null: out.appendNull()
    case .bool(let value): out.append(value)
    case .int(let value): out.append(value)
    case .uint(let value): out.append(value)
    case .wide(let high, let low, let negative):
      out.appendWide(magnitude: (high, low), negative: negative)
    case .double(let value): out.append(value)
    case .float(let value): out.append(value)
    case .string(let value): out.append(string: value)
    case .number(var text): text.withUTF8 { out.append(UnsafeRawBufferPointer($0)) }
    case .object(let object):
      if level >= Self.levelLimit && tooDeepAt == nil { tooDeepAt = out.count }
      out.append(UInt8(ascii: "{"))
      if pretty { out.append(UInt8(ascii: "\n")) }
      var order = Array(object.keys.indices)
      if sortsKeys || object.isDictionary {
        order.sort { object.keys[$0].utf8.lexicographicallyPrecedes(object.keys[$1].utf8) }
      }
      for (position, index) in order.enumerated() {
        appendSeparator(count: position, level: level)
        out.append(string: object.keys[index])
        if pretty {
          out.append(UInt8(ascii: " "), UInt8(ascii: ":"))
          out.append(UInt8(ascii: " "))
        } else {
          out.append(UInt8(ascii: ":"))
        }
        printTree(object.values[index], level: level + 1)
      }
      if pretty {
        out.append(UInt8(ascii: "\n"))
        appendIndent(level)
      }
      out.append(UInt8(ascii: "}"))
    case .array(let array):
      if level >= Self.levelLimit && tooDeepAt == nil { tooDeepAt = out.count }
      out.append(UInt8(ascii: "["))
      if pretty { out.append(UInt8(ascii: "\n")) }
      for (index, value) in array.values.enumerated() {
        appendSeparator(count: index, level: level)
        printTree(value, level: level + 1)
      }
      if pretty {
        out.append(UInt8(ascii: "\n"))
        appendIndent(level)
      }
      out.append(UInt8(ascii: "]"))
    }
  }
}
