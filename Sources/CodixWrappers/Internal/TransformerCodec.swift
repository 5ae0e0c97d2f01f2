import CodixCore

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
      let value: F.From?
      do {
        value = try raw.read(&cursor, context)
      } catch {
        throw Navigator.rawValueFailure(
          error, expected: transformer.expectedDescription, at: cursor)
      }
      guard let value else { return nil }
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
    TransformerCodec(transformer: transformer).makeReader(rules).optional
  }

  @usableFromInline func makeWriter() -> FieldWriter<F.To?>? {
    ValueWriters.reversing(transformer)?.optional
  }

  @usableFromInline var expected: String { transformer.expectedDescription }
}

/// A value read through one one-way transformer and written through another:
/// `@Coding("price", decode: TextToCents(), encode: CentsToText())`.
@usableFromInline
struct TwoWayCodec<Decode: Transformer, Encode: Transformer>: FieldCodec
where Decode.From: Decodable, Encode.From == Decode.To, Encode.To: Encodable {
  @usableFromInline typealias Value = Decode.To
  @usableFromInline let decode: Decode
  @usableFromInline let encode: Encode

  @inlinable init(decode: Decode, encode: Encode) {
    self.decode = decode
    self.encode = encode
  }

  @usableFromInline func makeReader(_ rules: FieldRules) -> FieldReader<Decode.To> {
    TransformerCodec(transformer: decode).makeReader(rules)
  }

  @usableFromInline func makeWriter() -> FieldWriter<Decode.To>? {
    let encode = encode
    return FieldWriter.converting { value in
      do {
        return try encode.transform(value)
      } catch {
        throw Navigator.reverseFailure(
          error, value: value, transformerName: "\(Encode.self)", at: nil)
      }
    }
  }

  @usableFromInline var expected: String { decode.expectedDescription }
}
