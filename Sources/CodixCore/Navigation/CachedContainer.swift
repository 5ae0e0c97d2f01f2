/// A keyed container opened through the public Codable API, and the objects
/// opened below it, each once. A class: the standard library's
/// `KeyedDecodingContainer` is resilient (its size is not known where Codix
/// is compiled), so a position holding one by value would be copied and
/// switched over through the runtime's generic code on every read; one
/// reference keeps `DecoderPosition` and `Cursor` of fixed size.
@usableFromInline
package final class CachedContainer {
  @usableFromInline
  package let container: KeyedDecodingContainer<CodixKey>
  /// The decoder the container was opened from (or the one the walk that
  /// opened it started at), asked how it spells keys after the first missed
  /// key (see `KeySpelling`); `nil` for a container handed to Codix alone.
  let decoder: (any Decoder)?
  /// The container of the object this one was opened at: reads this
  /// object's keys as written. A decoder's own value has none: its
  /// `parentKey` is `nil`, and this is its own container. (Two fields, not
  /// an optional tuple: a tuple holding a resilient type has its metadata
  /// made by the runtime at every use.)
  private let parentContainer: KeyedDecodingContainer<CodixKey>
  /// The key of this object in `parentContainer`; `nil` for a decoder's own value.
  private let parentKey: CodixKey?

  /// The first object opened at a key of this one (most models nest one
  /// object per level), kept inline: no array per decoded object. Strong
  /// references the compiler counts: a read holds the entry it reads from,
  /// whatever the decode it calls does to the cache.
  private var firstNested: (key: String, entry: CachedContainer)?
  /// The objects opened at other keys, in the order first asked for.
  private var moreNested: [(key: String, entry: CachedContainer)] = []

  /// The container of the value `decoder` is at.
  init(of decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: CodixKey.self)
    self.decoder = decoder
    parentContainer = container
    parentKey = nil
  }

  /// `container`, of a document `decoder` (if any) reads.
  init(wrapping container: KeyedDecodingContainer<CodixKey>, decoder: (any Decoder)?) {
    self.container = container
    self.decoder = decoder
    parentContainer = container
    parentKey = nil
  }

  private init(
    _ container: KeyedDecodingContainer<CodixKey>, decoder: (any Decoder)?,
    parent: KeyedDecodingContainer<CodixKey>, key: CodixKey
  ) {
    self.container = container
    self.decoder = decoder
    parentContainer = parent
    parentKey = key
  }

  /// `key` as this object stores it: under the decoder's spelling when the
  /// decoder renames keys from snake case and `key` is missing (see
  /// `KeySpelling`).
  package func stored(_ key: CodixKey) -> CodixKey {
    guard let decoder else { return key }
    return KeySpelling.stored(key, in: container, decoder: decoder) {
      if let parentKey { return KeySpelling.writtenKeys(at: parentKey, in: parentContainer) }
      return KeySpelling.writtenKeys(of: decoder)
    }
  }

  /// The container of the object at `key`, opened once for this object.
  package func nested(_ key: String) throws -> CachedContainer {
    if let firstNested, firstNested.key == key { return firstNested.entry }
    for nested in moreNested where nested.key == key { return nested.entry }
    let nested: KeyedDecodingContainer<CodixKey>
    var stored = CodixKey(key)
    do {
      nested = try container.nestedContainer(keyedBy: CodixKey.self, forKey: stored)
    } catch {
      // Missing, or stored under the decoder's spelling of the key.
      stored = self.stored(stored)
      guard stored.stringValue != key else { throw error }
      nested = try container.nestedContainer(keyedBy: CodixKey.self, forKey: stored)
    }
    let entry = CachedContainer(nested, decoder: decoder, parent: container, key: stored)
    if firstNested == nil {
      firstNested = (key, entry)
    } else {
      moreNested.append((key, entry))
    }
    return entry
  }
}
