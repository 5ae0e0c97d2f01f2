import CodixCore

/// Writers built once per model type, typed for what they write.
enum ValueWriters {
  /// A writer for a value whose type is `Encodable`; `nil` otherwise.
  static func writer<V>(for type: V.Type) -> FieldWriter<V>? {
    if let dictionary = V.self as? any ObjectWritable.Type,
      let writer = dictionary.objectWriter() as? FieldWriter<V>
    {
      return writer
    }
    guard let encodable = V.self as? any Encodable.Type else { return nil }
    return identity(encodable) as? FieldWriter<V>
  }

  private static func identity<E: Encodable>(_: E.Type) -> Any {
    FieldWriter<E>.converting { $0 }
  }

  /// A writer that converts back with a reversible transformer first; `nil`
  /// when the transformer is one-way or its raw type is not `Encodable`.
  static func reversing<F: Transformer>(_ transformer: F) -> FieldWriter<F.To>? {
    guard let reversible = transformer as? any ReversibleTransformer<F.From, F.To>,
      let raw = F.From.self as? any Encodable.Type
    else { return nil }
    return converting(transformer, raw: raw) { try reversible.reverse($0) }
  }

  /// A writer that converts with `convert`, a one-way transformer's work.
  static func converting<F: Transformer>(
    _ transformer: F, raw: any Encodable.Type, _ convert: @escaping (F.To) throws -> F.From
  ) -> FieldWriter<F.To> {
    func make<Raw: Encodable>(_: Raw.Type) -> FieldWriter<F.To> {
      // safe: the one caller passes `F.From.self` as `raw`; checked once per
      // field, in every build.
      precondition(Raw.self == F.From.self, "a transformer's raw type is not its From")
      return FieldWriter<F.To>.converting { value in
        let raw: F.From
        do {
          raw = try convert(value)
        } catch {
          throw Navigator.reverseFailure(
            error, value: value, transformerName: "\(F.self)", at: nil)
        }
        // safe: `Raw` is `F.From` itself (checked above).
        return unsafeBitCast(raw, to: Raw.self)
      }
    }
    return make(raw)
  }
}

/// A dictionary that Codable would write as an array of alternating keys
/// and values (its keys are neither `String` nor `CodingKeyRepresentable`,
/// a `String`-backed enum for instance): written as an object instead, as
/// lossy decoding reads it.
protocol ObjectWritable {
  static func objectWriter() -> Any?
}

extension Dictionary: ObjectWritable where Value: Encodable {
  static func objectWriter() -> Any? {
    guard DictionaryKeys.codableWritesArray(Key.self) else { return nil }
    return FieldWriter<[Key: Value]>.converting { KeyedObject($0) }
  }
}

extension Optional: ObjectWritable where Wrapped: ObjectWritable {
  static func objectWriter() -> Any? {
    guard let wrapped = Wrapped.objectWriter() as? FieldWriter<Wrapped> else { return nil }
    // `nil` never reaches a writer: the property's write leaves it out first.
    return wrapped.optional
  }
}
