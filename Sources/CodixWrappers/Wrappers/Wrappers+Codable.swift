import CodixCore
import Foundation

// The wrappers are `Codable` themselves, as Kodable's are, so that they also
// work inside a type whose `Codable` conformance the compiler synthesizes
// (a plain `struct Song: Codable`, not a `Kodable` model):
//
//     struct Song: Codable {
//       @Coding var title: String          // read at "title", lossy rules apply
//       @CodableDate var released: Date    // ISO 8601
//       @Coding var rating: Int?           // missing or null: nil
//     }
//
// There the synthesized code chooses the key (the property's name) and makes
// each wrapper with `init(from:)`, so a declaration's key, options, default
// and transformer are not known: `@Coding` reads its value with the lossy
// rules, `@CodableDate` reads ISO 8601, `KodableTransformable` uses its
// transform. An optional value that is missing or `null` is `nil`; `nil` is
// left out when encoding. In a `Kodable` model none of this runs: the model's
// table reads each wrapper with everything its declaration says.

// MARK: - Coding

extension Coding: Decodable where Value: Decodable {
  /// Decodes the value at this wrapper's position, with the lossy rules.
  public init(from decoder: any Decoder) throws {
    let reader = SynthesizedReaders.reader(of: Self.self) {
      ValueReaders.reader(for: Value.self, rules: FieldRules())
    }
    self.init(
      value: try SynthesizedCoding.decode(Value.self, from: decoder, reader: reader),
      key: nil, options: [], hasDefault: false, codec: nil)
  }
}

extension Coding: Encodable where Value: Encodable {
  /// Encodes the value (`null` for `nil`) at this wrapper's position.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(try SynthesizedCoding.value(of: storage, in: encoder))
  }
}

// MARK: - CodableDate

// `CodableDate` holds a `Date` or a `Date?` (its initializers make no other),
// so it is `Codable` for every `Value`: no public protocol marks the two
// types, and neither `Date` nor `Optional` gains a member.

extension CodableDate: Decodable {
  /// Decodes an ISO 8601 date at this wrapper's position.
  public init(from decoder: any Decoder) throws {
    func iso8601() -> FieldReader<Date> {
      TransformerCodec(transformer: DateCodingStrategy.iso8601).makeReader(FieldRules())
    }
    // Each wrapper type keeps its own reader: `Date?`'s is made optional once.
    let date: Date? =
      Value.self == Date?.self
      ? try SynthesizedCoding.decode(
        Date?.self, from: decoder,
        reader: SynthesizedReaders.reader(of: Self.self) { iso8601().optional })
      : try SynthesizedCoding.decode(
        Date.self, from: decoder, reader: SynthesizedReaders.reader(of: Self.self, iso8601))
    self.init(
      value: DateSlot.wrapping(date, as: Value.self), key: nil, options: [], hasDefault: false,
      codec: nil)
  }
}

extension CodableDate: Encodable {
  /// Encodes the date as ISO 8601 (`null` for `nil`) at this wrapper's position.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    let value = try SynthesizedCoding.value(of: storage, in: encoder)
    guard let date = DateSlot.date(of: value) else {
      return try container.encodeNil()
    }
    try container.encode(try DateCodingStrategy.iso8601.reverse(date))
  }
}

/// Converts between a ``CodableDate``'s value (`Date` or `Date?`) and a `Date?`.
enum DateSlot {
  /// `date` as a `Value`: a `Date?` holds it as it is; a `Date` holds it
  /// unless it is `nil`.
  static func wrapping<Value>(_ date: Date?, as type: Value.Type) -> Value? {
    // safe: each cast converts to the type `Value` was just found to be.
    if Value.self == Date?.self { return unsafeBitCast(date, to: Value.self) }
    if Value.self == Date.self, let date { return unsafeBitCast(date, to: Value.self) }
    return nil
  }

