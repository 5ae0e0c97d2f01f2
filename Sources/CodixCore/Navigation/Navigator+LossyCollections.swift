import Foundation

// Lossy dictionaries and sets.
//
// A dictionary is read from a JSON object whatever its key type: `String`,
// any `CodingKeyRepresentable` (`Int` included), a `String`-backed enum, or
// any `LosslessStringConvertible`, so `[Status: Int]` reads
// `{"open": 3, "closed": 5}` (Codable reads such a dictionary from an array
// of alternating keys and values). An entry whose key does not convert or
// whose value fails is dropped and recorded to `CodixDiagnostics` with its
// path. A set is a lossy array without duplicates.

/// Dictionary keys made from, and written as, the keys of a JSON object.
package enum DictionaryKeys {
  /// The key of type `Key` spelled `text` in a JSON object; `nil` when it
  /// does not convert.
  package static func key<Key>(_ type: Key.Type, from text: String) -> Key? {
    if let key = text as? Key { return key }
    if let representable = Key.self as? any CodingKeyRepresentable.Type {
      return representable.init(codingKey: TextKey(text)) as? Key
    }
    if let raw = Key.self as? any RawRepresentable.Type {
      func make<R: RawRepresentable>(_: R.Type) -> Any? {
        if let raw = text as? R.RawValue { return R(rawValue: raw) }
        // An `Int`-backed enum, say: its raw value spelled as text.
        guard let lossless = R.RawValue.self as? any LosslessStringConvertible.Type,
          let raw = lossless.init(text) as? R.RawValue
        else { return nil }
        return R(rawValue: raw)
      }
      return make(raw) as? Key
    }
    if let lossless = Key.self as? any LosslessStringConvertible.Type {
      return lossless.init(text) as? Key
    }
    return nil
  }

  /// How `key` is spelled as a key of a JSON object.
  package static func text<Key>(of key: Key) -> String {
    if let text = key as? String { return text }
    if let representable = key as? any CodingKeyRepresentable {
      return representable.codingKey.stringValue
    }
    if let raw = key as? any RawRepresentable {
      if let text = raw.rawValue as? String { return text }
      if let lossless = raw.rawValue as? any LosslessStringConvertible {
        return lossless.description
      }
    }
    return String(describing: key)
  }

  /// Whether Codable writes a dictionary keyed by `Key` as an array of
  /// alternating keys and values rather than as an object.
  package static func codableWritesArray<Key>(_ type: Key.Type) -> Bool {
    !(Key.self == String.self || Key.self is any CodingKeyRepresentable.Type)
  }
}

/// An object's key as a `CodingKeyRepresentable` type reads it: with the
/// integer it spells, if any (`Int` keys are read from `intValue`).
private struct TextKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ text: String) {
    stringValue = text
    intValue = Int(text)
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) { self.init(String(intValue)) }
}

/// A dictionary written as a JSON object whatever its key type.
package struct KeyedObject<Value: Encodable>: Encodable {
  package let entries: [(key: String, value: Value)]

  package init<Key>(_ dictionary: [Key: Value]) {
    entries = dictionary.map { (DictionaryKeys.text(of: $0.key), $0.value) }.sorted {
      KeyOrder.precedes($0.key, $1.key)
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodixKey.self)
    for (key, value) in entries { try container.encode(value, forKey: CodixKey(key)) }
  }
}

/// One entry of an object a lossy dictionary reads: its value, or why it
/// failed (with the value found, read while the entry's decoder is at hand).
private struct LossyEntry<Value: Decodable>: Decodable {
  let outcome: Result<Value, CodixError>

  init(from decoder: any Decoder) throws {
    do {
      outcome = .success(try decoder.singleValueContainer().decode(Value.self))
    } catch {
      outcome = .failure(Navigator.enriched(error, at: .root(decoder)))
    }
  }
}

extension Navigator {
  /// Decodes the object at `cursor` as a dictionary, dropping the entries
  /// whose key does not convert to `Key` or whose value fails, each recorded
  /// to the diagnostics in `userInfo` with its path. The keys are the
  /// object's as written, whatever the decoder's key strategy.
  package static func decodeLossyDictionary<Key: Hashable, Value: Decodable>(
    _ type: [Key: Value].Type, at cursor: Cursor, userInfo: [CodingUserInfoKey: Any],
    strict: Bool = false, attribute: (inout CodixError) -> Void = { _ in }
  ) throws(CodixError) -> [Key: Value] {
    // Read as `[String: Entry]`: the keys stay as the document writes them
    // under every key strategy, as `JSONDecoder` leaves a `[String: Value]`'s.
    let entries: [String: LossyEntry<Value>]
    do {
      var object = cursor
      entries = try object.decode([String: LossyEntry<Value>].self)
    } catch {
      throw enriched(error, at: cursor)
    }
    let base = cursor.path
    var dictionary: [Key: Value] = [:]
    dictionary.reserveCapacity(entries.count)
    for (text, entry) in entries.sorted(by: { KeyOrder.precedes($0.key, $1.key) }) {
      let path = base.appending(component: .key(text))
      guard let key = DictionaryKeys.key(Key.self, from: text) else {
        var warning = CodixError(
          .typeMismatch, at: path, expected: "a key of type \(TypeNames.display(Key.self))",
          found: "key \(ValueRenderer.quote(text))")
        attribute(&warning)
        if strict { throw warning }
        warning.detail = .droppedEntry(reason: nil)
        try CodixDiagnostics.recover(warning, in: userInfo)
        continue
      }
      switch entry.outcome {
      case .success(let value):
        dictionary[key] = value
      case .failure(var warning):
        warning.attribute(insideValueOf: Value.self, at: path)
        if strict {
          attribute(&warning)
          throw warning
        }
        warning.becomeRecovery { .droppedEntry(reason: $0) }
        attribute(&warning)
        try CodixDiagnostics.recover(warning, in: userInfo)
      }
    }
    return dictionary
  }
}
