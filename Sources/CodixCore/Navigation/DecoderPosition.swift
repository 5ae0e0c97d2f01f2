// The adapter of any Decoder to the seam (DocumentPosition.swift), through
// the public Codable API only: Foundation's JSONDecoder and
// PropertyListDecoder, custom decoders, and containers handed out by any
// of them.
//
//     "response.users[-1].name" on {"response": {"users": [{…}, {…}, {"name": "Jerry"}]}}
//
//     .root(decoder)                              the value the decoder is at
//     .keyed(<root object>, "response")           key step: open a keyed container
//     .keyed(<response object>, "users")
//     .element(<users array at index 2>)          index step: -1 + count 3 = 2, skip 2 elements
//     .keyed(<users[2] object>, "name")           the value to decode
//
// A position never reads a value until asked, so reaching `users[999999]`
// costs one skip per element and no copies. A key step never checks that
// the key exists: the next step or the read finds out. Objects reached by
// keys from a decoder's value are opened once per value (`CachedContainer`),
// so `user.id`, `user.name`, `user.email` open the `user` object once.
//
// Keys a decoder renamed from snake case are found under the decoder's
// spelling (`KeySpelling`): the one place this adapter second-guesses the
// decoder. A read tries the key as given first and asks only after a miss,
// so a present key costs one lookup.

/// A value reached through the public Codable API of any decoder.
@usableFromInline
package struct DecoderPosition {
  package enum Place {
    /// The value a decoder is positioned at.
    case root(any Decoder)
    /// The value at `key` in an object (its container, boxed).
    case keyed(CachedContainer, CodixKey)
    /// The next value of an array.
    case element(any UnkeyedDecodingContainer)
  }

  package var place: Place
  /// For `.element`: the decoder the walk started at, the decoder of the
  /// objects it opens below the array (see `CachedContainer.decoder`).
  /// (A key's object has its own; a decoder's value is its decoder's.)
  var elementOrigin: (any Decoder)?
  /// For `.keyed`: whether the key may be stored under the decoder's
  /// spelling, not checked yet (see `spelled()`).
  var respell = false

  package init(_ place: Place, elementOrigin: (any Decoder)? = nil) {
    self.place = place
    self.elementOrigin = elementOrigin
  }

  /// The decoder the position was reached from, if known.
  var origin: (any Decoder)? {
    switch place {
    case .root(let decoder): decoder
    case .keyed(let object, _): object.decoder
    case .element: elementOrigin
    }
  }

  /// This position, its key as the object stores it: the key itself, or,
  /// when the object lacks it and the decoder renames keys from snake case,
  /// the decoder's spelling of it.
  func spelled() -> DecoderPosition {
    guard respell, case .keyed(let object, let key) = place else { return self }
    var position = self
    position.respell = false
    position.place = .keyed(object, object.stored(key))
    return position
  }

  /// `spelled()`, when it names another key than this position's; `nil`
  /// when the key as given is the one to report.
  private func respelled() -> DecoderPosition? {
    guard respell, case .keyed(_, let key) = place else { return nil }
    let other = spelled()
    guard case .keyed(_, let stored) = other.place, stored.stringValue != key.stringValue
    else { return nil }
    return other
  }
}

extension DecoderPosition: DocumentPosition {
  package var codingPath: [any CodingKey] {
    switch place {
    case .root(let decoder): decoder.codingPath
    case .keyed(let object, let key): object.container.codingPath + [key]
    case .element(let container):
      container.codingPath + [CodixKey(index: container.currentIndex)]
    }
  }

  package mutating func absence() -> Absence.Reason? {
    self = spelled()
    switch place {
    case .root(let decoder):
      guard (try? decoder.singleValueContainer().decodeNil()) == true else { return nil }
      return .null
    case .keyed(let object, let key):
      if !object.container.contains(key) { return .missingKey }
      guard (try? object.container.decodeNil(forKey: key)) == true else { return nil }
      return .null
    case .element(var container):
      guard !container.isAtEnd, (try? container.decodeNil()) == true else { return nil }
      place = .element(container)
      return .null
    }
  }