  /// The date a `Date` or a `Date?` holds.
  static func date<Value>(of value: Value) -> Date? {
    // safe: each cast converts from the type `Value` was just found to be.
    if Value.self == Date?.self { return unsafeBitCast(value, to: Date?.self) }
    if Value.self == Date.self { return unsafeBitCast(value, to: Date.self) }
    return nil
  }
}

// MARK: - KodableTransformable

extension KodableTransformable: Decodable {
  /// Decodes the raw value at this wrapper's position and converts it with `T()`.
  public init(from decoder: any Decoder) throws {
    let reader = SynthesizedReaders.reader(of: Self.self) {
      TransformerCodec(transformer: T()).makeReader(FieldRules())
    }
    self.init(decoded: try SynthesizedCoding.decode(T.To.self, from: decoder, reader: reader))
  }
}

extension KodableTransformable: Encodable {
  /// Converts the value back with `T()` and encodes it at this wrapper's position.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(try T().reverse(SynthesizedCoding.value(of: storage, in: encoder)))
  }
}

// MARK: - Missing keys and nil values

extension KeyedDecodingContainer {
  /// Decodes a ``Coding`` in a synthesized `Codable` type: a value that is
  /// missing or `null` is a ``CodixError`` (an optional one is `nil` when the
  /// type is only known at run time).
  public func decode<Value: Decodable>(_ type: Coding<Value>.Type, forKey key: Key) throws
    -> Coding<Value>
  {
    // An optional reaches this overload only from generic code: the one
    // below takes every `Coding<T?>` it can see.
    try SynthesizedCoding.wrapper(
      type, in: self, forKey: key, canBeAbsent: _isOptional(Value.self)
    ) {
      Coding(value: nil, key: nil, options: [], hasDefault: false, codec: nil)
    }
  }

  /// Decodes an optional ``Coding`` in a synthesized `Codable` type: a value
  /// that is missing or `null` is `nil`.
  public func decode<Wrapped: Decodable>(_ type: Coding<Wrapped?>.Type, forKey key: Key) throws
    -> Coding<Wrapped?>
  {
    try SynthesizedCoding.wrapper(type, in: self, forKey: key, canBeAbsent: true) {
      Coding(value: nil, key: nil, options: [], hasDefault: false, codec: nil)
    }
  }

