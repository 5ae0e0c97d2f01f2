import Foundation

// A position in a document that CodixJSONDecoder read, for Codix's own
// navigation (the path style's reads, the wrapper engine's fields): the
// tape index of a value, reached from a decoder's value by keys and indexes
// looked up on the tape, with no container opened on the way.
//
//     decoder at {"address": {"city": "Oslo"}}      spot: index 0, place: the decoder's path
//     step "address"                                 spot: index 3, place: …, key "address"
//     step "city"                                    spot: index 5, place: …, via [address], key "city"
//
// A step at a key the object does not have gives a missing spot (its
// object kept, for the report's list of keys); the next step or the read
// makes it an absence. Keys are matched as the decoder's key strategy
// converts the document's keys, and, failing that, by their own conversion
// from snake case (`"first_name"` finds `firstName` under
// `.convertFromSnakeCase`), as on every other route.

/// A value of a document read natively, or a missing member of an object:
/// the native reader's side of the seam (`DocumentPosition`).
@usableFromInline
package struct NativeSpot {
  let reader: JSONReader
  /// The value's tape index; `JSONReader.missing` for a missing key.
  let index: Int
  /// Where the value is: its coding path, and the frames a nested decode
  /// stands on.
  let place: Place
  /// The object a missing key was looked up in.
  let object: Int

  init(reader: JSONReader, index: Int, place: Place, object: Int = JSONReader.missing) {
    self.reader = reader
    self.index = index
    self.place = place
    self.object = object
  }

  /// The value `reader` stands at.
  @usableFromInline
  static func root(of reader: JSONReader) -> NativeSpot {
    NativeSpot(reader: reader, index: reader.value, place: Place(PathAnchor(reader), nil, nil))
  }

  /// The missing key, for a missing spot.
  var missingKey: String? {
    guard index == JSONReader.missing, object != JSONReader.missing, let key = place.key
    else { return nil }
    return key.codingKey.stringValue
  }

  var tag: JSONTag { reader.tag(of: index) }

  /// Whether the value is an object with a key the scan could not vouch for
  /// (an escape or an unusual byte), which opening it reads.
  var hasKeysToCheck: Bool {
    tag == .object && reader.document.entry(index).has(JSONTape.Flag.keysToCheck)
  }

  /// Whether the spot is the value its reader stands at.
  var isDecoderValue: Bool {
    place.key == nil && place.via == nil && place.tail == nil && index == reader.value
  }

  /// The keys of the object a missing key was looked up in.
  var keysOfObject: [String] {
    guard object != JSONReader.missing else { return [] }
    return reader.allKeys(of: object, converted: reader.convertedKeys(of: object, path: []))
  }

  /// Throws the error JSONDecoder throws for a missing key, when this spot
  /// is one.
  private func throwIfMissing() throws {
    guard let key = missingKey else { return }
    throw reader.fail(
      .keyNotFound(
        CodixKey(key),
        DecodingError.Context(
          codingPath: Array(codingPath.dropLast()),
          debugDescription: "No value associated with key \(CodixKey(key)) (\"\(key)\").")),
      at: object)
  }

  /// The value's text as the document writes it, shortened (for a report).
  var writtenText: String? {
    guard index != JSONReader.missing else { return nil }
    return reader.document.writtenText(of: index)
  }
}

extension NativeSpot: DocumentPosition {
  package var codingPath: [any CodingKey] { place.path(in: reader) }

  package func absence() -> Absence.Reason? {
    if missingKey != nil { return .missingKey }
    return tag == .null ? .null : nil
  }

