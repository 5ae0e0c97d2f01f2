// Writing values at paths below any Encoder.
//
// Keys become nested objects and indexes become arrays padded with `null`:
//
//     encode(1, at: "profile.a");  encode(2, at: "profile.b");  encode(3, at: "tags[1]")
//     -> {"profile": {"a": 1, "b": 2}, "tags": [null, 3]}
//
// Paths that share a prefix meet in the same nested container (encoders that
// keep one container per key, as JSONEncoder and PropertyListEncoder do).

@usableFromInline
package enum EncodingNavigator {
  /// Writes `value` at `path` below `encoder`: specialised where it is called
  /// for a path of keys (`"id"`, `"address.city"`), which writes through the
  /// keyed containers directly; any other path goes through `encode`.
  @inlinable
  package static func encodeAtKeys<T: Encodable, E: Encoder>(
    _ value: T, at path: Path, in encoder: E
  ) throws(CodixError) {
    do {
      if try WritingSeam.write(value, at: path, in: encoder) { return }
    } catch {
      throw located(error, at: Path(codingPath: encoder.codingPath).appending(path))
    }
    if let key = path.singleKey {
      var container = encoder.container(keyedBy: CodixKey.self)
      do {
        try container.codixEncode(value, forKey: CodixKey(key))
      } catch {
        throw located(error, at: Path(codingPath: encoder.codingPath).appending(path))
      }
      return
    }
    if let text = path.dottedText {
      // Split once per thread while calls keep passing the same text.
      let keys = DottedPathMemo.split(text)
      var container = keys.descend(from: encoder.container(keyedBy: CodixKey.self)) {
        object, key in
        var object = object  // opening a nested container is `mutating`
        return object.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key))
      }
      let last = keys.last
      do {
        try container.codixEncode(value, forKey: last)
      } catch {
        throw located(error, at: Path(codingPath: encoder.codingPath).appending(path))
      }
      return
    }
    try encode(value, at: path, in: encoder)
  }

  /// Writes `value` at `path` below `encoder`.
  @usableFromInline
  package static func encode<T: Encodable>(_ value: T, at path: Path, in encoder: any Encoder)
    throws(CodixError)
  {
    let components = try path.validComponents()
    do {
      guard let first = components.first else {
        var container = encoder.singleValueContainer()
        try container.encode(value)
        return
      }
      switch first {
      case .key:
        var container = encoder.container(keyedBy: CodixKey.self)
        try encode(value, at: components[...], into: &container)
      case .index(let index):
        var container = encoder.unkeyedContainer()
        try encode(value, at: components[...], index: index, into: &container)
      case .wildcard:
        var container = encoder.unkeyedContainer()
        try spread(value, at: components[...], into: &container)
      }
    } catch {
      throw located(error, at: Path(codingPath: encoder.codingPath).appending(path))
    }
  }

  /// An encoder at `path` below `encoder`, a path of keys: a type's own
  /// `encode(to:)` writes there.
  package static func encoder(at path: Path, in encoder: any Encoder) throws(CodixError)
    -> any Encoder
  {
    let components = try path.validComponents()
    var keys: [String] = []
    for component in components {
      guard case .key(let key) = component else {
        throw CodixError(
          .invalidPath, at: Path(codingPath: encoder.codingPath).appending(path),
          expected: "a path of keys")
      }
      keys.append(key)
    }
    guard let last = keys.popLast() else { return encoder }
    var container = encoder.container(keyedBy: CodixKey.self)
    for key in keys {
      container = container.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key))
    }
    return container.superEncoder(forKey: CodixKey(last))
  }

  /// Writes `nil` at `path` (an explicit `null`).
  package static func encodeNil(at path: Path, in encoder: any Encoder) throws(CodixError) {
    try encode(NullValue(), at: path, in: encoder)
  }

  private struct NullValue: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
  }

  private static func encode<T: Encodable>(
    _ value: T, at components: ArraySlice<PathComponent>,
    into container: inout KeyedEncodingContainer<CodixKey>
  ) throws {
    guard case .key(let name)? = components.first else { return }
    let key = CodixKey(name)
    let rest = components.dropFirst()
    switch rest.first {
    case nil:
      try container.encode(value, forKey: key)
    case .key?:
      var nested = container.nestedContainer(keyedBy: CodixKey.self, forKey: key)
      try encode(value, at: rest, into: &nested)
    case .index(let index)?:
      var nested = container.nestedUnkeyedContainer(forKey: key)
      try encode(value, at: rest, index: index, into: &nested)
    case .wildcard?:
      var nested = container.nestedUnkeyedContainer(forKey: key)
      try spread(value, at: rest, into: &nested)
    }
  }

  private static func encode<T: Encodable>(
    _ value: T, at components: ArraySlice<PathComponent>, index: Int,
    into container: inout any UnkeyedEncodingContainer
  ) throws {
    guard index >= 0 else {
      throw CodixError(
        .invalidPath,
        at: Path(codingPath: container.codingPath).appending(component: .index(index)),
        detail: .negativeIndexWhenEncoding, expected: "an index of 0 or more")
    }
    guard container.count <= index else {
      throw CodixError(
        .invalidPath,
        at: Path(codingPath: container.codingPath).appending(component: .index(index)),
        detail: .elementAlreadyWritten(index: index),
        expected: "an index of \(container.count) or more")
    }
    while container.count < index {
      try container.encodeNil()
    }
    let rest = components.dropFirst()
    switch rest.first {
    case nil:
      try container.encode(value)
    case .key?:
      var nested = container.nestedContainer(keyedBy: CodixKey.self)
      try encode(value, at: rest, into: &nested)
    case .index(let inner)?:
      var nested = container.nestedUnkeyedContainer()
      try encode(value, at: rest, index: inner, into: &nested)
    case .wildcard?:
      var nested = container.nestedUnkeyedContainer()
      try spread(value, at: rest, into: &nested)
    }
  }

  /// Writes each element of the array `value` as one element of the empty
  /// array `container`, at the components after the first, a `[*]`.
  private static func spread<T: Encodable>(
    _ value: T, at components: ArraySlice<PathComponent>,
    into container: inout any UnkeyedEncodingContainer
  ) throws {
    let here = Path(codingPath: container.codingPath).appending(component: .wildcard)
    guard let elements = (value as? any WildcardElements)?.wildcardElements else {
      throw CodixError(
        .invalidPath, at: here, detail: .wildcardOutsideArray(type: TypeNames.display(T.self)),
        expected: "an array to write one element per value")
    }
    guard container.count == 0 else {
      throw CodixError(
        .invalidPath, at: here, detail: .wildcardArrayAlreadyWritten,
        expected: "an array with no elements yet")
    }
    for element in elements {
      try encode(element, at: components, index: container.count, into: &container)
    }
  }

  /// The error for a value that could not be written at `path` (absolute):
  /// Foundation's `invalidValue` (a NaN for JSONEncoder) keeps its own path,
  /// explanation and the value; anything else is placed at `path`.
  @usableFromInline
  package static func located(_ error: any Error, at path: Path) -> CodixError {
    if let codix = error as? CodixError, codix.isLocated { return codix }
    if let encoding = error as? EncodingError,
      case .invalidValue(let invalid, let context) = encoding
    {
      // Foundation's path is sometimes only the last key: keep it when it
      // is the whole path to the value or below it.
      let reported = Path(codingPath: context.codingPath)
      let isAbsolute = reported.components.starts(with: path.components)
      return CodixError(
        .dataCorrupted, at: isAbsolute ? reported : path,
        detail: context.debugDescription.isEmpty ? nil : .foundation(context.debugDescription),
        found: ValueRenderer.render(swiftValue: invalid), underlyingError: error)
    }
    return CodixError.wrap(error, at: path)
  }
}
