import Foundation

// Values in slots: the top-level value, a value at a key or an index, a
// value through a single-value container. Foundation's special types are
// written as JSONEncoder writes them (Date and Data by their strategies,
// URL as its absolute string, Decimal as its description), the standard
// scalars and arrays of them without an `encode(to:)` round trip, and
// anything else by its own `encode(to:)`.

/// What the writer does with a value of a type (`JSONWriter.kind(of:)`).
enum ValueKind {
  case scalar(StandardScalar)
  case scalarArray(StandardScalar)
  case date, data, url, decimal
  case other
}

extension JSONWriter {
  // MARK: Kinds

  /// The kind of values of `type`.
  @inline(__always)
  func kind<T>(of type: T.Type) -> ValueKind {
    if let scalar = StandardScalar.of(type) { return .scalar(scalar) }
    return Self.structuredKind(of: type)
  }

  private static func structuredKind(of type: Any.Type) -> ValueKind {
    let id = ObjectIdentifier(type)
    for (known, kind) in structuredKinds where known == id { return kind }
    return .other
  }

  /// Foundation's special types and the arrays of standard scalars, most
  /// common first; their metadata looked up once.
  private static let structuredKinds: [(ObjectIdentifier, ValueKind)] = [
    (ObjectIdentifier([String].self), .scalarArray(.string)),
    (ObjectIdentifier([Double].self), .scalarArray(.double)),
    (ObjectIdentifier([Int].self), .scalarArray(.int)),
    (ObjectIdentifier(Date.self), .date),
    (ObjectIdentifier(URL.self), .url),
    (ObjectIdentifier(Data.self), .data),
    (ObjectIdentifier(Decimal.self), .decimal),
    (ObjectIdentifier([Bool].self), .scalarArray(.bool)),
    (ObjectIdentifier([Int64].self), .scalarArray(.int64)),
    (ObjectIdentifier([Float].self), .scalarArray(.float)),
    (ObjectIdentifier([UInt8].self), .scalarArray(.uint8)),
    (ObjectIdentifier([Int32].self), .scalarArray(.int32)),
    (ObjectIdentifier([UInt].self), .scalarArray(.uint)),
    (ObjectIdentifier([UInt64].self), .scalarArray(.uint64)),
    (ObjectIdentifier([UInt32].self), .scalarArray(.uint32)),
    (ObjectIdentifier([Int16].self), .scalarArray(.int16)),
    (ObjectIdentifier([UInt16].self), .scalarArray(.uint16)),
    (ObjectIdentifier([Int8].self), .scalarArray(.int8)),
  ]

  // MARK: Scalars

  /// Writes the standard scalar `value` (of the type `scalar` names) at
  /// the end of the output; `path` is where JSONEncoder reports a
  /// non-conforming float.
  @inline(__always)
  func appendScalar<T>(
    _ value: T, _ scalar: StandardScalar, path: @autoclosure () -> [any CodingKey]
  ) throws {
    switch scalar {
    case .string: out.append(string: sameType(value, as: String.self))
    case .bool: out.append(sameType(value, as: Bool.self))
    case .int: out.append(Int64(sameType(value, as: Int.self)))
    case .int8: out.append(Int64(sameType(value, as: Int8.self)))
    case .int16: out.append(Int64(sameType(value, as: Int16.self)))
    case .int32: out.append(Int64(sameType(value, as: Int32.self)))
    case .int64: out.append(sameType(value, as: Int64.self))
    case .uint: out.append(UInt64(sameType(value, as: UInt.self)))
    case .uint8: out.append(UInt64(sameType(value, as: UInt8.self)))
    case .uint16: out.append(UInt64(sameType(value, as: UInt16.self)))
    case .uint32: out.append(UInt64(sameType(value, as: UInt32.self)))
    case .uint64: out.append(sameType(value, as: UInt64.self))
    case .double: try append(sameType(value, as: Double.self), path: path())
    case .float: try append(sameType(value, as: Float.self), path: path())
    }
  }

