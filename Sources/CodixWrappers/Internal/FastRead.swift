import CodixCore

/// A standard scalar that a plain property reads straight into its storage.
/// Each conformance is concrete, so a read is one witness call into code
/// specialised for the type: no closure thunks, no generic metadata.
protocol FastScalar {
  /// Reads a present value into the `Self?` storage at the pointer (`Self??`
  /// when `nested`); `false` when the key is missing or `null`.
  static func fastRead(
    _ container: KeyedDecodingContainer<CodixKey>, _ key: CodixKey,
    into pointer: UnsafeMutableRawPointer, nested: Bool
  ) throws -> Bool
}

extension FastScalar where Self: Decodable {
  // One body for every conformance; each conformance's witness gets its own
  // specialised copy (the types are concrete in this module).
  static func fastRead(
    _ container: KeyedDecodingContainer<CodixKey>, _ key: CodixKey,
    into pointer: UnsafeMutableRawPointer, nested: Bool
  ) throws -> Bool {
    guard let value = try container.codixDecodeIfPresent(Self.self, forKey: key) else {
      return false
    }
    if nested {
      pointer.assumingMemoryBound(to: Self??.self).pointee = .some(value)
    } else {
      pointer.assumingMemoryBound(to: Self?.self).pointee = value
    }
    return true
  }
}

extension Int: FastScalar {}
extension String: FastScalar {}
extension Double: FastScalar {}
extension Bool: FastScalar {}
extension Int64: FastScalar {}
extension Float: FastScalar {}

/// How a wrapped scalar property is read fast: its scalar type, whether the
/// property itself is optional (storage `T??`), and where the wrapper keeps
/// its value.
struct FastRead {
  let scalar: any FastScalar.Type
  let nested: Bool
  /// The byte offset of the wrapper's `Value?` inside the wrapper.
  let valueOffset: Int

  /// The fast read of a property of type `type` (`T` or `T?` of a `FastScalar`).
  init?(for type: Any.Type, valueOffset: Int) {
    if let scalar = type as? any FastScalar.Type {
      self.init(scalar: scalar, nested: false, valueOffset: valueOffset)
    } else if let optional = type as? any AnyOptional.Type,
      let scalar = optional.wrappedType as? any FastScalar.Type
    {
      self.init(scalar: scalar, nested: true, valueOffset: valueOffset)
    } else {
      return nil
    }
  }

  private init(scalar: any FastScalar.Type, nested: Bool, valueOffset: Int) {
    self.scalar = scalar
    self.nested = nested
    self.valueOffset = valueOffset
  }

  /// Reads the value at `key` into the wrapper whose storage is at `storage`.
  @inline(__always)
  func read(
    _ container: KeyedDecodingContainer<CodixKey>, _ key: CodixKey,
    into storage: UnsafeMutableRawPointer
  ) throws -> Bool {
    try scalar.fastRead(container, key, into: storage + valueOffset, nested: nested)
  }
}
