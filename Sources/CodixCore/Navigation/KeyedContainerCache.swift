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
//   The field is found once per decoder type through the reflection seam
//   (`Reflection.swift`) by name, type name and size, and proven on a canned
//   document before it is used (`NodeProbe.provenOnJSONDecoder`); if either
//   fails, this way is not used.
// - Its `codingPath`, compared key by key (any other decoder known to reuse
//   one object). Sound for the same reason (one decoder walks one immutable
//   document, a path names one value), but building the path costs an array
//   per call.
//
// The cached container references the decoder, so the decoder's address
// cannot be reused by another decode while the entry lives (the fallback
// also holds the decoder itself). The hot check (same decoder, same node)
// reads a few words from a per-thread struct: no locks, no dynamic-type
// lookup. A read is handed the container itself (one count on its box), not
// the entry: the entries stay owned by the slot, and a read that decodes a
// nested model, whose own reads replace the slot's entry, still holds the
// container it reads from. Decoders not known to behave this way open a
// container per call.
//
// What stays alive: the entry, and with it the decoder and its document,
// until the thread's next path-style decode at another value, or the end of
// a Codix top-level decode, which clears it. A plain `JSONDecoder().decode`
// makes no call Codix could end it at, so its last decoder stays until then
// (Docs/Platforms.md).

@usableFromInline
package enum KeyedContainerCache {
  /// The keyed container of the value `decoder` is at, reused while the
  /// decoder stays at that value.
  @usableFromInline
  package static func entry<D: Decoder>(for decoder: D) throws -> CachedContainer {
    guard let slot = Slot.slots.pointer else {
      return try CachedContainer(of: decoder)
    }
    return try entry(for: decoder, in: slot)
  }

  /// The keyed container of the value `decoder` is at: `entry(for:)`'s,
  /// handed out without taking a count on the entry (the read that follows
  /// holds the container alone).
  @usableFromInline
  package static func container<D: Decoder>(for decoder: D) throws
    -> KeyedDecodingContainer<CodixKey>
  {
    guard let slot = Slot.slots.pointer else {
      return try decoder.container(keyedBy: CodixKey.self)
    }
    if slot.pointee.held.holds(decoder), let entry = slot.pointee.entry { return entry.container }
    return try slowEntry(for: decoder, storedAs: D.self, slot: slot).container
  }

  /// The container of the object a dotted path (`"address.city"`) ends in,
  /// with the path's last key in `key`. The objects on the way are opened
  /// once per value (see `CachedContainer.nested`), each held by the entry
  /// above it; the text is split once per thread while calls keep passing the
  /// same text. (The key is not returned beside the container: a tuple
  /// holding the resilient container is destroyed through the runtime's
  /// generic tuple code.)
  @usableFromInline
  package static func container<D: Decoder>(
    for decoder: D, dotted text: String, lastKey key: inout CodixKey
  ) throws -> KeyedDecodingContainer<CodixKey> {
    guard let slot = Slot.slots.pointer else {
      let path = DottedPath(text)
      key = path.last
      return try container(at: path, below: CachedContainer(of: decoder))
    }
    let path = slot.pointee.dottedPaths.path(text)
    key = path.last
    // The walk holds each entry it passes through (counted references): a
    // decode it calls may replace the slot's entry without pulling any of
    // them from under it.
    let root =
      slot.pointee.held.holds(decoder)
      ? slot.pointee.entry : nil
    return try container(
      at: path, below: root ?? slowEntry(for: decoder, storedAs: D.self, slot: slot))
  }

  /// The container of the object `path` ends in, below `root`.
  private static func container(at path: DottedPath, below root: CachedContainer) throws
    -> KeyedDecodingContainer<CodixKey>
  {
    try path.descend(from: root) { entry, key in try entry.nested(key) }.container
  }

  @inline(__always)
  private static func entry<D: Decoder>(for decoder: D, in slot: UnsafeMutablePointer<Slot>) throws
    -> CachedContainer
  {
    // The common case, a field after the first: the decoder the slot holds,
    // still at the cached node. Compares the static type and the object
    // reference, which skips the dynamic-type lookup.
    if slot.pointee.held.holds(decoder), let entry = slot.pointee.entry { return entry }
    return try slowEntry(for: decoder, storedAs: D.self, slot: slot)
  }

  private static func slowEntry(
    for decoder: any Decoder, storedAs staticType: any Decoder.Type,
    slot: UnsafeMutablePointer<Slot>
  ) throws -> CachedContainer {
    guard let kind = slot.pointee.kind(of: decoder, storedAs: staticType) else {
      return try CachedContainer(of: decoder)
    }
    let object = classInstance(decoder)
    if let probe = kind.probe, !slot.pointee.comparesCodingPaths {
      let bits = probe.bits(of: object)
      if let entry = slot.pointee.entry, slot.pointee.decoder === object,
        slot.pointee.holdsNode, slot.pointee.held.word == bits
      {
        return entry
      }
      let entry = try CachedContainer(of: decoder)
      slot.pointee.store(entry, decoder: object, node: probe.copy(of: object), bits: bits)
      // The hot path reads the object from a value of the static type: only
      // a class type's value is that one reference.
      if staticType is AnyClass {
        slot.pointee.remember(
          storedType: UInt(bitPattern: ObjectIdentifier(staticType)),
          objectBits: UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()),
          nodeOffset: probe.offset)
      }
      return entry
    }
    let path = decoder.codingPath
    if let entry = slot.pointee.entry, slot.pointee.decoder === object, slot.pointee.matches(path) {
      return entry
    }
    let entry = try CachedContainer(of: decoder)
    slot.pointee.store(entry, decoder: object, path: path)
    return entry
  }

  /// The object of a decoder whose type is a class (checked by `kind(of:)`).
  private static func classInstance<D: Decoder>(_ decoder: D) -> AnyObject {
    // safe: only called for class types, whose values are one object reference.
    unsafeBitCast(decoder, to: AnyObject.self)
  }

  /// Whether positions of `decoder` are told apart by its coding-path node,
  /// the check that costs no allocation (for tests).
  package static func tellsPositionsByNode(_ decoder: any Decoder) -> Bool {
    DecoderKinds.kind(of: type(of: decoder))?.probe != nil
  }

  /// Runs `body` with this thread's cache comparing coding paths even where
  /// it could read the decoder's node: the fallback a Foundation with
  /// another layout gets. For tests and the benchmark. The flag is read when
  /// the cache meets a new value: an entry held by node before `body` runs
  /// serves its own value until the decoder moves on; without thread-local
  /// storage, there is no cache and nothing to change.
  package static func comparingCodingPaths<R>(_ body: () throws -> R) rethrows -> R {
    guard let slot = Slot.slots.pointer else { return try body() }
    let before = slot.pointee.comparesCodingPaths
    slot.pointee.comparesCodingPaths = true
    defer { slot.pointee.comparesCodingPaths = before }
    return try body()
  }

  /// Whether this thread's entry is held by comparing coding paths (for
  /// tests of `comparingCodingPaths(_:)`).
  package static var holdsEntryByCodingPath: Bool {
    guard let slot = Slot.slots.pointerIfPresent else { return false }
    return slot.pointee.entry != nil && !slot.pointee.holdsNode
  }

  /// Drops this thread's cached container (and the document it references).
  package static func clear() {
    Slot.slots.pointerIfPresent?.pointee.clear()
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
    // swift-foundation's decoder (FoundationEssentials on Linux, Foundation on
    // Apple platforms), and the older implementation, which has no node and
    // falls back to comparing coding paths.
    let isJSONDecoder =
      (name.hasPrefix("FoundationEssentials.") || name.hasPrefix("Foundation."))
      && (name.hasSuffix("JSONDecoderImpl") || name.hasSuffix("__JSONDecoder"))
    guard isJSONDecoder else { return nil }
    return DecoderKind(
      probe: Probes.proven { NodeProbe(type).flatMap { $0.provenOnJSONDecoder(type) } })
  }
}

