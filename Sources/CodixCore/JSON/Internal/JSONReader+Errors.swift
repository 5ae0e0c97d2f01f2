import Foundation

// Turning what a decode threw into the CodixError a caller gets, with the
// place of the offending value in the document (error path only).

extension JSONReader {
  /// `error` as a CodixError, located in the document.
  func located(_ error: any Error) -> CodixError {
    document.spelledAsWritten(placed(error), keyStrategy: self)
  }

  /// `error` as a CodixError, with the place of its value in the document.
  private func placed(_ error: any Error) -> CodixError {
    if let error = error as? ReaderError { return document.codixError(error) }
    if let decoding = error as? DecodingError {
      var codix = CodixError(decoding)
      // The DecodingError itself, as JSONDecoder throws it (CodixError's
      // initializer keeps only the error the context holds).
      codix.underlyingError = decoding
      if let failure = lastFailure, Self.same(failure.error, decoding) {
        if let path = failure.path { codix.path = path }
        codix.location = document.location(of: failure.offset)
        if codix.found == nil, let index = failure.index, index != Self.missing,
          codix.kind == .typeMismatch || codix.kind == .dataCorrupted
        {
          codix.found = document.writtenText(of: index)
        }
        return codix
      }
      return document.locating(codix, keyStrategy: self)
    }
    var codix = CodixError.wrap(error, at: .root)
    if let failure = lastFailure, let path = failure.path, path != codix.path,
      path.components.starts(with: codix.path.components),
      case let recorded = CodixError(failure.error),
      recorded.kind == codix.kind, recorded.path == codix.path, recorded.detail == codix.detail
    {
      // A DecodingError of the reader's that navigation placed at the
      // coding path JSONDecoder gives it, which for a date or data
      // strategy is the container's, not the value's: the reader knows
      // the value's.
      codix.path = path
      codix.expected = nil  // what the value at the old path was read as
      codix.location = document.location(of: failure.offset)
      if let index = failure.index, index != Self.missing {
        codix.found = document.writtenText(of: index)
      }
    }
    return document.locating(codix, keyStrategy: self)
  }

  /// What CodixJSONDecoder's `decode(_:from:)` throws for `error`, thrown
  /// while it decoded `type`: what JSONDecoder throws, and the report.
  ///
  /// - a DecodingError (the reader's, or a model's): the same error, its
  ///   debug description ending with the place, the report underneath;
  /// - a ReaderError (a string or number that cannot be read):
  ///   JSONDecoder's "not valid JSON" at the root, likewise;
  /// - a CodixError (a Codix model's, which JSONDecoder passes on too):
  ///   the report itself, located;
  /// - any other error: as it was thrown, as JSONDecoder passes it on.
  func dropInError<T>(_ error: any Error, decoding type: T.Type) -> any Error {
    guard error is DecodingError || error is ReaderError || error is CodixError else {
      return error
    }
    var report = located(error)
    report.attribute(insideValueOf: type, at: .root)
    switch error {
    case let decoding as DecodingError: return decoding.carrying(report)
    case is ReaderError: return ReaderError.foundationError.carrying(report, adding: report.message)
    default: return report
    }
  }

  /// Whether two errors are the same failure: case, coding path, description.
  static func same(_ first: DecodingError, _ second: DecodingError) -> Bool {
    func parts(_ error: DecodingError) -> (Int, Path, String)? {
      switch error {
      case .typeMismatch(_, let context):
        (0, Path(codingPath: context.codingPath), context.debugDescription)
      case .valueNotFound(_, let context):
        (1, Path(codingPath: context.codingPath), context.debugDescription)
      case .keyNotFound(let key, let context):
        (2, Path(codingPath: context.codingPath + [key]), context.debugDescription)
      case .dataCorrupted(let context):
        (3, Path(codingPath: context.codingPath), context.debugDescription)
      @unknown default:
        nil
      }
    }
    guard let first = parts(first), let second = parts(second) else { return false }
    return first == second
  }
}

extension JSONDocument {
  /// The report of a document that cannot be read.
  func codixError(_ error: ReaderError) -> CodixError {
    var codix = CodixError(
      .dataCorrupted, at: error.path ?? .root, detail: .thrown(error.message),
      underlyingError: ReaderError.foundationError)
    codix.location = location(of: error.offset)
    return codix
  }

  /// `error` with the location of the value at its path, found by walking
  /// the path on the tape (of the object, for a missing key), unless it has
  /// one.
  func locating(_ error: CodixError, keyStrategy reader: JSONReader) -> CodixError {
    guard error.location == nil else { return error }
    var error = error
    var index = 0
    for component in error.path.components {
      guard let next = step(from: index, to: component, keyStrategy: reader) else { break }
      index = next
    }
    error.location = location(of: self.entry(index).offset)
    return error
  }

