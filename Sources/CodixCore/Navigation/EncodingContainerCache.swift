import Foundation

// Reusing the keyed containers of the value an encoder writes.
//
// Path-style `encode(to:)` writes every field through the encoder itself:
//
//     func encode(to encoder: Encoder) throws {
//       try encoder.encode(id, at: "id")              // encoder.container(keyedBy:)
//       try encoder.encode(city, at: "address.city")  // again, and the nested "address"
//       try encoder.encode(zip, at: "address.zip")    // again, and "address" again
//     }
//
// JSONEncoder allocates a container box for each `container(keyedBy:)` and a
// box and a coding-path node for each `nestedContainer`, so seven fields
// cost ten containers where synthesized code opens two. This cache keeps,
// per thread, the keyed container last opened for an encoder's value, and
// the nested objects opened below it, while the encoder writes that value.
//
// Telling values apart. swift-foundation's JSONEncoder hands one encoder
// object to many values in turn (a finished element's encoder is reused
// for the next), so the object alone does not say which value it writes.
// Its stored `object` does: `container(keyedBy:)` installs a newly
// allocated object reference the first time it is called for a value, and
// the encoder drops it when the value is done; a value not yet written has
// none. The cache holds a strong copy of that reference, so no other can be
// allocated at its address while the entry lives: the encoder writes the
// cached value exactly when its field holds the same bits. The field is
// found once per encoder type through the reflection seam (by name, type
// name and size) and proven on a canned document before it is used
// (`provenOnJSONEncoder`); encoders of any other kind, and a Foundation of
// another shape, get a new container per call, as before.
//
// A value written straight at a key replaces whatever object was there, so
// writing at a single key forgets the nested container kept for that key.
//
// What stays alive: the entry (the container, its encoder and the last
// object it wrote) until the thread's next path-style write at another
// value, or the end of a Codix top-level encode, which clears it.

@usableFromInline
package enum EncodingContainerCache {
  /// The keyed container of the value `encoder` writes, reused while the
  /// encoder writes that value.
  @usableFromInline
  package static func entry<E: Encoder>(for encoder: E) -> CachedEncodingContainer {
    guard let slot = EncodingSlot.slots.pointer else {
      return CachedEncodingContainer(of: encoder)
    }
    return entry(for: encoder, in: slot)
  }

  /// The container of the object a dotted path (`"address.city"`) ends in,
  /// and the path's last key; the objects on the way are opened once per
  /// value.
  @usableFromInline
  package static func entry<E: Encoder>(for encoder: E, dotted text: String)
    -> (entry: CachedEncodingContainer, key: CodixKey)
  {
    guard let slot = EncodingSlot.slots.pointer else {
      return walk(DottedPath(text), from: CachedEncodingContainer(of: encoder))
    }
    let entry = entry(for: encoder, in: slot)
    return walk(slot.pointee.dottedPaths.path(text), from: entry)
  }

  private static func walk(_ path: DottedPath, from entry: CachedEncodingContainer)
    -> (entry: CachedEncodingContainer, key: CodixKey)
  {
    var entry = entry
    for key in path.objects { entry = entry.nested(key) }
    return (entry, path.last)
  }

  @inline(__always)
  private static func entry<E: Encoder>(for encoder: E, in slot: UnsafeMutablePointer<EncodingSlot>)
    -> CachedEncodingContainer
  {
    // The common case, a field after the first: the encoder the slot holds,
    // still writing the cached object.
    if UInt(bitPattern: ObjectIdentifier(E.self)) == slot.pointee.storedType {
      // `E` is the class type recorded below: its value is one reference.
      let object = withUnsafePointer(to: encoder) { UnsafeRawPointer($0).load(as: UInt.self) }
      if object == slot.pointee.encoderBits, let entry = slot.pointee.entry,
        NodeProbe.bits(at: object, offset: slot.pointee.offset) == slot.pointee.valueBits
      {
        return entry
      }
    }
    return slowEntry(for: encoder, storedAs: E.self, slot: slot)
  }

  private static func slowEntry(
    for encoder: any Encoder, storedAs staticType: any Encoder.Type,
    slot: UnsafeMutablePointer<EncodingSlot>
  ) -> CachedEncodingContainer {
    let entry = CachedEncodingContainer(of: encoder)
    guard staticType is AnyClass, type(of: encoder) == staticType,
      let probe = EncoderKinds.probe(for: staticType)
    else { return entry }
    // safe: a class type's value is one object reference (checked above).
    let object = unsafeBitCast(encoder, to: AnyObject.self)
    let bits = probe.bits(of: object)
    guard bits != 0 else { return entry }
    slot.pointee.store(
      entry, encoder: object, value: probe.copy(of: object), bits: bits,
      storedType: UInt(bitPattern: ObjectIdentifier(staticType)), offset: probe.offset)
    return entry
  }

  /// Whether containers of `encoder` are kept between writes (for tests).
  package static func keepsContainers(of encoder: any Encoder) -> Bool {
    EncoderKinds.probe(for: type(of: encoder)) != nil
  }

  /// Drops this thread's cached container (and the encoder it references).
  package static func clear() {
    EncodingSlot.slots.pointerIfPresent?.pointee.clear()
  }
}

