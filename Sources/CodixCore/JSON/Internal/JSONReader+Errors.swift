import Foundation

// Turning what a decode threw into the CodixError a caller gets, with the
// place of the offending value in the document (error path only).

extension JSONReader {
  /// `error` as a CodixError, located in the document.
  func located(_ error: any Error) -> CodixError {
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
    return document.locating(CodixError.wrap(error, at: .root), keyStrategy: self)
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
      guard index < tape.count else { break }
      let entry = entry(index)
      var next: Int?
      switch component {
      case .key(let key) where entry.tag == .object:
        next = reader.codixMember(of: index, key: key)
      case .index(let position) where entry.tag == .array:
        let count = count(of: index)
        let resolved = position < 0 ? count + position : position
        if resolved >= 0, resolved < count {
          var element = index + 2
          for _ in 0..<resolved { element = self.next(after: element) }
          next = element
        }
      default:
        next = nil
      }
      guard let next else { break }
      index = next
    }
    error.location = location(of: self.entry(index).offset)
    return error
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
