import CodixCore

/// Marks the codec of values read with no transformer.
protocol PlainCodecMarker {}

/// A `Decodable` value read directly, with the lossy fallbacks.
@usableFromInline
struct PlainCodec<Value: Decodable>: FieldCodec, PlainCodecMarker {
  @inlinable init() {}

  @usableFromInline func makeReader(_ rules: FieldRules) -> FieldReader<Value> {
    ValueReaders.reader(for: Value.self, rules: rules)
  }

  @usableFromInline func makeWriter() -> FieldWriter<Value>? {
    ValueWriters.writer(for: Value.self)
  }

  @usableFromInline var expected: String { TypeNames.display(Value.self) }
}

/// Makes the plain codec of a type known to be `Decodable` only at run time.
enum PlainCodecs {
  static func codec<Value>(for type: Value.Type) -> (any FieldCodec<Value>)? {
    guard let decodable = type as? any Decodable.Type else { return nil }
    return make(decodable) as? any FieldCodec<Value>
  }

  private static func make<D: Decodable>(_ type: D.Type) -> Any {
    PlainCodec<D>()
  }
}
