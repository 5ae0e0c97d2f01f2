// Routes generic decodes of standard scalars to the container's concrete
// overloads.
//
// Inside generic code, `container.decode(T.self, forKey:)` always calls the
// generic overload, even when T is Int at run time. JSONDecoder's generic path
// checks T against Date, URL, Data, Decimal and dictionaries, then calls
// `Int.init(from:)`, which asks for a single-value container: several times
// the work of `decode(Int.self, forKey:)`. Codix reads fields in generic code,
// so it compares T with the scalar types first (a compile-time constant once
// specialised, a pointer comparison otherwise) and calls the concrete overload.

extension KeyedDecodingContainer {
  @inlinable @inline(__always)
  package func codixDecode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    // safe: every unsafeBitCast below converts a value to the type T was just compared equal to.
    if T.self == String.self {
      return unsafeBitCast(try decode(String.self, forKey: key), to: T.self)
    }
    if T.self == Int.self { return unsafeBitCast(try decode(Int.self, forKey: key), to: T.self) }
    if T.self == Double.self {
      return unsafeBitCast(try decode(Double.self, forKey: key), to: T.self)
    }
    if T.self == Bool.self { return unsafeBitCast(try decode(Bool.self, forKey: key), to: T.self) }
    if T.self == Int64.self {
      return unsafeBitCast(try decode(Int64.self, forKey: key), to: T.self)
    }
    if T.self == Float.self {
      return unsafeBitCast(try decode(Float.self, forKey: key), to: T.self)
    }
    if T.self == UInt64.self {
      return unsafeBitCast(try decode(UInt64.self, forKey: key), to: T.self)
    }
    if T.self == Int32.self {
      return unsafeBitCast(try decode(Int32.self, forKey: key), to: T.self)
    }
    if T.self == UInt.self { return unsafeBitCast(try decode(UInt.self, forKey: key), to: T.self) }
    return try decode(type, forKey: key)
  }

  @inlinable @inline(__always)
  package func codixDecodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    // safe: every unsafeBitCast below converts a value to the type T was just compared equal to.
    if T.self == String.self {
      return unsafeBitCast(try decodeIfPresent(String.self, forKey: key), to: T?.self)
    }
    if T.self == Int.self {
      return unsafeBitCast(try decodeIfPresent(Int.self, forKey: key), to: T?.self)
    }
    if T.self == Double.self {
      return unsafeBitCast(try decodeIfPresent(Double.self, forKey: key), to: T?.self)
    }
    if T.self == Bool.self {
      return unsafeBitCast(try decodeIfPresent(Bool.self, forKey: key), to: T?.self)
    }
    if T.self == Int64.self {
      return unsafeBitCast(try decodeIfPresent(Int64.self, forKey: key), to: T?.self)
    }
    if T.self == Float.self {
      return unsafeBitCast(try decodeIfPresent(Float.self, forKey: key), to: T?.self)
    }
    if T.self == UInt64.self {
      return unsafeBitCast(try decodeIfPresent(UInt64.self, forKey: key), to: T?.self)
    }
    if T.self == Int32.self {
      return unsafeBitCast(try decodeIfPresent(Int32.self, forKey: key), to: T?.self)
    }
    if T.self == UInt.self {
      return unsafeBitCast(try decodeIfPresent(UInt.self, forKey: key), to: T?.self)
    }
    return try decodeIfPresent(type, forKey: key)
  }
}