  @inline(__always)
  package func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if index == JSONReader.missing { try throwIfMissing() }
    if T.self == FoundText.self {
      // A report's `found`, read after a failure: the reads it tries do not
      // replace the failure the reader recorded (`located(_:)` matches it).
      let failure = reader.lastFailure
      defer { reader.lastFailure = failure }
      return try reader.unwrap(type, at: index, place)
    }
    return try reader.unwrap(type, at: index, place)
  }

  @inline(__always)
  package func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    if tag == .null { return nil }
    return try reader.unwrap(type, at: index, place)
  }

  package func read(
    _ scalar: StandardScalar, into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool
  ) throws -> Bool {
    if index == JSONReader.missing, strict { try throwIfMissing() }
    return try Self.read(
      scalar, of: reader, at: index, place, into: pointer, nested: nested, strict: strict)
  }

  /// Reads the value at `index` into `pointer` as `scalar`; `false` for
  /// `null` when not `strict`. `place` is worked out only for an error, so
  /// a member read on the happy path builds no place.
  @inline(__always)
  static func read(
    _ scalar: StandardScalar, of reader: JSONReader, at index: Int,
    _ place: @autoclosure () -> Place, into pointer: UnsafeMutableRawPointer, nested: Bool,
    strict: Bool, array: Bool = false
  ) throws -> Bool {
    if array {
      var read = NativeArrayRead(
        scalar: scalar, reader: reader, index: index, place: place(), pointer: pointer,
        nested: nested, strict: strict)
      return try scalar.withElementType(&read)
    }
    if reader.tag(of: index) == .null {
      guard strict else { return false }
      throw reader.valueNotFound(scalar.type, at: index, path: place().path(in: reader))
    }
    switch scalar {
    case .string: return scalar.store(try reader.string(at: index, place()), pointer, nested)
    case .bool: return scalar.store(try reader.bool(at: index, place()), pointer, nested)
    case .int:
      return scalar.store(try reader.integer(Int.self, at: index, place()), pointer, nested)
    case .int8:
      return scalar.store(try reader.integer(Int8.self, at: index, place()), pointer, nested)
    case .int16:
      return scalar.store(try reader.integer(Int16.self, at: index, place()), pointer, nested)
    case .int32:
      return scalar.store(try reader.integer(Int32.self, at: index, place()), pointer, nested)
    case .int64:
      return scalar.store(try reader.integer(Int64.self, at: index, place()), pointer, nested)
    case .uint:
      return scalar.store(try reader.integer(UInt.self, at: index, place()), pointer, nested)
    case .uint8:
      return scalar.store(try reader.integer(UInt8.self, at: index, place()), pointer, nested)
    case .uint16:
      return scalar.store(try reader.integer(UInt16.self, at: index, place()), pointer, nested)
    case .uint32:
      return scalar.store(try reader.integer(UInt32.self, at: index, place()), pointer, nested)
    case .uint64:
      return scalar.store(try reader.integer(UInt64.self, at: index, place()), pointer, nested)
    case .double:
      return scalar.store(
        try reader.floatingPoint(Double.self, at: index, place()), pointer, nested)
    case .float:
      return scalar.store(
        try reader.floatingPoint(Float.self, at: index, place()), pointer, nested)
    }
  }

  /// A decoder at the value (a new reader standing there).
  package func decoder() throws -> any Decoder {
    reader.decoder(at: index, path: codingPath)
  }

  package func keyedContainer() throws -> KeyedDecodingContainer<CodixKey> {
    try throwIfMissing()
    return try reader.keyedContainer(
      at: index, keyedBy: CodixKey.self, anchor: place.anchor, tail: place.asTail)
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try throwIfMissing()
    return try reader.unkeyedContainer(at: index, anchor: place.anchor, tail: place.asTail)
  }

  package func object(sharing: Bool) throws -> NativeObject {
    if tag != .object || hasKeysToCheck {
      // The container's own error (a missing key, `null`, another kind),
      // or, for an object, the check of its keys JSONDecoder makes.
      _ = try keyedContainer()
    }
    return NativeObject(
      reader: reader, index: index, anchor: place.anchor,
      tail: isDecoderValue ? nil : place.asTail)
  }

  package func element(_ position: Int) throws -> ElementStep<NativeSpot> {
    guard tag == .array else {
      // The container's own error.
      _ = try unkeyedContainer()
      return .outOfRange(count: 0)
    }
    let document = reader.document
    let count = document.count(of: index)
    let resolved = position < 0 ? count + position : position
    guard resolved >= 0, resolved < count else { return .outOfRange(count: count) }
    var element = index + 2
    for _ in 0..<resolved { element = document.next(after: element) }
    return .present(
      NativeSpot(
        reader: reader, index: element,
        place: Place(place.anchor, place.asTail, .index(resolved))))
  }

  package func find(_ path: Path) -> NativeSpot? {
    guard isDecoderValue, let (index, place) = reader.presentValue(at: path) else { return nil }
    return NativeSpot(reader: reader, index: index, place: place)
  }

  package var missingMember: (key: String, keys: [String])? {
    missingKey.map { ($0, keysOfObject) }
  }

  package var memberKeys: [String]? {
    missingKey == nil ? nil : keysOfObject
  }

  package var isSkipped: Bool { tag == .skipped }
}