  /// A Double, or the non-conforming strategy's string for infinity and NaN.
  @inline(__always)
  func append(
    _ value: Double, path: @autoclosure () -> [any CodingKey],
    strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil
  ) throws {
    if value.isFinite {
      out.append(value)
    } else {
      try appendNonConforming(
        value, strategy: strategy ?? options.nonConformingFloatEncodingStrategy, path: path())
    }
  }

  /// A Float, or the non-conforming strategy's string for infinity and NaN.
  @inline(__always)
  func append(_ value: Float, path: @autoclosure () -> [any CodingKey]) throws {
    if value.isFinite {
      out.append(value)
    } else {
      try appendNonConforming(
        value, strategy: options.nonConformingFloatEncodingStrategy, path: path())
    }
  }

  /// Throws JSONEncoder's error for a non-finite `value` under `.throw`.
  func checkConforming<F: BinaryFloatingPoint>(
    _ value: F, path: @autoclosure () -> [any CodingKey]
  ) throws {
    guard !value.isFinite, case .throw = options.nonConformingFloatEncodingStrategy else {
      return
    }
    throw Self.nonConformingError(value, path: path())
  }

  /// `checkConforming` for a standard scalar `value` of the type `scalar`
  /// names (a no-op but for Double and Float).
  @inline(__always)
  func checkConforming<T>(
    _ value: T, _ scalar: StandardScalar, path: @autoclosure () -> [any CodingKey]
  ) throws {
    switch scalar {
    case .double: try checkConforming(sameType(value, as: Double.self), path: path())
    case .float: try checkConforming(sameType(value, as: Float.self), path: path())
    default: break
    }
  }

  private func appendNonConforming<F: BinaryFloatingPoint>(
    _ value: F, strategy: JSONEncoder.NonConformingFloatEncodingStrategy,
    path: [any CodingKey]
  ) throws {
    guard case .convertToString(let positive, let negative, let nan) = strategy else {
      throw Self.nonConformingError(value, path: path)
    }
    out.append(string: value == .infinity ? positive : value == -.infinity ? negative : nan)
  }

