/// A location inside a document: a list of keys and array indexes.
///
/// Paths are usually written as string literals. These three spellings are the
/// same path:
///
/// ```swift
/// let a: Path = "response.users[0].name"
/// let b: Path = "response[0]users[1]name"   // separators around indexes are optional
/// let c: Path = "response.[0].users.[1].name"
/// ```
///
/// - A bracketed integer is an array index; a negative index counts from the
///   end (`"items[-1]"` is the last item).
/// - `""` is the root: decoding at it decodes the value itself.
/// - A key that contains the separator or a bracket is reached with another
///   separator (`Path("response/my.user", separator: "/")`), with components
///   (`Path(["response", "my.user"])`), or with the quoted form that
///   ``description`` prints for it: `response["my.user"]`.
///
/// Malformed text (`"a[0"`, `"a[]"`, `"a[x]"`, `"a..b"`, `"a."`) never becomes
/// a guessed path. Creating one does not fail, but using it throws a
/// ``CodixError`` of kind ``CodixError/Kind/invalidPath`` that quotes the text
/// and points at the offending character; ``syntaxError`` exposes it early.
///
/// Parsing is a single pass over the text's bytes with no allocation for a
/// single-key path, so writing a literal at every `decode(at:)` call is cheap.
public struct Path: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case root
    case key(String)
    /// Two or more plain keys joined by `.`, kept as the text.
    case dotted(String)
    case components([PathComponent])
    /// Components with at least one `.wildcard`.
    case spread([PathComponent])
    indirect case invalid(PathSyntaxError)
  }

  @usableFromInline
  let storage: Storage

  @usableFromInline
  init(storage: Storage) {
    self.storage = storage
  }

  /// Parses `string`, splitting keys on `separator` (`.` by default).
  ///
  /// ```swift
  /// Path("response/my.user", separator: "/").components  // [.key("response"), .key("my.user")]
  /// ```
  ///
  /// - Parameters:
  ///   - string: The path text. `""` is the root.
  ///   - separator: The character between keys. It cannot be `[`, `]` or `"`.
  public init(_ string: String, separator: Character = ".") {
    // The default separator parses as a literal does (dotted keys kept as text).
    self.storage =
      separator == "." ? PathParser.parse(string) : PathParser.parse(string, separator: separator)
  }

  /// Creates a path from its components; keys are taken verbatim, so they may
  /// contain any character.
  public init(_ components: [PathComponent]) {
    switch components.count {
    case 0: storage = .root
    case 1:
      switch components[0] {
      case .key(let key): storage = .key(key)
      case .index: storage = .components(components)
      case .wildcard: storage = .spread(components)
      }
    default:
      storage = components.contains(.wildcard) ? .spread(components) : .components(components)
    }
  }

  /// The path of one key, taken verbatim: `Path([.key(key)])` without an
  /// array.
  package static func key(_ key: String) -> Path { Path(storage: .key(key)) }

  /// The path up to its first `[*]` and the path after it; `nil` for a path
  /// without a wildcard.
  package var wildcardSplit: (array: Path, rest: Path)? {
    guard case .spread(let components) = storage,
      let star = components.firstIndex(of: .wildcard)
    else { return nil }
    return (Path(Array(components[..<star])), Path(Array(components[(star + 1)...])))
  }

  /// The root path, `""`.
  public static var root: Path { Path(storage: .root) }

  /// The keys and indexes of the path, from the root down. Empty for the root
  /// and for a malformed path.
  public var components: [PathComponent] {
    switch storage {
    case .root, .invalid: return []
    case .key(let key): return [.key(key)]
    case .dotted(let text): return DottedKeys(text).map { .key($0.key) }
    case .components(let components), .spread(let components): return components
    }
  }

  /// The path's first component when it is a key, without listing the
  /// others.
  package var firstKey: String? {
    switch storage {
    case .root, .invalid: return nil
    case .key(let key): return key
    case .dotted(let text):
      var keys = DottedKeys(text)
      return keys.next()?.key
    case .components(let components), .spread(let components):
      guard case .key(let key)? = components.first else { return nil }
      return key
    }
  }

  /// Whether this is the root path (`""`).
  public var isRoot: Bool {
    if case .root = storage { return true }
    return false
  }

  /// The syntax error of a malformed path, or `nil` when the path is valid.
  /// Using a malformed path throws this error.
  public var syntaxError: CodixError? {
    guard case .invalid(let error) = storage else { return nil }
    return CodixError(invalidPath: error)
  }

  /// Returns this path followed by `other`.
  ///
  /// ```swift
  /// Path("response").appending("users[0]")  // response.users[0]
  /// ```
  public func appending(_ other: Path) -> Path {
    if case .invalid = storage { return self }
    if case .invalid = other.storage { return other }
    if other.isRoot { return self }
    if isRoot { return other }
    return Path(components + other.components)
  }

  /// Returns this path followed by one more component.
  public func appending(component: PathComponent) -> Path {
    if case .invalid = storage { return self }
    if isRoot { return Path([component]) }
    return Path(components + [component])
  }

  /// What is wrong with a malformed path; `nil` when the path is valid.
  package var syntax: PathSyntaxError? {
    guard case .invalid(let error) = storage else { return nil }
    return error
  }

  /// The text of a path of plain keys joined by `.`, walked without an array.
  @inlinable
  package var dottedText: String? {
    guard case .dotted(let text) = storage else { return nil }
    return text
  }

  /// The key of a path made of exactly one key.
  @inlinable
  package var singleKey: String? {
    if case .key(let key) = storage { return key }
    return nil
  }

  /// The components, or the syntax error of a malformed path.
  package func validComponents() throws(CodixError) -> [PathComponent] {
    switch storage {
    case .root: return []
    case .key(let key): return [.key(key)]
    case .dotted: return components
    case .components(let components), .spread(let components): return components
    case .invalid(let error): throw CodixError(invalidPath: error)
    }
  }
}

