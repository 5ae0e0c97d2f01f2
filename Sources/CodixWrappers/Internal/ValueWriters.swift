import CodixCore

enum ValueWriters {
  /// A writer for any value whose type is `Encodable`; `nil` otherwise.
  static func writer<V>(for type: V.Type) -> FieldWriter<V>? {
    guard V.self is any Encodable.Type else { return nil }
    return FieldWriter { value, path, encoder in
      guard let encodable = value as? any Encodable else { return }
      try write(encodable, at: path, in: encoder)
    }
  }

  static func write<E: Encodable>(_ value: E, at path: Path, in encoder: any Encoder) throws {
    try EncodingNavigator.encode(value, at: path, in: encoder)
  }

  /// A writer that converts back with a reversible transformer first.
  static func reversing<F: Transformer>(_ transformer: F) -> FieldWriter<F.To>? {
    guard let reversible = transformer as? any ReversibleTransformer<F.From, F.To>,
      F.From.self is any Encodable.Type
    else { return nil }
    return FieldWriter { value, path, encoder in
      let raw: F.From
      do {
        raw = try reversible.reverse(value)
      } catch {
        throw Navigator.reverseFailure(
          error, value: value, transformerName: "\(F.self)",
          at: Path(codingPath: encoder.codingPath).appending(path))
      }
      guard let encodable = raw as? any Encodable else { return }
      try write(encodable, at: path, in: encoder)
    }
  }
}
