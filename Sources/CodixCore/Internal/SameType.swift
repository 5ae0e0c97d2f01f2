/// `value` as `B`, which is its own type: one function for every place that
/// holds a value whose type it has just compared with `B`.
///
/// The callers: the reader's scalars and scalar arrays read off the tape
/// (`T.self == String.self`, …, or `B.self` held as the conformance whose
/// `read` made the value), the writer's and the tree's scalars (a switch on
/// `StandardScalar.of(T.self)`, which names `B` only when `T` is `B`), and a
/// value read ahead (`ReadAhead.Value`, read as the type its read asks for).
@inline(__always)
func sameType<A, B>(_ value: A, as type: B.Type) -> B {
  // safe: the precondition makes the bitcast one from a type to itself, in
  // every build. No document or path picks `A` or `B`; a model's declaration
  // picks the `T` a read or a write asks for, and every caller names `B`
  // only after comparing it with that `T`: with `==` on the two types; or
  // through what is remembered about `T` under its own identity (its
  // standard-scalar case or special kind, kept by `ObjectIdentifier(T.self)`,
  // whose array type `A` was found by casting `T.self` itself); or, for a
  // value read ahead, by matching the read's key, which holds `T`'s
  // identity, the value having been read as that `T`'s scalar.
  precondition(A.self == B.self, "not the same type")
  return unsafeBitCast(value, to: B.self)
}
