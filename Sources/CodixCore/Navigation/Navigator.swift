// Path navigation, shared by both styles and written once against the seam
// (`Cursor`, see DocumentPosition.swift).
//
// A walk resolves one path component at a time from a cursor:
//
//     key    open the value at the cursor as an object, then point at the
//            member: the engine's lookup (a keyed container's key, or the
//            reader's tape)
//     index  open the value as an array, step to the element
//
// A step never checks whether the member it points at exists: the next step
// or the final read finds out, and only then, on the error path, asks why
// (`Absence.explaining`). Absent values are `Absence`s, which callers turn
// into `nil`, a default, or the error with its suggestions.

/// Reaches and decodes values at paths below any `Decoder`.
@usableFromInline
package enum Navigator {
  /// Where a walk ended: at a value, or at an absence.
  package enum Step {
    case present(Cursor)
    case absent(Absence)
  }

  /// Walks `path` from `start`.
  package static func walk(_ path: Path, from start: Cursor) throws(CodixError) -> Step {
    var cursor = start
    // A single-key path (the common `decodeIfPresent(at: "avatar")`) takes one
    // step without building a components array.
    if let key = path.singleKey {
      if let absence = try step(&cursor, .key(key)) { return .absent(absence) }
      return .present(cursor)
    }
    if let text = path.dottedText {
      // Keys joined by dots, split as they are walked: no array.
      for (key, _) in DottedKeys(text) {
        if let absence = try step(&cursor, .key(key)) { return .absent(absence) }
      }
      return .present(cursor)
    }
    for component in try path.validComponents() {
      if let absence = try step(&cursor, component) { return .absent(absence) }
    }
    return .present(cursor)
  }

  /// Walks `path` from `start`; a missing step is an error.
  package static func cursor(at path: Path, from start: Cursor) throws(CodixError) -> Cursor {
    switch try walk(path, from: start) {
    case .present(let cursor): return cursor
    case .absent(let absence): throw absence.error(expected: nil)
    }
  }

  /// Moves `cursor` to `component`; returns the absence that stops the walk,
  /// if any.
  private static func step(_ cursor: inout Cursor, _ component: PathComponent)
    throws(CodixError) -> Absence?
  {
    switch component {
    case .key(let key):
      guard let object = try object(at: cursor) else { return Absence.ofObject(at: cursor) }
      cursor = object.member(key)
      return nil
    case .index(let index):
      switch try element(at: index, of: cursor) {
      case .present(let next):
        cursor = next
        return nil
      case .absent(let absence):
        return absence
      }
    case .wildcard:
      // Only `decodeSpread` reads through a wildcard.
      throw CodixError(
        .invalidPath, at: cursor.path.appending(component: .wildcard),
        detail: .wildcardOutsideArray(type: nil), expected: "a path without [*]")
    }
  }

  /// Opens the value at `cursor` as an object; `nil` when it is missing or
  /// `null` (`Absence.ofObject(at:)` says which).
  ///
  /// - Parameter sharing: Whether the object at a decoder's own value may
  ///   come from the cache kept for repeated path reads (`KeyedContainerCache`);
  ///   `false` for code that opens it once (a wrapper model's decode).
  package static func object(at cursor: Cursor, sharing: Bool = true) throws(CodixError)
    -> ObjectCursor?
  {
    do {
      return try cursor.object(sharing: sharing)
    } catch {
      try explainObjectFailure(error, at: cursor)
      return nil
    }
  }

  /// Explains `error`, thrown opening the object at `cursor`: returns when
  /// the object is absent (missing or `null`), and throws the report otherwise.
  package static func explainObjectFailure(_ error: any Error, at cursor: Cursor)
    throws(CodixError)
  {
    if Absence.explaining(error, at: cursor) != nil { return }
    var failure = enriched(error, at: cursor)
    if cursor.isDecoderValue, failure.kind == .typeMismatch, failure.expected == nil,
      failure.path == cursor.path
    {
      // A model's own value that is not an object says so on every route:
      // an entry point would otherwise name the model it asked for, and
      // Foundation's decoder, calling `init(from:)` itself, nothing.
      failure.expected = "an object"
    }
    throw failure
  }

  /// The element at `index` of the array at `cursor`, skipping the elements
  /// before it (any kind of value) in linear time. A negative index counts
  /// from the end.
  package static func element(at index: Int, of cursor: Cursor) throws(CodixError) -> Step {
    do {
      switch try cursor.element(index) {
      case .present(let next): return .present(next)
      case .outOfRange(let count):
        return .absent(Absence(at: cursor, .outOfRange(index: index, count: count)))
      }
    } catch {
      if let absence = Absence.explaining(error, at: cursor) { return .absent(absence) }
      throw enriched(error, at: cursor)
    }
  }

  // MARK: - Decoding

  /// Decodes `T` at `path`, which must be present and not `null`: the path
  /// style's `decoder.decode(at:)`.
  @inlinable @inline(__always)
  package static func decodeRequired<T: Decodable, D: Decoder>(
    _ type: T.Type, at path: Path, in decoder: D
  ) throws(CodixError) -> T {
    // Generic over the decoder so that `self` of a `Decoder` extension is
    // passed on as it is, not boxed into a new existential on every call.
    try Cursor.decode(type, at: path, in: decoder)
  }

  /// Decodes `T` at `path` below `start`, which must be present and not
  /// `null`. A path of keys is looked up at once where the engine can
  /// (`DocumentPosition.find`); any other path is walked.
  @usableFromInline
  package static func decode<T: Decodable>(_ type: T.Type, at path: Path, from start: Cursor)
    throws(CodixError) -> T
  {
    if var cursor = start.find(path) {
      do {
        return try cursor.decode(type)
      } catch {
        throw failure(error, decoding: type, at: &cursor)
      }
    }
    return try decodeWalking(type, at: path, from: start)
  }

  /// `decode(_:at:from:)` for a path the engine could not find at once. Not
  /// inlined into it: its `T?` would cost that function a lookup of the
  /// optional's metadata on every call.
  @inline(never)
  package static func decodeWalking<T: Decodable>(
    _ type: T.Type, at path: Path, from start: Cursor
  ) throws(CodixError) -> T {
    guard let value = try decode(type, at: path, from: start, ifPresent: false) else {
      // safe from input: a required decode returns a value or throws.
      throw CodixError(.valueNotFound, at: start.path.appending(path))
    }
    return value
  }

  /// Decodes `T` at `path` below `decoder`, which must be present and not `null`.
  @usableFromInline
  package static func decode<T: Decodable>(
    _ type: T.Type, at path: Path, in decoder: any Decoder
  ) throws(CodixError) -> T {
    try Cursor.spelling(in: decoder) { () throws(CodixError) in
      try decode(type, at: path, from: Cursor.root(decoder))
    }
  }

  /// Decodes `T` at `path` below `decoder`; `nil` when `ifPresent` and the
  /// value is missing or `null`.
  @usableFromInline
  package static func decode<T: Decodable>(
    _ type: T.Type, at path: Path, in decoder: any Decoder, ifPresent: Bool
  ) throws(CodixError) -> T? {
    try Cursor.spelling(in: decoder) { () throws(CodixError) in
      try decode(type, at: path, from: Cursor.root(decoder), ifPresent: ifPresent)
    }
  }

  /// Decodes `T` at `path` below `start`; `nil` when `ifPresent` and the
  /// value is missing or `null`. A path with `[*]` collects one value per
  /// element.
  package static func decode<T: Decodable>(
    _ type: T.Type, at path: Path, from start: Cursor, ifPresent: Bool
  ) throws(CodixError) -> T? {
    if let split = path.wildcardSplit {
      return try decodeSpread(type, split, from: start, ifPresent: ifPresent)
    }
    switch try walk(path, from: start) {
    case .present(var cursor):
      return try decode(type, at: &cursor, ifPresent: ifPresent)
    case .absent(let absence):
      if ifPresent { return nil }
      throw absence.error(expected: TypeNames.display(type))
    }
  }

  /// Decodes `T` at a cursor, turning any failure into an enriched CodixError.
  package static func decode<T: Decodable>(
    _ type: T.Type, at cursor: inout Cursor, ifPresent: Bool
  ) throws(CodixError) -> T? {
    do {
      return ifPresent ? try cursor.decodeIfPresent(type) : try cursor.decode(type)
    } catch {
      if !ifPresent, let absence = Absence.explaining(error, at: cursor) {
        throw absence.error(expected: TypeNames.display(type))
      }
      throw failure(error, decoding: type, at: &cursor)
    }
  }

  /// The report of `error`, thrown decoding `T` at `cursor`: an absent value
  /// as such, anything else enriched and claimed by `T`'s model.
  package static func failure<T>(_ error: any Error, decoding type: T.Type, at cursor: inout Cursor)
    -> CodixError
  {
    if let absence = Absence.explaining(error, at: cursor) {
      return absence.error(expected: TypeNames.display(type))
    }
    var codix = enriched(error, at: cursor)
    let path = cursor.path
    if codix.detail == .unreadableValue, codix.path == path,
      let decodable = type as? any Decodable.Type,
      let number = numberOutOfRange(decoding: decodable, at: cursor)
    {
      codix.path = path.appending(number.path)
      codix.detail = number.detail
      codix.found = number.found
      codix.expected = number.expected
    }
    if codix.expected == nil, codix.path == path { codix.expected = TypeNames.display(type) }
    codix.attribute(insideValueOf: type, at: path)
    return codix
  }

  /// Decodes `From` at `path` and converts it with `transformer`.
  package static func decode<F: Transformer>(
    at path: Path, in decoder: any Decoder, using transformer: F, ifPresent: Bool
  ) throws(CodixError) -> F.To? where F.From: Decodable {
    try Cursor.spelling(in: decoder) { () throws(CodixError) in
      try decode(at: path, from: .root(decoder), using: transformer, ifPresent: ifPresent)
    }
  }

  /// Decodes `From` at `path` below `start` and converts it with `transformer`.
  static func decode<F: Transformer>(
    at path: Path, from start: Cursor, using transformer: F, ifPresent: Bool
  ) throws(CodixError) -> F.To? where F.From: Decodable {
    switch try walk(path, from: start) {
    case .present(var cursor):
      let raw: F.From?
      do {
        raw = try decode(F.From.self, at: &cursor, ifPresent: ifPresent)
      } catch {
        throw rawValueFailure(error, expected: transformer.expectedDescription, at: cursor)
      }
      guard let raw else { return nil }
      return try transform(raw, with: transformer, at: cursor)
    case .absent(let absence):
      if ifPresent { return nil }
      throw absence.error(expected: transformer.expectedDescription)
    }
  }

  /// Applies a transformer; a failure becomes `.transformFailed` at the cursor.
  package static func transform<F: Transformer>(
    _ raw: F.From, with transformer: F, at cursor: Cursor
  ) throws(CodixError) -> F.To {
    do {
      return try transformer.transform(raw)
    } catch {
      var codix = transformFailure(error, raw: raw, transformer: transformer, at: cursor.path)
      if (error as? CodixError)?.found == nil, codix.path == cursor.path {
        // The value as the document wrote it (`1563215397`, not `1563215397.0`).
        var trial = cursor
        if let found = try? trial.decode(FoundText.self) { codix.found = found.text }
      }
      throw codix
    }
  }

  /// The error for a raw value a transformer never saw, because it is not of
  /// the transformer's raw type: what the transformer reads is what was
  /// expected (`Date (seconds since 1970)`, not `Double`).
  package static func rawValueFailure(_ error: any Error, expected: String, at cursor: Cursor)
    -> CodixError
  {
    var codix = enriched(error, at: cursor)
    if codix.path == cursor.path, codix.kind == .typeMismatch { codix.expected = expected }
    return codix
  }

  package static func transformFailure<F: Transformer>(
    _ error: any Error, raw: F.From, transformer: F, at path: Path
  ) -> CodixError {
    transformFailure(error, raw: raw, expected: transformer.expectedDescription, at: path)
  }

  /// The error for a conversion of `raw` that failed with `error` at `path`.
  package static func transformFailure(
    _ error: any Error, raw: Any, expected: String, at path: Path
  ) -> CodixError {
    if let thrown = error as? CodixError, thrown.isLocated { return thrown }
    var codix =
      (error as? CodixError)
      ?? CodixError(.transformFailed, at: path, detail: .thrown("\(error)"), underlyingError: error)
    codix = codix.placed(at: path)
    codix.expected = codix.expected ?? expected
    codix.found = codix.found ?? ValueRenderer.render(swiftValue: raw)
    return codix
  }

  // MARK: - Enrichment (error path only)

  /// Turns `error`, thrown while reading at `cursor`, into a located CodixError
  /// and adds what it can learn from the document: the value found, the keys
  /// that do exist.
  package static func enriched(_ error: any Error, at cursor: Cursor) -> CodixError {
    var codix = CodixError.wrap(error, at: cursor.path)
    if error is DecodingError, !codix.path.components.starts(with: cursor.path.components) {
      // JSONDecoder's date and data strategies throw at their container's
      // coding path, not the value's: the error is the value's, read here.
      codix.path = cursor.path
    }
    guard codix.found == nil || codix.kind == .keyNotFound else { return codix }
    let base = cursor.path.components
    let target = codix.path.components
    guard target.count >= base.count, Array(target.prefix(base.count)) == base else {
      return codix
    }
    let rest = Path(Array(target.dropFirst(base.count)))
    switch codix.kind {
    case .keyNotFound:
      guard case .key(let missing)? = target.last, codix.detail?.listsWhereItLooked != true
      else { break }
      let keys: [String]?
      if rest.isRoot, let memberKeys = cursor.memberKeys {
        keys = memberKeys
      } else {
        let parentRest = Path(Array(rest.components.dropLast()))
        let parent = try? Navigator.cursor(at: parentRest, from: cursor)
        keys = try? parent?.object(sharing: false).keys
      }
      guard let keys else { break }
      codix.detail = .noKey(missing, among: keys)
    case .typeMismatch, .dataCorrupted, .transformFailed, .validationFailed:
      guard var trial = try? Navigator.cursor(at: rest, from: cursor),
        let found = try? trial.decode(FoundText.self)
      else { break }
      codix.found = found.text
      if codix.detail == .unreadableValue, Double(found.text) != nil {
        // What the reader of Codix says of it, from the number as written.
        codix.detail = .numberOutOfRange(found.text)
      }
    case .valueNotFound:
      codix.found = "null"
    case .invalidPath, .indexOutOfRange:
      break
    }
    return codix
  }
}

extension Navigator {
  /// The error for a transformer whose `reverse` failed while encoding, at
  /// `path`, or left for the caller to place when `path` is `nil`.
  package static func reverseFailure(
    _ error: any Error, value: Any, transformerName: String, at path: Path?
  ) -> CodixError {
    if let thrown = error as? CodixError, thrown.isLocated { return thrown }
    var codix =
      (error as? CodixError)
      ?? CodixError(kind: .transformFailed, underlyingError: error)
    if codix.detail == nil, codix.message == nil { codix.detail = .thrown("\(error)") }
    if let path { codix = codix.placed(at: path) }
    codix.expected = codix.expected ?? "a value \(transformerName) can write"
    codix.found = codix.found ?? ValueRenderer.render(swiftValue: value)
    return codix
  }
}
