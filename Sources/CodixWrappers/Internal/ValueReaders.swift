import CodixCore
import Foundation

// Readers for plain Decodable values, with the lossy rules of Codix wrappers:
//
//   Bool    also from 0 / 1 and "true" / "false" (any case)
//   String  also from an integer or a floating-point number
//   [E]     elements that fail are dropped
//   .lossless: numbers also from numeric strings, a String also from a Bool,
//              and each element of an array read by these rules
//
// Every fallback runs only after the strict read failed with a type mismatch,
// so well-typed documents pay nothing, and every coercion or drop is recorded
// to CodixDiagnostics. The reader for a type is chosen once per model type.

enum ValueReaders {
  static func reader<V: Decodable>(for type: V.Type, rules: FieldRules) -> FieldReader<V> {
    if let optional = anyOptionalType(V.self),
      let wrapped = optional.wrappedType as? any Decodable.Type,
      let lifted = liftedReader(wrapped, rules) as? FieldReader<V>
    {
      return lifted
    }
    if rules.lossless {
      if let array = V.self as? any LossyArrayReading.Type,
        let reader = array.elementwiseReader(rules) as? FieldReader<V>
      {
        return reader
      }
      if V.self == String.self, let reader = losslessString as? FieldReader<V> { return reader }
    }
    if !rules.lossy, let dictionary = V.self as? any LossyCollectionReading.Type,
      let reader = dictionary.strictObjectReader() as? FieldReader<V>
    {
      return reader
    }
    if rules.lossy {
      if V.self == Bool.self, let reader = lossyBool as? FieldReader<V> { return reader }
      if V.self == String.self, let reader = lossyString as? FieldReader<V> { return reader }
      if let array = V.self as? any LossyArrayReading.Type,
        let reader = array.lossyReader() as? FieldReader<V>
      {
        return reader
      }
      if let collection = V.self as? any LossyCollectionReading.Type,
        let reader = collection.lossyCollectionReader() as? FieldReader<V>
      {
        return reader
      }
    }
    if rules.lossless, let number = V.self as? any LosslessNumber.Type,
      let reader = number.losslessReader() as? FieldReader<V>
    {
      return reader
    }
    return strict(V.self)
  }

  static func strict<V: Decodable>(_ type: V.Type) -> FieldReader<V> {
    FieldReader { cursor, _ in try cursor.decodeIfPresent(V.self) }
  }

  /// Runs `strict`; after a type mismatch, tries `fallback`, and rethrows the
  /// original error when the fallback has nothing.
  static func withFallback<V>(
    _ strict: (inout Cursor) throws -> V?, fallback: (inout Cursor) -> (value: V, found: String)?,
    expected: String, cursor: inout Cursor, context: ReadContext
  ) throws -> V? {
    do {
      return try strict(&cursor)
    } catch let error as DecodingError {
      guard case .typeMismatch = error, let (value, found) = fallback(&cursor) else { throw error }
      let path = cursor.path
      try CodixDiagnostics.recover(
        {
          var warning = CodixError(
            .typeMismatch, at: path,
            detail: .lossyRead(
              found: found, expected: expected, value: ValueRenderer.render(swiftValue: value)),
            expected: expected, found: found)
          warning.attribute(model: context.model, property: context.property)
          return warning
        }(), in: context.userInfo)
      return value
    }
  }

  static var lossyBool: FieldReader<Bool> {
    FieldReader<Bool> { cursor, context in
      try withFallback(
        { try $0.decodeIfPresent(Bool.self) },
        fallback: { cursor in
          if let int = try? cursor.decode(Int.self), let bool = LossyRules.bool(from: int) {
            return (bool, "\(int)")
          }
          if let text = try? cursor.decode(String.self), let bool = LossyRules.bool(from: text) {
            return (bool, ValueRenderer.quote(text))
          }
          return nil
        }, expected: "Bool", cursor: &cursor, context: context)
    }
  }

  /// A `String` also from a number or a `Bool` (`.lossless`).
  static var losslessString: FieldReader<String> {
    FieldReader<String> { cursor, context in
      try withFallback(
        { try $0.decodeIfPresent(String.self) },
        fallback: { cursor in
          if let int = try? cursor.decode(Int.self) { return ("\(int)", "\(int)") }
          if let double = try? cursor.decode(Double.self) { return ("\(double)", "\(double)") }
          if let bool = try? cursor.decode(Bool.self) { return ("\(bool)", "\(bool)") }
          return nil
        }, expected: "String", cursor: &cursor, context: context)
    }
  }

  static var lossyString: FieldReader<String> {
    FieldReader<String> { cursor, context in
      try withFallback(
        { try $0.decodeIfPresent(String.self) },
        fallback: { cursor in
          if let int = try? cursor.decode(Int.self) { return ("\(int)", "\(int)") }
          if let double = try? cursor.decode(Double.self) { return ("\(double)", "\(double)") }
          return nil
        }, expected: "String", cursor: &cursor, context: context)
    }
  }
}

// MARK: - The lossy rules

