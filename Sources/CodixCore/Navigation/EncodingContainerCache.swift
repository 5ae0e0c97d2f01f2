import Foundation

// Reusing the keyed containers a path-style encode writes through.
//
// Path-style code writes every field through the encoder itself:
//
//     func encode(to encoder: Encoder) throws {
//       try encoder.encode(id, at: "id")               // encoder.container(keyedBy:)
//       try encoder.encode(city, at: "address.city")   // again, and nestedContainer(forKey: "address")
//       try encoder.encode(zip, at: "address.zip")     // again, and again
//     }
//
// JSONEncoder allocates a container box per `container(keyedBy:)`, and a box
// and a coding-path node per `nestedContainer`, and looks the nested key up
// each time: 7 fields with 3 in a nested object cost 10 containers where
// synthesized code opens 2. This cache keeps, per thread, the containers of
// the last value written path-style, and reuses them while that value is
// still being written.
//
// Telling "still that value" apart, on swift-foundation's JSONEncoder (found
// and proven by `EncoderProbe`; with any other encoder nothing is cached):
//
// - One encoder object writes many values: the shared encoder of an array's
//   elements writes one element after another, and a dictionary's encoder
//   one value after another. The object an encoder's keyed containers write
//   into is its `object` field, set by the first `container(keyedBy:)` of a
//   value and cleared when the value is taken. The cache holds the container,
//   which holds that object, so no other object can be allocated at its
//   address while the entry lives: the encoder is at the cached value exactly
//   when the field's bits are the cached object's. The container also holds
//   the encoder, so the encoder's address cannot be reused either.
// - A nested object (`"address"`) can be replaced behind the cache: a value
//   written at its key by any other route (a keyed container of the user's,
//   a `superEncoder(forKey:)`) replaces it in its parent. The parent then no
//   longer holds it, and the cached container is its only owner: a nested
//   container is reused only while its object is not uniquely referenced
//   (`EncoderProbe.isAttached`), and opened again otherwise, which is what a
//   fresh `nestedContainer` returns. Of two keys that the encoder's key
//   strategy writes as one name (one object), only the first is kept, so
//   that its entry stays the object's only holder besides its parent; the
//   other opens the object per write, with its own coding path.
// - Holding an encoder keeps its owners alive (each encoder references the
//   encoder of the enclosing value). A `superEncoder()` encoder writes its
//   value into its parent when it is released, so keeping one alive could
//   lose that value. An encoder is cached only when its own class and that
//   of every owner up to the top level is the plain encoder class
//   (`EncoderProbe.isCacheable`): the static type is not enough, since a
//   `superEncoder()` encoder's single-value container hands it on as a plain
//   one. The top-level encoder is not cached either: its value is the
//   document.
//
// What stays alive: the last path-style value's containers, its encoded
// fields and its encoder's chain of owners (their storage already taken),
// until the thread's next path-style encode at another value, or the end of a
// Codix top-level encode (`encode(_:at:)`), which clears it. While the cache
// holds an element's encoder, JSONEncoder does not reuse it for the next
// element and makes a new one (a small object).
//
// The one difference from opening the containers afresh: a nested object
// replaced by a value written at its key while user code still holds its own
// container for that key stays referenced, so a later dotted write below the
// key goes to the replaced object, as writes through the user's container do.

/// The keyed container of one object a path-style encode writes into, and the
/// entries of the objects opened below it. A class, so handing it out costs
/// one retain.
@usableFromInline
package final class EncodingEntry {
  @usableFromInline
  package let container: KeyedEncodingContainer<CodixKey>
  private let referenceOffset: Int
  /// The first object opened at a key of this one, kept inline.
  private var firstNested: (key: String, entry: EncodingEntry)?
  /// The objects opened at other keys, in the order first asked for.
  private var moreNested: [(key: String, entry: EncodingEntry)] = []

  init(_ container: KeyedEncodingContainer<CodixKey>, referenceOffset: Int) {
    self.container = container
    self.referenceOffset = referenceOffset
  }

  /// The entry of the object at `key`, opened once while it stays this
  /// object's (opened again after a value replaced it).
  @usableFromInline
  package func nested(_ key: String) -> EncodingEntry {
    if let kept = kept(key), isAttached(kept) { return kept }
    var container = container
    let entry = EncodingEntry(
      container.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key)),
      referenceOffset: referenceOffset)
    // Another key that the encoder's key strategy writes as the same name
    // keeps this object already: a kept entry must be its object's only
    // holder besides the parent (`isAttached` relies on it), and each key's
    // container carries its own coding path (which a `.custom` key strategy
    // reads), so this key opens the object per write.
    let object = entry.object
    if firstNested?.entry.object == object
      || moreNested.contains(where: { $0.entry.object == object })
    {
      return entry
    }
    keep(entry, at: key)
    return entry
  }

  /// The entry kept for `key`.
  private func kept(_ key: String) -> EncodingEntry? {
    if let firstNested, firstNested.key == key { return firstNested.entry }
    return moreNested.first { $0.key == key }?.entry
  }

  /// Keeps `entry` for `key`, in place of the one kept before.
  private func keep(_ entry: EncodingEntry, at key: String) {
    if firstNested == nil || firstNested?.key == key {
      firstNested = (key, entry)
    } else if let index = moreNested.firstIndex(where: { $0.key == key }) {
      moreNested[index] = (key, entry)
    } else {
      moreNested.append((key, entry))
    }
  }

  /// The address of the object this entry's container writes into.
  private var object: UInt {
    EncoderProbe.reference(of: container, referenceOffset: referenceOffset)
  }

  private func isAttached(_ entry: EncodingEntry) -> Bool {
    // The offset was proven on this encoder type (`EncoderProbe.proven`), and
    // `entry` keeps its container's box alive.
    EncoderProbe.isAttached(entry.container, referenceOffset: referenceOffset)
  }
}

