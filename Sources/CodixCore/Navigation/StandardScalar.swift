// The standard scalar types, listed once. The list drives every fast path of
// both styles and the reports' idea of what is "a model":
//
// - Inside generic code, `container.decode(T.self, forKey:)` calls the generic
//   overload even when T is Int at run time. JSONDecoder's generic path checks
//   T against Date, URL, Data, Decimal and dictionaries, then calls
//   `Int.init(from:)`, which asks for a single-value container: several times
//   the work of `decode(Int.self, forKey:)`. Codix reads fields in generic
//   code, so it finds T's case here first (a constant once specialised, a few
//   pointer comparisons otherwise) and calls the concrete overload.
// - The wrapper engine reads a scalar property straight into its storage
//   (`read(_:forKey:into:nested:strict:)`), and writes one with `codixEncode`.
// - A lossy array of scalars is first read whole, strictly; a wrapper's array
//   of scalars (`[String]`, `[Int]?`) is read straight into its storage too
//   (`array: true`).
// - A scalar is never named as the model an error happened in.
//
// A new case must be handled by every `switch` below: the compiler checks it.

/// One of the standard scalar types.
@usableFromInline
package enum StandardScalar: Sendable {
  case string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, double,
    float

  /// The case of `type`, or `nil` when it is not a standard scalar.
  @inlinable @inline(__always)
  package static func of(_ type: Any.Type) -> StandardScalar? {
    if type == String.self { return .string }
    if type == Bool.self { return .bool }
    if type == Int.self { return .int }
    if type == Int8.self { return .int8 }
    if type == Int16.self { return .int16 }
    if type == Int32.self { return .int32 }
    if type == Int64.self { return .int64 }
    if type == UInt.self { return .uint }
    if type == UInt8.self { return .uint8 }
    if type == UInt16.self { return .uint16 }
    if type == UInt32.self { return .uint32 }
    if type == UInt64.self { return .uint64 }
    if type == Double.self { return .double }
    if type == Float.self { return .float }
    return nil
  }

  /// Reads the value at `key` into the `T?` storage at `pointer` (`T??` when
  /// `nested`), `T` being this scalar's type; `false` when the key is missing
  /// or `null`.
  ///
  /// `strict`: the value must be there, so it is read with `decode`, which
  /// costs the decoder less than `decodeIfPresent` (JSONDecoder: about 10%
  /// of a string field's read), and a missing or `null` value throws
  /// instead of answering `false`. For a property whose absence is an error
  /// anyway; the caller's slow path then reports it.
  ///
  /// `array`: the value is an array of this scalar, stored in `[T]?`
  /// (`[T]??` when `nested`).
  package func read(
    _ container: KeyedDecodingContainer<CodixKey>, forKey key: CodixKey,
    into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool, array: Bool = false
  ) throws -> Bool {
    if array {
      var read = KeyedArrayRead(
        container: container, key: key, pointer: pointer, nested: nested, strict: strict)
      return try withElementType(&read)
    }
    switch self {
    case .string:
      return try Self.store(
        strict
          ? container.decode(String.self, forKey: key)
          : container.decodeIfPresent(String.self, forKey: key), pointer, nested)
    case .bool:
      return try Self.store(
        strict
          ? container.decode(Bool.self, forKey: key)
          : container.decodeIfPresent(Bool.self, forKey: key), pointer, nested)
    case .int:
      return try Self.store(
        strict
          ? container.decode(Int.self, forKey: key)
          : container.decodeIfPresent(Int.self, forKey: key), pointer, nested)
    case .int8:
      return try Self.store(
        strict
          ? container.decode(Int8.self, forKey: key)
          : container.decodeIfPresent(Int8.self, forKey: key), pointer, nested)
    case .int16:
      return try Self.store(
        strict
          ? container.decode(Int16.self, forKey: key)
          : container.decodeIfPresent(Int16.self, forKey: key), pointer, nested)
    case .int32:
      return try Self.store(
        strict
          ? container.decode(Int32.self, forKey: key)
          : container.decodeIfPresent(Int32.self, forKey: key), pointer, nested)
    case .int64:
      return try Self.store(
        strict
          ? container.decode(Int64.self, forKey: key)
          : container.decodeIfPresent(Int64.self, forKey: key), pointer, nested)
    case .uint:
      return try Self.store(
        strict
          ? container.decode(UInt.self, forKey: key)
          : container.decodeIfPresent(UInt.self, forKey: key), pointer, nested)
    case .uint8:
      return try Self.store(
        strict
          ? container.decode(UInt8.self, forKey: key)
          : container.decodeIfPresent(UInt8.self, forKey: key), pointer, nested)
    case .uint16:
      return try Self.store(
        strict
          ? container.decode(UInt16.self, forKey: key)
          : container.decodeIfPresent(UInt16.self, forKey: key), pointer, nested)
    case .uint32:
      return try Self.store(
        strict
          ? container.decode(UInt32.self, forKey: key)
          : container.decodeIfPresent(UInt32.self, forKey: key), pointer, nested)
    case .uint64:
      return try Self.store(
        strict
          ? container.decode(UInt64.self, forKey: key)
          : container.decodeIfPresent(UInt64.self, forKey: key), pointer, nested)
    case .double:
      return try Self.store(
        strict
          ? container.decode(Double.self, forKey: key)
          : container.decodeIfPresent(Double.self, forKey: key), pointer, nested)
    case .float:
      return try Self.store(
        strict
          ? container.decode(Float.self, forKey: key)
          : container.decodeIfPresent(Float.self, forKey: key), pointer, nested)
    }
  }

  /// The scalar's type.
  package var type: Any.Type {
    switch self {
    case .string: String.self
    case .bool: Bool.self
    case .int: Int.self
    case .int8: Int8.self
    case .int16: Int16.self
    case .int32: Int32.self
    case .int64: Int64.self
    case .uint: UInt.self
    case .uint8: UInt8.self
    case .uint16: UInt16.self
    case .uint32: UInt32.self
    case .uint64: UInt64.self
    case .double: Double.self
    case .float: Float.self
    }
  }

  /// Reads the value at `position` into the `T?` storage at `pointer`
  /// (`T??` when `nested`), as `read(_:forKey:into:nested:strict:)` reads a
  /// key: for positions that are not a key of a container.
  package func read<P: DocumentPosition>(
    from position: inout P, into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool,
    array: Bool = false
  ) throws -> Bool {
    func value<T: Decodable>(_ type: T.Type) throws -> T? {
      strict ? try position.decode(type) : try position.decodeIfPresent(type)
    }
    if array {
      var read = PositionArrayRead(
        position: position, pointer: pointer, nested: nested, strict: strict)
      defer { position = read.position }
      return try withElementType(&read)
    }
    switch self {
    case .string: return Self.store(try value(String.self), pointer, nested)
    case .bool: return Self.store(try value(Bool.self), pointer, nested)
    case .int: return Self.store(try value(Int.self), pointer, nested)
    case .int8: return Self.store(try value(Int8.self), pointer, nested)
    case .int16: return Self.store(try value(Int16.self), pointer, nested)
    case .int32: return Self.store(try value(Int32.self), pointer, nested)
    case .int64: return Self.store(try value(Int64.self), pointer, nested)
    case .uint: return Self.store(try value(UInt.self), pointer, nested)
    case .uint8: return Self.store(try value(UInt8.self), pointer, nested)
    case .uint16: return Self.store(try value(UInt16.self), pointer, nested)
    case .uint32: return Self.store(try value(UInt32.self), pointer, nested)
    case .uint64: return Self.store(try value(UInt64.self), pointer, nested)
    case .double: return Self.store(try value(Double.self), pointer, nested)
    case .float: return Self.store(try value(Float.self), pointer, nested)
    }
  }

  /// Stores `value`, of this scalar's type, in the `T?` storage at
  /// `pointer` (`T??` when `nested`); `false` when it is `nil`.
  @inline(__always)
  package func store<T>(_ value: T?, _ pointer: UnsafeMutableRawPointer, _ nested: Bool) -> Bool {
    Self.store(value, pointer, nested)
  }

  /// Writes the `T?` storage at `pointer` (`T??` when `nested`) at `key`,
  /// `T` being this scalar's type: `true` when written or `nil` (nothing to
  /// write), `false` when a non-optional value was never set.
  ///
  /// `array`: the storage is `[T]?` (`[T]??` when `nested`).
  package func write(
    _ container: inout KeyedEncodingContainer<CodixKey>, forKey key: CodixKey,
    from pointer: UnsafeRawPointer, nested: Bool, array: Bool = false
  ) throws -> Bool {
    if array {
      var write = KeyedArrayWrite(container: container, key: key, pointer: pointer, nested: nested)
      defer { container = write.container }
      return try withElementType(&write)
    }
    switch self {
    case .string:
      return try Self.load(String.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .bool:
      return try Self.load(Bool.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .int:
      return try Self.load(Int.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .int8:
      return try Self.load(Int8.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .int16:
      return try Self.load(Int16.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .int32:
      return try Self.load(Int32.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .int64:
      return try Self.load(Int64.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .uint:
      return try Self.load(UInt.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .uint8:
      return try Self.load(UInt8.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .uint16:
      return try Self.load(UInt16.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .uint32:
      return try Self.load(UInt32.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .uint64:
      return try Self.load(UInt64.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .double:
      return try Self.load(Double.self, pointer, nested) { try container.encode($0, forKey: key) }
    case .float:
      return try Self.load(Float.self, pointer, nested) { try container.encode($0, forKey: key) }
    }
  }

  /// Loads the value at `pointer` and hands it to `encode`; see `write`.
  @inline(__always)
  fileprivate static func load<T>(
    _: T.Type, _ pointer: UnsafeRawPointer, _ nested: Bool, _ encode: (T) throws -> Void
  ) rethrows -> Bool {
    if nested {
      // `nil`, set or never set, writes nothing.
      if case .some(.some(let value)) = pointer.assumingMemoryBound(to: T??.self).pointee {
        try encode(value)
      }
      return true
    }
    guard let value = pointer.assumingMemoryBound(to: T?.self).pointee else { return false }
    try encode(value)
    return true
  }

  @inline(__always)
  fileprivate static func store<T>(_ value: T?, _ pointer: UnsafeMutableRawPointer, _ nested: Bool)
    -> Bool
  {
    guard let value else { return false }
    if nested {
      pointer.assumingMemoryBound(to: T??.self).pointee = .some(value)
    } else {
      pointer.assumingMemoryBound(to: T?.self).pointee = value
    }
    return true
  }
}

// MARK: - Arrays of standard scalars

/// Code written once for an array of any standard scalar, run with the
/// element type (`StandardScalar.withElementType`): specialised for each.
package protocol ScalarElementBody {
  associatedtype Result
  mutating func run<T: Codable>(_ element: T.Type) throws -> Result
}

extension StandardScalar {
  /// The case of the elements of `type` when it is an array of a standard
  /// scalar (`[String]`, `[Int]`); `nil` for any other type.
  package static func ofElements(of type: Any.Type) -> StandardScalar? {
    guard let array = type as? any ArrayDescribing.Type else { return nil }
    return of(array.elementType)
  }

  /// Runs `body` with this scalar's type.
  @inline(__always)
  package func withElementType<Body: ScalarElementBody>(_ body: inout Body) throws -> Body.Result {
    switch self {
    case .string: try body.run(String.self)
    case .bool: try body.run(Bool.self)
    case .int: try body.run(Int.self)
    case .int8: try body.run(Int8.self)
    case .int16: try body.run(Int16.self)
    case .int32: try body.run(Int32.self)
    case .int64: try body.run(Int64.self)
    case .uint: try body.run(UInt.self)
    case .uint8: try body.run(UInt8.self)
    case .uint16: try body.run(UInt16.self)
    case .uint32: try body.run(UInt32.self)
    case .uint64: try body.run(UInt64.self)
    case .double: try body.run(Double.self)
    case .float: try body.run(Float.self)
    }
  }
}

/// Reads an array of scalars at a key into its `[T]?` storage (`[T]??`
/// when `nested`).
private struct KeyedArrayRead: ScalarElementBody {
  let container: KeyedDecodingContainer<CodixKey>
  let key: CodixKey
  let pointer: UnsafeMutableRawPointer
  let nested: Bool
  let strict: Bool

  func run<T: Codable>(_: T.Type) throws -> Bool {
    StandardScalar.store(
      strict
        ? try container.decode([T].self, forKey: key)
        : try container.decodeIfPresent([T].self, forKey: key), pointer, nested)
  }
}

/// Reads an array of scalars at a position into its `[T]?` storage.
private struct PositionArrayRead<P: DocumentPosition>: ScalarElementBody {
  var position: P
  let pointer: UnsafeMutableRawPointer
  let nested: Bool
  let strict: Bool

  mutating func run<T: Codable>(_: T.Type) throws -> Bool {
    StandardScalar.store(
      strict ? try position.decode([T].self) : try position.decodeIfPresent([T].self), pointer,
      nested)
  }
}

/// Writes the `[T]?` storage of an array of scalars at a key.
private struct KeyedArrayWrite: ScalarElementBody {
  var container: KeyedEncodingContainer<CodixKey>
  let key: CodixKey
  let pointer: UnsafeRawPointer
  let nested: Bool

  mutating func run<T: Codable>(_: T.Type) throws -> Bool {
    let key = key
    return try StandardScalar.load([T].self, pointer, nested) {
      try container.encode($0, forKey: key)
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes `T`, through the concrete overload when `T` is a standard scalar.
  /// Inlinable so that it is specialised where `T` is known and its `switch`
  /// folds to one call; not forced inline, so that its callers stay small
  /// enough to be inlined themselves.
  @inlinable
  package func codixDecode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    // safe: every unsafeBitCast below converts a value to the type T was just found to be.
    if T.self == RawDate.self {
      return unsafeBitCast(try codixDecodeDateValue(forKey: key), to: T.self)
    }
    switch StandardScalar.of(T.self) {
    case .string?: return unsafeBitCast(try decode(String.self, forKey: key), to: T.self)
    case .bool?: return unsafeBitCast(try decode(Bool.self, forKey: key), to: T.self)
    case .int?: return unsafeBitCast(try decode(Int.self, forKey: key), to: T.self)
    case .int8?: return unsafeBitCast(try decode(Int8.self, forKey: key), to: T.self)
    case .int16?: return unsafeBitCast(try decode(Int16.self, forKey: key), to: T.self)
    case .int32?: return unsafeBitCast(try decode(Int32.self, forKey: key), to: T.self)
    case .int64?: return unsafeBitCast(try decode(Int64.self, forKey: key), to: T.self)
    case .uint?: return unsafeBitCast(try decode(UInt.self, forKey: key), to: T.self)
    case .uint8?: return unsafeBitCast(try decode(UInt8.self, forKey: key), to: T.self)
    case .uint16?: return unsafeBitCast(try decode(UInt16.self, forKey: key), to: T.self)
    case .uint32?: return unsafeBitCast(try decode(UInt32.self, forKey: key), to: T.self)
    case .uint64?: return unsafeBitCast(try decode(UInt64.self, forKey: key), to: T.self)
    case .double?: return unsafeBitCast(try decode(Double.self, forKey: key), to: T.self)
    case .float?: return unsafeBitCast(try decode(Float.self, forKey: key), to: T.self)
    case nil: return try decode(type, forKey: key)
    }
  }

  /// Decodes `T` or `nil`, through the concrete overload when `T` is a standard scalar.
  @inlinable
  package func codixDecodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    // safe: every unsafeBitCast below converts a value to the type T was just found to be.
    if T.self == RawDate.self {
      return unsafeBitCast(try codixDecodeDateValueIfPresent(forKey: key), to: T?.self)
    }
    switch StandardScalar.of(T.self) {
    case .string?: return unsafeBitCast(try decodeIfPresent(String.self, forKey: key), to: T?.self)
    case .bool?: return unsafeBitCast(try decodeIfPresent(Bool.self, forKey: key), to: T?.self)
    case .int?: return unsafeBitCast(try decodeIfPresent(Int.self, forKey: key), to: T?.self)
    case .int8?: return unsafeBitCast(try decodeIfPresent(Int8.self, forKey: key), to: T?.self)
    case .int16?: return unsafeBitCast(try decodeIfPresent(Int16.self, forKey: key), to: T?.self)
    case .int32?: return unsafeBitCast(try decodeIfPresent(Int32.self, forKey: key), to: T?.self)
    case .int64?: return unsafeBitCast(try decodeIfPresent(Int64.self, forKey: key), to: T?.self)
    case .uint?: return unsafeBitCast(try decodeIfPresent(UInt.self, forKey: key), to: T?.self)
    case .uint8?: return unsafeBitCast(try decodeIfPresent(UInt8.self, forKey: key), to: T?.self)
    case .uint16?: return unsafeBitCast(try decodeIfPresent(UInt16.self, forKey: key), to: T?.self)
    case .uint32?: return unsafeBitCast(try decodeIfPresent(UInt32.self, forKey: key), to: T?.self)
    case .uint64?: return unsafeBitCast(try decodeIfPresent(UInt64.self, forKey: key), to: T?.self)
    case .double?: return unsafeBitCast(try decodeIfPresent(Double.self, forKey: key), to: T?.self)
    case .float?: return unsafeBitCast(try decodeIfPresent(Float.self, forKey: key), to: T?.self)
    case nil: return try decodeIfPresent(type, forKey: key)
    }
  }

  /// Reads a date's raw value: a string (the common case, read first through
  /// the concrete overload) or a number. Decoding `RawDate` itself would
  /// try a number first and pay for a thrown error on every string date.
  @usableFromInline
  package func codixDecodeDateValue(forKey key: Key) throws -> RawDate {
    do {
      return .string(try decode(String.self, forKey: key))
    } catch DecodingError.typeMismatch {
      return .number(try decode(Double.self, forKey: key))
    }
  }

  /// Reads a date's raw value, or `nil` when it is missing or `null`.
  @usableFromInline
  package func codixDecodeDateValueIfPresent(forKey key: Key) throws -> RawDate? {
    do {
      return try decodeIfPresent(String.self, forKey: key).map(RawDate.string)
    } catch DecodingError.typeMismatch {
      return try decodeIfPresent(Double.self, forKey: key).map(RawDate.number)
    }
  }
}

extension KeyedEncodingContainer {
  /// Encodes `value`, through the concrete overload when `T` is a standard
  /// scalar (the generic one goes through `encode(to:)` and a single-value
  /// container).
  @inlinable
  package mutating func codixEncode<T: Encodable>(_ value: T, forKey key: Key) throws {
    // safe: every unsafeBitCast below converts a value of the type T was just found to be.
    switch StandardScalar.of(T.self) {
    case .string?: try encode(unsafeBitCast(value, to: String.self), forKey: key)
    case .bool?: try encode(unsafeBitCast(value, to: Bool.self), forKey: key)
    case .int?: try encode(unsafeBitCast(value, to: Int.self), forKey: key)
    case .int8?: try encode(unsafeBitCast(value, to: Int8.self), forKey: key)
    case .int16?: try encode(unsafeBitCast(value, to: Int16.self), forKey: key)
    case .int32?: try encode(unsafeBitCast(value, to: Int32.self), forKey: key)
    case .int64?: try encode(unsafeBitCast(value, to: Int64.self), forKey: key)
    case .uint?: try encode(unsafeBitCast(value, to: UInt.self), forKey: key)
    case .uint8?: try encode(unsafeBitCast(value, to: UInt8.self), forKey: key)
    case .uint16?: try encode(unsafeBitCast(value, to: UInt16.self), forKey: key)
    case .uint32?: try encode(unsafeBitCast(value, to: UInt32.self), forKey: key)
    case .uint64?: try encode(unsafeBitCast(value, to: UInt64.self), forKey: key)
    case .double?: try encode(unsafeBitCast(value, to: Double.self), forKey: key)
    case .float?: try encode(unsafeBitCast(value, to: Float.self), forKey: key)
    case nil: try encode(value, forKey: key)
    }
  }
}
