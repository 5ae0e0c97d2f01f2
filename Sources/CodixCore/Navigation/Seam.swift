// The seam's one choice: which engine holds a decoder's value.
//
// Navigation holds a `Cursor` and asks it what `DocumentPosition` promises
// (DocumentPosition.swift). A decoder of CodixJSONDecoder's reader stands on
// the reader's tape (`NativeSpot`); any other decoder, and any container a
// decoder handed out, is read through the public Codable API
// (`DecoderPosition`). This file is the only one outside the reader that
// names the reader's types, and nothing below forwards more than a call.

/// A position in a document, held by whichever engine reads it.
@usableFromInline
package enum Cursor {
  /// A value read through the public Codable API.
  case decoder(DecoderPosition)
  /// A value on CodixJSONDecoder's tape.
  case native(NativeSpot)

  /// The value `decoder` stands at.
  @inlinable @inline(__always)
  package static func root<D: Decoder>(_ decoder: D) -> Cursor {
    if D.self == JSONReader.self {
      // A decoder of the native reader: `D` is that final class, so the value
      // is one reference of it. (Loaded here, where it is inlined into a
      // model's module: every path read starts with it.)
      let reader = unsafeBitCast(decoder, to: Unmanaged<JSONReader>.self).takeUnretainedValue()
      return .native(NativeSpot.root(of: reader))
    }
    return root(any: decoder)
  }

  /// Decodes `T` at `path` below `decoder`'s value, which must be present
  /// and not `null`: the path style's `decoder.decode(at:)`, which every
  /// path read of a model runs. On the native reader, a path of keys is
  /// looked up on the tape and read there, with no cursor made unless the
  /// read fails; anything else goes to the walk (`Navigator`).
  @inlinable @inline(__always)
  package static func decode<T: Decodable, D: Decoder>(
    _ type: T.Type, at path: Path, in decoder: D
  ) throws(CodixError) -> T {
    if D.self == JSONReader.self {
      let reader = unsafeBitCast(decoder, to: Unmanaged<JSONReader>.self).takeUnretainedValue()
      return try decode(type, at: path, onTapeOf: reader)
    }
    return try decode(type, at: path, inAny: decoder)
  }

  /// `decode(_:at:in:)` on any other decoder.
  @usableFromInline
  static func decode<T: Decodable>(_ type: T.Type, at path: Path, inAny decoder: any Decoder)
    throws(CodixError) -> T
  {
    if let served = ReadAhead.value(type, at: path, in: decoder) {
      return served.value(as: T.self)
    }
    return try ReadAhead.isolating(type) { () throws(CodixError) in
      try spelling(in: decoder) { () throws(CodixError) in
        try Navigator.decode(type, at: path, from: root(any: decoder))
      }
    }
  }

  /// Runs `read`, a read below `decoder`'s value; what it throws comes back
  /// with its keys as the document writes them (`KeySpelling.spelledAsWritten`).
  /// On the native reader, the entry point spells them: it has the document.
  package static func spelling<T>(
    in decoder: any Decoder, _ read: () throws(CodixError) -> T
  ) throws(CodixError) -> T {
    do {
      return try read()
    } catch {
      throw spelledAsWritten(error, in: decoder)
    }
  }

  /// `error`, thrown by a read below `decoder`'s value, as ``spelling(in:_:)`` throws it.
  package static func spelledAsWritten(_ error: CodixError, in decoder: any Decoder) -> CodixError {
    readsTape(decoder) ? error : KeySpelling.spelledAsWritten(error, in: decoder)
  }

  /// Whether `decoder` is Codix's reader, whose reads go to its tape (no
  /// container of another decoder to keep between reads).
  /// A comparison of types, with no cast.
  package static func readsTape(_ decoder: any Decoder) -> Bool {
    ObjectIdentifier(type(of: decoder)) == ObjectIdentifier(JSONReader.self)
  }

  /// `decode(_:at:in:)` on the native reader.
  @usableFromInline
  static func decode<T: Decodable>(_ type: T.Type, at path: Path, onTapeOf reader: JSONReader)
    throws(CodixError) -> T
  {
    guard let (index, place) = reader.presentValue(at: path) else {
      return try Navigator.decodeWalking(type, at: path, from: .native(.root(of: reader)))
    }
    do {
      return try reader.unwrap(type, at: index, place)
    } catch {
      var cursor = Cursor.native(NativeSpot(reader: reader, index: index, place: place))
      throw Navigator.failure(error, decoding: type, at: &cursor)
    }
  }

  /// `root(_:)` for a decoder whose static type does not say.
  @usableFromInline
  static func root(any decoder: any Decoder) -> Cursor {
    if let reader = JSONReader.of(any: decoder) { return .native(NativeSpot.root(of: reader)) }
    return .decoder(DecoderPosition(.root(decoder)))
  }

  /// The object `decoder` stands at, opened as `root(decoder).object(sharing:
  /// false)` opens it; `nil` where that throws (the caller then takes the
  /// general road, which reports).
  package static func object(of decoder: any Decoder) -> ObjectCursor? {
    if let reader = JSONReader.of(any: decoder) {
      return (try? NativeSpot.root(of: reader).object(sharing: false)).map(ObjectCursor.native)
    }
    return (try? DecoderObject.opened(at: decoder)).map(ObjectCursor.decoder)
  }

  /// The value at `key` of the object `container` is (a container any
  /// decoder handed out).
  package static func keyed(_ container: KeyedDecodingContainer<CodixKey>, _ key: CodixKey)
    -> Cursor
  {
    .decoder(DecoderPosition(.keyed(CachedContainer(wrapping: container, decoder: nil), key)))
  }

  /// The next element of the array `container` is.
  package static func element(_ container: any UnkeyedDecodingContainer) -> Cursor {
    .decoder(DecoderPosition(.element(container)))
  }

  /// The absolute path of the value.
  package var path: Path { Path(codingPath: codingPath) }

  /// Whether the value is missing or `null`. On an array element that is
  /// `null`, the element is consumed.
  package mutating func isAbsent() -> Bool { absence() != nil }

  /// For the next element of an array container: the container, moved
  /// past the elements read through the cursor.
  package var elementContainer: (any UnkeyedDecodingContainer)? {
    guard case .decoder(let position) = self, case .element(let container) = position.place
    else { return nil }
    return container
  }

  /// Whether the cursor stands at a decoder's own value (not a member or an
  /// element reached from it).
  package var isDecoderValue: Bool {
    switch self {
    case .decoder(let position):
      if case .root = position.place { return true }
      return false
    case .native(let spot): return spot.isDecoderValue
    }
  }
}

