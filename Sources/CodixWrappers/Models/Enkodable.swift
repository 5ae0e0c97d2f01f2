import CodixCore

/// A model encoded from its property wrappers and plain stored properties.
///
/// Each property is written at its key or path (paths that share a prefix
/// share one object), through its transformer or date strategy in reverse.
/// `nil` is left out unless the property has `.encodeAsNullIfNil`.
public protocol Enkodable: Encodable, CodixModel {
  /// Runs after the properties are encoded, with the same encoder, so
  /// path-style code can write the rest. Does nothing by default.
  func didEncode(to encoder: any Encoder) throws
}

extension Enkodable {
  /// Does nothing: a model without path-style additions writes only its properties.
  public func didEncode(to encoder: any Encoder) throws {}

  /// Encodes the model's properties, then calls ``didEncode(to:)``.
  ///
  /// - Throws: A ``CodixError`` naming the model and property.
  public func encode(to encoder: any Encoder) throws {
    try WrapperEngine.encode(self, to: encoder)
    do {
      try didEncode(to: encoder)
    } catch {
      throw WrapperEngine.hookFailure(error, model: Self.self, codingPath: encoder.codingPath)
    }
  }
}

/// A model that decodes and encodes through its property wrappers.
public typealias Kodable = Dekodable & Enkodable

/// What `Dekodable` and `Enkodable` models share: how their property names
/// become keys.
public protocol CodixModel {
  /// The keys of the properties that name none of their own: `.asDeclared`
  /// by default, or `.snakeCase`, `.kebabCase`, `.screamingSnakeCase`,
  /// `.pascalCase`, `.camelCase`.
  ///
  /// ```swift
  /// struct User: Kodable {
  ///   static let keyStyle = KeyStyle.snakeCase
  ///   @Coding var firstName: String  // read and written at "first_name"
  /// }
  /// ```
  static var keyStyle: KeyStyle { get }

  /// Whether the model conforms to ``DebugJSON`` where its conformance to
  /// `CodixModel` is declared. Lets the model's table skip a dynamic cast
  /// that, for a type met for the first time, searches every conformance in
  /// the process. An implementation detail: conform to ``DebugJSON`` rather
  /// than implementing this.
  static var _declaresDebugJSON: Bool { get }
}

extension CodixModel {
  /// Property names as declared.
  public static var keyStyle: KeyStyle { .asDeclared }

  /// `false`: the model's declaration does not ask to print its JSON.
  public static var _declaresDebugJSON: Bool { false }
}

extension CodixModel where Self: DebugJSON {
  /// `true`: the model asked (``DebugJSON``) to print the JSON it decodes.
  public static var _declaresDebugJSON: Bool { true }
}
