/// A keyed container opened at the value a decoder is at, shared by the
/// path-style reads of that value, and the entries of the objects opened
/// below it. A class: the cache holds the (resilient) container in one
/// reference, and reads copy the container out, one retain of its box.
@usableFromInline
package final class CachedContainer {
  @usableFromInline
  package let container: KeyedDecodingContainer<CodixKey>
  /// The decoder the container was opened from, asked how it spells keys
  /// after the first missed key (see `KeySpelling`).
  private let decoder: any Decoder
  /// Whether the decoder renames the document's keys from snake case: a key
  /// written as the JSON spells it is then looked up again as the decoder
  /// spells it. Worked out on first use.
  package private(set) lazy var convertsKeys = KeySpelling.convertsFromSnakeCase(decoder)

  /// The first object opened at a key of this one (most models nest one
  /// object per level), kept inline: no array per decoded object.
  ///
  /// This entry owns the entries opened below it through one count each,
  /// taken when the entry is opened and given back in `deinit`: reads hand
  /// them out without counting.
  @exclusivity(unchecked) private var firstNested: (key: String, entry: Unmanaged<CachedContainer>)?
  /// The objects opened at other keys, in the order first asked for.
  @exclusivity(unchecked) private var moreNested:
    [(key: String, entry: Unmanaged<CachedContainer>)] = []

  /// The container of the value `decoder` is at.
  init(of decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: CodixKey.self)
    self.decoder = decoder
  }

  private init(_ container: KeyedDecodingContainer<CodixKey>, decoder: any Decoder) {
    self.container = container
    self.decoder = decoder
  }

  deinit {
    firstNested?.entry.release()
    for nested in moreNested { nested.entry.release() }
  }

  /// The container of the object at `key`, opened once for this object.
  package func nested(_ key: String) throws -> CachedContainer {
    try unretainedNested(key).takeUnretainedValue()
  }

  /// ``nested(_:)``, without a count: valid while this entry lives.
  package func unretainedNested(_ key: String) throws -> Unmanaged<CachedContainer> {
    if let firstNested, firstNested.key == key { return firstNested.entry }
    for nested in moreNested where nested.key == key { return nested.entry }
    let nested: KeyedDecodingContainer<CodixKey>
    do {
      nested = try container.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key))
    } catch {
      // Missing, or stored under the decoder's spelling of the key.
      let respelled = KeySpelling.stored(CodixKey(key), in: container) { convertsKeys }
      guard respelled.stringValue != key else { throw error }
      nested = try container.nestedContainer(keyedBy: CodixKey.self, forKey: respelled)
    }
    let entry = Unmanaged.passRetained(CachedContainer(nested, decoder: decoder))
    if firstNested == nil {
      firstNested = (key, entry)
    } else {
      moreNested.append((key, entry))
    }
    return entry
  }
}