  package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    switch place {
    case .root(let decoder):
      return try decoder.singleValueContainer().decode(type)
    case .keyed(let object, let key):
      do {
        return try object.container.codixDecode(type, forKey: key)
      } catch {
        guard var other = respelled() else { throw error }
        self = other
        return try other.decode(type)
      }
    case .element(var container):
      let value = try container.decode(type)
      place = .element(container)
      return value
    }
  }

  package mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    if case .keyed(let object, let key) = place {
      if let value = try object.container.codixDecodeIfPresent(type, forKey: key) { return value }
      guard var other = respelled() else { return nil }
      self = other
      return try other.decodeIfPresent(type)
    }
    if absence() != nil { return nil }
    return try decode(type)
  }

  package mutating func read(
    _ scalar: StandardScalar, into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool
  ) throws -> Bool {
    try read(scalar, into: pointer, nested: nested, strict: strict, array: false)
  }

  /// `read(_:into:nested:strict:)`, or, with `array`, the read of an array
  /// of the scalar (a wrapper's member: `DecoderObject.read(member:…)`).
  mutating func read(
    _ scalar: StandardScalar, into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool,
    array: Bool
  ) throws -> Bool {
    if case .keyed(let object, let key) = place {
      let container = object.container
      guard respell else {
        return try scalar.read(
          container, forKey: key, into: pointer, nested: nested, strict: strict, array: array)
      }
      // Read leniently first, so that a miss can be looked up again.
      if try scalar.read(
        container, forKey: key, into: pointer, nested: nested, strict: false, array: array)
      {
        return true
      }
      if var other = respelled() {
        self = other
        return try other.read(scalar, into: pointer, nested: nested, strict: strict, array: array)
      }
      // Absent under either spelling: a strict read throws the error for it.
      return try strict
        && scalar.read(
          container, forKey: key, into: pointer, nested: nested, strict: true, array: array)
    }
    return try scalar.read(
      from: &self, into: pointer, nested: nested, strict: strict, array: array)
  }

  package mutating func decoder() throws -> any Decoder {
    self = spelled()
    switch place {
    case .root(let decoder): return decoder
    case .keyed(let object, let key): return try object.container.superDecoder(forKey: key)
    case .element(var container):
      let decoder = try container.superDecoder()
      place = .element(container)
      return decoder
    }
  }

  package func keyedContainer() throws -> KeyedDecodingContainer<CodixKey> {
    // Copied only when its key may need respelling (`spelled()`).
    if respell { return try spelled().keyedContainer() }
    return switch place {
    case .root(let decoder): try decoder.container(keyedBy: CodixKey.self)
    case .keyed(let object, let key):
      try object.container.nestedContainer(keyedBy: CodixKey.self, forKey: key)
    case .element(var container): try container.nestedContainer(keyedBy: CodixKey.self)
    }
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    // Copied only when its key may need respelling (`spelled()`).
    if respell { return try spelled().unkeyedContainer() }
    return switch place {
    case .root(let decoder): try decoder.unkeyedContainer()
    case .keyed(let object, let key): try object.container.nestedUnkeyedContainer(forKey: key)
    case .element(var container): try container.nestedUnkeyedContainer()
    }
  }

  package func object(sharing: Bool) throws -> DecoderObject {
    // Copied only when its key may need respelling (`spelled()`).
    if respell { return try spelled().object(sharing: sharing) }
    switch place {
    case .root(let decoder):
      return sharing
        ? DecoderObject(try KeyedContainerCache.entry(for: decoder))
        : try DecoderObject.opened(at: decoder)
    case .keyed(let object, let key):
      // Opened once for the object it is in (nested reads share it).
      return DecoderObject(try object.nested(key.stringValue))
    case .element(var container):
      return DecoderObject(
        CachedContainer(
          wrapping: try container.nestedContainer(keyedBy: CodixKey.self), decoder: origin))
    }
  }

  package func element(_ index: Int) throws -> ElementStep<DecoderPosition> {
    var container = try unkeyedContainer()
    let count = try container.count ?? countElements()
    let resolved = index < 0 ? count + index : index
    guard resolved >= 0, resolved < count else { return .outOfRange(count: count) }
    for _ in 0..<resolved {
      _ = try container.decode(SkippedValue.self)
    }
    return .present(DecoderPosition(.element(container), elementOrigin: origin))
  }

  /// The number of elements of the array, for a decoder that does not say.
  private func countElements() throws -> Int {
    var container = try unkeyedContainer()
    var count = 0
    while !container.isAtEnd {
      _ = try container.decode(SkippedValue.self)
      count += 1
    }
    return count
  }

  package func find(_ path: Path) -> DecoderPosition? {
    guard case .root(let decoder) = place else { return nil }
    if let key = path.singleKey {
      guard let entry = try? KeyedContainerCache.entry(for: decoder) else { return nil }
      return DecoderObject(entry).member(key)
    }
    if let text = path.dottedText {
      var key = CodixKey("")
      guard
        let entry = try? KeyedContainerCache.entry(for: decoder, dotted: text, lastKey: &key)
      else { return nil }
      return DecoderObject(entry).member(key.stringValue)
    }
    return nil
  }

  package var missingMember: (key: String, keys: [String])? {
    guard case .keyed(let object, let key) = spelled().place, !object.container.contains(key)
    else { return nil }
    return (key.stringValue, object.container.allKeys.map(\.stringValue))
  }

  package var memberKeys: [String]? {
    guard case .keyed(let object, _) = place else { return nil }
    return object.container.allKeys.map(\.stringValue)
  }

  package var isSkipped: Bool { false }
}

