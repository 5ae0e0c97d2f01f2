import Foundation

/// The one error type that leaves Codix, in either style.
///
/// A `CodixError` says what went wrong (``kind``), where (``path``, absolute
/// from the document root, in the same syntax `decode(at:)` accepts), in which
/// model and property when Codix knows them, what was expected and what was
/// found. Its ``description`` is a readable report whose first line holds all
/// of that:
///
/// ```
/// User at response.users[0].profile.birth_day: transform failed, expected Date (format yyyy/MM/dd), found "2000-08-12"
///   Cannot read "2000-08-12" with format yyyy/MM/dd.
/// ```
///
/// The exact wording of the report may improve between releases; the stored
/// properties are the stable part to test against.
public struct CodixError: Error, Sendable {
  /// What kind of failure this is.
  public enum Kind: Sendable, Hashable {
    /// A key the decode needed is absent.
    case keyNotFound
    /// A value the decode needed is `null`.
    case valueNotFound
    /// A value has another type than the one asked for.
    case typeMismatch
    /// The input is unreadable (malformed JSON, an invalid number, a bad date).
    case dataCorrupted
    /// A ``Transformer`` rejected the value.
    case transformFailed
    /// A validation rule rejected the value.
    case validationFailed
    /// A path is malformed, or cannot be used for the operation (a negative
    /// index when encoding).
    case invalidPath
    /// An index step points past the end of an array.
    case indexOutOfRange
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// Where the failure is, from the document root, including the prefix given
  /// to a top-level `decode(_:from:at:)`, with negative indexes resolved.
  public var path: Path
  /// The model being decoded, when known (`"User"`).
  public var typeName: String?
  /// The model's property, when known (`"birthdate"`).
  public var property: String?
  /// What was expected: `"Int"`, `"Date (format yyyy/MM/dd)"`.
  public var expected: String?
  /// The offending value, short and quoted like JSON (`"2000-08-12"`, `42`,
  /// `null`, `{"id": 1, …}`), when known.
  public var found: String?
  /// A sentence of detail: Foundation's own explanation, a transformer's
  /// message, a suggestion ("Did you mean `nick_name`?").
  public var message: String?
  /// The error this one was made from, kept as it was thrown.
  public var underlyingError: (any Error)?

  /// Whether ``path`` has been set by Codix (an error made by user code, such
  /// as ``transformFailed(_:)``, gets its path where Codix catches it).
  package var isLocated: Bool

  /// Creates an error. Codix fills in the path, model and found value of an
  /// error thrown from user code where it catches it.
  public init(
    kind: Kind, path: Path = .root, typeName: String? = nil, property: String? = nil,
    expected: String? = nil, found: String? = nil, message: String? = nil,
    underlyingError: (any Error)? = nil
  ) {
    self.kind = kind
    self.path = path
    self.typeName = typeName
    self.property = property
    self.expected = expected
    self.found = found
    self.message = message
    self.underlyingError = underlyingError
    self.isLocated = !path.isRoot
  }

  /// The error a ``Transformer`` throws when it cannot convert a value.
  ///
  /// ```swift
  /// guard let amount = Int(parts[1]) else {
  ///   throw CodixError.transformFailed("Can not transform \(value) to Enum Salary")
  /// }
  /// ```
  ///
  /// Codix adds the path and the offending value where it catches the error.
  public static func transformFailed(_ message: String) -> CodixError {
    CodixError(kind: .transformFailed, message: message)
  }

  /// Makes a Codix error from a plain Codable error, keeping its kind, its
  /// path (as a ``Path``), the expected type and Foundation's explanation.
  ///
  /// ```swift
  /// do { _ = try JSONDecoder().decode(User.self, from: data) }
  /// catch let error as DecodingError { print(CodixError(error)) }
  /// ```
  public init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(
        kind: .keyNotFound, path: Path(codingPath: context.codingPath + [key]),
        message: Self.foundationMessage(context), underlyingError: context.underlyingError)
    case .valueNotFound(let type, let context):
      self.init(
        kind: .valueNotFound, path: Path(codingPath: context.codingPath),
        expected: TypeNames.display(type), found: "null",
        message: Self.foundationMessage(context), underlyingError: context.underlyingError)
    case .typeMismatch(let type, let context):
      self.init(
        kind: .typeMismatch, path: Path(codingPath: context.codingPath),
        expected: TypeNames.display(type),
        message: Self.foundationMessage(context), underlyingError: context.underlyingError)
    case .dataCorrupted(let context):
      self.init(
        kind: .dataCorrupted, path: Path(codingPath: context.codingPath),
        message: Self.corruptionMessage(context), underlyingError: context.underlyingError)
    @unknown default:
      self.init(kind: .dataCorrupted, message: "\(error)", underlyingError: error)
    }
    isLocated = true
  }

  private static func foundationMessage(_ context: DecodingError.Context) -> String? {
    context.debugDescription.isEmpty ? nil : context.debugDescription
  }

  private static func corruptionMessage(_ context: DecodingError.Context) -> String? {
    var message = context.debugDescription
    if let underlying = context.underlyingError {
      let detail = "\(underlying)"
      if !detail.isEmpty, !message.contains(detail) {
        message += message.isEmpty ? detail : " " + detail
      }
    }
    return message.isEmpty ? nil : message
  }
}

// MARK: - Internal construction

extension CodixError {
  init(invalidPath error: PathSyntaxError) {
    self.init(
      kind: .invalidPath, expected: "a valid path", found: Self.quoted(error.text),
      message: "Invalid path \(Self.quoted(error.text)): \(error.reason) at offset \(error.offset)."
        + "\n" + error.text + "\n" + String(repeating: " ", count: error.offset) + "^")
  }

  /// Turns any error into a `CodixError` located at `path` when it carries no
  /// location of its own.
  package static func wrap(_ error: any Error, at path: @autoclosure () -> Path) -> CodixError {
    if var codix = error as? CodixError {
      if !codix.isLocated {
        codix.path = path()
        codix.isLocated = true
      }
      return codix
    }
    if let decoding = error as? DecodingError {
      return CodixError(decoding)
    }
    var codix = CodixError(
      kind: .dataCorrupted, path: path(), message: "\(error)", underlyingError: error)
    codix.isLocated = true
    return codix
  }

  /// Fills the model name when the failure happened inside a value of `type`
  /// decoded at `valuePath` (and no inner model claimed it).
  package mutating func attribute<T>(insideValueOf type: T.Type, at valuePath: Path) {
    guard typeName == nil, path.components.count > valuePath.components.count,
      let model = TypeNames.modelName(type)
    else { return }
    typeName = model
  }

  static func quoted(_ text: String) -> String {
    FoundRenderer.quote(text, limit: 80)
  }
}