extension Cursor: DocumentPosition {
  package var codingPath: [any CodingKey] {
    switch self {
    case .decoder(let position): position.codingPath
    case .native(let spot): spot.codingPath
    }
  }

  package mutating func absence() -> Absence.Reason? {
    switch self {
    case .decoder(var position):
      let reason = position.absence()
      self = .decoder(position)
      return reason
    case .native(let spot): return spot.absence()
    }
  }

  @usableFromInline
  package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    switch self {
    case .decoder(var position):
      defer { self = .decoder(position) }
      return try position.decode(type)
    case .native(let spot): return try spot.decode(type)
    }
  }

  package mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    switch self {
    case .decoder(var position):
      defer { self = .decoder(position) }
      return try position.decodeIfPresent(type)
    case .native(let spot): return try spot.decodeIfPresent(type)
    }
  }

  package mutating func read(
    _ scalar: StandardScalar, into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool
  ) throws -> Bool {
    switch self {
    case .decoder(var position):
      defer { self = .decoder(position) }
      return try position.read(scalar, into: pointer, nested: nested, strict: strict)
    case .native(let spot):
      return try spot.read(scalar, into: pointer, nested: nested, strict: strict)
    }
  }

  package mutating func decoder() throws -> any Decoder {
    switch self {
    case .decoder(var position):
      defer { self = .decoder(position) }
      return try position.decoder()
    case .native(let spot): return try spot.decoder()
    }
  }

  package func keyedContainer() throws -> KeyedDecodingContainer<CodixKey> {
    switch self {
    case .decoder(let position): try position.keyedContainer()
    case .native(let spot): try spot.keyedContainer()
    }
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch self {
    case .decoder(let position): try position.unkeyedContainer()
    case .native(let spot): try spot.unkeyedContainer()
    }
  }

  package func object(sharing: Bool) throws -> ObjectCursor {
    switch self {
    case .decoder(let position): .decoder(try position.object(sharing: sharing))
    case .native(let spot): .native(try spot.object(sharing: sharing))
    }
  }

  package func element(_ index: Int) throws -> ElementStep<Cursor> {
    switch self {
    case .decoder(let position):
      switch try position.element(index) {
      case .present(let next): .present(.decoder(next))
      case .outOfRange(let count): .outOfRange(count: count)
      }
    case .native(let spot):
      switch try spot.element(index) {
      case .present(let next): .present(.native(next))
      case .outOfRange(let count): .outOfRange(count: count)
      }
    }
  }

  @usableFromInline
  package func find(_ path: Path) -> Cursor? {
    switch self {
    case .decoder(let position):
      guard let found = position.find(path) else { return nil }
      return .decoder(found)
    case .native(let spot):
      guard let found = spot.find(path) else { return nil }
      return .native(found)
    }
  }

  package var missingMember: (key: String, keys: [String])? {
    switch self {
    case .decoder(let position): position.missingMember
    case .native(let spot): spot.missingMember
    }
  }

  package var memberKeys: [String]? {
    switch self {
    case .decoder(let position): position.memberKeys
    case .native(let spot): spot.memberKeys
    }
  }

  package var isSkipped: Bool {
    switch self {
    case .decoder(let position): position.isSkipped
    case .native(let spot): spot.isSkipped
    }
  }
}

