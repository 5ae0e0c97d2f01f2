import CodixCore

// How one wrapped property reads and writes its value. The codec is chosen
// where the wrapper is initialized (the static types are known there), kept in
// the wrapper's setup behind one reference (`CodecBox`), and turned into a
// reader and a writer once per model type when its table is built.

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
  /// Whether values are read with no transformer (the fast read may apply).
  var isPlain: Bool { get }
}

extension FieldCodec {
  @usableFromInline var isPlain: Bool { false }
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
  @usableFromInline let read: (inout Cursor, ReadContext) throws -> Value?

  /// The reader of `Value?`: this reader, whose absent is `nil`.
  var optional: FieldReader<Value?> {
    let read = read
    return FieldReader<Value?> { cursor, context in try read(&cursor, context).map { $0 } }
  }
}

/// Writes a value: at a key of an object the engine opened, or at a path
/// below an encoder. Both are specialised for the raw type written when the
/// table is built: no cast and no boxing per value.
@usableFromInline
struct FieldWriter<Value> {
  let keyed: (Value, inout KeyedEncodingContainer<CodixKey>, CodixKey) throws -> Void
  let path: (Value, Path, any Encoder) throws -> Void

  /// A writer that converts each value with `convert` and writes the result.
  static func converting<Raw: Encodable>(_ convert: @escaping (Value) throws -> Raw) -> FieldWriter
  {
    FieldWriter(
      keyed: { value, container, key in try container.codixEncode(convert(value), forKey: key) },
      path: { value, path, encoder in
        try EncodingNavigator.encode(convert(value), at: path, in: encoder)
      })
  }

  /// This writer for optional values: `nil` writes nothing.
  var optional: FieldWriter<Value?> {
    let keyed = keyed
    let path = path
    return FieldWriter<Value?>(
      keyed: { value, container, key in
        if let value { try keyed(value, &container, key) }
      },
      path: { value, at, encoder in
        if let value { try path(value, at, encoder) }
      })
  }
}

/// What a reader needs besides the cursor.
@usableFromInline
struct ReadContext {
  let userInfo: [CodingUserInfoKey: Any]
  /// The model's type, or `nil` outside a model.
  let modelType: Any.Type?
  let property: String

  /// The model's name, for reports (empty outside a model).
  var model: String { modelType.map { String(describing: $0) } ?? "" }
}
