import Foundation
@_spi(Reflection) import Swift

// Reusing the keyed container of the value a decoder is at.
//
// Path-style code reads every field through the decoder itself:
//
//     init(from decoder: Decoder) throws {
//       id = try decoder.decode(at: "my_id")        // decoder.container(keyedBy:)
//       name = try decoder.decode(at: "nick_name")  // decoder.container(keyedBy:) again
//     }
//
// JSONDecoder builds a dictionary of the object's keys each time a keyed
// container is opened, so opening one per field costs O(fields²) per object
// and triples the decode time. This cache keeps, per thread, the last keyed
// container opened at a decoder's root, with the decoder's identity and the
// position the decoder was at. A later call with the same decoder object at
// the same position reuses it.
//
// Telling positions apart. One decoder object walks the whole document:
// JSONDecoder moves it into each nested value and back. Two ways to know
// where it is:
//
// - Its coding-path node (swift-foundation's JSONDecoder). Each move into a
//   nested value installs a newly allocated node; the decoder keeps it while
//   it is at that value (moving through a single-value container keeps the
//   node and the value). The cache holds a strong copy of the node, so no
//   other node can be allocated at its address while the entry lives: the
//   node the decoder holds is the cached one exactly when its bits are equal.
//   The field is found once per decoder type by name, kind and size through
//   the runtime's field metadata; if any of that does not match, this way is
//   not used.
// - Its `codingPath`, compared key by key (any other decoder known to reuse
//   one object). Sound for the same reason (one decoder walks one immutable
//   document, a path names one value), but building the path costs an array
//   per call.
//
// The cache holds the decoder strongly too, so its address cannot be reused
// by another decode while the entry lives. Decoders not known to behave this
// way open a container per call. The last decoded document stays referenced
// by the thread until its next path-style decode or the end of a Codix
// top-level decode.

@usableFromInline
package enum KeyedContainerCache {
  @usableFromInline
  package static func container(for decoder: any Decoder) throws -> KeyedDecodingContainer<CodixKey>
  {
    let slot = ThreadSlot.current
    guard let kind = slot.kind(of: decoder) else {
      return try decoder.container(keyedBy: CodixKey.self)
    }
    let object = classInstance(decoder)
    if let probe = kind.probe {
      let bits = probe.bits(of: object)
      if let container = slot.container, slot.decoder === object, slot.nodeBits == bits {
        return container
      }
      let container = try decoder.container(keyedBy: CodixKey.self)
      slot.store(container, decoder: object, node: probe.copy(of: object), bits: bits)
      return container
    }
    let path = decoder.codingPath
    if let container = slot.container, slot.decoder === object, slot.matches(path) {
      return container
    }
    let container = try decoder.container(keyedBy: CodixKey.self)
    slot.store(container, decoder: object, path: path)
    return container
  }

  /// The object of a decoder whose type is a class (checked by `kind(of:)`).
  private static func classInstance<D: Decoder>(_ decoder: D) -> AnyObject {
    // safe: only called for class types, whose values are one object reference.
    unsafeBitCast(decoder, to: AnyObject.self)
  }

  /// Drops this thread's cached container (and the document it references).
  package static func clear() {
    ThreadSlot.currentIfPresent?.clear()
  }
}

/// How the cache may treat one decoder type.
private struct DecoderKind {
  /// Reads the decoder's coding-path node; `nil` to compare coding paths.
  var probe: NodeProbe?

  /// The kind of a decoder type; `nil` when its containers are not cached.
  static func of(_ type: any Decoder.Type) -> DecoderKind? {
    guard type is AnyClass else { return nil }
    let name = String(reflecting: type)
    if name.hasPrefix("FoundationEssentials.") && name.hasSuffix("JSONDecoderImpl") {
      return DecoderKind(probe: NodeProbe(type))
    }
    if name == "Foundation.__JSONDecoder" || name == "Foundation.JSONDecoderImpl" {
      return DecoderKind(probe: nil)
    }
    return nil
  }
}

/// Reads the stored `codingPathNode` of swift-foundation's JSON decoder.
private struct NodeProbe {
  let offset: Int
  let load: (UnsafeRawPointer) -> Any

