// Reusing the keyed container of the value a decoder is at, for path reads
// through the public Codable API (DecoderPosition.swift).
//
// Path-style code reads every field through the decoder itself:
//
//     init(from decoder: Decoder) throws {
//       id = try decoder.decode(at: "my_id")        // decoder.container(keyedBy:)
//       name = try decoder.decode(at: "nick_name")  // decoder.container(keyedBy:) again
//     }
//
// JSONDecoder builds a dictionary of the object's keys each time a keyed
// container is opened, so opening one per field costs O(fields²) per
// object. Inside a Codix scope (`scope(_:)`: Codix's entry points, and the
// decode of a wrapper model with a property that is not a standard scalar
// or has aliases), this cache keeps, per thread, the last keyed container
// opened at a decoder's value, with the decoder and its coding path, both
// public: a later read at the same decoder object and the same coding path
// reuses it.
// One decoder object walks one immutable document and a coding path names
// one value in it; the entry holds the decoder, so its address cannot be
// taken by another while the entry lives.
//
// Nothing outlives the scope: when the outermost scope ends, the entry and
// the decoder it holds are dropped, before the top-level decode returns.
// Outside any scope (path-style reads during a plain `JSONDecoder().decode`)
// no container is kept from one read to the next: Codix makes no call it
// could end a cache at there, and a container kept past the decode would
// keep Foundation's decoder, its map and a copy of the document alive
// (JSONDecoder copies its input when something still holds its decoder).
// There, scalars are read ahead instead, keeping values, not containers
// (ReadAhead.swift).

package enum KeyedContainerCache {
  /// `scope(_:)` for the reads below `decoder`'s value; none on Codix's
  /// reader, whose reads go to its tape and keep no container.
  package static func scope<R, E: Error>(
    below decoder: any Decoder, _ body: () throws(E) -> R
  ) throws(E) -> R {
    Cursor.readsTape(decoder) ? try body() : try scope(body)
  }

  /// Runs `body` with this thread's cache on. Scopes nest; the outermost
  /// one empties the cache when it ends.
  package static func scope<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    guard let slot = Slot.slots.pointer else { return try body() }
    slot.pointee.depth += 1
    defer {
      slot.pointee.depth -= 1
      if slot.pointee.depth == 0 { slot.pointee.clear() }
    }
    return try body()
  }

  /// The keyed container of the value `decoder` is at, reused while the
  /// decoder stays at that value inside a scope.
  package static func entry(for decoder: some Decoder) throws -> CachedContainer {
    guard let slot = Slot.slots.pointerIfPresent, slot.pointee.depth > 0,
      let object = classInstance(decoder)
    else {
      return try CachedContainer(of: decoder)
    }
    if let entry = slot.pointee.entry, slot.pointee.object === object {
      if slot.pointee.matches(decoder.codingPath) { return entry }
    }
    let entry = try CachedContainer(of: decoder)
    slot.pointee.store(entry, of: object, path: decoder.codingPath)
    return entry
  }

  /// The entry of the object a dotted path (`"address.city"`) ends in, with
  /// the path's last key in `key`. The objects on the way are opened once
  /// per value (see `CachedContainer.nested`), each held by the entry
  /// above it.
  package static func entry(
    for decoder: some Decoder, dotted text: String, lastKey key: inout CodixKey
  ) throws -> CachedContainer {
    let path = DottedPathMemo.split(text)
    key = path.last
    return try path.descend(from: entry(for: decoder)) { entry, key in try entry.nested(key) }
  }

  /// Whether a Codix scope is open on this thread.
  static var isInScope: Bool {
    (Slot.slots.pointerIfPresent?.pointee.depth ?? 0) > 0
  }

  /// Whether this thread holds a cached container (for tests).
  package static var holdsEntry: Bool {
    Slot.slots.pointerIfPresent?.pointee.entry != nil
  }
}

/// One thread's cache, in memory the thread owns (see `ThreadLocal`).
private struct Slot {
  /// How many scopes are open on this thread.
  var depth = 0
  var entry: CachedContainer?
  /// The decoder the entry was opened at, as an object.
  var object: AnyObject?
  /// The entry's coding path.
  var codingPath = CodingPathCopy()

  func matches(_ path: [any CodingKey]) -> Bool { codingPath.matches(path) }

  mutating func store(_ entry: CachedContainer, of object: AnyObject, path: [any CodingKey]) {
    self.entry = entry
    self.object = object
    codingPath.store(path)
  }

  mutating func clear() {
    entry = nil
    object = nil
    codingPath = CodingPathCopy()
  }

  /// Every thread's slot.
  static let slots = ThreadLocal { Slot() }
}

/// A coding path, key by key, as values: compared with a decoder's without
/// holding its keys.
struct CodingPathCopy {
  private var intKeys: [Int?] = []
  private var stringKeys: [String] = []

  /// The number of keys.
  var count: Int { intKeys.count }

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

  mutating func store(_ path: [any CodingKey]) {
    intKeys.removeAll(keepingCapacity: true)
    stringKeys.removeAll(keepingCapacity: true)
    for key in path {
      let int = key.intValue
      intKeys.append(int)
      stringKeys.append(int == nil ? key.stringValue : "")
    }
  }
}
