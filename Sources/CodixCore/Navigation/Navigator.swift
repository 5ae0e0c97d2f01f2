// Path navigation over Codable containers, shared by both styles.

/// Reaches and decodes values at paths below any `Decoder`.
@usableFromInline
package enum Navigator {
  /// Walks `path` from `start`. Returns `nil` when `ifPresent` and a step is
  /// missing, `null`, or past the end of an array.
  package static func cursor(
    at path: Path, from start: Cursor, ifPresent: Bool
  ) throws(CodixError) -> Cursor? {
    var walk = Walk(cursor: start)
    // A single-key path (the common `decodeIfPresent(at: "avatar")`) takes one
    // step without building a components array.
    if let key = path.singleKey {
      return try walk.step(.key(key), ifPresent: ifPresent) ? walk.cursor : nil
    }
    for component in try path.validComponents() {
      guard try walk.step(component, ifPresent: ifPresent) else { return nil }
    }
    return walk.cursor
  }

  /// A walk in progress: the cursor, and the cache entry its keyed container
  /// belongs to, if any. Objects reached by keys from a decoder's value are
  /// opened once per value, so `user.id`, `user.name`, `user.email` build
  /// the `user` container once (see `CachedContainer.nested(_:)`).
  private struct Walk {
    var cursor: Cursor
    var entry: CachedContainer?

    /// One step: `false` when `ifPresent` and the value is absent.
    mutating func step(_ component: PathComponent, ifPresent: Bool) throws(CodixError) -> Bool {
      do {
        if ifPresent, try cursor.isAbsent() { return false }
        switch component {
        case .key(let key):
          let next = try objectEntry()
          entry = next
          cursor = .keyed(try next?.container ?? cursor.keyedContainer(), CodixKey(key))
        case .index(let index):
          guard let next = try element(at: index, of: cursor, ifPresent: ifPresent) else {
            return false
          }
          entry = nil
          cursor = next
        }
        return true
      } catch {
        throw enriched(error, at: cursor)
      }
    }

    /// The cache entry of the object at the cursor, when it can have one.
    private func objectEntry() throws -> CachedContainer? {
      switch cursor {
      case .root(let decoder): try KeyedContainerCache.entry(for: decoder)
      case .keyed(_, let key): try entry?.nested(key.stringValue)
      case .element: nil
      }
    }
  }

  /// The cursor at `index` of the array at `cursor`, skipping the elements
  /// before it (any kind of value) in linear time.
  private static func element(at index: Int, of cursor: Cursor, ifPresent: Bool) throws -> Cursor? {
    var container = try cursor.unkeyedContainer()
    let count: Int
    if let known = container.count {
      count = known
    } else {
      count = try countElements(of: cursor)
    }
    let resolved = index < 0 ? count + index : index
    guard resolved >= 0, resolved < count else {
      if ifPresent { return nil }
      throw CodixError(
        kind: .indexOutOfRange,
        path: Path(codingPath: container.codingPath).appending(component: .index(index)),
        expected: count == 0
          ? "an element, but the array is empty" : "an index in -\(count)...\(count - 1)",
        found: "an array of \(count) element\(count == 1 ? "" : "s")")
    }
    for _ in 0..<resolved {
      _ = try container.decode(SkippedValue.self)
    }
    return .element(container)
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
    if let key = path.singleKey {
      let entry: CachedContainer
      do {
        entry = try KeyedContainerCache.entry(for: decoder)
      } catch {
        throw failure(error, decoding: type, at: key, in: nil, decoder: decoder)
      }
      do {
        return try entry.container.codixDecode(type, forKey: CodixKey(key))
      } catch {
        throw failure(error, decoding: type, at: key, in: entry.container, decoder: decoder)
      }
    }
    guard let value = try decode(type, at: path, in: decoder, ifPresent: false) else {
      throw CodixError(
        kind: .valueNotFound, path: Path(codingPath: decoder.codingPath).appending(path))
    }
    return value
  }

  /// Decodes `T` at `path` below `decoder`; `nil` when `ifPresent` and the
  /// value is missing or `null`.
  @usableFromInline
  package static func decode<T: Decodable>(
    _ type: T.Type, at path: Path, in decoder: any Decoder, ifPresent: Bool
  ) throws(CodixError) -> T? {
    guard var cursor = try cursor(at: path, from: .root(decoder), ifPresent: ifPresent) else {
      return nil
    }
    return try decode(type, at: &cursor, ifPresent: ifPresent)
  }

  /// Decodes `T` at a cursor, turning any failure into an enriched CodixError.
  package static func decode<T: Decodable>(
    _ type: T.Type, at cursor: inout Cursor, ifPresent: Bool
  ) throws(CodixError) -> T? {
    do {
      return ifPresent ? try cursor.decodeIfPresent(type) : try cursor.decode(type)
    } catch {
      var codix = enriched(error, at: cursor)
      codix.attribute(insideValueOf: type, at: cursor.path)
      throw codix
    }
  }

  /// Decodes `From` at `path` and converts it with `transformer`.
  package static func decode<F: Transformer>(
    at path: Path, in decoder: any Decoder, using transformer: F, ifPresent: Bool
  ) throws(CodixError) -> F.To? where F.From: Decodable {
    guard var cursor = try cursor(at: path, from: .root(decoder), ifPresent: ifPresent),
      let raw = try decode(F.From.self, at: &cursor, ifPresent: ifPresent)
    else { return nil }
    return try transform(raw, with: transformer, at: cursor)
  }

  /// Applies a transformer; a failure becomes `.transformFailed` at the cursor.
  package static func transform<F: Transformer>(
    _ raw: F.From, with transformer: F, at cursor: @autoclosure () -> Cursor
  ) throws(CodixError) -> F.To {
    do {
      return try transformer.transform(raw)
    } catch {
      throw transformFailure(error, raw: raw, transformer: transformer, at: cursor().path)
    }
  }

  package static func transformFailure<F: Transformer>(
    _ error: any Error, raw: F.From, transformer: F, at path: Path
  ) -> CodixError {
    var codix: CodixError
    if let thrown = error as? CodixError, !thrown.isLocated {
      codix = thrown
    } else if let thrown = error as? CodixError {
      return thrown
    } else {
      codix = CodixError(kind: .transformFailed, message: "\(error)", underlyingError: error)
    }
    codix.path = path
    codix.isLocated = true
    codix.expected = codix.expected ?? transformer.expectedDescription
    codix.found = codix.found ?? FoundRenderer.render(swiftValue: raw)
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
    let cursor = Cursor.keyed(container, CodixKey(key))
    var codix = enriched(error, at: cursor)
    codix.attribute(insideValueOf: type, at: cursor.path)
    return codix
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
      guard case .key(let missing)? = target.last else { break }
      let keys: [String]?
      if rest.isRoot, case .keyed(let container, _) = cursor {
        keys = container.allKeys.map(\.stringValue)
      } else {
        let parentRest = Path(Array(rest.components.dropLast()))
        let parent = try? Navigator.cursor(at: parentRest, from: cursor, ifPresent: false)
        keys = try? parent?.keyedContainer().allKeys.map(\.stringValue)
      }
      guard let keys else { break }
      codix.message = keyNotFoundMessage(missing: missing, keys: keys)
    case .typeMismatch, .dataCorrupted, .transformFailed, .validationFailed:
      guard var probe = try? Navigator.cursor(at: rest, from: cursor, ifPresent: false),
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

  package static func keyNotFoundMessage(missing: String, keys: [String]) -> String {
    let sorted = keys.sorted()
    var message = "No key \(FoundRenderer.quote(missing))"
    if sorted.isEmpty {
      message += " in an empty object."
    } else {
      let shown = sorted.prefix(8).map { FoundRenderer.quote($0, limit: 30) }
      message += " among " + shown.joined(separator: ", ")
      message += sorted.count > 8 ? ", … (\(sorted.count) keys)." : "."
    }
    if let suggestion = Suggestions.closest(to: missing, in: sorted) {
      message += " Did you mean \(FoundRenderer.quote(suggestion))?"
    }
    return message
  }
}

extension Navigator {
  /// The error for a transformer whose `reverse` failed while encoding.
  package static func reverseFailure(
    _ error: any Error, value: Any, transformerName: String, at path: Path
  ) -> CodixError {
    if let thrown = error as? CodixError, thrown.isLocated { return thrown }
    var codix =
      (error as? CodixError)
      ?? CodixError(kind: .transformFailed, message: "\(error)", underlyingError: error)
    codix.path = path
    codix.isLocated = true
    codix.expected = codix.expected ?? "a value \(transformerName) can write"
    codix.found = codix.found ?? FoundRenderer.render(swiftValue: value)
    return codix
  }
}
