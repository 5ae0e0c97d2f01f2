import CodixCore

extension Decoder {
  /// Rejects, or records as warnings, the keys of this decoder's object that
  /// none of `known` starts with: a typo in the payload (or in the model)
  /// found at once instead of as a silently missing value.
  ///
  /// ```swift
  /// init(from decoder: Decoder) throws {
  ///   try decoder.checkUnknownKeys(besides: ["id", "first_name", "address.city"])
  ///   id = try decoder.decode(at: "id")
  ///   …
  /// }
  /// // {"id": 1, "frist_name": "Ana"} throws: unknown key "frist_name"; did you mean "first_name"?
  /// ```
  ///
  /// - Parameters:
  ///   - known: The paths the model reads; their first keys are the known
  ///     keys of this object.
  ///   - policy: `.reject` throws for the first unknown key (in sorted order,
  ///     naming the others); `.warn` records one warning per key to the
  ///     ``CodixDiagnostics`` in `userInfo[.codixDiagnostics]`.
  public func checkUnknownKeys(besides known: [Path], _ policy: UnknownKeys = .reject) throws {
    guard policy != .ignore else { return }
    try KeyAudit.check(
      at: .root(self), claimed: Self.firstKeys(of: known), policy: policy, userInfo: userInfo)
  }

  /// The values of the keys of this decoder's object that none of `known`
  /// starts with, to keep and write back with ``Swift/Encoder/encode(extras:)``
  /// so that a round trip loses nothing.
  ///
  /// ```swift
  /// extras = try decoder.extras(besides: ["id", "name"])
  /// ```
  public func extras(besides known: [Path]) throws -> [String: JSONValue] {
    try KeyAudit.extras(at: .root(self), claimed: Self.firstKeys(of: known))
  }

  private static func firstKeys(of paths: [Path]) -> Set<String> {
    Set(
      paths.compactMap {
        if case .key(let key)? = $0.components.first { return key }
        return nil
      })
  }
}

extension Encoder {
  /// Writes each of `extras` as a key of this encoder's object: the keys
  /// ``Swift/Decoder/extras(besides:)`` kept.
  ///
  /// ```swift
  /// try encoder.encode(extras: extras)
  /// ```
  public func encode(extras: [String: JSONValue]) throws {
    try KeyAudit.write(extras, to: self)
  }
}
