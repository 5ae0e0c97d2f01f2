import Foundation

/// A decoder that turns whole documents into values, such as `JSONDecoder`
/// and `PropertyListDecoder`.
///
/// `decode(_:from:at:)` and its transformer variants work with any conforming
/// decoder (`Dekodable.decode(from:at:using:)` in CodixWrappers takes a
/// `JSONDecoder`). Conform your own top-level decoder to get them:
///
/// ```swift
/// extension MyYAMLDecoder: CodixTopLevelDecoder {}
/// let user = try MyYAMLDecoder().decode(User.self, from: data, at: "response.users[0]")
/// ```
public protocol CodixTopLevelDecoder {
  /// Decodes a whole document as `T`.
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: CodixTopLevelDecoder {}
extension PropertyListDecoder: CodixTopLevelDecoder {}

/// Decoding a value at a path inside a whole document.
package enum TopLevelDecoding {
  @TaskLocal static var pendingPath: Path = .root

  /// Decodes `T` at `path` of `data`. Every error is a located CodixError whose
  /// path includes `path`.
  package static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, at path: Path, using decoder: some CodixTopLevelDecoder
  ) throws(CodixError) -> T {
    _ = try path.validComponents()
    // Leaves no decoder or document of this thread's path-style reads alive.
    defer { KeyedContainerCache.clear() }
    if let options = nativeOptions(for: decoder, data: data) {
      return try decodeNatively(type, from: data, at: path, options: options)
    }
    do {
      return try $pendingPath.withValue(path) {
        try decoder.decode(Envelope<T>.self, from: data).value
      }
    } catch {
      var codix = CodixError.wrap(error, at: path)
      codix.attribute(insideValueOf: type, at: path)
      throw codix
    }
  }

  /// The document's root, which decodes `T` at the pending path.
  private struct Envelope<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
      let path = TopLevelDecoding.pendingPath
      var cursor = try Navigator.cursor(at: path, from: .root(decoder))
      guard let value = try Navigator.decode(Value.self, at: &cursor, ifPresent: false) else {
        // safe from input: a required decode returns a value or throws.
        throw CodixError(.valueNotFound, at: path, expected: TypeNames.display(Value.self))
      }
      self.value = value
    }
  }
}
