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
// so each claimed key counts under both spellings. Each engine names the
// keys no claimed key finds (`DocumentObject.unclaimedKeys`).

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
  /// The object at `cursor`, whose keys are audited.
  private static func object(at cursor: Cursor) throws(CodixError) -> ObjectCursor {
    guard let object = try Navigator.object(at: cursor, sharing: false) else {
      throw Absence.ofObject(at: cursor).error(expected: "an object")
    }
    return object
  }

  /// Applies `policy` to the keys of the object at `cursor` that `claimed`
  /// does not name.
  package static func check(
    at cursor: Cursor, claimed: Set<String>, policy: UnknownKeys, model: String? = nil,
    userInfo: [CodingUserInfoKey: Any]
  ) throws(CodixError) {
    guard policy != .ignore else { return }
    let unknown = try object(at: cursor).unclaimedKeys(claimed)
    guard let first = unknown.first else { return }
    let base = cursor.path
    let suggestion = { (key: String) in Suggestions.closest(to: key, in: KeyOrder.sorted(claimed)) }
    func error(_ key: String, others: [String]) -> CodixError {
      var error = CodixError(
        .dataCorrupted, at: base.appending(component: .key(key)),
        detail: .unknownKeys(key, others: others, suggestion: suggestion(key)),
        expected: "only keys \(model ?? "the model") reads",
        found: "key \(ValueRenderer.quote(key))")
      if let model { error.attribute(model: model, property: nil) }
      return error
    }
    // A strict decoder (`.codixStrictDecoding`) refuses what `.warn` would
    // report, as it refuses every recovery: one error listing every unknown key.
    if policy == .reject || userInfo[.codixStrictDecoding] as? Bool == true {
      throw error(first, others: Array(unknown.dropFirst()))
    }
    for key in unknown {
      CodixDiagnostics.report(error(key, others: []), in: userInfo)
    }
  }

  /// The values of the keys of the object at `cursor` that `claimed` does
  /// not name.
  package static func extras(at cursor: Cursor, claimed: Set<String>) throws(CodixError)
    -> [String: JSONValue]
  {
    let object = try object(at: cursor)
    var extras: [String: JSONValue] = [:]
    for key in object.unclaimedKeys(claimed) {
      var member = object.member(key)
      // safe from input: `decode` returns a value or throws when not `ifPresent`.
      extras[key] = try Navigator.decode(JSONValue.self, at: &member, ifPresent: false) ?? .null
    }
    return extras
  }

  /// Writes `extras` as keys of the object `encoder` is at, in sorted order.
  package static func write(_ extras: [String: JSONValue], to encoder: any Encoder)
    throws(CodixError)
  {
    var container = encoder.container(keyedBy: CodixKey.self)
    for (key, value) in extras.sorted(by: { KeyOrder.precedes($0.key, $1.key) }) {
      do {
        try container.encode(value, forKey: CodixKey(key))
      } catch {
        throw CodixError.wrap(error, at: Path(codingPath: encoder.codingPath + [CodixKey(key)]))
      }
    }
  }
}
