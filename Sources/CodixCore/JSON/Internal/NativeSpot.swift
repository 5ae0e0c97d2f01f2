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
// converts the document's keys, and, failing that, as the document writes
// them (`"first_name"` under `.convertFromSnakeCase`).

/// A value of a document read natively, or a missing member of an object.
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

  /// The value a decoder of CodixJSONDecoder stands at; `nil` for any other
  /// decoder.
  @inline(__always)
  package static func root<D: Decoder>(of decoder: D) -> NativeSpot? {
    guard let reader = JSONReader.of(decoder) else { return nil }
    return NativeSpot(
      reader: reader, index: reader.value, place: Place(PathAnchor(reader), nil, nil))
  }

  /// The missing key, for a missing spot.
  var missingKey: String? {
    guard index == JSONReader.missing, object != JSONReader.missing,
      case .key(let key)? = place.key
    else { return nil }
    return key.stringValue
  }

  var tag: JSONTag { reader.tag(of: index) }

  /// Whether the value is an object with a key the scan could not vouch for
  /// (an escape or an unusual byte), which opening it reads.
  var hasKeysToCheck: Bool {
    tag == .object && reader.document.entry(index).has(JSONTape.Flag.keysToCheck)
  }

  /// Whether the value is missing or `null`.
  package var isAbsent: Bool { tag == .null }

  /// The coding path of the value (error path only).
  package var codingPath: [any CodingKey] { place.path(in: reader) }

  // MARK: - Steps

  /// What a step found.
  package enum Step {
    case spot(NativeSpot)
    /// The value is not an object (for a key) or an array (for an index);
    /// `null` and missing values included.
    case wrongKind
    /// The array holds `count` elements; `index` is not one of them.
    case outOfRange(index: Int, count: Int)
  }

  /// The member at `key` of this object (a missing spot when there is
  /// none). `steps` is the path walked so far, this step included, for the
  /// new spot's place.
  package func member(_ key: String, steps: PathSteps?) -> Step {
    guard tag == .object else { return .wrongKind }
    let found = reader.codixMember(of: index, key: key)
    return .spot(
      NativeSpot(
        reader: reader, index: found ?? JSONReader.missing,
        place: Place(place.anchor, place.tail, .key(CodixKey(key)), via: steps),
        object: found == nil ? index : JSONReader.missing))
  }

  /// The element at `position` of this array (a negative one counts from
  /// the end).
  package func element(_ position: Int, steps: PathSteps?) -> Step {
    guard tag == .array else { return .wrongKind }
    let document = reader.document
    let count = document.count(of: index)
    let resolved = position < 0 ? count + position : position
    guard resolved >= 0, resolved < count else {
      return .outOfRange(index: position, count: count)
    }
    var element = index + 2
    for _ in 0..<resolved { element = document.next(after: element) }
    return .spot(
      NativeSpot(
        reader: reader, index: element,
        place: Place(place.anchor, place.tail, .index(resolved), via: steps)))
  }

  /// The spots of the elements of this array, in order.
  package func elements(steps: PathSteps?) -> [NativeSpot]? {
    guard tag == .array else { return nil }
    let document = reader.document
    var spots: [NativeSpot] = []
    var element = index + 2
    let end = document.end(of: index)
    var position = 0
    while element < end {
      spots.append(
        NativeSpot(
          reader: reader, index: element,
          place: Place(place.anchor, place.tail, .index(position), via: steps)))
      element = document.next(after: element)
      position += 1
    }
    return spots
  }

  /// The keys of this object as the decoder's key strategy spells them.
  package var keys: [String]? {
    guard tag == .object else { return nil }
    return reader.allKeys(
      of: index, converted: reader.convertedKeys(of: index, path: codingPath))
  }

  /// The keys of the object a missing key was looked up in.
  package var keysOfObject: [String] {
    guard object != JSONReader.missing else { return [] }
    return reader.allKeys(
      of: object, converted: reader.convertedKeys(of: object, path: []))
  }

  // MARK: - Reading

  /// Decodes the value as `T`. A missing or `null` value throws the
  /// DecodingError JSONDecoder would.
  @inline(__always)
  package func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if index == JSONReader.missing { try throwIfMissing() }
    return try reader.unwrap(type, at: index, place)
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

  /// Decodes the value as `T`; `nil` when it is missing or `null`.
  @inline(__always)
  package func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    if isAbsent { return nil }
    return try reader.unwrap(type, at: index, place)
  }

  /// The value as a keyed container (for code that reads containers).
  package func keyedContainer() throws -> KeyedDecodingContainer<CodixKey> {
    try throwIfMissing()
    return try reader.keyedContainer(
      at: index, keyedBy: CodixKey.self, anchor: place.anchor, tail: place.asTail)
  }

  /// The value as an unkeyed container.
  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try throwIfMissing()
    return try reader.unkeyedContainer(at: index, anchor: place.anchor, tail: place.asTail)
  }

  /// A decoder at the value (a new reader standing there).
  package func decoder() -> any Decoder {
    reader.decoder(at: index, path: codingPath)
  }

  /// The value's text as the document writes it, shortened (for a report).
  package var writtenText: String? {
    guard index != JSONReader.missing else { return nil }
    return reader.document.writtenText(of: index)
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
    return (decoder as any Decoder) as? JSONReader
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
      return (found, Place(anchor, nil, .key(CodixKey(key))))
    case .dotted(let text):
      var current = value
      var steps = 0
      let defaultKeys: Bool
      if case .useDefaultKeys = options.keyDecodingStrategy {
        defaultKeys = true
      } else {
        defaultKeys = false
      }
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
  /// document's keys, or else as the document writes them.
  @inline(__always)
  func codixMember(of object: Int, key: String) -> Int? {
    codixMember(of: object, key: key, converted: convertedKeysIfCustom(of: object))
  }

  /// ``codixMember(of:key:)`` with the object's keys already converted.
  func codixMember(of object: Int, key: String, converted: ConvertedKeys?) -> Int? {
    if let found = member(of: object, key: key, converted: converted) {
      return found
    }
    if case .useDefaultKeys = options.keyDecodingStrategy { return nil }
    var key = key
    return key.withUTF8 { member(of: object, bytes: $0) }
  }

  private func convertedKeysIfCustom(of object: Int) -> ConvertedKeys? {
    guard case .custom = options.keyDecodingStrategy else { return nil }
    return convertedKeys(of: object, path: foundPath(to: object))
  }
}
