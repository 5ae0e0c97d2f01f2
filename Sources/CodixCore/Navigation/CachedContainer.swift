/// A keyed container opened at the value a decoder is at, shared by the
/// path-style reads of that value. A class, so handing it out costs one
/// retain, not a copy of the (resilient) container.
@usableFromInline
package final class CachedContainer {
  @usableFromInline
  package let container: KeyedDecodingContainer<CodixKey>

  /// The objects opened at keys of this one, in the order first asked for.
  private var nestedEntries: [(key: String, entry: CachedContainer)] = []

  init(_ container: KeyedDecodingContainer<CodixKey>) {
    self.container = container
  }

  /// The container of the object at `key`, opened once for this object.
  @usableFromInline
  package func nested(_ key: String) throws -> CachedContainer {
    for nested in nestedEntries where nested.key == key { return nested.entry }
    let entry = CachedContainer(
      try container.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey(key)))
    nestedEntries.append((key, entry))
    return entry
  }
}
