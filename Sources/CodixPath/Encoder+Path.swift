import CodixCore

extension Encoder {
  /// Encodes `value` at `path`, relative to the value this encoder writes.
  ///
  /// ```swift
  /// func encode(to encoder: Encoder) throws {
  ///   try encoder.encode(id, at: "my_id")
  ///   try encoder.encode(city, at: "profile.address.city")
  ///   try encoder.encode(zip, at: "profile.address.zip")  // same "profile.address" object
  /// }
  /// ```
  ///
  /// Paths that share a prefix of keys write into one object. Encoding at an
  /// index pads the array with `null` up to it; an element once written
  /// cannot be written into again, so two calls cannot share an indexed
  /// prefix (`rows[2].a`, `rows[2].b`): encode the element as one value.
  ///
  /// - Throws: A ``CodixError``: `.invalidPath` for a malformed path, a
  ///   negative index, or an index already written.
  @inlinable
  public func encode<T: Encodable>(_ value: T, at path: Path) throws {
    try EncodingNavigator.encodeAtKeys(value, at: path, in: self)
  }

  /// Encodes `value` at `path` when it is not `nil`; writes nothing otherwise.
  @inlinable
  public func encodeIfPresent<T: Encodable>(_ value: T?, at path: Path) throws {
    guard let value else { return }
    try EncodingNavigator.encodeAtKeys(value, at: path, in: self)
  }

  /// Converts `value` back with `transformer` and encodes the raw result at `path`.
  ///
  /// ```swift
  /// try encoder.encode(birthdate, at: "profile.birth_day", using: DateCodingStrategy.format("yyyy/MM/dd"))
  /// ```
  ///
  /// - Throws: A ``CodixError``; a failure of `reverse` is `.transformFailed`.
  public func encode<F: ReversibleTransformer>(_ value: F.To, at path: Path, using transformer: F)
    throws where F.From: Encodable
  {
    let raw: F.From
    do {
      raw = try transformer.reverse(value)
    } catch {
      throw Navigator.reverseFailure(
        error, value: value, transformerName: "\(F.self)",
        at: Path(codingPath: codingPath).appending(path))
    }
    try EncodingNavigator.encodeAtKeys(raw, at: path, in: self)
  }

  /// Converts `value` with a one-way `transformer` (from the model's value to
  /// the raw value) and encodes the result at `path`, as the original Codix did.
  ///
  /// ```swift
  /// struct CentsToText: Transformer {
  ///   func transform(_ cents: Int) -> String { "\(cents / 100).\(cents % 100)" }
  /// }
  /// try encoder.encode(price, at: "price", using: CentsToText())
  /// ```
  ///
  /// Where `transformer` is reversible and `value` is its `To`, the reversing
  /// overload above is chosen.
  ///
  /// - Throws: A ``CodixError``; a failure of `transform` is `.transformFailed`.
  @_disfavoredOverload
  public func encode<F: Transformer>(_ value: F.From, at path: Path, using transformer: F)
    throws where F.To: Encodable
  {
    let raw: F.To
    do {
      raw = try transformer.transform(value)
    } catch {
      throw Navigator.reverseFailure(
        error, value: value, transformerName: "\(F.self)",
        at: Path(codingPath: codingPath).appending(path))
    }
    try EncodingNavigator.encodeAtKeys(raw, at: path, in: self)
  }

  /// Converts `value` with a closure and encodes the result at `path`.
  ///
  /// ```swift
  /// try encoder.encode(isMale, at: "male", using: { $0 ? "true" : "false" })
  /// ```
  ///
  /// - Throws: A ``CodixError``; an error thrown by `transform` is `.transformFailed`.
  public func encode<T, R: Encodable>(
    _ value: T, at path: Path, using transform: (T) throws -> R
  ) throws {
    let raw: R
    do {
      raw = try transform(value)
    } catch {
      throw Navigator.reverseFailure(
        error, value: value, transformerName: "the closure",
        at: Path(codingPath: codingPath).appending(path))
    }
    try EncodingNavigator.encodeAtKeys(raw, at: path, in: self)
  }

  /// Converts `value` back with `transformer` and encodes it at `path` when it
  /// is not `nil`; writes nothing otherwise.
  public func encodeIfPresent<F: ReversibleTransformer>(
    _ value: F.To?, at path: Path, using transformer: F
  ) throws where F.From: Encodable {
    guard let value else { return }
    try encode(value, at: path, using: transformer)
  }

  /// Converts `value` with a one-way `transformer` and encodes it at `path`
  /// when it is not `nil`; writes nothing otherwise.
  @_disfavoredOverload
  public func encodeIfPresent<F: Transformer>(
    _ value: F.From?, at path: Path, using transformer: F
  ) throws where F.To: Encodable {
    guard let value else { return }
    try encode(value, at: path, using: transformer)
  }
}
