import CodixCore

extension Decoder {
  /// Decodes the value at the first of `paths` that holds one: an API that
  /// renamed a key, or sends the same value at different places.
  ///
  /// ```swift
  /// id = try decoder.decode(atFirstOf: ["id", "user_id", "data.id"])
  /// ```
  ///
  /// The paths are tried in order; a missing or `null` value moves on to the
  /// next, so the first path costs what ``decode(_:at:)`` costs.
  ///
  /// - Throws: A ``CodixError``. When no path holds a value, the report is
  ///   the first path's, listing every path tried; a value of the wrong type
  ///   at any path is reported at that path and never skipped.
  public func decode<T: Decodable>(_ type: T.Type = T.self, atFirstOf paths: [Path]) throws -> T {
    guard let value = try Navigator.decode(type, atFirstOf: paths, in: self, ifPresent: false)
    else {
      // safe from input: a required decode returns a value or throws.
      throw Navigator.noValue(atAnyOf: paths, from: .root(self), expected: "\(T.self)")
    }
    return value
  }

  /// Decodes the value at the first of `paths` that holds one, or returns
  /// `nil` when none does.
  ///
  /// ```swift
  /// avatar = try decoder.decodeIfPresent(atFirstOf: ["avatar_url", "profile.avatar"])
  /// ```
  public func decodeIfPresent<T: Decodable>(
    _ type: T.Type = T.self, atFirstOf paths: [Path]
  ) throws -> T? {
    try Navigator.decode(type, atFirstOf: paths, in: self, ifPresent: true)
  }

  /// Decodes the raw value at the first of `paths` that holds one and
  /// converts it with `transformer`.
  ///
  /// ```swift
  /// joined = try decoder.decode(
  ///   atFirstOf: ["joined", "meta.created"], using: DateCodingStrategy.format("yyyy-MM-dd"))
  /// ```
  public func decode<F: Transformer>(
    _ type: F.To.Type = F.To.self, atFirstOf paths: [Path], using transformer: F
  ) throws -> F.To where F.From: Decodable {
    guard
      let value = try Navigator.decode(
        atFirstOf: paths, in: self, using: transformer, ifPresent: false)
    else {
      // safe from input: a required decode returns a value or throws.
      throw Navigator.noValue(
        atAnyOf: paths, from: .root(self), expected: transformer.expectedDescription)
    }
    return value
  }

  /// Decodes and converts the raw value at the first of `paths` that holds
  /// one, or returns `nil` when none does.
  public func decodeIfPresent<F: Transformer>(
    _ type: F.To.Type = F.To.self, atFirstOf paths: [Path], using transformer: F
  ) throws -> F.To? where F.From: Decodable {
    try Navigator.decode(atFirstOf: paths, in: self, using: transformer, ifPresent: true)
  }
}
