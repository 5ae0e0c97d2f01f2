import Foundation

// The three containers over the tape. Keyed and unkeyed containers are the
// tape index of their object or array, and read members in place; the
// single-value container is the reader itself.

// MARK: - Keyed

struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let reader: JSONReader
  let object: Int
  let anchor: PathAnchor
  /// What few containers have, behind one reference that is `nil` for the
  /// others: the standard library's box copies its container at every read
  /// (`_KeyedDecodingContainerBox` keeps it in a `var`), and each reference
  /// in it is a retain and a release per copy.
  private let extra: KeyedReaderExtra?

  init(reader: JSONReader, object: Int, anchor: PathAnchor, tail: PathTail?) {
    self.reader = reader
    self.object = object
    self.anchor = anchor
    let converted = reader.convertedKeys(of: object, path: reader.path(anchor, tail))
    extra = tail == nil && converted == nil ? nil : KeyedReaderExtra(tail, converted)
  }

  /// The keys a nested container added to its anchor's path.
  var tail: PathTail? { extra?.tail }
  /// The object's keys under a `.custom` key strategy.
  var converted: ConvertedKeys? { extra?.converted }

  var codingPath: [any CodingKey] { reader.path(anchor, tail) }

  var allKeys: [Key] {
    reader.allKeys(of: object, converted: converted).compactMap { Key(stringValue: $0) }
  }

  @inline(__always)
  private func find(_ key: Key) -> Int? {
    if Key.self == CodixKey.self {
      // Codix's own keys (paths, wrapper fields) are found as the key
      // strategy converts the document's keys, or else as it writes them.
      return reader.codixMember(of: object, key: key.stringValue, converted: converted)
    }
    return reader.member(of: object, key: key.stringValue, converted: converted)
  }

  @inline(__always)
  private func place(_ key: Key) -> Place { Place(anchor, tail, .key(key)) }

  /// The value at `key`, or the error JSONDecoder throws for a missing key.
  @inline(__always)
  private func value(_ key: Key) throws -> Int {
    guard let index = find(key) else { throw keyNotFound(key) }
    return index
  }

  private func keyNotFound(_ key: some CodingKey) -> DecodingError {
    reader.fail(
      .keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\").")),
      at: object)
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    reader.tag(of: try value(key)) == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try reader.bool(at: value(key), place(key))
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try reader.string(at: value(key), place(key))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try reader.floatingPoint(type, at: value(key), place(key))
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try reader.floatingPoint(type, at: value(key), place(key))
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try reader.integer(type, at: value(key), place(key))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try reader.integer(type, at: value(key), place(key))
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try reader.integer(type, at: value(key), place(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try reader.unwrap(type, at: value(key), place(key))
  }

  // One lookup for `decodeIfPresent`, where the protocol's default makes
  // three (contains, decodeNil, decode); the same answers.

  /// The value at `key` when it is there and not `null`.
  @inline(__always)
  private func present(_ key: Key) -> Int? {
    guard let index = find(key), reader.tag(of: index) != .null else { return nil }
    return index
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key).map { try reader.bool(at: $0, place(key)) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key).map { try reader.string(at: $0, place(key)) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key).map { try reader.floatingPoint(type, at: $0, place(key)) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try present(key).map { try reader.floatingPoint(type, at: $0, place(key)) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { try reader.integer(type, at: $0, place(key)) }
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try present(key).map { try reader.integer(type, at: $0, place(key)) }
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try present(key).map { try reader.integer(type, at: $0, place(key)) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(key).map { try reader.unwrap(type, at: $0, place(key)) }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try value(key)
    return try reader.keyedContainer(
      at: index, keyedBy: type, anchor: anchor, tail: PathTail(tail, .key(key), value: index))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let index = try value(key)
    return try reader.unkeyedContainer(
      at: index, anchor: anchor, tail: PathTail(tail, .key(key), value: index))
  }

  func superDecoder() throws -> any Decoder {
    let key = CodixKey("super")
    let index = reader.member(of: object, key: key.stringValue, converted: converted)
    return reader.decoder(at: index ?? JSONReader.missing, path: codingPath + [key])
  }

  /// A new decoder at the value of `key`, or at `null` when it is missing.
  func superDecoder(forKey key: Key) throws -> any Decoder {
    reader.decoder(at: find(key) ?? JSONReader.missing, path: codingPath + [key])
  }
}

/// A keyed container's path tail and converted keys, when it has either.
final class KeyedReaderExtra {
  let tail: PathTail?
  let converted: ConvertedKeys?

  init(_ tail: PathTail?, _ converted: ConvertedKeys?) {
    self.tail = tail
    self.converted = converted
  }
}

// MARK: - Unkeyed

struct UnkeyedReader: UnkeyedDecodingContainer {
  let reader: JSONReader
  let array: Int
  let anchor: PathAnchor
  let tail: PathTail?
  /// The next element's tape index.
  private var position: Int
  private let end: Int
  private(set) var currentIndex = 0

  init(reader: JSONReader, array: Int, anchor: PathAnchor, tail: PathTail?) {
    self.reader = reader
    self.array = array
    self.anchor = anchor
    self.tail = tail
    position = array + 2
    end = reader.document.end(of: array)
  }

  var codingPath: [any CodingKey] { reader.path(anchor, tail) }

  var count: Int? { reader.document.count(of: array) }

  var isAtEnd: Bool { position >= end }

  @inline(__always)
  private var place: Place { Place(anchor, tail, .index(currentIndex)) }

  /// The next element, or the error for reading past the end.
  @inline(__always)
  private func next(_ type: Any.Type, message: String = "Unkeyed container is at end.") throws
    -> Int
  {
    guard position < end else {
      throw reader.fail(
        .valueNotFound(
          type,
          DecodingError.Context(
            codingPath: codingPath + [CodixKey(index: currentIndex)], debugDescription: message)),
        at: array)
    }
    return position
  }

  @inline(__always)
  private mutating func advance() {
    position = reader.document.next(after: position)
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    let index = try next(Never.self)
    guard reader.tag(of: index) == .null else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let value = try reader.bool(at: next(type), place)
    advance()
    return value
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let value = try reader.string(at: next(type), place)
    advance()
    return value
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let value = try reader.floatingPoint(type, at: next(type), place)
    advance()
    return value
  }

  mutating func decode(_ type: Float.Type) throws -> Float {
    let value = try reader.floatingPoint(type, at: next(type), place)
    advance()
    return value
  }

  mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

  @inline(__always)
  private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let value = try reader.integer(type, at: next(type), place)
    advance()
    return value
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try reader.unwrap(type, at: next(type), place)
    advance()
    return value
  }

  // `decodeIfPresent` as JSONDecoder's: `nil` for `null`, and past the end
  // `nil` with the index moved on all the same (the protocol's default
  // leaves it), so later errors name the index JSONDecoder names.

  @inline(__always)
  private mutating func ifPresent<T>(_ read: (inout Self) throws -> T) throws -> T? {
    if isAtEnd {
      currentIndex += 1
      return nil
    }
    if try decodeNil() { return nil }
    return try read(&self)
  }

  mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    try ifPresent { try $0.decode(type) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let index = try next(KeyedDecodingContainer<NestedKey>.self)
    let container = try reader.keyedContainer(
      at: index, keyedBy: type, anchor: anchor,
      tail: PathTail(tail, .index(currentIndex), value: index))
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let index = try next((any UnkeyedDecodingContainer).self)
    let container = try reader.unkeyedContainer(
      at: index, anchor: anchor, tail: PathTail(tail, .index(currentIndex), value: index))
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let index = try next(
      (any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
    let decoder = reader.decoder(at: index, path: codingPath + [CodixKey(index: currentIndex)])
    advance()
    return decoder
  }
}

// MARK: - Single value

extension JSONReader: SingleValueDecodingContainer {
  @inline(__always)
  private var here: Place { Place(PathAnchor(self), nil, nil) }

  @usableFromInline func decodeNil() -> Bool { tag(of: value) == .null }
  @usableFromInline func decode(_ type: Bool.Type) throws -> Bool { try bool(at: value, here) }
  @usableFromInline func decode(_ type: String.Type) throws -> String {
    try string(at: value, here)
  }
  @usableFromInline func decode(_ type: Double.Type) throws -> Double {
    try floatingPoint(type, at: value, here)
  }
  @usableFromInline func decode(_ type: Float.Type) throws -> Float {
    try floatingPoint(type, at: value, here)
  }
  @usableFromInline func decode(_ type: Int.Type) throws -> Int {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: Int8.Type) throws -> Int8 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: Int16.Type) throws -> Int16 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: Int32.Type) throws -> Int32 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: Int64.Type) throws -> Int64 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: UInt.Type) throws -> UInt {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: UInt8.Type) throws -> UInt8 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: UInt16.Type) throws -> UInt16 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: UInt32.Type) throws -> UInt32 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode(_ type: UInt64.Type) throws -> UInt64 {
    try integer(type, at: value, here)
  }
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @usableFromInline func decode(_ type: Int128.Type) throws -> Int128 {
    try integer(type, at: value, here)
  }
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @usableFromInline func decode(_ type: UInt128.Type) throws -> UInt128 {
    try integer(type, at: value, here)
  }
  @usableFromInline func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try unwrap(type, at: value, here)
  }

  /// A new reader at `index` whose coding path is `path` (a superDecoder).
  func decoder(at index: Int, path: [any CodingKey]) -> JSONReader {
    JSONReader(
      document: document, options: options, userInfo: userInfo, value: index,
      frames: path.map { Frame(key: .key($0), value: index) })
  }
}