  /// JSONEncoder's error for a non-conforming float: "Unable to encode
  /// Double.nan directly in JSON.", with `Double.inf`, `Double.-inf`.
  static func nonConformingError<F: BinaryFloatingPoint>(_ value: F, path: [any CodingKey])
    -> EncodingError
  {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: path, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."
      ))
  }

  // MARK: Values in a slot

  /// Writes `value` into the slot `slot`, the top frame, empty: through
  /// the writer, or through `slotEncoder` (a superEncoder's slot), when the
  /// value encodes itself. The slot stays empty when the value wrote
  /// nothing.
  ///
  /// `ownSlot`: the slot was made for this value (at its key or index), not
  /// shared with the value that wrote it through its single-value container.
  func writeValue<T: Encodable>(
    _ value: T, in slot: Int, slotEncoder: SlotEncoder?, ownSlot: Bool = true
  ) throws {
    let kind = kind(of: T.self)
    if try appendWithoutSlot(value, kind, path: encoderPath(slot)) {
      fill(slot)
      return
    }
    switch kind {
    case .date:
      try writeDate(sameType(value, as: Date.self), in: slot, encoder: slotEncoder ?? self)
    case .data:
      try writeData(sameType(value, as: Data.self), in: slot, encoder: slotEncoder ?? self)
    default:
      if convertsKeys, let dictionary = value as? any UnconvertedKeysDictionary {
        // JSONEncoder leaves the keys of a [String: Value] as they are.
        if ownSlot {
          // JSONEncoder leaves the dictionary's own key out of its values' paths.
          frames[slot].flags.insert(.hidesKey)
        }
        try dictionary.writeEntries(to: self, in: slot)
      } else if let slotEncoder {
        try value.encode(to: slotEncoder)
      } else {
        try value.encode(to: self)
      }
    }
  }

  /// Writes `value` at the end of the output when its kind needs no slot
  /// (no encoder of its own): a standard scalar, an array of them, a URL, a
  /// Decimal. `path` is the value's, for a non-conforming float's error.
  /// False when it needs one.
  @inline(__always)
  func appendWithoutSlot<T>(
    _ value: T, _ kind: ValueKind, path: @autoclosure () -> [any CodingKey]
  ) throws -> Bool {
    switch kind {
    case .scalar(let scalar):
      try appendScalar(value, scalar, path: path())
    case .scalarArray(let element):
      try appendScalarArray(value, of: element, path: path)
    case .url:
      out.append(string: sameType(value, as: URL.self).absoluteString)
    case .decimal:
      var text = sameType(value, as: Decimal.self).description
      text.withUTF8 { out.append(UnsafeRawBufferPointer($0)) }
    default:
      return false
    }
    return true
  }

  /// Writes `value` into a new slot at the end of the output (after its
  /// key or separator), keyed `key` in coding paths; `{}` when it writes
  /// nothing. Encodes it again in a tree when a restart asks for it.
  func writeNested<T: Encodable>(_ value: T, key: WriterPathKey) throws {
    let slot = pushSlot(key)
    if !treeTypes.isEmpty && treeTypes.contains(ObjectIdentifier(T.self)) {
      try writeInTree(value, slot: slot)
      return
    }
    do {
      try writeValue(value, in: Int(slot.index), slotEncoder: nil)
    } catch {
      if try restartIfTargeted(slot, value) { return }
      throw error
    }
    if restartTarget != nil {
      if try restartIfTargeted(slot, value) { return }
      throw RestartSignal()
    }
    finishSlot(slot)
  }

  /// Encodes `value` as the whole document.
  func encodeTopLevel<T: Encodable>(_ value: T) throws {
    let slot = pushSlot(.none, topLevel: true)
    if !treeTypes.isEmpty && treeTypes.contains(ObjectIdentifier(T.self)) {
      try writeInTree(value, slot: slot)
    } else {
      do {
        try writeValue(value, in: 0, slotEncoder: nil)
        if restartTarget != nil { throw RestartSignal() }
      } catch {
        guard try restartIfTargeted(slot, value) else { throw error }
      }
      if isOpen(slot) {
        guard frames[0].flags.contains(.filled) else {
          throw Self.emptyTopLevelError(value)
        }
        finishSlot(slot)
      }
    }
    if misuse != nil { throw misuseError(value: value) }
    if tooDeepAt != nil {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
    }
  }

  static func emptyTopLevelError<T>(_ value: T) -> EncodingError {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
  }

  /// Closes what the value of `slot` left open, writes `{}` if it wrote
  /// nothing, and closes the slot.
  func finishSlot(_ slot: FrameRef) {
    let index = Int(slot.index)
    while frames.count > index + 1 { closeTop() }
    closeTop()
  }

  /// Encodes `value` again, in a tree, when the pending restart is for
  /// `slot`: the stream's attempt is discarded. False when it is not.
  private func restartIfTargeted<T: Encodable>(_ slot: FrameRef, _ value: T) throws -> Bool {
    guard restartTarget == slot else { return false }
    restartTarget = nil
    let index = Int(slot.index)
    while frames.count > index + 1 { discardTop() }
    truncateOutput(to: frames[index].start)
    frames[index].flags.subtract([.filled, .holdsContainer])
    TreeModeTypes.insert(T.self)
    try writeInTree(value, slot: slot)
    return true
  }

  /// Encodes `value` in a tree (JSONTree.swift) and prints it into `slot`,
  /// then closes the slot.
  private func writeInTree<T: Encodable>(_ value: T, slot: FrameRef) throws {
    let index = Int(slot.index)
    topGeneration = 0  // no container of the stream writes meanwhile
    defer { refreshTop() }
    let tree = TreeEncoder(writer: self, path: encoderPath(index))
    let node = try tree.wrapGeneric(value)
    if let node {
      printTree(node, level: openContainers)
      fill(index)
    } else if frames[index].flags.contains(.topLevel) {
      throw Self.emptyTopLevelError(value)
    }
    refreshTop()
    finishSlot(slot)
  }

  // MARK: Arrays of scalars

  /// Writes `array`, an array of the standard scalar `element`, with one
  /// loop (JSONEncoder writes each element through its unkeyed container:
  /// the same bytes, the same errors); `path` is the array's.
  private func appendScalarArray<T>(
    _ array: T, of element: StandardScalar, path: () -> [any CodingKey]
  ) throws {
    switch element {
    case .string: appendArray(sameType(array, as: [String].self)) { out.append(string: $0) }
    case .bool: appendArray(sameType(array, as: [Bool].self)) { out.append($0) }
    case .int: appendArray(sameType(array, as: [Int].self)) { out.append(Int64($0)) }
    case .int8: appendArray(sameType(array, as: [Int8].self)) { out.append(Int64($0)) }
    case .int16: appendArray(sameType(array, as: [Int16].self)) { out.append(Int64($0)) }
    case .int32: appendArray(sameType(array, as: [Int32].self)) { out.append(Int64($0)) }
    case .int64: appendArray(sameType(array, as: [Int64].self)) { out.append($0) }
    case .uint: appendArray(sameType(array, as: [UInt].self)) { out.append(UInt64($0)) }
    case .uint8: appendArray(sameType(array, as: [UInt8].self)) { out.append(UInt64($0)) }
    case .uint16: appendArray(sameType(array, as: [UInt16].self)) { out.append(UInt64($0)) }
    case .uint32: appendArray(sameType(array, as: [UInt32].self)) { out.append(UInt64($0)) }
    case .uint64: appendArray(sameType(array, as: [UInt64].self)) { out.append($0) }
    case .double:
      let values = sameType(array, as: [Double].self)
      if let bad = values.firstIndex(where: { !$0.isFinite }) {
        try checkConforming(values[bad], path: path() + [CodixKey(index: bad)])
      }
      appendArray(values) {
        out.appendNumber($0, strategy: options.nonConformingFloatEncodingStrategy)
      }
    case .float:
      let values = sameType(array, as: [Float].self)
      if let bad = values.firstIndex(where: { !$0.isFinite }) {
        try checkConforming(values[bad], path: path() + [CodixKey(index: bad)])
      }
      appendArray(values) {
        out.appendNumber($0, strategy: options.nonConformingFloatEncodingStrategy)
      }
    }
  }

  @inline(__always)
  private func appendArray<Element>(_ values: [Element], _ write: (Element) -> Void) {
    let level = openContainers
    if level >= Self.levelLimit && tooDeepAt == nil { tooDeepAt = out.count }
    out.append(UInt8(ascii: "["))
    if pretty { out.append(UInt8(ascii: "\n")) }
    for index in values.indices {
      appendSeparator(count: index, level: level)
      write(values[index])
    }
    if pretty {
      out.append(UInt8(ascii: "\n"))
      appendIndent(level)
    }
    out.append(UInt8(ascii: "]"))
  }

  // MARK: Dates and data

  private func writeDate(_ date: Date, in slot: Int, encoder: any Encoder) throws {
    switch options.dateEncodingStrategy {
    case .deferredToDate:
      try date.encode(to: encoder)
    case .secondsSince1970:
      try append(date.timeIntervalSince1970, path: encoderPath(slot), strategy: .throw)
      fill(slot)
    case .millisecondsSince1970:
      try append(1000.0 * date.timeIntervalSince1970, path: encoderPath(slot), strategy: .throw)
      fill(slot)
    case .iso8601:
      out.append(string: date.formatted(.iso8601))
      fill(slot)
    #if canImport(Darwin)
      case .formatted(let formatter):
        out.append(string: formatter.string(from: date))
        fill(slot)
    #endif
    case .custom(let encode):
      try encode(date, encoder)
      fillIfEmpty(slot)
    @unknown default:
      try date.encode(to: encoder)
    }
  }

  private func writeData(_ data: Data, in slot: Int, encoder: any Encoder) throws {
    switch options.dataEncodingStrategy {
    case .deferredToData:
      try data.encode(to: encoder)
    case .base64:
      data.withUnsafeBytes { out.appendBase64($0) }
      fill(slot)
    case .custom(let encode):
      try encode(data, encoder)
      fillIfEmpty(slot)
    @unknown default:
      try data.encode(to: encoder)
    }
  }

  /// `{}` in the slot if a strategy's closure wrote nothing there
  /// (JSONEncoder: "an empty automatic container").
  private func fillIfEmpty(_ slot: Int) {
    guard isOpen(FrameRef(slot, frames[slot].generation)) else { return }
    if !frames[slot].flags.contains(.filled) {
      guard frames.count == slot + 1 else { return }
      appendEmptyObject()
      fill(slot)
    }
  }
}

