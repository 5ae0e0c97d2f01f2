// Path navigation over Codable containers, shared by both styles.
//
// A walk resolves one path component at a time from a cursor (see Cursor.swift):
//
//     key    open the value at the cursor as an object (once per object), then
//            point at the key in it: .keyed(container, key)
//     index  open the value as an array, skip to the element: .element(container)
//
// A step never checks whether the key it points at exists: the next step or the
// final read finds out, and only then, on the error path, asks why
// (`Absence.explaining`). Absent values are `Absence`s, which callers turn into
// `nil`, a default, or the error with its suggestions.

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
    switch start {
    case .native(let spot): return try walk(path, from: spot)
    case .root(let decoder):
      if let spot = NativeSpot.root(of: decoder) { return try walk(path, from: spot) }
    default: break
    }
    var walk = Walk(cursor: start)
    // A single-key path (the common `decodeIfPresent(at: "avatar")`) takes one
    // step without building a components array.
    if let key = path.singleKey {
      if let absence = try walk.step(.key(key)) { return .absent(absence) }
      return .present(walk.cursor)
    }
    if let text = path.dottedText {
      // Keys joined by dots, split as they are walked: no array.
      for (key, _) in DottedKeys(text) {
        if let absence = try walk.step(.key(key)) { return .absent(absence) }
      }
      return .present(walk.cursor)
    }
    for component in try path.validComponents() {
      if let absence = try walk.step(component) { return .absent(absence) }
    }
    return .present(walk.cursor)
  }

  /// Walks `path` from `start`; a missing step is an error.
  package static func cursor(at path: Path, from start: Cursor) throws(CodixError) -> Cursor {
    switch try walk(path, from: start) {
    case .present(let cursor): return cursor
    case .absent(let absence): throw absence.error(expected: nil)
    }
  }

  /// A walk in progress: the cursor, and the cache entry its keyed container
  /// belongs to, if any. Objects reached by keys from a decoder's value are
  /// opened once per value, so `user.id`, `user.name`, `user.email` build
  /// the `user` container once (see `CachedContainer.nested(_:)`).
  private struct Walk {
    var cursor: Cursor
    var entry: CachedContainer?
    /// The decoder the walk started at: asked how it spells keys in objects
    /// reached through an index, which have no entry.
    var decoder: (any Decoder)?

    /// Moves to `component`; returns the absence that stops the walk, if any.
    mutating func step(_ component: PathComponent) throws(CodixError) -> Absence? {
      switch component {
      case .key(let key):
        let object: KeyedDecodingContainer<CodixKey>
        switch cursor {
        case .root(let decoder):
          let next: CachedContainer
          do {
            next = try KeyedContainerCache.entry(for: decoder)
          } catch {
            if let absence = Absence.explaining(error, at: cursor) { return absence }
            throw enriched(error, at: cursor)
          }
          entry = next
          object = next.container
          self.decoder = decoder
        case .keyed(_, let parentKey) where entry != nil:
          do {
            // safe: the case's guard checked `entry`.
            let next = try entry.unsafelyUnwrapped.nested(parentKey.stringValue)
            entry = next
            object = next.container
          } catch {
            if let absence = Absence.explaining(error, at: cursor) { return absence }
            throw enriched(error, at: cursor)
          }
        default:
          entry = nil
          guard let container = try Navigator.object(at: cursor) else {
            return Absence.ofObject(at: cursor)
          }
          object = container
        }
        let codixKey = CodixKey(key)
        if KeySpelling.mayRespell(codixKey), let entry {
          cursor = .keyed(object, entry.stored(codixKey))
        } else if KeySpelling.mayRespell(codixKey), let decoder {
          let stored = KeySpelling.stored(codixKey, in: object, decoder: decoder) { nil }
          cursor = .keyed(object, stored)
        } else {
          cursor = .keyed(object, codixKey)
        }
        return nil
      case .index(let index):
        entry = nil
        switch try Navigator.element(at: index, of: cursor) {
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
  }

  /// Opens the value at `cursor` as an object; `nil` when it is missing or
  /// `null` (`Absence.ofObject(at:)` says which).
  ///
  /// - Parameter sharing: Whether the object at a decoder's own value comes
  ///   from the path style's per-thread cache (`KeyedContainerCache`), for
  ///   code that asks for it again and again; `false` for code that opens it
  ///   once (a wrapper model's decode).
  package static func object(at cursor: Cursor, sharing: Bool = true) throws(CodixError)
    -> KeyedDecodingContainer<CodixKey>?
  {
    do {
      return try cursor.keyedContainer(sharing: sharing)
    } catch {
      if Absence.explaining(error, at: cursor) != nil { return nil }
      throw enriched(error, at: cursor)
    }
  }

  /// The element at `index` of the array at `cursor`, skipping the elements
  /// before it (any kind of value) in linear time. A negative index counts
  /// from the end.
  package static func element(at index: Int, of cursor: Cursor) throws(CodixError) -> Step {
    do {
      var container: any UnkeyedDecodingContainer
      do {
        container = try cursor.unkeyedContainer()
      } catch {
        if let absence = Absence.explaining(error, at: cursor) { return .absent(absence) }
        throw error
      }
      let count = try container.count ?? countElements(of: cursor)
      let resolved = index < 0 ? count + index : index
      guard resolved >= 0, resolved < count else {
        return .absent(Absence(at: cursor, .outOfRange(index: index, count: count)))
      }
      for _ in 0..<resolved {
        _ = try container.decode(SkippedValue.self)
      }
      return .present(.element(container))
    } catch {
      throw enriched(error, at: cursor)
    }
  }

  private static func countElements(of cursor: Cursor) throws -> Int {
    var container = try cursor.unkeyedContainer()
    var count = 0
    while !container.isAtEnd {
      _ = try container.decode(SkippedValue.self)
      count += 1
    }
    return count
  }

  // MARK: - Decoding

  /// Decodes `T` at `path`, which must be present and not `null`. A path of
  /// one key reuses the keyed container of the decoder's value (see
  /// `KeyedContainerCache`); any other path walks a cursor.
  @inlinable @inline(__always)
  package static func decodeRequired<T: Decodable, D: Decoder>(
    _ type: T.Type, at path: Path, in decoder: D
  ) throws(CodixError) -> T {
    // Generic over the decoder so that `self` of a `Decoder` extension is
    // passed on as it is, not boxed into a new existential on every call.
    if D.self == JSONReader.self {
      // A decoder of the native reader: the value is found on its tape.
      // (Not `JSONReader.of`, which is not inlined into a model's module:
      // this runs for every path read, and stays a plain load there.)
      let reader = withUnsafePointer(to: decoder) {
        $0.withMemoryRebound(to: JSONReader.self, capacity: 1) { $0.pointee }
      }
      return try decodeOnTape(type, at: path, in: reader)
    }
    if let key = path.singleKey {
      let container: KeyedDecodingContainer<CodixKey>
      do {
        container = try KeyedContainerCache.container(for: decoder)
      } catch {
        throw failure(error, decoding: type, at: key, in: nil, decoder: decoder)
      }
      do {
        return try container.codixDecode(type, forKey: CodixKey(key))
      } catch {
        return try decodeRespelled(
          type, after: error, at: CodixKey(key), in: container, decoder: decoder, dottedPath: nil)
      }
    }
    if let text = path.dottedText {
      return try decodeDotted(type, keys: text, at: path, in: decoder)
    }
    return try decode(type, at: path, in: decoder)
  }

  /// After a failed read of `key` in `container`: decodes `T` at the
  /// spelling the decoder stores `key` under, when it converts keys and that
  /// spelling is there (see `KeySpelling`); otherwise throws the report of
  /// `error`.
  @usableFromInline
  package static func decodeRespelled<T: Decodable>(
    _ type: T.Type, after error: any Error, at key: CodixKey,
    in container: KeyedDecodingContainer<CodixKey>, decoder: any Decoder, dottedPath: Path?
  ) throws(CodixError) -> T {
    if let dottedPath, KeySpelling.mayRespell(key), !container.contains(key) {
      // The object a dotted path ends in: the walk of the whole path looks
      // the key up under the decoder's spelling (`CachedContainer.stored(_:)`).
      return try decode(type, at: dottedPath, in: decoder)
    }
    // (A dotted path returned above whenever `stored` would ask for the
    // written keys: the decoder is at the key's object.)
    let respelled = KeySpelling.stored(key, in: container, decoder: decoder) {
      KeySpelling.writtenKeys(of: decoder)
    }
    guard respelled.stringValue != key.stringValue else {
      throw failure(error, decoding: type, at: key.stringValue, in: container, decoder: decoder)
    }
    do {
      return try container.codixDecode(type, forKey: respelled)
    } catch {
      throw failure(
        error, decoding: type, at: respelled.stringValue, in: container, decoder: decoder)
    }
  }

  /// Decodes `T` at a path of keys joined by dots (`"address.city"`):
  /// specialised where it is called, through the cached containers of the
  /// decoder's value and the objects below it. When an object on the way
  /// is missing, the general walk runs again, step by step, to report where;
  /// the value itself is decoded once, as a single key is (`T`'s own
  /// `init(from:)` never runs twice).
  @inlinable @inline(__always)
  package static func decodeDotted<T: Decodable, D: Decoder>(
    _ type: T.Type, keys text: String, at path: Path, in decoder: D
  ) throws(CodixError) -> T {
    var key = CodixKey("")
    let container: KeyedDecodingContainer<CodixKey>
    do {
      container = try KeyedContainerCache.container(for: decoder, dotted: text, lastKey: &key)
    } catch {
      return try decode(type, at: path, in: decoder)
    }
    do {
      return try container.codixDecode(type, forKey: key)
    } catch {
      return try decodeRespelled(
        type, after: error, at: key, in: container, decoder: decoder, dottedPath: path)
    }
  }

  /// Decodes `T` at `path` below `decoder`, which must be present and not `null`.
  @usableFromInline
  package static func decode<T: Decodable>(
    _ type: T.Type, at path: Path, in decoder: any Decoder
  ) throws(CodixError) -> T {
    guard let value = try decode(type, at: path, in: decoder, ifPresent: false) else {
      // safe from input: a required decode returns a value or throws.
      throw CodixError(.valueNotFound, at: Path(codingPath: decoder.codingPath).appending(path))
    }
    return value
  }

  /// Decodes `T` at `path` below `decoder`; `nil` when `ifPresent` and the
  /// value is missing or `null`.
  @usableFromInline
  package static func decode<T: Decodable>(
    _ type: T.Type, at path: Path, in decoder: any Decoder, ifPresent: Bool
  ) throws(CodixError) -> T? {
    if let split = path.wildcardSplit {
      return try decodeSpread(type, split, from: .root(decoder), ifPresent: ifPresent)
    }
    switch try walk(path, from: .root(decoder)) {
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
    if codix.expected == nil, codix.path == path { codix.expected = TypeNames.display(type) }
    codix.attribute(insideValueOf: type, at: path)
    return codix
  }

  /// Decodes `From` at `path` and converts it with `transformer`.
  package static func decode<F: Transformer>(
    at path: Path, in decoder: any Decoder, using transformer: F, ifPresent: Bool
  ) throws(CodixError) -> F.To? where F.From: Decodable {
    switch try walk(path, from: .root(decoder)) {
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
        var probe = cursor
        if let found = try? probe.decode(FoundProbe.self) { codix.found = found.text }
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

  /// The error for a failed read of `key` in the keyed container at the
  /// decoder's root, the fast path of a single-key `decode(at:)`.
  @usableFromInline
  package static func failure<T>(
    _ error: any Error, decoding type: T.Type, at key: String,
    in container: KeyedDecodingContainer<CodixKey>?, decoder: any Decoder
  ) -> CodixError {
    guard let container else { return enriched(error, at: .root(decoder)) }
    var cursor = Cursor.keyed(container, CodixKey(key))
    return failure(error, decoding: type, at: &cursor)
  }

  /// Turns `error`, thrown while reading at `cursor`, into a located CodixError
  /// and adds what it can learn from the document: the value found, the keys
  /// that do exist.
  package static func enriched(_ error: any Error, at cursor: Cursor) -> CodixError {
    var codix = CodixError.wrap(error, at: cursor.path)
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
      if rest.isRoot, case .keyed(let container, _) = cursor {
        keys = container.allKeys.map(\.stringValue)
      } else {
        let parentRest = Path(Array(rest.components.dropLast()))
        let parent = try? Navigator.cursor(at: parentRest, from: cursor)
        keys = try? parent?.keyedContainer().allKeys.map(\.stringValue)
      }
      guard let keys else { break }
      codix.detail = .noKey(missing, among: keys)
    case .typeMismatch, .dataCorrupted, .transformFailed, .validationFailed:
      guard var probe = try? Navigator.cursor(at: rest, from: cursor),
        let found = try? probe.decode(FoundProbe.self)
      else { break }
      codix.found = found.text
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
