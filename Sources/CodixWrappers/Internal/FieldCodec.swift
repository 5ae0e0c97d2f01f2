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

  /// The reader of `Value?`: this reader, whose absent is `nil`.
  var optional: FieldReader<Value?> {
    let read = read
    return FieldReader<Value?> { cursor, context in try read(&cursor, context).map { $0 } }
  }
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