/// An object of a document read natively. It holds two references (the
/// reader and the tail): the wrapper engine reads each member through it, and
/// a larger value (a whole `NativeSpot`, with its place's key and steps) cost
/// an outlined copy and destroy of about 200 instructions per member read.
package struct NativeObject: DocumentObject {
  let reader: JSONReader
  /// The object's tape index.
  let index: Int
  /// The frames the object's reader stands on.
  let anchor: PathAnchor
  /// The object's place as a container's tail, for its members' places.
  let tail: PathTail?

  /// The object's coding path.
  var codingPath: [any CodingKey] { Place(anchor, tail, nil).path(in: reader) }

  package func member(_ key: String) -> NativeSpot {
    let found = reader.codixMember(of: index, key: key)
    return NativeSpot(
      reader: reader, index: found ?? JSONReader.missing,
      place: Place(anchor, tail, .name(key)),
      object: found == nil ? index : JSONReader.missing)
  }

  package func read(
    member key: String, underscored: Bool, _ scalar: StandardScalar,
    into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool, array: Bool = false
  ) throws -> Bool {
    guard let found = reader.codixMember(of: index, key: key) else {
      guard strict else { return false }
      // The general read reports it (with the keys the object has).
      throw ReaderError(.unexpectedEnd(expected: key), at: reader.offset(of: index))
    }
    return try NativeSpot.read(
      scalar, of: reader, at: found, Place(anchor, tail, .name(key)),
      into: pointer, nested: nested, strict: strict, array: array)
  }

  package func object(member key: String, underscored: Bool)
    -> Result<NativeObject, any Error>?
  {
    Result { try member(key).object(sharing: false) }
  }

  package var keys: [String] {
    reader.allKeys(of: index, converted: reader.convertedKeys(of: index, path: codingPath))
  }

  package func unclaimedKeys(_ claimed: Set<String>) -> [String] {
    reader.unclaimedKeys(of: index, claimed: claimed)
  }
}

/// Reads the array of scalars at `index` into its `[T]?` storage (`[T]??`
/// when `nested`).
private struct NativeArrayRead: ScalarElementBody {
  let scalar: StandardScalar
  let reader: JSONReader
  let index: Int
  let place: Place
  let pointer: UnsafeMutableRawPointer
  let nested: Bool
  let strict: Bool

  func run<T: Codable>(_: T.Type) throws -> Bool {
    if reader.tag(of: index) == .null {
      guard strict else { return false }
      throw reader.valueNotFound([T].self, at: index, path: place.path(in: reader))
    }
    return scalar.store(try reader.unwrap([T].self, at: index, place), pointer, nested)
  }
}

extension Place {
  /// The steps below the anchor as a container's tail.
  var asTail: PathTail? {
    var tail = self.tail
    if let via {
      for key in via.keys { tail = PathTail(tail, .key(key), value: JSONReader.missing) }
    }
    if let key { tail = PathTail(tail, key, value: JSONReader.missing) }
    return tail
  }
}

