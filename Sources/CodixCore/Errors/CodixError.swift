import Foundation

/// The one error type that leaves Codix, in either style.
///
/// A `CodixError` says what went wrong (``kind``), where (``path``, absolute
/// from the document root, in the same syntax `decode(at:)` accepts), in which
/// model and property when Codix knows them, what was expected and what was
/// found. Its `description` is a readable report whose first line holds all
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
  public var kind: Kind {
    get { storage.kind }
    set { unique().kind = newValue }
  }
  /// Where the failure is, from the document root, including the prefix given
  /// to a top-level `decode(_:from:at:)`, with negative indexes resolved.
  public var path: Path {
    get { storage.path }
    set { unique().path = newValue }
  }
  /// The model being decoded, when known (`"User"`).
  public var typeName: String? {
    get { storage.typeName }
    set { unique().typeName = newValue }
  }
  /// The model's property, when known (`"birthdate"`).
  public var property: String? {
    get { storage.property }
    set { unique().property = newValue }
  }
  /// What was expected: `"Int"`, `"Date (format yyyy/MM/dd)"`.
  public var expected: String? {
    get { storage.expected }
    set { unique().expected = newValue }
  }
  /// The offending value, short and quoted like JSON (`"2000-08-12"`, `42`,
  /// `null`, `{"id": 1, …}`), when known.
  public var found: String? {
    get { storage.found }
    set { unique().found = newValue }
  }
  /// A sentence of detail: Foundation's own explanation, a transformer's
  /// message, a suggestion ("Did you mean `nick_name`?"). Setting it replaces
  /// the text Codix would write.
  public var message: String? {
    get { storage.customMessage ?? storage.detail?.text }
    set { unique().customMessage = newValue }
  }
  /// The error this one was made from, kept as it was thrown.
  public var underlyingError: (any Error)? {
    get { storage.underlyingError }
    set { unique().underlyingError = newValue }
  }
  /// Where the offending value is in the document (of its object, for a
  /// missing key), when the document was read by ``CodixJSONDecoder``.
  public var location: Location? {
    get { storage.location }
    set { unique().location = newValue }
  }

  /// A place in a JSON document.
  public struct Location: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters from the start of the line.
    public var column: Int
    /// The offset in bytes from the start of the document (after a byte
    /// order mark), from 0.
    public var offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int) {
      self.line = line
      self.column = column
      self.offset = offset
    }

    /// `line 14, column 12`.
    public var description: String { "line \(line), column \(column)" }
  }

  /// What Codix knows about the failure beyond the public fields, as data;
  /// ``message`` renders it (see `CodixError+Report.swift`).
  package var detail: Detail? {
    get { storage.detail }
    set { unique().detail = newValue }
  }

  /// Whether ``path`` has been set by Codix. An error made by user code, such
  /// as ``transformFailed(_:)``, gets its path where Codix catches it
  /// (`placed(at:)`).
  package private(set) var isLocated: Bool {
    get { storage.isLocated }
    set { unique().isLocated = newValue }
  }

  /// The fields, behind one reference: an error is one word wherever it is
  /// held, thrown or copied. Every function that throws a `CodixError`
  /// keeps a slot for one in its frame, and one frame holds many such slots;
  /// at some 200 bytes an error, the wrapper engine's frames took kilobytes.
  private var storage: Storage

  /// The storage, copied first when another error shares it, so that a
  /// change to this error changes no other.
  private mutating func unique() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    return storage
  }

  /// An error's fields. Unchecked `Sendable`: the storage is private to its
  /// error, and written only through `unique()`, which first copies any
  /// storage another error holds too; so no storage two errors share (or two
  /// threads see) is ever written.
  private final class Storage: @unchecked Sendable {
    var kind: Kind
    var path: Path
    var typeName: String?
    var property: String?
    var expected: String?
    var found: String?
    var customMessage: String?
    var underlyingError: (any Error)?
    var location: Location?
    var detail: Detail?
    var isLocated: Bool

    init(kind: Kind, path: Path, isLocated: Bool) {
      self.kind = kind
      self.path = path
      self.isLocated = isLocated
    }

    init(copying other: Storage) {
      kind = other.kind
      path = other.path
      typeName = other.typeName
      property = other.property
      expected = other.expected
      found = other.found
      customMessage = other.customMessage
      underlyingError = other.underlyingError
      location = other.location
      detail = other.detail
      isLocated = other.isLocated
    }
  }

  /// Creates an error. Codix fills in the path, model and found value of an
  /// error thrown from user code where it catches it.
  public init(
    kind: Kind, path: Path = .root, typeName: String? = nil, property: String? = nil,
    expected: String? = nil, found: String? = nil, message: String? = nil,
    underlyingError: (any Error)? = nil
  ) {
    storage = Storage(kind: kind, path: path, isLocated: !path.isRoot)
    storage.typeName = typeName
    storage.property = property
    storage.expected = expected
    storage.found = found
    storage.customMessage = message
    storage.underlyingError = underlyingError
  }

  /// Creates an error whose path is final (the root included), with its detail as data.
  package init(
    _ kind: Kind, at path: Path, detail: Detail? = nil, expected: String? = nil,
    found: String? = nil, underlyingError: (any Error)? = nil
  ) {
    self.init(kind: kind, path: path, expected: expected, found: found)
    self.detail = detail
    self.underlyingError = underlyingError
    isLocated = true
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
  /// path (as a `Path`), the expected type and Foundation's explanation.
  ///
  /// ```swift
  /// do { _ = try JSONDecoder().decode(User.self, from: data) }
  /// catch let error as DecodingError { print(CodixError(error)) }
  /// ```
  ///
  /// An error that ``CodixJSONDecoder`` threw carries Codix's full report
  /// as its context's `underlyingError`: that report is returned, with the
  /// model, the value found and the ``location`` in the document. (Any
  /// `DecodingError` whose `underlyingError` is a `CodixError` gives that
  /// error.)
  public init(_ error: DecodingError) {
    if let report = Self.report(carriedBy: error) {
      self = report
      return
    }
    switch error {
    case .keyNotFound(let key, let context):
      self.init(
        kind: .keyNotFound, path: Path(codingPath: context.codingPath + [key]),
        underlyingError: context.underlyingError)
      detail = Self.foundationDetail(context)
    case .valueNotFound(let type, let context):
      self.init(
        kind: .valueNotFound, path: Path(codingPath: context.codingPath),
        expected: TypeNames.display(type), found: "null",
        underlyingError: context.underlyingError)
      detail = Self.foundationDetail(context)
    case .typeMismatch(let type, let context):
      // Foundation names only the kind of container it wanted (`[Any]`,
      // `[String: Any]`); the caller that knows the real type fills it in.
      self.init(
        kind: .typeMismatch, path: Path(codingPath: context.codingPath),
        expected: TypeNames.isContainerPlaceholder(type) ? nil : TypeNames.display(type),
        underlyingError: context.underlyingError)
      detail = Self.foundationDetail(context)
    case .dataCorrupted(let context):
      self.init(
        kind: .dataCorrupted, path: Path(codingPath: context.codingPath),
        underlyingError: context.underlyingError)
      detail = Self.corruptionDetail(context)
    @unknown default:
      self.init(kind: .dataCorrupted, underlyingError: error)
      detail = .thrown("\(error)")
    }
    isLocated = true
  }

  /// The report a DecodingError carries as its context's underlying error.
  private static func report(carriedBy error: DecodingError) -> CodixError? {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      context.underlyingError as? CodixError
    @unknown default:
      nil
    }
  }

  private static func foundationDetail(_ context: DecodingError.Context) -> Detail? {
    context.debugDescription.isEmpty ? nil : .foundation(context.debugDescription)
  }

  private static func corruptionDetail(_ context: DecodingError.Context) -> Detail? {
    var message = context.debugDescription
    if let underlying = context.underlyingError {
      let text = "\(underlying)"
      if !text.isEmpty, !message.contains(text) {
        message += message.isEmpty ? text : " " + text
      }
    }
    return message.isEmpty ? nil : .foundation(message)
  }
}

