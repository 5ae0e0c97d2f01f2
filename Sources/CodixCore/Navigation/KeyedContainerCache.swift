import Foundation

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
// container opened at a decoder's root, with the decoder's identity and its
// coding path. A later call with the same decoder object at the same coding
// path reuses it.
//
// Why that is sound: within one JSONDecoder run, one decoder object walks one
// immutable document, and a coding path names exactly one value in it (with
// duplicate keys, JSONDecoder always picks the same one). The cache holds the
// decoder strongly, so its address cannot be reused by another decode while
// the entry lives. Only decoders known to behave this way are cached
// (Foundation's JSON decoder); any other decoder opens a container per call.
//
// Cost: one coding-path comparison per call instead of one dictionary build;
// the last decoded document stays referenced by the thread until its next
// path-style decode or the end of a Codix top-level decode.

@usableFromInline
package enum KeyedContainerCache {
  @usableFromInline
  package static func container(for decoder: any Decoder) throws -> KeyedDecodingContainer<CodixKey>
  {
    let slot = ThreadSlot.current
    guard slot.isCacheable(decoder) else {
      return try decoder.container(keyedBy: CodixKey.self)
    }
    let object = classInstance(decoder)
    let path = decoder.codingPath
    if let container = slot.container, slot.decoder === object, slot.matches(path) {
      return container
    }
    let container = try decoder.container(keyedBy: CodixKey.self)
    slot.store(container, decoder: object, path: path)
    return container
  }

  /// The object of a decoder whose type is a class (checked by `isCacheable`).
  private static func classInstance<D: Decoder>(_ decoder: D) -> AnyObject {
    // safe: only called for class types, whose values are one object reference.
    unsafeBitCast(decoder, to: AnyObject.self)
  }

  /// Drops this thread's cached container (and the document it references).
  package static func clear() {
    ThreadSlot.currentIfPresent?.clear()
  }
}

private final class ThreadSlot {
  var decoder: AnyObject?
  var container: KeyedDecodingContainer<CodixKey>?
  var intKeys: [Int?] = []
  var stringKeys: [String] = []
  var checkedType: ObjectIdentifier?
  var checkedTypeIsCacheable = false

  func isCacheable(_ decoder: any Decoder) -> Bool {
    let type = type(of: decoder)
    let id = ObjectIdentifier(type)
    if checkedType == id { return checkedTypeIsCacheable }
    checkedType = id
    checkedTypeIsCacheable = type is AnyClass && Self.isFoundationJSONDecoder(type)
    return checkedTypeIsCacheable
  }

  private static func isFoundationJSONDecoder(_ type: Any.Type) -> Bool {
    let name = String(reflecting: type)
    return name.hasPrefix("FoundationEssentials.") && name.hasSuffix("JSONDecoderImpl")
      || name == "Foundation.__JSONDecoder" || name == "Foundation.JSONDecoderImpl"
  }

  func matches(_ path: [any CodingKey]) -> Bool {
    guard path.count == intKeys.count else { return false }
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
    _ container: KeyedDecodingContainer<CodixKey>, decoder: AnyObject, path: [any CodingKey]
  ) {
    self.container = container
    self.decoder = decoder
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
