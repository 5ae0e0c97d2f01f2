/// Reading the field that says which type a polymorphic value is.
extension Decoder {
  /// Decodes the discriminator at `path` as one of `Kind`'s cases.
  ///
  /// ```swift
  /// enum Target: Decodable {
  ///   case song(Song)
  ///   case user(User)
  ///
  ///   enum Kind: String, Decodable, CaseIterable { case song, user }
  ///
  ///   init(from decoder: any Decoder) throws {
  ///     switch try decoder.decodeDiscriminator(Kind.self, at: "type") {
  ///     case .song: self = .song(try Song(from: decoder))
  ///     case .user: self = .user(try User(from: decoder))
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Works in both styles: the same decoder is handed to `Song(from:)`, so a
  /// wrapper model or a path-style model decodes the same object.
  ///
  /// - Throws: A ``CodixError`` of kind ``CodixError/Kind/dataCorrupted`` whose
  ///   `expected` lists every allowed value and whose `found` is the value read,
  ///   when it is none of `Kind`'s cases; `.keyNotFound` when the discriminator
  ///   is missing.
  public func decodeDiscriminator<Kind: RawRepresentable & CaseIterable & Decodable>(
    _ kind: Kind.Type = Kind.self, at path: Path
  ) throws -> Kind where Kind.RawValue: Decodable & Equatable {
    var cursor = try Navigator.cursor(at: path, from: .root(self))
    guard let raw = try Navigator.decode(Kind.RawValue.self, at: &cursor, ifPresent: false) else {
      // safe from input: a required decode returns a value or throws.
      throw CodixError(.valueNotFound, at: cursor.path)
    }
    if let match = Kind.allCases.first(where: { $0.rawValue == raw }) { return match }
    let allowed = Kind.allCases.map { ValueRenderer.render(swiftValue: $0.rawValue) }
    // The model is left for the enclosing decode to name (the polymorphic
    // type, or the property holding it), not the discriminator enum.
    let kindName = String(reflecting: Kind.self).split(separator: ".").dropFirst()
      .joined(separator: ".")
    throw CodixError(
      .dataCorrupted, at: cursor.path,
      detail: .unknownCase(kind: kindName, value: ValueRenderer.render(swiftValue: raw)),
      expected: "one of " + allowed.joined(separator: ", "),
      found: ValueRenderer.render(swiftValue: raw))
  }

  /// Decodes the discriminator at `path` as one of `Kind`'s cases, or returns
  /// `fallback` when it names none of them (a kind the server added after
  /// the app shipped), recorded with the value found to the
  /// ``CodixDiagnostics`` in `userInfo[.codixDiagnostics]`.
  ///
  /// ```swift
  /// switch try decoder.decodeDiscriminator(Kind.self, at: "type", fallback: .unknown) {
  /// case .song: self = .song(try Song(from: decoder))
  /// case .user: self = .user(try User(from: decoder))
  /// case .unknown: self = .unknown
  /// }
  /// ```
  ///
  /// - Throws: A ``CodixError`` when the discriminator is missing or not of
  ///   `Kind`'s raw type.
  public func decodeDiscriminator<Kind: RawRepresentable & CaseIterable & Decodable>(
    _ kind: Kind.Type = Kind.self, at path: Path, fallback: Kind
  ) throws -> Kind where Kind.RawValue: Decodable & Equatable {
    do {
      return try decodeDiscriminator(kind, at: path)
    } catch let error as CodixError where error.detail.map(Self.isUnknownCase) == true {
      try CodixDiagnostics.recoverWithFallback(error, in: userInfo)
      return fallback
    }
  }

  private static func isUnknownCase(_ detail: CodixError.Detail) -> Bool {
    if case .unknownCase = detail { return true }
    return false
  }
}