// MARK: - [String: Value] under a key strategy

/// A `[String: Value]`, whose keys JSONEncoder writes as they are under a
/// key strategy.
protocol UnconvertedKeysDictionary {
  /// Writes the entries as an object into the empty slot `slot`.
  func writeEntries(to writer: JSONWriter, in slot: Int) throws
  /// The entries as an object of the tree.
  func wrapEntries(in tree: TreeEncoder) throws -> TreeNode
}

extension Dictionary: UnconvertedKeysDictionary where Key == String, Value: Encodable {
  func writeEntries(to writer: JSONWriter, in slot: Int) throws {
    try writer.writeUnconvertedObject(self, in: slot)
  }

  func wrapEntries(in tree: TreeEncoder) throws -> TreeNode {
    try tree.wrapUnconverted(self)
  }
}

extension JSONWriter {
  /// Writes the object `dictionary` into `slot` with its keys as they are.
  func writeUnconvertedObject<Value: Encodable>(_ dictionary: [String: Value], in slot: Int)
    throws
  {
    frames[slot].flags.formUnion([.filled, .holdsContainer])
    let owner = ownerRef(of: slot)
    let object = openContainer(.object, key: .none, owner: Int(owner.index))
    frames[Int(object.index)].flags.insert(.sorts)
    for (key, value) in dictionary {
      try beginMember(key, in: object, owner: owner)
      try writeNested(value, key: .key(CodixKey(key)))
    }
  }
}