/// An object reached through the public Codable API.
package struct DecoderObject: DocumentObject {
  let object: CachedContainer

  init(_ object: CachedContainer) {
    self.object = object
  }

  /// The object `decoder` stands at, opened for this read alone (no cache).
  static func opened(at decoder: any Decoder) throws -> DecoderObject {
    DecoderObject(try CachedContainer(of: decoder))
  }

  package func member(_ key: String) -> DecoderPosition {
    member(key, underscored: KeySpelling.mayRespell(CodixKey(key)))
  }

  /// `member(_:)`, told whether the key has an underscore (the only keys a
  /// decoder's spelling can differ for).
  func member(_ key: String, underscored: Bool) -> DecoderPosition {
    var position = DecoderPosition(.keyed(object, CodixKey(key)))
    position.respell = underscored && object.decoder != nil
    return position
  }

  package func read(
    member key: String, underscored: Bool, _ scalar: StandardScalar,
    into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool, array: Bool = false
  ) throws -> Bool {
    guard underscored && object.decoder != nil else {
      // No other spelling to try: read from the container, with no position.
      return try scalar.read(
        object.container, forKey: CodixKey(key), into: pointer, nested: nested, strict: strict,
        array: array)
    }
    var position = member(key, underscored: underscored)
    return try position.read(scalar, into: pointer, nested: nested, strict: strict, array: array)
  }

  package func object(member key: String, underscored: Bool)
    -> Result<DecoderObject, any Error>?
  {
    // A key the decoder may spell otherwise: its position asks how first.
    guard !underscored || object.decoder == nil else { return nil }
    return Result { DecoderObject(try object.nested(key)) }
  }

  package var keys: [String] { object.container.allKeys.map(\.stringValue) }

  package func unclaimedKeys(_ claimed: Set<String>) -> [String] {
    var known = claimed
    if let decoder = object.decoder,
      KeySpelling.convertsFromSnakeCase(
        decoder, in: object.container, written: { KeySpelling.writtenKeys(of: decoder) })
    {
      for key in claimed {
        if let other = KeySpelling.otherSpelling(of: key) { known.insert(other) }
      }
    }
    return KeyOrder.sorted(keys.filter { !known.contains($0) })
  }
}