/// A keyed container opened for the value an encoder writes, shared by the
/// path-style writes of that value, with the objects opened below it.
@usableFromInline
package final class CachedEncodingContainer {
  /// The container; a copy writes into the same object.
  @usableFromInline
  package let container: KeyedEncodingContainer<CodixKey>
  private var firstNested: (key: String, entry: CachedEncodingContainer)?
  private var moreNested: [(key: String, entry: CachedEncodingContainer)] = []

  init(of encoder: any Encoder) {
    container = encoder.container(keyedBy: CodixKey.self)
  }

  private init(_ container: KeyedEncodingContainer<CodixKey>) {
    self.container = container
  }

  /// The container of the object at `key`, opened once for this value.
  func nested(_ key: String) -> CachedEncodingContainer {
    if let firstNested, firstNested.key == key { return firstNested.entry }
    for nested in moreNested where nested.key == key { return nested.entry }
    var container = container
    let entry = CachedEncodingContainer(
      container.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key)))
    if firstNested == nil {
      firstNested = (key, entry)
    } else {
      moreNested.append((key, entry))
    }
    return entry
  }

  /// Forgets the object kept for `key`: a value written at `key` replaces it.
  @inlinable
  package func replacing(_ key: String) {
    if hasNested { forget(key) }
  }

  @usableFromInline
  var hasNested: Bool { firstNested != nil }

  @usableFromInline
  func forget(_ key: String) {
    if firstNested?.key == key { firstNested = nil }
    moreNested.removeAll { $0.key == key }
    if firstNested == nil, !moreNested.isEmpty { firstNested = moreNested.removeFirst() }
  }
}

/// One thread's cache entry, in memory the thread owns.
private struct EncodingSlot {
  // The hot check: zero when no encoder can be recognized from its words.
  var encoderBits: UInt = 0
  var storedType: UInt = 0
  var offset = 0
  var valueBits: UInt = 0
  var entry: CachedEncodingContainer?
  // What keeps the check sound: the encoder and a copy of its object.
  var encoder: AnyObject?
  var value: Any?
  var dottedPaths = DottedPathMemo()

  mutating func store(
    _ entry: CachedEncodingContainer, encoder: AnyObject, value: Any, bits: UInt,
    storedType: UInt, offset: Int
  ) {
    self.entry = entry
    self.encoder = encoder
    self.value = value
    valueBits = bits
    encoderBits = UInt(bitPattern: Unmanaged.passUnretained(encoder).toOpaque())
    self.storedType = storedType
    self.offset = offset
  }

  mutating func clear() {
    encoderBits = 0
    storedType = 0
    valueBits = 0
    entry = nil
    encoder = nil
    value = nil
  }

  static let slots = ThreadLocal { EncodingSlot() }
}

/// Encoder types whose containers may be kept, worked out once per type
/// for all threads.
private enum EncoderKinds {
  private static let known = PerTypeMemo<NodeProbe?> { type in
    (type as? any Encoder.Type).flatMap(find)
  }

  /// The probe of the object `type` writes; `nil` for encoders whose
  /// containers are opened per call.
  static func probe(for type: any Encoder.Type) -> NodeProbe? {
    known.value(for: type)
  }

  private static func find(for type: any Encoder.Type) -> NodeProbe? {
    guard type is AnyClass else { return nil }
    let name = String(reflecting: type)
    let isJSONEncoder =
      (name.hasPrefix("FoundationEssentials.") || name.hasPrefix("Foundation."))
      && name.hasSuffix("__JSONEncoder")
    guard isJSONEncoder else { return nil }
    return NodeProbe(type, field: "object", typeNameSuffix: "JSONFuture.RefObject>")?
      .provenOnJSONEncoder(type)
  }
}

