/// `decoder` as the object it is, when its type is a class; `nil` for a
/// value type. What the caches compare decoders by and hold them weakly as.
///
/// `decoder as AnyObject` gives the same object, but through the runtime's
/// general conversion to `AnyObject` (about 3,000 instructions on Linux,
/// where it can box any value); this is a load.
@inline(__always)
package func classInstance<D: Decoder>(_ decoder: D) -> AnyObject? {
  guard D.self is AnyClass else { return nil }
  // safe: `D` is a class type, so a `D` is one strong reference, as an
  // `AnyObject` is (`unsafeBitCast` also traps if their sizes differ).
  return unsafeBitCast(decoder, to: AnyObject.self)
}
