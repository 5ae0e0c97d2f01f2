// One order for keys wherever Codix sorts them: in reports, listings,
// `.sortedKeys`-free writes of a Dictionary and JSONValue's description.
//
// Swift's `<` on String compares canonical forms, and for some pairs that
// mix a precomposed and a decomposed letter it is not a strict weak order:
// on Swift 6.3, neither "caf\u{E9}-" < "cafe\u{301}" nor the reverse holds,
// yet the two are not equal. A sort by `<` then depends on the order the
// keys arrived in, which differs between routes (document order here,
// dictionary order in Foundation's decoder). The UTF-8 bytes give a total
// order that no arrival order changes, and the same order as `<` for ASCII.

package enum KeyOrder {
  /// Whether `a` comes before `b`: by their UTF-8 bytes.
  @inlinable
  package static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `keys` sorted by their UTF-8 bytes.
  package static func sorted(_ keys: some Sequence<String>) -> [String] {
    keys.sorted(by: precedes)
  }
}
