import Foundation

/// An encoder that turns values into whole documents, such as `JSONEncoder`
/// and `PropertyListEncoder`.
///
/// Conforming encoders get `encode(_:at:)`, which writes a value at a path
/// of a new document:
///
/// ```swift
/// let data = try JSONEncoder().encode(user, at: "response.users[0]")
/// // {"response":{"users":[{…the user…}]}}
/// ```
public protocol CodixTopLevelEncoder {
  /// Encodes a value as a whole document.
  func encode<T: Encodable>(_ value: T) throws -> Data
}

extension JSONEncoder: CodixTopLevelEncoder {}
extension PropertyListEncoder: CodixTopLevelEncoder {}

extension CodixTopLevelEncoder {
  /// Encodes `value` at `path` of a new document: the objects and arrays on
  /// the way are created (arrays padded with `null` up to an index).
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(42, at: "data.items[1]")
  /// // {"data":{"items":[null,42]}}
  /// ```
  ///
  /// On a `JSONEncoder`, the document is written by ``CodixJSONEncoder``
  /// with the encoder's options: with `.sortedKeys`, byte for byte what
  /// `JSONEncoder` writes; without it, keys in the order the value encodes
  /// them. `userInfo[.codixReadsThroughFoundation] = true` keeps it on
  /// `JSONEncoder`, as does a subclass of `JSONEncoder`.
  ///
  /// - Throws: A ``CodixError``: `.invalidPath` for a malformed path or a
  ///   negative index, or whatever encoding `value` throws.
  public func encode<T: Encodable>(_ value: T, at path: Path) throws -> Data {
    _ = try path.validComponents()
    do {
      let envelope = PathEnvelope(value: value, path: path)
      if let json = self as? JSONEncoder, type(of: json) == JSONEncoder.self,
        json.userInfo[.codixReadsThroughFoundation] as? Bool != true
      {
        return try CodixJSONEncoder(json).encode(envelope)
      }
      return try encode(envelope)
    } catch {
      throw CodixError.wrap(error, at: path)
    }
  }
}

/// The document's root, which writes a value at a path.
private struct PathEnvelope<Value: Encodable>: Encodable {
  let value: Value
  let path: Path

  func encode(to encoder: any Encoder) throws {
    try EncodingNavigator.encode(value, at: path, in: encoder)
  }
}
