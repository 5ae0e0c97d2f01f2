import CodixCore

// How one wrapped property reads and writes its value, chosen when the wrapper
// is initialized (where the static types are known) and stored as a small
// existential: no allocation for the plain case or a small transformer.

/// Turns a property's raw document value into its `Value` and back.
@usableFromInline
protocol FieldCodec<Value>: Sendable {
  associatedtype Value
  /// Builds the reader once per model type.
  func makeReader(_ rules: FieldRules) -> FieldReader<Value>
  /// Builds the writer once per model type; `nil` when the value cannot be encoded.
  func makeWriter() -> FieldWriter<Value>?
  /// What the property expects, for error reports.
  var expected: String { get }
}

/// The reading behaviour a property's options ask for.
@usableFromInline
struct FieldRules: Sendable {
  var lossy = true
  var lossless = false
}

/// Reads a present value at a cursor; `nil` when it is missing or `null`.
@usableFromInline
struct FieldReader<Value> {
  let read: (inout Cursor, ReadContext) throws -> Value?
}

/// Writes a value at a path.
@usableFromInline
struct FieldWriter<Value> {
  let write: (Value, Path, any Encoder) throws -> Void
}

/// What a reader needs besides the cursor.
@usableFromInline
struct ReadContext {
  let userInfo: [CodingUserInfoKey: Any]
  let model: String
  let property: String
}

// MARK: - Plain values

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

// MARK: - Transformers

/// A value read as `F.From` and converted by a transformer.
@usableFromInline
struct TransformerCodec<F: Transformer>: FieldCodec where F.From: Decodable {
  @usableFromInline typealias Value = F.To
  @usableFromInline let transformer: F

  @inlinable init(transformer: F) {
    self.transformer = transformer
  }

  @usableFromInline func makeReader(_ rules: FieldRules) -> FieldReader<F.To> {
    // The transformer sees the document's own value: no lossy coercion first.
    var strict = rules
    strict.lossy = false
    let raw = ValueReaders.reader(for: F.From.self, rules: strict)
    let transformer = transformer
    return FieldReader { cursor, context in
      guard let value = try raw.read(&cursor, context) else { return nil }
      return try Navigator.transform(value, with: transformer, at: cursor)
    }
  }

  @usableFromInline func makeWriter() -> FieldWriter<F.To>? {
    ValueWriters.reversing(transformer)
  }

  @usableFromInline var expected: String { transformer.expectedDescription }
}

/// An optional value read as `F.From` and converted by a transformer of the
/// wrapped type: `@CodableDate var date: Date?`.
@usableFromInline
struct OptionalTransformerCodec<F: Transformer>: FieldCodec where F.From: Decodable {
  @usableFromInline typealias Value = F.To?
  @usableFromInline let transformer: F

  @inlinable init(transformer: F) {
    self.transformer = transformer
  }

  @usableFromInline func makeReader(_ rules: FieldRules) -> FieldReader<F.To?> {
    let inner = TransformerCodec(transformer: transformer).makeReader(rules)
    return FieldReader { cursor, context in
      try inner.read(&cursor, context).map { Optional($0) }
    }
  }

  @usableFromInline func makeWriter() -> FieldWriter<F.To?>? {
    guard let inner = ValueWriters.reversing(transformer) else { return nil }
    return FieldWriter { value, path, encoder in
      guard let value else { return }
      try inner.write(value, path, encoder)
    }
  }

  @usableFromInline var expected: String { transformer.expectedDescription }
}
