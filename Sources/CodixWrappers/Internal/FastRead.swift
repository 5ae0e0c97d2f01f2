import CodixCore

/// How a wrapped scalar property is read when its options leave reading
/// alone (or only override the value read): straight into the wrapper's
/// storage, by code specialised for its type (see `StandardScalar`).
struct FastRead {
  let scalar: StandardScalar
  /// Whether the property itself is optional (storage `T??`).
  let nested: Bool
  /// The byte offset of the wrapper's `Value?` inside the wrapper.
  let valueOffset: Int

  /// The fast read of a property of type `type` (a standard scalar, or an
  /// optional one); `nil` for any other type.
  init?(for type: Any.Type, valueOffset: Int) {
    if let scalar = StandardScalar.of(type) {
      (self.scalar, nested) = (scalar, false)
    } else if let optional = type as? any AnyOptional.Type,
      let scalar = StandardScalar.of(optional.wrappedType)
    {
      (self.scalar, nested) = (scalar, true)
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
    try scalar.write(&container, forKey: key, from: storage + valueOffset, nested: nested)
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
      nested: nested, strict: strict)
  }
}
