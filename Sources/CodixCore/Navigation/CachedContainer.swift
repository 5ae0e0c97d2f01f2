/// A keyed container opened at the value a decoder is at, shared by the
/// path-style reads of that value. A class, so handing it out costs one
/// retain, not a copy of the (resilient) container.
@usableFromInline
package final class CachedContainer {
  @usableFromInline
  package let container: KeyedDecodingContainer<CodixKey>

  /// The first object opened at a key of this one (most models nest one
  /// object per level), kept inline: no array per decoded object.
  private var firstNested: (key: String, entry: CachedContainer)?
  /// The objects opened at other keys, in the order first asked for.
  private var moreNested: [(key: String, entry: CachedContainer)] = []

  init(_ container: KeyedDecodingContainer<CodixKey>) {
    self.container = container
  }

  /// The container of the object at `key`, opened once for this object.
  @usableFromInline
  package func nested(_ key: String) throws -> CachedContainer {
    if let firstNested, firstNested.key == key { return firstNested.entry }
    for nested in moreNested where nested.key == key { return nested.entry }
    let entry = CachedContainer(
      try container.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key)))
    if firstNested == nil {
      firstNested = (key, entry)
    } else {
      moreNested.append((key, entry))
    }
    return entry
  }
}