extension JSONReader {
  /// `decoder` as a reader, when it is one.
  @inline(__always)
  static func of<D: Decoder>(_ decoder: D) -> JSONReader? {
    if D.self == JSONReader.self {
      // `D` is this final class: the value is one reference of this type.
      return unsafeDowncast(decoder as AnyObject, to: JSONReader.self)
    }
    return of(any: decoder)
  }

  /// `decoder` as a reader, when it is one. The dynamic type is compared
  /// first: a cast that fails costs the runtime a search for bridges and
  /// conformances (about 1,600 instructions per cast, measured, on every
  /// wrapper model a plain `JSONDecoder` decodes).
  @inline(__always)
  static func of(any decoder: any Decoder) -> JSONReader? {
    guard ObjectIdentifier(type(of: decoder)) == ObjectIdentifier(JSONReader.self) else {
      return nil
    }
    return decoder as? JSONReader
  }

  /// The value at a path of keys only (one key, or keys joined by dots)
  /// below the reader's value, with its place: `nil` when the path has
  /// indexes or a wildcard, or when a step finds no value (the general walk
  /// then says why).
  @inline(__always)
  func presentValue(at path: Path) -> (index: Int, place: Place)? {
    let anchor = PathAnchor(self)
    switch path.storage {
    case .key(let key):
      guard tag(of: value) == .object, !document.entry(value).has(JSONTape.Flag.keysToCheck),
        let found = codixMember(of: value, key: key)
      else {
        return nil
      }
      return (found, Place(anchor, nil, .name(key)))
    case .dotted(let text):
      var current = value
      var steps = 0
      let defaultKeys = options.usesDefaultKeys
      let found: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
        var start = 0
        for position in 0...bytes.count where position == bytes.count || bytes[position] == 0x2E {
          guard tag(of: current) == .object,
            !document.entry(current).has(JSONTape.Flag.keysToCheck)
          else { return false }
          let key = UnsafeBufferPointer(rebasing: bytes[start..<position])
          let member =
            defaultKeys
            ? member(of: current, bytes: key)
            : codixMember(of: current, key: String(decoding: key, as: UTF8.self))
          guard let member else { return false }
          current = member
          steps += 1
          start = position + 1
        }
        return true
      }
      guard found == true else { return nil }
      return (current, Place(anchor, nil, nil, via: PathSteps(path, count: steps)))
    default:
      return nil
    }
  }

  /// A member by a key of a Codix path: as the key strategy converts the
  /// document's keys, or else by the key's own conversion from snake case
  /// (`first_name` finds the member the strategy calls `firstName`), as
  /// Codix finds it in `JSONDecoder`'s containers (`KeySpelling`): of two
  /// members that convert to one name, the first, as `JSONDecoder` keeps.
  @inline(__always)
  func codixMember(of object: Int, key: String) -> Int? {
    codixMember(of: object, key: key, converted: convertedKeysIfCustom(of: object))
  }

  /// ``codixMember(of:key:)`` with the object's keys already converted.
  func codixMember(of object: Int, key: String, converted: ConvertedKeys?) -> Int? {
    if let found = member(of: object, key: key, converted: converted) {
      return found
    }
    guard let respelled = respelledCodixKey(key) else { return nil }
    return member(of: object, key: respelled, converted: converted)
  }

  /// The spelling a Codix key is looked up under after a miss, when the
  /// strategy converts the document's keys: its conversion from snake case,
  /// if that differs from it.
  func respelledCodixKey(_ key: String) -> String? {
    if options.usesDefaultKeys { return nil }
    return KeySpelling.otherSpelling(of: key)
  }

  private func convertedKeysIfCustom(of object: Int) -> ConvertedKeys? {
    guard !options.usesDefaultKeys, case .custom = options.keyDecodingStrategy else { return nil }
    return convertedKeys(of: object, path: foundPath(to: object))
  }
}
