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
  /// Paths that share a prefix write into one object. Encoding at an index
  /// pads the array with `null` up to it.
  ///
  /// - Throws: A ``CodixError``: `.invalidPath` for a malformed path, a
  ///   negative index, or an index already written.
  public func encode<T: Encodable>(_ value: T, at path: Path) throws {
    try EncodingNavigator.encode(value, at: path, in: self)
  }

  /// Encodes `value` at `path` when it is not `nil`; writes nothing otherwise.
  public func encodeIfPresent<T: Encodable>(_ value: T?, at path: Path) throws {
    guard let value else { return }
    try EncodingNavigator.encode(value, at: path, in: self)
  }

  /// Converts `value` back with `transformer` and encodes the raw result at `path`.
  ///
  /// ```swift
  /// try encoder.encode(birthdate, at: "profile.birth_day", using: DateFromString(format: "yyyy/MM/dd"))
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
    try EncodingNavigator.encode(raw, at: path, in: self)
  }
}