// MARK: - Equality

extension Path: Hashable {
  /// Two paths are equal when they have the same components; two malformed
  /// paths are equal when their text and separator are.
  public static func == (lhs: Path, rhs: Path) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.invalid(let a), .invalid(let b)): return a == b
    case (.invalid, _), (_, .invalid): return false
    case (.key(let a), .key(let b)): return a == b
    default: return lhs.components == rhs.components
    }
  }

  public func hash(into hasher: inout Hasher) {
    if case .invalid(let error) = storage {
      hasher.combine(error)
    } else {
      hasher.combine(components)
    }
  }
}

// MARK: - Literals

extension Path: ExpressibleByStringInterpolation {
  /// Parses a literal with the default `.` separator: `"users[0].name"`.
  @inlinable
  public init(stringLiteral value: String) {
    self.init(storage: PathParser.parse(value))
  }

  /// Parses an interpolated literal: `"users[\(index)].name"`. Interpolated
  /// values are spliced in as text before parsing.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(storage: PathParser.parse(String(stringInterpolation: stringInterpolation)))
  }
}

extension Path: ExpressibleByArrayLiteral {
  /// Builds a path from components: `["response", "my.user", 0]`.
  public init(arrayLiteral elements: PathComponent...) {
    self.init(elements)
  }
}

// MARK: - Text

extension Path: CustomStringConvertible, CustomDebugStringConvertible {
  /// The canonical text of the path, as every ``CodixError`` report prints it:
  /// keys joined by `.`, indexes in brackets (`response.users[0].name`), and a
  /// key that holds `.`, `[`, `]` or `"`, or is empty, quoted in brackets
  /// (`response["my.user"]`). The text parses back to the same path, so a
  /// path from an error report can be pasted into `decode(at:)`.
  ///
  /// A malformed path prints its original text.
  public var description: String {
    switch storage {
    case .root: return ""
    case .key(let key): return PathPrinter.render([.key(key)])
    case .dotted(let text): return text
    case .components(let components), .spread(let components):
      return PathPrinter.render(components)
    case .invalid(let error): return error.text
    }
  }

  /// The path's text in quotes, `"response.users[0]"`, or a note that it is the root.
  public var debugDescription: String {
    if isRoot { return "Path(root)" }
    return "Path(\"\(description)\")"
  }
}
