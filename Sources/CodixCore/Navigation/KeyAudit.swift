// Keys no property reads: rejected, reported, or kept as extras.
//
// For a model that reads `id` and `first_name` from
//
//     {"id": 1, "frist_name": "Ana", "theme": "dark"}
//
// the unknown keys are `frist_name` and `theme`. `.reject` throws (naming the
// first, in sorted order, and the declared key it probably meant:
// `first_name`), `.warn` records one warning per key to `CodixDiagnostics`,
// and an extras property holds them as `JSONValue`s for encoding back.
//
// Keys are compared as the decoder spells them: under
// `.convertFromSnakeCase` the object's keys arrive converted (`fristName`),
// so each claimed key counts under both spellings. The native reader knows
// its strategy and finds a claimed key under either spelling, so it names
// the keys no claimed key finds itself.

/// What decoding does with the keys of a model's object that no property
/// reads.
///
/// ```swift
/// struct User: Kodable {
///   static let unknownKeys = UnknownKeys.reject
///   @Coding("first_name") var firstName: String
/// }
/// // {"frist_name": "Ana"} throws: unknown key "frist_name"; did you mean "first_name"?
/// ```
public enum UnknownKeys: Sendable, Hashable {
  /// Leaves them alone: Codable's behaviour and the default.
  case ignore
  /// Records one warning per unknown key to the ``CodixDiagnostics`` in
  /// `userInfo[.codixDiagnostics]`; a strict decoder
  /// (`userInfo[.codixStrictDecoding] = true`) throws as ``reject`` does.
  case warn
  /// Throws a ``CodixError`` naming the first unknown key and the declared
  /// key it probably meant.
  case reject
}

package enum KeyAudit {
  /// The keys of `container` that `claimed` does not name, sorted.
  package static func unknownKeys(
    in container: KeyedDecodingContainer<CodixKey>, claimed: Set<String>, decoder: any Decoder
  ) -> [String] {
    if let reader = JSONReader.of(decoder), reader.value != JSONReader.missing,
      reader.document.entry(reader.value).tag == .object
    {
      return reader.unclaimedKeys(of: reader.value, claimed: claimed)
    }
    var known = claimed
    if KeySpelling.convertsFromSnakeCase(
      decoder, in: container, written: { KeySpelling.writtenKeys(of: decoder) })
    {
      for key in claimed { known.insert(SnakeCase.converted(key)) }
    }
    return container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
  }

  /// Applies `policy` to the keys of `container` that `claimed` does not name.
  package static func check(
    _ container: KeyedDecodingContainer<CodixKey>, claimed: Set<String>, policy: UnknownKeys,
    model: String? = nil, decoder: any Decoder
  ) throws(CodixError) {
    guard policy != .ignore else { return }
    let unknown = unknownKeys(in: container, claimed: claimed, decoder: decoder)
    guard let first = unknown.first else { return }
    let suggestion = { (key: String) in Suggestions.closest(to: key, in: claimed.sorted()) }
    func error(_ key: String, others: [String]) -> CodixError {
      var error = CodixError(
        .dataCorrupted, at: Path(codingPath: container.codingPath + [CodixKey(key)]),
        detail: .unknownKeys(key, others: others, suggestion: suggestion(key)),
        expected: "only keys \(model ?? "the model") reads",
        found: "key \(ValueRenderer.quote(key))")
      if let model { error.attribute(model: model, property: nil) }
      return error
    }
    // A strict decoder (`.codixStrictDecoding`) refuses what `.warn` would
    // report, as it refuses every recovery: one error listing every unknown key.
    if policy == .reject || decoder.userInfo[.codixStrictDecoding] as? Bool == true {
      throw error(first, others: Array(unknown.dropFirst()))
    }
    for key in unknown {
      CodixDiagnostics.report(error(key, others: []), in: decoder.userInfo)
    }
  }

  /// The values of the keys of `container` that `claimed` does not name.
  package static func extras(
    in container: KeyedDecodingContainer<CodixKey>, claimed: Set<String>, decoder: any Decoder
  ) throws(CodixError) -> [String: JSONValue] {
    var extras: [String: JSONValue] = [:]
    for key in unknownKeys(in: container, claimed: claimed, decoder: decoder) {
      var cursor = Cursor.keyed(container, CodixKey(key))
      // safe from input: `decode` returns a value or throws when not `ifPresent`.
      extras[key] = try Navigator.decode(JSONValue.self, at: &cursor, ifPresent: false) ?? .null
    }
    return extras
  }

  /// Writes `extras` as keys of the object `encoder` is at, in sorted order.
  package static func write(_ extras: [String: JSONValue], to encoder: any Encoder)
    throws(CodixError)
  {
    var container = encoder.container(keyedBy: CodixKey.self)
    for (key, value) in extras.sorted(by: { $0.key < $1.key }) {
      do {
        try container.encode(value, forKey: CodixKey(key))
      } catch {
        throw CodixError.wrap(error, at: Path(codingPath: encoder.codingPath + [CodixKey(key)]))
      }
    }
  }
}
