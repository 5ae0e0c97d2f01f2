import Foundation

extension CodixTopLevelDecoder {
  /// Decodes the value at `path` inside a whole document.
  ///
  /// ```swift
  /// let user = try JSONDecoder().decode(User.self, from: json, at: "response.users[0]")
  /// ```
  ///
  /// Works for `JSONDecoder`, `PropertyListDecoder` and any
  /// ``CodixTopLevelDecoder``, with the decoder's own options (date and key
  /// strategies, `userInfo`).
  ///
  /// - Throws: A ``CodixError`` whose path is absolute: it starts with `path`.
  ///   Malformed input is `.dataCorrupted` at the root.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: Path) throws -> T {
    try TopLevelDecoding.decode(type, from: data, at: path, using: self)
  }

  /// Decodes the raw value at `path` inside a whole document and converts it
  /// with `transformer`.
  ///
  /// ```swift
  /// let born = try JSONDecoder().decode(
  ///   from: json, at: "profile.birth_day", using: DateCodingStrategy.format("yyyy/MM/dd"))
  /// ```
  ///
  /// - Throws: A ``CodixError``; `.transformFailed` names the path and the
  ///   value the transformer rejected.
  public func decode<F: Transformer>(
    _ type: F.To.Type = F.To.self, from data: Data, at path: Path, using transformer: F
  ) throws -> F.To where F.From: Decodable {
    let raw = try TopLevelDecoding.decode(F.From.self, from: data, at: path, using: self)
    do {
      return try transformer.transform(raw)
    } catch {
      throw Navigator.transformFailure(error, raw: raw, transformer: transformer, at: path)
    }
  }

  /// Decodes the raw value at `path` inside a whole document and converts it
  /// with a closure.
  ///
  /// ```swift
  /// let isMale = try JSONDecoder().decode(
  ///   Bool.self, from: json, at: "male", using: { (text: String) in text == "true" })
  /// ```
  public func decode<T, R: Decodable>(
    _ type: T.Type = T.self, from data: Data, at path: Path, using transform: (R) throws -> T
  ) throws -> T {
    let raw = try TopLevelDecoding.decode(R.self, from: data, at: path, using: self)
    do {
      return try transform(raw)
    } catch {
      throw Navigator.transformFailure(
        error, raw: raw, expected: TypeNames.display(T.self), at: path)
    }
  }
}
