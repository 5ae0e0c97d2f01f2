import CodixCore

/// A `Decodable` value read directly, with the lossy fallbacks.
@usableFromInline
struct PlainCodec<Value: Decodable>: FieldCodec {
  @inlinable init() {}

  @usableFromInline func makeReader(_ rules: FieldRules) -> FieldReader<Value> {
    ValueReaders.reader(for: Value.self, rules: rules)
  }

  @usableFromInline func makeWriter() -> FieldWriter<Value>? {
    ValueWriters.writer(for: Value.self)
  }

  @usableFromInline var expected: String { TypeNames.display(Value.self) }

  @usableFromInline var isPlain: Bool { true }
}

/// Makes the plain codec of a type known to be `Decodable` only at run time.
enum PlainCodecs {
  static func codec<Value>(for type: Value.Type) -> (any FieldCodec<Value>)? {
    guard let decodable = type as? any Decodable.Type else { return nil }
    func make<D: Decodable>(_: D.Type) -> (any FieldCodec<Value>)? {
      FieldCodecs.same(PlainCodec<D>(), as: Value.self)
    }
    return make(decodable)
  }
}

enum FieldCodecs {
  /// `codec` as a codec of `Value`, when its values are of that very type.
  ///
  /// What `codec as? any FieldCodec<Value>` answers, without that cast's cost
  /// (a cast to a constrained existential re-checks the constraint on every
  /// call, tens of microseconds when a type's table is built).
  static func same<C: FieldCodec, Value>(_ codec: C, as _: Value.Type) -> (any FieldCodec<Value>)? {
    guard C.Value.self == Value.self else { return nil }
    // The same existential: one value and one witness table, for the same type.
    return unsafeBitCast(codec as any FieldCodec<C.Value>, to: (any FieldCodec<Value>).self)
  }
}
