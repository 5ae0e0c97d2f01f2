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
}