  /// The value `component` names below the value at `index`: a member
  /// found as `reader` finds a Codix key, or an element; `nil` when there
  /// is none.
  func step(from index: Int, to component: PathComponent, keyStrategy reader: JSONReader)
    -> Int?
  {
    guard index < entryCount else { return nil }
    let entry = entry(index)
    switch component {
    case .key(let key) where entry.tag == .object:
      return reader.codixMember(of: index, key: key)
    case .index(let position) where entry.tag == .array:
      let count = count(of: index)
      let resolved = position < 0 ? count + position : position
      guard resolved >= 0, resolved < count else { return nil }
      var element = index + 2
      for _ in 0..<resolved { element = self.next(after: element) }
      return element
    default:
      return nil
    }
  }

  /// `error` with the keys of its path, and the keys its report lists, as
  /// the document writes them, when `reader` renames the document's keys
  /// (a key decoding strategy): a report's path is where to look in the
  /// document. A key the document does not have keeps the model's
  /// spelling, or, under `.convertFromSnakeCase`, the one the strategy
  /// turns into it (`KeySpelling.written(_:)`).
  func spelledAsWritten(_ error: CodixError, keyStrategy reader: JSONReader) -> CodixError {
    let snakeCase: Bool
    switch reader.options.keyDecodingStrategy {
    case .useDefaultKeys: return error
    case .convertFromSnakeCase: snakeCase = true
    default: snakeCase = false
    }
    func absent(_ key: String) -> String { snakeCase ? KeySpelling.written(key) : key }
    var error = error
    var index: Int? = 0
    var parent: Int?
    var components: [PathComponent] = []
    for component in error.path.components {
      let next = index.flatMap { step(from: $0, to: component, keyStrategy: reader) }
      switch component {
      case .key(let key):
        if let next, let written = try? string(at: next - 1) {
          components.append(.key(written))
        } else {
          components.append(.key(absent(key)))
        }
      default:
        components.append(component)
      }
      parent = index
      index = next
    }
    error.path = Path(components)
    if case .noKey(let missing, _)? = error.detail, let parent, parent < entryCount,
      entry(parent).tag == .object
    {
      error.detail = .noKey(absent(missing), among: writtenKeys(of: parent))
    }
    if case .unknownKeys(_, let others, let suggestion)? = error.detail,
      case .key(let key)? = components.last
    {
      error.detail = .unknownKeys(
        key, others: others.map(absent), suggestion: suggestion.map(absent))
    }
    return error
  }

  /// The keys of the object at `index`, as the document writes them.
  func writtenKeys(of index: Int) -> [String] {
    var keys: [String] = []
    let end = end(of: index)
    var key = index + 2
    while key < end {
      if let text = try? string(at: key) { keys.append(text) }
      key = next(after: key + 1)
    }
    return keys
  }
}

extension JSONDocument {
  /// The report of a document that does not scan.
  static func syntaxError(_ error: ReaderError) -> CodixError {
    var codix = CodixError(
      .dataCorrupted, at: .root, detail: .thrown(error.message),
      underlyingError: ReaderError.foundationError)
    // A document that is not text has no lines: it is reported at its start.
    codix.location = error.location ?? CodixError.Location(line: 1, column: 1, offset: 0)
    return codix
  }
}

extension DecodingError {
  /// This error as CodixJSONDecoder throws it: the same case and coding
  /// path; `detail` (a reader's explanation) and the place of `report` at
  /// the end of the debug description; `report` as the underlying error, so
  /// that `CodixError(_:)` returns it.
  func carrying(_ report: CodixError, adding detail: String? = nil) -> DecodingError {
    func context(_ context: Context) -> Context {
      var text = context.debugDescription
      if let detail, !detail.isEmpty { text += text.isEmpty ? detail : " " + detail }
      if let location = report.location {
        text += text.isEmpty ? "(\(location))" : " (\(location))"
      }
      return Context(
        codingPath: context.codingPath, debugDescription: text, underlyingError: report)
    }
    switch self {
    case .typeMismatch(let type, let original): return .typeMismatch(type, context(original))
    case .valueNotFound(let type, let original): return .valueNotFound(type, context(original))
    case .keyNotFound(let key, let original): return .keyNotFound(key, context(original))
    case .dataCorrupted(let original): return .dataCorrupted(context(original))
    @unknown default: return self
    }
  }
}
