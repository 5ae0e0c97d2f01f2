import Foundation

extension JSONDecoder {
  /// The elements of the array at `path`, decoded one at a time as `bytes`
  /// arrive, with this decoder's options (copied now).
  ///
  /// ```swift
  /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
  /// for try await user in decoder.elements(of: User.self, at: "data.users[*]", in: bytes) {
  ///   process(user)
  /// }
  /// ```
  ///
  /// The document is read by ``CodixJSONDecoder``'s reader, as Codix's
  /// `decode(_:from:at:)` reads it, whatever the decoder's
  /// `codixReadsThroughFoundation`; see ``CodixJSONDecoder``'s
  /// `elements(of:at:in:skippingBadElements:)`.
  ///
  /// - Parameters:
  ///   - type: The elements' type.
  ///   - path: Keys and indexes to the array, then `[*]`; `"[*]"` (the
  ///     default) is the document's own array.
  ///   - bytes: The document, as UTF-8.
  ///   - skippingBadElements: Whether an element that does not decode is
  ///     dropped and recorded to the ``CodixDiagnostics`` of `userInfo`;
  ///     `false` by default.
  /// - Returns: An asynchronous sequence of the elements.
  public func elements<T: Decodable, Bytes: AsyncSequence>(
    of type: T.Type, at path: Path = "[*]", in bytes: Bytes, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, Bytes> where Bytes.Element == UInt8 {
    CodixJSONDecoder(self).elements(
      of: type, at: path, in: bytes, skippingBadElements: skippingBadElements)
  }

  /// The elements of the array at `path` of `data`, decoded one at a time
  /// with this decoder's options.
  public func elements<T: Decodable>(
    of type: T.Type, at path: Path = "[*]", in data: Data, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONBytes> {
    CodixJSONDecoder(self).elements(
      of: type, at: path, in: data, skippingBadElements: skippingBadElements)
  }

  /// The elements of the array at `path` of the file at `url`, read in
  /// chunks of 64 KiB and decoded one at a time with this decoder's options.
  public func elements<T: Decodable>(
    of type: T.Type, at path: Path = "[*]", contentsOf url: URL,
    skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONBytes> {
    CodixJSONDecoder(self).elements(
      of: type, at: path, contentsOf: url, skippingBadElements: skippingBadElements)
  }

  /// The values of a JSON Lines document, one per line, decoded one at a
  /// time as `bytes` arrive, with this decoder's options.
  public func jsonLines<T: Decodable, Bytes: AsyncSequence>(
    of type: T.Type, in bytes: Bytes, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, Bytes> where Bytes.Element == UInt8 {
    CodixJSONDecoder(self).jsonLines(
      of: type, in: bytes, skippingBadElements: skippingBadElements)
  }
}
