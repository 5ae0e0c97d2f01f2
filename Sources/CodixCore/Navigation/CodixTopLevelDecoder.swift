import Foundation

/// A decoder that turns whole documents into values, such as `JSONDecoder`
/// and `PropertyListDecoder`.
///
/// `decode(_:from:at:)`, its transformer variants, `decodeCollectingErrors`
/// and, in CodixWrappers, `Model.decode(from:at:using:)` work with any
/// conforming decoder. Conform your own top-level decoder to get them:
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
  /// path includes `path`. `extra` joins the decoder's `userInfo` for this
  /// decode only (see `decoder(_:adding:)` for the decoders that can carry it).
  package static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, at path: Path, using decoder: some CodixTopLevelDecoder,
    adding extra: [CodingUserInfoKey: any Sendable] = [:]
  ) throws(CodixError) -> T {
    _ = try path.validComponents()
    // Path reads reuse their containers until the decode returns, and no longer.
    return try KeyedContainerCache.scope { () throws(CodixError) -> T in
      try decodeInScope(type, from: data, at: path, using: decoder, adding: extra)
    }
  }

  private static func decodeInScope<T: Decodable>(
    _ type: T.Type, from data: Data, at path: Path, using decoder: some CodixTopLevelDecoder,
    adding extra: [CodingUserInfoKey: any Sendable]
  ) throws(CodixError) -> T {
    if let native = NativeReading(for: decoder, data: data, adding: extra) {
      do {
        return try native.read(data, keeping: path) { (root, whole) throws(CodixError) in
          try decodeRoot(type, at: path, from: Cursor.root(root), whole: whole)
        }
      } catch {
        var codix = error
        codix.attribute(insideValueOf: type, at: path)
        throw codix
      }
    }
    let foundation = extra.isEmpty ? decoder : self.decoder(decoder, adding: extra)
    do {
      return try $pendingPath.withValue(path) {
        try foundation.decode(Envelope<T>.self, from: data).value
      }
    } catch {
      var codix = NativeReading.spelledAsWritten(
        CodixError.wrap(error, at: path), in: data, decoder: decoder)
      codix.attribute(insideValueOf: type, at: path)
      throw codix
    }
  }

  /// Decodes `T` at `path` below `root`, a document's root. `whole`: the
  /// reader read the whole document; when not, `nil` asks for it (the walk
  /// failed, or ended at a value a scan along the path skipped).
  static func decodeRoot<T: Decodable>(
    _ type: T.Type, at path: Path, from root: Cursor, whole: Bool
  ) throws(CodixError) -> T? {
    if path.wildcardSplit != nil {
      // `users[*].id`: one value per element, into an array type.
      return try Navigator.decode(type, at: path, from: root, ifPresent: false)
    }
    let step: Navigator.Step
    do {
      step = try Navigator.walk(path, from: root)
    } catch {
      if !whole { return nil }
      throw error
    }
    switch step {
    case .present(var cursor):
      if !whole, cursor.isSkipped { return nil }
      return try Navigator.decode(type, at: &cursor, ifPresent: false)
    case .absent(let absence):
      throw absence.error(expected: TypeNames.display(type))
    }
  }

  /// A decoder like `decoder` whose `userInfo` also holds `extra`: a copy
  /// for `CodixJSONDecoder`, `JSONDecoder` and `PropertyListDecoder` (the
  /// decoder given is left alone, so other decodes through it never see
  /// `extra`); `decoder` itself for any other decoder, whose options Codix
  /// cannot copy.
  private static func decoder(
    _ decoder: some CodixTopLevelDecoder, adding extra: [CodingUserInfoKey: any Sendable]
  ) -> any CodixTopLevelDecoder {
    if let codix = decoder as? CodixJSONDecoder {
      var options = codix.options
      options.userInfo.merge(extra) { $1 }
      return CodixJSONDecoder.foundationDecoder(with: options)
    }
    if let json = decoder as? JSONDecoder, type(of: json) == JSONDecoder.self {
      var options = CodixJSONDecoder.Options(json)
      options.userInfo.merge(extra) { $1 }
      return CodixJSONDecoder.foundationDecoder(with: options)
    }
    if let plist = decoder as? PropertyListDecoder, type(of: plist) == PropertyListDecoder.self {
      let copy = PropertyListDecoder()
      copy.userInfo = plist.userInfo.merging(extra) { $1 }
      return copy
    }
    return decoder
  }

  /// The document's root, which decodes `T` at the pending path.
  private struct Envelope<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
      let path = TopLevelDecoding.pendingPath
      guard let value = try Navigator.decode(Value.self, at: path, in: decoder, ifPresent: false)
      else {
        // safe from input: a required decode returns a value or throws.
        throw CodixError(.valueNotFound, at: path, expected: TypeNames.display(Value.self))
      }
      self.value = value
    }
  }
}