// MARK: - Placing and attributing (the one place that fills in context)

extension CodixError {
  /// Turns any error into a `CodixError` placed at `path` when it carries no
  /// location of its own.
  package static func wrap(_ error: any Error, at path: @autoclosure () -> Path) -> CodixError {
    if let codix = error as? CodixError { return codix.placed(at: path()) }
    if let decoding = error as? DecodingError { return CodixError(decoding) }
    if let reader = error as? ReaderError { return reader.codixError(at: path()) }
    // JSONDecoder's own error for a value it cannot read (a number no Swift
    // type holds) is not public: the report says what it can.
    return CodixError(
      .dataCorrupted, at: path(),
      detail: isFoundationsOwn(error) ? .unreadableValue : .thrown("\(error)"),
      underlyingError: error)
  }

  /// This error with `path` as its location, unless it already has one.
  package func placed(at path: @autoclosure () -> Path) -> CodixError {
    guard !isLocated else { return self }
    var placed = self
    placed.path = path()
    placed.isLocated = true
    return placed
  }

  /// Names the model and property the error belongs to, unless a model
  /// nested deeper already claimed it; fills `expected` when the error is at
  /// `ownPath`, the property's own value (not somewhere inside it).
  package mutating func attribute(
    model: String?, property: String?, expected: String? = nil, ownPath: Path? = nil
  ) {
    guard typeName == nil else { return }
    typeName = model
    if self.property == nil { self.property = property }
    if let ownPath, self.expected == nil, path == ownPath { self.expected = expected }
  }

  /// Names the model when the failure happened inside a value of `type`
  /// decoded at `valuePath` (and no inner model claimed it).
  package mutating func attribute<T>(insideValueOf type: T.Type, at valuePath: Path) {
    guard typeName == nil, path.components.count > valuePath.components.count,
      let model = TypeNames.modelName(type)
    else { return }
    typeName = model
  }

  /// Turns this failure into a recovery's warning: its message becomes the
  /// reason `detail` is made with (`.droppedElement(index:reason:)`, say).
  package mutating func becomeRecovery(_ detail: (_ reason: String?) -> Detail) {
    let reason = message
    message = nil
    self.detail = detail(reason)
  }
}

// MARK: - Internal construction

extension CodixError {
  init(invalidPath error: PathSyntaxError) {
    self.init(
      .invalidPath, at: .root, detail: .syntax(error), expected: "a valid path",
      found: ValueRenderer.quote(error.text, limit: 80))
    isLocated = false
  }
}
