import CodixCore

extension Decoder {
  /// Decodes the value at `path`, relative to the value this decoder is at.
  ///
  /// ```swift
  /// init(from decoder: Decoder) throws {
  ///   id = try decoder.decode(at: "my_id")
  ///   city = try decoder.decode(String.self, at: "profile.address.city")
  ///   firstTag = try decoder.decode(at: "tags[0]")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode; usually inferred.
  ///   - path: Where the value is. `""` decodes the value itself.
  /// - Returns: The decoded value.
  /// - Throws: A ``CodixError`` with the absolute path: `.keyNotFound`,
  ///   `.valueNotFound` (the value is `null`), `.typeMismatch`,
  ///   `.indexOutOfRange`, `.invalidPath`, or whatever decoding `T` throws.
  @inlinable @inline(__always)
  public func decode<T: Decodable>(_ type: T.Type = T.self, at path: Path) throws -> T {
    try Navigator.decodeRequired(type, at: path, in: self)
  }

  /// Decodes the value at `path`, or returns `nil` when any step of the path
  /// is missing, is `null`, or is past the end of an array.
  ///
  /// ```swift
  /// avatar = try decoder.decodeIfPresent(at: "profile.avatar")  // URL?
  /// ```
  ///
  /// - Throws: A ``CodixError`` when a value is there but cannot be decoded
  ///   as `T` (a wrong type is never turned into `nil`).
  public func decodeIfPresent<T: Decodable>(_ type: T.Type = T.self, at path: Path) throws -> T? {
    try Navigator.decode(type, at: path, in: self, ifPresent: true)
  }

  /// Decodes the value at `path`, or returns `default` when it is missing or `null`.
  ///
  /// ```swift
  /// name = try decoder.decode(at: "name", default: "")
  /// ```
  ///
  /// - Throws: A ``CodixError`` when a value is there but cannot be decoded.
  public func decode<T: Decodable>(
    _ type: T.Type = T.self, at path: Path, default: @autoclosure () -> T
  ) throws -> T {
    try Navigator.decode(type, at: path, in: self, ifPresent: true) ?? `default`()
  }

  /// Decodes the value at `path`, or returns `fallback` when it is missing,
  /// `null`, or there but unreadable: an unknown enum case, a value of the
  /// wrong type. The last is recorded, with the value found, to the
  /// ``CodixDiagnostics`` in `userInfo[.codixDiagnostics]`.
  ///
  /// ```swift
  /// status = try decoder.decode(at: "status", defaultOnFailure: Status.unknown)
  /// // {"status": "archived"}: .unknown, and a warning that found "archived"
  /// ```
  ///
  /// - Throws: A ``CodixError`` only for a malformed path.
  public func decode<T: Decodable>(
    _ type: T.Type = T.self, at path: Path, defaultOnFailure fallback: @autoclosure () -> T
  ) throws -> T {
    let value: T?
    do {
      value = try Navigator.decode(type, at: path, in: self, ifPresent: true)
    } catch {
      guard error.kind != .invalidPath else { throw error }
      try CodixDiagnostics.recoverWithFallback(error, in: userInfo)
      value = nil
    }
    guard let value else { return fallback() }
    return value
  }

  /// Decodes the raw value at `path` and converts it with `transformer`.
  ///
  /// ```swift
  /// salary = try decoder.decode(at: "salary", using: SalaryTransformer())
  /// ```
  ///
  /// - Throws: A ``CodixError``; `.transformFailed` names the path and the
  ///   value the transformer rejected.
  ///
  /// The type may be spelled out, as the original Codix allowed:
  /// `decoder.decode(Bool.self, at: "male", using: BoolFromInt())`.
  public func decode<F: Transformer>(
    _ type: F.To.Type = F.To.self, at path: Path, using transformer: F
  ) throws -> F.To
  where F.From: Decodable {
    guard let value = try Navigator.decode(at: path, in: self, using: transformer, ifPresent: false)
    else {
      // safe from input: a required decode returns a value or throws.
      throw CodixError(.valueNotFound, at: Path(codingPath: codingPath).appending(path))
    }
    return value
  }