extension NodeProbe {
  /// This probe, if it tells the values a `JSONEncoder`'s encoder objects of
  /// type `type` write apart on a canned document; `nil` when anything
  /// disagrees.
  ///
  /// What the cache relies on, checked here: a value not yet written reads
  /// zero; opening its keyed container makes it read non-zero bits that stay
  /// the same while the value is written, also after values nested in it
  /// were written; and while a copy of each is held, the root, two sibling
  /// objects, two consecutive array elements, and a nested object and its
  /// parent all read different bits.
  func provenOnJSONEncoder(_ type: any Encoder.Type) -> NodeProbe? {
    let trial = EncoderTrial(probe: self, encoderType: type)
    let encoder = JSONEncoder()
    encoder.userInfo[EncoderTrial.key] = trial
    guard (try? encoder.encode(EncoderTrial.Root())) != nil, trial.agrees else { return nil }
    return self
  }
}

/// One run of an encoder probe over a canned document.
private final class EncoderTrial: @unchecked Sendable {
  // Unchecked: used by the one encode that owns it, on one thread.
  static let key = CodingUserInfoKey(rawValue: "codix.encoderProbeTrial")!  // safe: never nil.

  let probe: NodeProbe
  let encoderType: any Encoder.Type
  private var seen: [(name: String, bits: UInt, value: Any)] = []
  private var failed = false

  init(probe: NodeProbe, encoderType: any Encoder.Type) {
    self.probe = probe
    self.encoderType = encoderType
  }

  var agrees: Bool {
    let names = ["root", "a", "b", "list[0]", "list[1]", "c", "c.m"]
    guard !failed, seen.map(\.name) == names else { return false }
    return Set(seen.map(\.bits)).count == seen.count
  }

  /// Opens the keyed container of the value `encoder` writes, checking the
  /// bits before and after, and records them.
  func open(_ name: String, _ encoder: any Encoder) -> (KeyedEncodingContainer<CodixKey>, UInt) {
    guard Swift.type(of: encoder) == encoderType else {
      failed = true
      return (encoder.container(keyedBy: CodixKey.self), 0)
    }
    let object = encoder as AnyObject
    if probe.bits(of: object) != 0 { failed = true }
    let container = encoder.container(keyedBy: CodixKey.self)
    let bits = probe.bits(of: object)
    if bits == 0 || probe.bits(of: object) != bits { failed = true }
    seen.append((name, bits, probe.copy(of: object)))
    return (container, bits)
  }

  /// Checks the value `encoder` writes still reads `bits`.
  func check(_ bits: UInt, _ encoder: any Encoder) {
    if Swift.type(of: encoder) != encoderType || probe.bits(of: encoder as AnyObject) != bits {
      failed = true
    }
  }

  static func trial(_ encoder: any Encoder) throws -> EncoderTrial {
    guard let trial = encoder.userInfo[key] as? EncoderTrial else {
      throw CodixError(.dataCorrupted, at: .root)
    }
    return trial
  }

  struct Leaf: Encodable {
    let name: String
    func encode(to encoder: any Encoder) throws {
      let trial = try EncoderTrial.trial(encoder)
      var (container, bits) = trial.open(name, encoder)
      try container.encode(1, forKey: CodixKey("x"))
      trial.check(bits, encoder)
    }
  }

  struct Middle: Encodable {
    func encode(to encoder: any Encoder) throws {
      let trial = try EncoderTrial.trial(encoder)
      var (container, bits) = trial.open("c", encoder)
      try container.encode(Leaf(name: "c.m"), forKey: CodixKey("m"))
      trial.check(bits, encoder)
    }
  }

  struct Root: Encodable {
    func encode(to encoder: any Encoder) throws {
      let trial = try EncoderTrial.trial(encoder)
      var (container, bits) = trial.open("root", encoder)
      try container.encode(Leaf(name: "a"), forKey: CodixKey("a"))
      trial.check(bits, encoder)
      try container.encode(Leaf(name: "b"), forKey: CodixKey("b"))
      try container.encode(
        [Leaf(name: "list[0]"), Leaf(name: "list[1]")], forKey: CodixKey("list"))
      trial.check(bits, encoder)
      try container.encode(Middle(), forKey: CodixKey("c"))
      trial.check(bits, encoder)
    }
  }
}