/// An object of a document, held by whichever engine reads it.
package enum ObjectCursor: DocumentObject {
  case decoder(DecoderObject)
  case native(NativeObject)

  package func member(_ key: String) -> Cursor {
    switch self {
    case .decoder(let object): .decoder(object.member(key))
    case .native(let object): .native(object.member(key))
    }
  }

  package func read(
    member key: String, underscored: Bool, _ scalar: StandardScalar,
    into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool, array: Bool = false
  ) throws -> Bool {
    switch self {
    case .decoder(let object):
      try object.read(
        member: key, underscored: underscored, scalar, into: pointer, nested: nested,
        strict: strict, array: array)
    case .native(let object):
      try object.read(
        member: key, underscored: underscored, scalar, into: pointer, nested: nested,
        strict: strict, array: array)
    }
  }

  package func object(member key: String, underscored: Bool)
    -> Result<ObjectCursor, any Error>?
  {
    switch self {
    case .decoder(let object):
      object.object(member: key, underscored: underscored).map { $0.map(ObjectCursor.decoder) }
    case .native(let object):
      object.object(member: key, underscored: underscored).map { $0.map(ObjectCursor.native) }
    }
  }

  package var keys: [String] {
    switch self {
    case .decoder(let object): object.keys
    case .native(let object): object.keys
    }
  }

  package func unclaimedKeys(_ claimed: Set<String>) -> [String] {
    switch self {
    case .decoder(let object): object.unclaimedKeys(claimed)
    case .native(let object): object.unclaimedKeys(claimed)
    }
  }
}

/// The writing side's one choice: a value of CodixJSONEncoder is written
/// straight into the object its writer has open (`JSONMemberWriter`); any
/// other encoder through the public Codable API (`EncodingNavigator`).
@usableFromInline
package enum WritingSeam {
  /// Writes `value` at `path`, a path of one key or of dotted keys, below
  /// `encoder` when it is CodixJSONEncoder's own; `false`, having written
  /// nothing, for any other encoder or path.
  @usableFromInline
  package static func write<T: Encodable>(_ value: T, at path: Path, in encoder: any Encoder)
    throws -> Bool
  {
    guard JSONMemberWriter.mayWrite(encoder), var object = JSONMemberWriter(encoder) else {
      return false
    }
    if let key = path.singleKey {
      try object.write(value, forKey: key)
      return true
    }
    guard let text = path.dottedText else { return false }
    let keys = DottedPathMemo.split(text)
    var target = keys.descend(from: object) { object, key in
      var object = object  // opening a nested object is `mutating`
      return object.nestedObject(forKey: key)
    }
    try target.write(value, forKey: keys.last.stringValue)
    return true
  }
}