@usableFromInline
package enum EncodingContainerCache {
  /// The entry of the value `encoder` is writing, reused while it writes that
  /// value; `nil` when this encoder's containers are not cached (then open
  /// them directly).
  @usableFromInline
  package static func entry<E: Encoder>(for encoder: E) -> EncodingEntry? {
    guard let slot = Slot.slots.pointer else { return nil }
    return entry(for: encoder, in: slot)
  }

  /// The entry of the object a dotted path (`"address.city"`) ends in, and
  /// the path's last key; `nil` when this encoder's containers are not cached.
  @usableFromInline
  package static func entry<E: Encoder>(for encoder: E, dotted text: String)
    -> (entry: EncodingEntry, key: CodixKey)?
  {
    guard let slot = Slot.slots.pointer, let entry = entry(for: encoder, in: slot) else {
      return nil
    }
    let path = slot.pointee.dottedPaths.path(text)
    return (path.descend(from: entry) { entry, key in entry.nested(key) }, path.last)
  }

  @inline(__always)
  private static func entry<E: Encoder>(for encoder: E, in slot: UnsafeMutablePointer<Slot>)
    -> EncodingEntry?
  {
    // The common case, a field after the first: the encoder the slot holds,
    // still writing the cached object.
    if slot.pointee.held.holds(encoder), let entry = slot.pointee.entry { return entry }
    return slowEntry(for: encoder, in: slot)
  }

  private static func slowEntry<E: Encoder>(for encoder: E, in slot: UnsafeMutablePointer<Slot>)
    -> EncodingEntry?
  {
    guard let (probe, object) = cacheable(encoder) else { return nil }
    let container = encoder.container(keyedBy: CodixKey.self)
    let written = HeldCoder.word(at: object, offset: probe.objectOffset)
    let entry = EncodingEntry(container, referenceOffset: probe.referenceOffset)
    guard written != 0, written == probe.reference(of: container) else { return entry }
    slot.pointee.entry = entry
    slot.pointee.held = HeldCoder(
      type: UInt(bitPattern: ObjectIdentifier(E.self)), address: object,
      offset: probe.objectOffset, word: written)
    return entry
  }

  /// The proven probe and the encoder's address, when the containers of the
  /// value `encoder` writes may be kept: the static type first (the hot path
  /// compares it), then the object's own class and its owners', since a
  /// `superEncoder()` encoder is handed on as a plain one through its
  /// single-value container.
  private static func cacheable<E: Encoder>(_ encoder: E) -> (EncoderProbe, UInt)? {
    guard E.self is AnyClass, !isDisabled, let probe = EncoderProbe.proven,
      ObjectIdentifier(E.self) == ObjectIdentifier(probe.encoderType)
    else { return nil }
    let object = withUnsafePointer(to: encoder) { UnsafeRawPointer($0).load(as: UInt.self) }
    return probe.isCacheable(object) ? (probe, object) : nil
  }

  /// Whether the containers of the values `encoder` writes are kept: the
  /// slow path's own test (for tests).
  package static func caches<E: Encoder>(_ encoder: E) -> Bool {
    cacheable(encoder) != nil
  }

  /// Makes every path-style encode open its containers afresh: what an
  /// encoder the probe does not recognize gets. For tests; read on the slow
  /// path only.
  @TaskLocal package static var isDisabled = false

  /// Drops this thread's cached containers (and the value they reference).
  package static func clear() {
    Slot.slots.pointerIfPresent?.pointee.clear()
  }
}

/// One thread's cache entry, in memory the thread owns.
private struct Slot {
  var held = HeldCoder()
  /// Holds the containers, and through them the encoder and its object.
  var entry: EncodingEntry?
  var dottedPaths = DottedPathMemo()

  mutating func clear() {
    held = HeldCoder()
    entry = nil
  }

  /// Every thread's slot.
  static let slots = ThreadLocal { Slot() }
}
