import CodixCore

/// How a wrapped scalar property is read when its options leave reading
/// alone (or only override the value read): straight into the wrapper's
/// storage, by code specialised for its type (see `StandardScalar`).
struct FastRead {
  let scalar: StandardScalar
  /// Whether the property itself is optional (storage `T??`).
  let nested: Bool
  /// Whether the value is an array of `scalar` (storage `[T]?`, or `[T]??`
  /// when `nested`). A lossy array is read whole and strictly here; when
  /// that fails, the engine's general read drops the bad elements.
  let array: Bool
  /// The byte offset of the wrapper's `Value?` inside the wrapper.
  let valueOffset: Int

  /// The fast read of a property of type `type` (a standard scalar, an
  /// array of one, or an optional of either); `nil` for any other type.
  init?(for type: Any.Type, valueOffset: Int) {
    let optional = type as? any AnyOptional.Type
    nested = optional != nil
    let value = optional?.wrappedType ?? type
    if let scalar = StandardScalar.of(value) {
      (self.scalar, array) = (scalar, false)
    } else if let scalar = StandardScalar.ofElements(of: value) {
      (self.scalar, array) = (scalar, true)
    } else {
      return nil
    }
    self.valueOffset = valueOffset
  }

  /// Writes the wrapper whose storage is at `storage` at `key`; `false` when
  /// a non-optional value was never set (the slow path reports it).
  @inline(__always)
  func write(
    _ container: inout KeyedEncodingContainer<CodixKey>, _ key: CodixKey,
    from storage: UnsafeRawPointer
  ) throws -> Bool {
    try scalar.write(
      &container, forKey: key, from: storage + valueOffset, nested: nested, array: array)
  }

  /// Reads the member at `key` of `object` into the wrapper whose storage
  /// is at `storage`; `strict` when its absence is an error (see
  /// `StandardScalar.read`).
  @inline(__always)
  func read(
    member key: String, underscored: Bool, of object: ObjectCursor,
    into storage: UnsafeMutableRawPointer, strict: Bool
  ) throws -> Bool {
    try object.read(
      member: key, underscored: underscored, scalar, into: storage + valueOffset,
      nested: nested, strict: strict, array: array)
  }
}
