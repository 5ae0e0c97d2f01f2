// A position in a document reached through Codable containers.
//
// Navigation walks a Path one component at a time from any Decoder:
//
//     "response.users[-1].name" on {"response": {"users": [{…}, {…}, {"name": "Jerry"}]}}
//
//     .root(decoder)                              the value the decoder is at
//     .keyed(<root object>, "response")           key step: open a keyed container
//     .keyed(<response object>, "users")
//     .element(<users array at index 2>)          index step: -1 + count 3 = 2, skip 2 elements
//     .keyed(<users[2] object>, "name")           the value to decode
//
// A cursor never reads a value until asked, so reaching `users[999999]` costs
// one skip per element and no copies. Everything that can fail is turned into
// a CodixError with the cursor's absolute path (from the decoder's codingPath),
// and on the error path only, enriched with the value found and "did you mean".

@usableFromInline
package enum Cursor {
  /// The value a decoder is positioned at.
  case root(any Decoder)
  /// The value at `key` in an object.
  case keyed(KeyedDecodingContainer<CodixKey>, CodixKey)
  /// The next value of an array.
  case element(any UnkeyedDecodingContainer)
  /// A value of a document CodixJSONDecoder read, found on its tape (or a
  /// missing member there).
  case native(NativeSpot)

  /// The absolute coding path of the value (computed on demand, for errors).
  package var codingPath: [any CodingKey] {
    switch self {
    case .root(let decoder): decoder.codingPath
    case .keyed(let container, let key): container.codingPath + [key]
    case .element(let container):
      container.codingPath + [CodixKey(index: container.currentIndex)]
    case .native(let spot): spot.codingPath
    }
  }

  /// The absolute path of the value.
  package var path: Path { Path(codingPath: codingPath) }

  /// Whether the value is missing or `null` (see ``Absence``). On an array
  /// element that is `null`, the element is consumed.
  package mutating func isAbsent() -> Bool {
    Absence.probe(&self) != nil
  }

  /// Decodes the value as `T`.
  package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    switch self {
    case .root(let decoder):
      return try decoder.singleValueContainer().decode(type)
    case .keyed(let container, let key):
      return try container.codixDecode(type, forKey: key)
    case .element(var container):
      let value = try container.decode(type)
      self = .element(container)
      return value
    case .native(let spot):
      return try spot.decode(type)
    }
  }

  /// Decodes the value as `T`, or returns `nil` when it is missing or `null`.
  package mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    if case .keyed(let container, let key) = self {
      return try container.codixDecodeIfPresent(type, forKey: key)
    }
    if case .native(let spot) = self { return try spot.decodeIfPresent(type) }
    if isAbsent() { return nil }
    return try decode(type)
  }

  /// Opens the value as an object.
  ///
  /// - Parameter sharing: Whether the object at a decoder's own value comes
  ///   from the path style's per-thread cache (`KeyedContainerCache`), for
  ///   code that asks for it again and again; `false` for code that opens it
  ///   once.
  package func keyedContainer(sharing: Bool = true) throws -> KeyedDecodingContainer<CodixKey> {
    switch self {
    case .root(let decoder):
      sharing
        ? try KeyedContainerCache.container(for: decoder)
        : try decoder.container(keyedBy: CodixKey.self)
    case .keyed(let container, let key):
      try container.nestedContainer(keyedBy: CodixKey.self, forKey: key)
    case .element(var container): try container.nestedContainer(keyedBy: CodixKey.self)
    case .native(let spot): try spot.keyedContainer()
    }
  }

  /// A decoder at the value, for a type's own `init(from:)`.
  package mutating func decoder() throws -> any Decoder {
    switch self {
    case .root(let decoder): return decoder
    case .keyed(let container, let key): return try container.superDecoder(forKey: key)
    case .element(var container):
      let decoder = try container.superDecoder()
      self = .element(container)
      return decoder
    case .native(let spot): return spot.decoder()
    }
  }

  /// Opens the value as an array.
  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch self {
    case .root(let decoder): try decoder.unkeyedContainer()
    case .keyed(let container, let key): try container.nestedUnkeyedContainer(forKey: key)
    case .element(var container): try container.nestedUnkeyedContainer()
    case .native(let spot): try spot.unkeyedContainer()
    }
  }
}