/// What a lossy `Bool` accepts besides `true` and `false`: `0` and `1`, and
/// the strings `"true"` and `"false"` in any letter case. Deliberately
/// narrower than ``BoolFromString``'s default table (which also reads
/// `"yes"`/`"no"` and `"1"`/`"0"`): a lossy read accepts only spellings that
/// cannot mean anything else. To accept more, use `BoolFromString` with
/// `using:`.
enum LossyRules {
  static func bool(from integer: Int) -> Bool? {
    switch integer {
    case 0: false
    case 1: true
    default: nil
    }
  }

  static func bool(from text: String) -> Bool? {
    switch text.lowercased() {
    case "true": true
    case "false": false
    default: nil
    }
  }
}

// MARK: - Optionals

extension ValueReaders {
  /// The reader of `Wrapped?`: the reader of `Wrapped`, whose absent is `nil`.
  private static func liftedReader<Wrapped: Decodable>(_: Wrapped.Type, _ rules: FieldRules)
    -> Any
  {
    reader(for: Wrapped.self, rules: rules).optional
  }
}

// MARK: - Lossy arrays

protocol LossyArrayReading {
  static func lossyReader() -> Any
  /// A reader that reads each element with `rules` and drops the elements
  /// that fail or are `null`.
  static func elementwiseReader(_ rules: FieldRules) -> Any
}

extension Array: LossyArrayReading where Element: Decodable {
  static func lossyReader() -> Any {
    let scalarElements = StandardScalar.of(Element.self) != nil
    return FieldReader<[Element]> { cursor, context in
      // Scalars have no side effects: try the whole array strictly first and
      // go element by element only when that fails (a failed read leaves
      // the cursor where it was).
      if scalarElements, let strict = try? cursor.decodeIfPresent([Element].self) {
        return strict
      }
      if cursor.isAbsent() { return nil }
      return try Navigator.decodeLossyArray(
        Element.self, at: cursor, userInfo: context.userInfo,
        attribute: { $0.attribute(model: context.model, property: context.property) })
    }
  }
}

extension Array where Element: Decodable {
  static func elementwiseReader(_ rules: FieldRules) -> Any {
    let element = ValueReaders.reader(for: Element.self, rules: rules)
    return FieldReader<[Element]> { cursor, context in
      if cursor.isAbsent() { return nil }
      return try Navigator.decodeLossyArray(
        Element.self, at: cursor, userInfo: context.userInfo,
        decodeElement: { container in
          let before = Cursor.element(container)
          var position = before
          let value = try element.read(&position, context)
          if let advanced = position.elementContainer { container = advanced }
          guard let value else {
            var error = Absence(at: before, .null).error(expected: TypeNames.display(Element.self))
            error.attribute(model: context.model, property: context.property)
            throw error
          }
          return value
        })
    }
  }
}

// MARK: - Lossy dictionaries and sets

protocol LossyCollectionReading {
  static func lossyCollectionReader() -> Any
  /// For a dictionary that Codable would read from an array of alternating
  /// keys and values: a reader of the object Codix writes, failing on the
  /// first bad entry. `nil` otherwise.
  static func strictObjectReader() -> Any?
}

extension LossyCollectionReading {
  static func strictObjectReader() -> Any? { nil }
}

extension Dictionary: LossyCollectionReading where Value: Decodable {
  static func lossyCollectionReader() -> Any { objectReader(strict: false) }

  static func strictObjectReader() -> Any? {
    DictionaryKeys.codableWritesArray(Key.self) ? objectReader(strict: true) : nil
  }

  private static func objectReader(strict: Bool) -> FieldReader<[Key: Value]> {
    FieldReader<[Key: Value]> { cursor, context in
      if cursor.isAbsent() { return nil }
      return try Navigator.decodeLossyDictionary(
        [Key: Value].self, at: cursor, userInfo: context.userInfo, strict: strict,
        attribute: { $0.attribute(model: context.model, property: context.property) })
    }
  }
}

extension Set: LossyCollectionReading where Element: Decodable {
  static func lossyCollectionReader() -> Any {
    let array = [Element].lossyReader() as? FieldReader<[Element]>
    return FieldReader<Set<Element>> { cursor, context in
      guard let elements = try array?.read(&cursor, context) else { return nil }
      return Set(elements)
    }
  }
}

// MARK: - Lossless numbers

protocol LosslessNumber {
  static func losslessReader() -> Any
}

extension LosslessNumber where Self: Decodable & LosslessStringConvertible {
  static func losslessReader() -> Any {
    FieldReader<Self> { cursor, context in
      try ValueReaders.withFallback(
        { try $0.decodeIfPresent(Self.self) },
        fallback: { cursor in
          guard let text = try? cursor.decode(String.self),
            let value = Self(text.trimmingCharacters(in: .whitespaces))
          else { return nil }
          return (value, ValueRenderer.quote(text))
        }, expected: "\(Self.self)", cursor: &cursor, context: context)
    }
  }
}

extension Int: LosslessNumber {}
extension Int8: LosslessNumber {}
extension Int16: LosslessNumber {}
extension Int32: LosslessNumber {}
extension Int64: LosslessNumber {}
extension UInt: LosslessNumber {}
extension UInt8: LosslessNumber {}
extension UInt16: LosslessNumber {}
extension UInt32: LosslessNumber {}
extension UInt64: LosslessNumber {}
extension Double: LosslessNumber {}
extension Float: LosslessNumber {}