  /// Decodes and converts the value at `path`, or returns `nil` when it is
  /// missing or `null`.
  ///
  /// ```swift
  /// birthdate = try decoder.decodeIfPresent(
  ///   at: "profile.birth_day", using: DateCodingStrategy.format("yyyy/MM/dd"))
  /// ```
  public func decodeIfPresent<F: Transformer>(
    _ type: F.To.Type = F.To.self, at path: Path, using transformer: F
  ) throws -> F.To?
  where F.From: Decodable {
    try Navigator.decode(at: path, in: self, using: transformer, ifPresent: true)
  }

  /// Decodes the raw value at `path` and converts it with a closure.
  ///
  /// ```swift
  /// isMale = try decoder.decode(at: "male", using: { (text: String) in text == "true" })
  /// ```
  ///
  /// - Throws: A ``CodixError``; an error thrown by `transform` becomes
  ///   `.transformFailed` at `path`.
  public func decode<T, R: Decodable>(
    _ type: T.Type = T.self, at path: Path, using transform: (R) throws -> T
  ) throws -> T {
    try withoutActuallyEscaping(transform) { transform in
      try decode(at: path, using: ClosureTransformer(body: transform))
    }
  }

  /// Decodes and converts the value at `path` with a closure, or returns `nil`
  /// when it is missing or `null`.
  public func decodeIfPresent<T, R: Decodable>(
    _ type: T.Type = T.self, at path: Path, using transform: (R) throws -> T
  ) throws -> T? {
    try withoutActuallyEscaping(transform) { transform in
      try decodeIfPresent(at: path, using: ClosureTransformer(body: transform))
    }
  }

  /// Decodes the array at `path`, skipping the elements that fail to decode.
  ///
  /// ```swift
  /// songs = try decoder.decodeLossy(at: "results")  // [Song], broken entries dropped
  /// ```
  ///
  /// Each skipped element is recorded, with its index and the reason, to the
  /// ``CodixDiagnostics`` in `userInfo[.codixDiagnostics]`, if any.
  ///
  /// - Throws: A ``CodixError`` when the array itself is missing or is not an array.
  public func decodeLossy<Element: Decodable>(
    _ type: [Element].Type = [Element].self, at path: Path
  ) throws -> [Element] {
    try Cursor.spelling(in: self) { () throws(CodixError) in
      let cursor = try Navigator.cursor(at: path, from: .root(self))
      return try Navigator.decodeLossyArray(Element.self, at: cursor, userInfo: userInfo)
    }
  }

  /// Decodes the object at `path` as a dictionary, skipping the entries whose
  /// value fails to decode or whose key is not a `Key`.
  ///
  /// ```swift
  /// counts = try decoder.decodeLossy(at: "counts")  // [Status: Int] from {"open": 3, …}
  /// ```
  ///
  /// The object's keys become `String`, `Int` (or any `CodingKeyRepresentable`),
  /// a `String`-backed enum, or any `LosslessStringConvertible` key. Each
  /// skipped entry is recorded, with its path and the reason, to the
  /// ``CodixDiagnostics`` in `userInfo[.codixDiagnostics]`, if any.
  ///
  /// - Throws: A ``CodixError`` when the value itself is missing or is not an object.
  public func decodeLossy<Key: Hashable, Value: Decodable>(
    _ type: [Key: Value].Type = [Key: Value].self, at path: Path
  ) throws -> [Key: Value] {
    try Cursor.spelling(in: self) { () throws(CodixError) in
      let cursor = try Navigator.cursor(at: path, from: .root(self))
      return try Navigator.decodeLossyDictionary(type, at: cursor, userInfo: userInfo)
    }
  }

  /// Decodes the array at `path` as a set, skipping the elements that fail
  /// to decode (each recorded to ``CodixDiagnostics``, as for an array).
  public func decodeLossy<Element: Decodable & Hashable>(
    _ type: Set<Element>.Type = Set<Element>.self, at path: Path
  ) throws -> Set<Element> {
    try Cursor.spelling(in: self) { () throws(CodixError) in
      let cursor = try Navigator.cursor(at: path, from: .root(self))
      return Set(try Navigator.decodeLossyArray(Element.self, at: cursor, userInfo: userInfo))
    }
  }
}

/// Adapts a non-escaping closure to a transformer for the span of one call.
private struct ClosureTransformer<From, To>: Transformer, @unchecked Sendable {
  // Unchecked: the closure never outlives the synchronous call that made it.
  let body: (From) throws -> To
  func transform(_ value: From) throws -> To { try body(value) }
}