/// One thread's cache entry, in memory the thread owns (plain loads and
/// stores; no class, so no dynamic exclusivity checks on the hot path).
private struct Slot {
  /// The hot check: its node word is also compared on the slow path.
  var held = HeldCoder()
  var entry: CachedContainer?
  // What keeps the check sound, and the coding-path fallback.
  var decoder: AnyObject?
  var node: Any?
  /// Whether `node` is set, tested without copying it.
  var holdsNode = false
  var intKeys: [Int?] = []
  var stringKeys: [String] = []
  var checkedType: ObjectIdentifier?
  var checkedKind: DecoderKind?
  var dottedPaths = DottedPathMemo()
  /// Set by `comparingCodingPaths(_:)`.
  var comparesCodingPaths = false

  /// The kind of `decoder`'s type. The type the caller holds it as,
  /// `staticType`, skips the dynamic-type lookup when it is the type last
  /// checked and is cached: the only decoder types cached are Foundation's,
  /// which have no subclasses, so a decoder held as one is one.
  mutating func kind(of decoder: any Decoder, storedAs staticType: any Decoder.Type)
    -> DecoderKind?
  {
    if checkedKind != nil, checkedType == ObjectIdentifier(staticType) { return checkedKind }
    let type = type(of: decoder)
    let id = ObjectIdentifier(type)
    if checkedType == id { return checkedKind }
    checkedType = id
    checkedKind = DecoderKinds.kind(of: type)
    return checkedKind
  }

  func matches(_ path: [any CodingKey]) -> Bool {
    guard !holdsNode, path.count == intKeys.count else { return false }
    for (index, key) in path.enumerated() {
      if let int = key.intValue {
        if intKeys[index] != int { return false }
      } else if intKeys[index] != nil || stringKeys[index] != key.stringValue {
        return false
      }
    }
    return true
  }

  /// Keeps `entry` for the decoder at the node read as `bits`, with a strong
  /// copy of that node, moved in (no second copy).
  mutating func store(_ entry: CachedContainer, decoder: AnyObject, node: consuming Any, bits: UInt)
  {
    held = HeldCoder()
    self.entry = entry
    self.decoder = decoder
    self.node = consume node
    holdsNode = true
    held.word = bits
  }

  /// Records how the hot path recognizes the stored decoder.
  mutating func remember(storedType: UInt, objectBits: UInt, nodeOffset: Int) {
    held.type = storedType
    held.address = objectBits
    held.offset = nodeOffset
  }

  mutating func store(_ entry: CachedContainer, decoder: AnyObject, path: [any CodingKey]) {
    held = HeldCoder()
    self.entry = entry
    self.decoder = decoder
    node = nil
    holdsNode = false
    intKeys.removeAll(keepingCapacity: true)
    stringKeys.removeAll(keepingCapacity: true)
    for key in path {
      let int = key.intValue
      intKeys.append(int)
      stringKeys.append(int == nil ? key.stringValue : "")
    }
  }

  mutating func clear() {
    held = HeldCoder()
    entry = nil
    decoder = nil
    node = nil
    holdsNode = false
  }

  /// Every thread's slot.
  static let slots = ThreadLocal { Slot() }
}

/// Decoder kinds, worked out once per type for all threads.
private enum DecoderKinds {
  private static let known = PerTypeMemo<DecoderKind?>()

  static func kind(of type: any Decoder.Type) -> DecoderKind? {
    known.value(for: type) { DecoderKind.of(type) }
  }
}