// MARK: - The key type of a Dictionary

/// The CodingKey type a Dictionary encodes its keys with (the standard
/// library's `_DictionaryCodingKey`), found once by encoding one: a
/// keyed container of this type is a Dictionary's.
enum DictionaryKeyType {
  static let type: Any.Type? = {
    let recorder = KeyTypeRecorder()
    try? ["": 0].encode(to: recorder)
    return recorder.keyType
  }()

  /// An encoder that records the key type of the first keyed container.
  private final class KeyTypeRecorder: Encoder {
    var keyType: Any.Type?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      keyType = keyType ?? type
      return KeyedEncodingContainer(Discard<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { DiscardUnkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { DiscardUnkeyed() }
  }

  private struct Discard<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> { KeyedEncodingContainer(Discard<NestedKey>()) }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      DiscardUnkeyed()
    }
    mutating func superEncoder() -> any Encoder { KeyTypeRecorder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { KeyTypeRecorder() }
  }

  private struct DiscardUnkeyed: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    { KeyedEncodingContainer(Discard<NestedKey>()) }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { DiscardUnkeyed() }
    mutating func superEncoder() -> any Encoder { KeyTypeRecorder() }
  }
}

// MARK: - Types that go to the tree

/// The types whose values needed the tree once (see JSONWriter.swift): their
/// later values go there at once. Shared by every encode of the process.
final class TreeModeTypes: @unchecked Sendable {
  // Unchecked: `types` is touched only while holding `lock`.
  private let lock = NSLock()
  private var types: Set<ObjectIdentifier> = []

  private static let shared = TreeModeTypes()

  static func insert(_ type: Any.Type) {
    shared.lock.lock()
    defer { shared.lock.unlock() }
    shared.types.insert(ObjectIdentifier(type))
  }

  /// The types known now.
  static func snapshot() -> Set<ObjectIdentifier> {
    shared.lock.lock()
    defer { shared.lock.unlock() }
    return shared.types
  }
}