  /// Finds the field by name, and checks it is a one-word enum named
  /// `_CodingPathNode`; `nil` otherwise.
  init?(_ type: Any.Type) {
    var found: (offset: Int, type: Any.Type)?
    let classType = _EachFieldOptions(rawValue: 1 << 0)
    _ = _forEachField(of: type, options: classType) { name, offset, fieldType, kind in
      if String(cString: name) == "codingPathNode", kind == .enum,
        String(reflecting: fieldType).hasSuffix("._CodingPathNode")
      {
        found = (offset, fieldType)
        return false
      }
      return true
    }
    guard let found, Self.size(of: found.type) == MemoryLayout<UInt>.size,
      found.offset % MemoryLayout<UInt>.alignment == 0
    else { return nil }
    offset = found.offset
    load = Self.loader(of: found.type, at: found.offset)
  }

  /// The node's bits: equal for the same node while a copy of it is held.
  func bits(of object: AnyObject) -> UInt {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      .load(fromByteOffset: offset, as: UInt.self)
  }

  /// A strong copy of the node, which keeps its storage from being reused.
  func copy(of object: AnyObject) -> Any {
    load(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
  }

  private static func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }

  private static func loader(of type: Any.Type, at offset: Int) -> (UnsafeRawPointer) -> Any {
    func loader<T>(_: T.Type) -> (UnsafeRawPointer) -> Any {
      { pointer in pointer.load(fromByteOffset: offset, as: T.self) }
    }
    return _openExistential(type, do: loader)
  }
}

private final class ThreadSlot {
  var decoder: AnyObject?
  var container: KeyedDecodingContainer<CodixKey>?
  var node: Any?
  var nodeBits: UInt = 0
  var intKeys: [Int?] = []
  var stringKeys: [String] = []
  var checkedType: ObjectIdentifier?
  var checkedKind: DecoderKind?

  func kind(of decoder: any Decoder) -> DecoderKind? {
    let type = type(of: decoder)
    let id = ObjectIdentifier(type)
    if checkedType == id { return checkedKind }
    checkedType = id
    checkedKind = DecoderKinds.kind(of: type)
    return checkedKind
  }

  func matches(_ path: [any CodingKey]) -> Bool {
    guard node == nil, path.count == intKeys.count else { return false }
    for (index, key) in path.enumerated() {
      if let int = key.intValue {
        if intKeys[index] != int { return false }
      } else if intKeys[index] != nil || stringKeys[index] != key.stringValue {
        return false
      }
    }
    return true
  }

  func store(
    _ container: KeyedDecodingContainer<CodixKey>, decoder: AnyObject, node: Any, bits: UInt
  ) {
    self.container = container
    self.decoder = decoder
    self.node = node
    nodeBits = bits
  }

  func store(
    _ container: KeyedDecodingContainer<CodixKey>, decoder: AnyObject, path: [any CodingKey]
  ) {
    self.container = container
    self.decoder = decoder
    node = nil
    intKeys.removeAll(keepingCapacity: true)
    stringKeys.removeAll(keepingCapacity: true)
    for key in path {
      let int = key.intValue
      intKeys.append(int)
      stringKeys.append(int == nil ? key.stringValue : "")
    }
  }

  func clear() {
    container = nil
    decoder = nil
    node = nil
  }

  // MARK: Thread-local storage

  private static let key: pthread_key_t? = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      let pointer: UnsafeMutableRawPointer? = pointer  // optional on Linux only
      guard let pointer else { return }
      Unmanaged<ThreadSlot>.fromOpaque(pointer).release()
    }
    return status == 0 ? key : nil
  }()

  static var currentIfPresent: ThreadSlot? {
    guard let key, let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ThreadSlot>.fromOpaque(pointer).takeUnretainedValue()
  }

  static var current: ThreadSlot {
    if let slot = currentIfPresent { return slot }
    let slot = ThreadSlot()
    if let key {
      pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
    }
    return slot
  }
}

/// Decoder kinds, worked out once per type for all threads.
private enum DecoderKinds {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var known: [ObjectIdentifier: DecoderKind?] = [:]

  static func kind(of type: any Decoder.Type) -> DecoderKind? {
    let id = ObjectIdentifier(type)
    lock.lock()
    defer { lock.unlock() }
    if let kind = known[id] { return kind }
    let kind = DecoderKind.of(type)
    known[id] = kind
    return kind
  }
}