  /// Decodes a ``CodableDate`` in a synthesized `Codable` type: a `Date?` that
  /// is missing or `null` is `nil`; a `Date` is required.
  public func decode<Value>(_ type: CodableDate<Value>.Type, forKey key: Key) throws
    -> CodableDate<Value>
  {
    try SynthesizedCoding.wrapper(
      type, in: self, forKey: key, canBeAbsent: Value.self == Date?.self
    ) {
      CodableDate(
        value: DateSlot.wrapping(nil, as: Value.self), key: nil, options: [], hasDefault: false,
        codec: nil)
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes a ``KodableTransformable`` in a synthesized `Codable` type: a
  /// value that is missing is a ``CodixError``, like any other wrapper's.
  public func decode<T>(_ type: KodableTransformable<T>.Type, forKey key: Key) throws
    -> KodableTransformable<T>
  {
    try SynthesizedCoding.wrapper(type, in: self, forKey: key, canBeAbsent: false) {
      // safe: never called, the wrapper cannot be absent.
      KodableTransformable()
    }
  }
}

extension KeyedEncodingContainer {
  /// Encodes a ``Coding`` in a synthesized `Codable` type, leaving out `nil`.
  public mutating func encode<Value: Encodable>(_ value: Coding<Value>, forKey key: Key) throws {
    guard let current = value.storage.current else { return }
    // An optional reaches this overload only from generic code (see below).
    if _isOptional(Value.self), let optional = current as? any AnyOptional, optional.isNone {
      return
    }
    try encode(current, forKey: key)
  }

  /// Encodes an optional ``Coding`` in a synthesized `Codable` type, leaving out `nil`.
  public mutating func encode<Wrapped: Encodable>(_ value: Coding<Wrapped?>, forKey key: Key)
    throws
  {
    guard let current = value.storage.current, let wrapped = current else { return }
    try encode(wrapped, forKey: key)
  }

  /// Encodes a ``CodableDate`` in a synthesized `Codable` type as ISO 8601,
  /// leaving out `nil`.
  public mutating func encode<Value>(_ value: CodableDate<Value>, forKey key: Key) throws {
    guard let current = value.storage.current, let date = DateSlot.date(of: current) else {
      return
    }
    try encode(try DateCodingStrategy.iso8601.reverse(date), forKey: key)
  }
}

// MARK: - The shared reading

enum SynthesizedCoding {
  /// Reads the value at `decoder` with `reader`, as a property named by the
  /// decoder's last key; `nil` or `null` is an error unless `V` is optional.
  static func decode<V>(_ type: V.Type, from decoder: any Decoder, reader: FieldReader<V>) throws
    -> V
  {
    var cursor = Cursor.root(decoder)
    let property = decoder.codingPath.last?.stringValue ?? ""
    let context = ReadContext(userInfo: decoder.userInfo, modelType: nil, property: property)
    let value: V?
    do {
      value = try reader.read(&cursor, context)
    } catch {
      var codix = Navigator.enriched(error, at: cursor)
      if codix.property == nil { codix.property = property }
      throw codix
    }
    if let value { return value }
    if let none = anyOptionalType(V.self)?.noneValue as? V {
      return none
    }
    var error = Absence(at: cursor, .null).error(expected: TypeNames.display(V.self))
    error.property = property
    throw error
  }

  /// A wrapper's value for encoding; an error when a non-optional one was
  /// never set.
  static func value<V>(of storage: WrapperStorage<V>, in encoder: any Encoder) throws -> V {
    guard let value = storage.current else {
      let name = encoder.codingPath.last?.stringValue ?? ""
      throw CodixError(
        .valueNotFound, at: Path(codingPath: encoder.codingPath),
        detail: .unsetProperty(property: name), expected: "a value to encode")
    }
    return value
  }

  /// A wrapper at `key`: what `absent` makes when the key is missing or
  /// `null` and the wrapper `canBeAbsent` (an optional), else decoded by its
  /// `init(from:)`. Two container lookups for a value that must be there.
  static func wrapper<W: Decodable, Key: CodingKey>(
    _ type: W.Type, in container: KeyedDecodingContainer<Key>, forKey key: Key,
    canBeAbsent: Bool, absent: () -> W
  ) throws -> W {
    guard container.contains(key) else {
      if canBeAbsent { return absent() }
      var error = CodixError(
        .keyNotFound, at: Path(codingPath: container.codingPath + [key]),
        detail: .noKey(key.stringValue, among: container.allKeys.map(\.stringValue)))
      error.property = key.stringValue
      throw error
    }
    if canBeAbsent, try container.decodeNil(forKey: key) { return absent() }
    return try W(from: container.superDecoder(forKey: key))
  }
}

/// The readers of wrappers inside synthesized `Codable` types, built once per
/// wrapper type and thread: decoding an instance builds no reader, and finds
/// its reader with one conditional cast.
enum SynthesizedReaders {
  private final class Box<V> {
    let reader: FieldReader<V>
    init(_ reader: FieldReader<V>) { self.reader = reader }
  }

  private static let readers = ThreadLocal { [ObjectIdentifier: AnyObject]() }

  /// The reader of `wrapper`'s values, made by `make` on this thread's first use.
  static func reader<W, V>(of wrapper: W.Type, _ make: () -> FieldReader<V>) -> FieldReader<V> {
    guard let readers = readers.pointer else { return make() }
    let id = ObjectIdentifier(W.self)
    // Each wrapper type reads one type of value at its callers; a box of
    // another type would only be replaced.
    if let box = readers.pointee[id] as? Box<V> { return box.reader }
    let reader = make()
    readers.pointee[id] = Box(reader)
    return reader
  }
}
