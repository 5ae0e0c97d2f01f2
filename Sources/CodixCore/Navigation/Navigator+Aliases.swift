// Alias paths: a value read from the first of several paths that holds one.
//
//     decoder.decode(Int.self, atFirstOf: ["id", "user_id", "data.id"])
//
// Each path is read as `decodeIfPresent(at:)` reads it, in order, so the
// first path costs what a plain read costs and the others are walked only
// when it is missing or `null`. A present value of the wrong type is an error
// at its own path, never a reason to try the next one. When none holds a
// value, the report is the first path's (its keys, "did you mean"), with
// every path tried.

extension Navigator {
  /// Decodes `T` at the first of `paths` that holds a value; `nil` when none
  /// does and `ifPresent`.
  package static func decode<T: Decodable>(
    _ type: T.Type, atFirstOf paths: [Path], in decoder: any Decoder, ifPresent: Bool
  ) throws(CodixError) -> T? {
    for path in paths {
      if let value = try decode(type, at: path, in: decoder, ifPresent: true) { return value }
    }
    if ifPresent, !paths.isEmpty { return nil }
    throw Cursor.spelledAsWritten(
      noValue(atAnyOf: paths, from: .root(decoder), expected: TypeNames.display(type)),
      in: decoder)
  }

  /// Decodes the raw value at the first of `paths` that holds one and
  /// converts it with `transformer`.
  package static func decode<F: Transformer>(
    atFirstOf paths: [Path], in decoder: any Decoder, using transformer: F, ifPresent: Bool
  ) throws(CodixError) -> F.To? where F.From: Decodable {
    for path in paths {
      if let value = try decode(at: path, in: decoder, using: transformer, ifPresent: true) {
        return value
      }
    }
    if ifPresent, !paths.isEmpty { return nil }
    throw Cursor.spelledAsWritten(
      noValue(atAnyOf: paths, from: .root(decoder), expected: transformer.expectedDescription),
      in: decoder)
  }

  /// The error for a value required at one of `paths` below `start`, none of
  /// which holds one: the first path's absence, listing every path tried.
  package static func noValue(atAnyOf paths: [Path], from start: Cursor, expected: String?)
    -> CodixError
  {
    guard let first = paths.first else {
      return CodixError(
        .invalidPath, at: start.path, detail: .triedPaths([], then: nil),
        expected: "at least one path")
    }
    var error: CodixError
    do {
      switch try walk(first, from: start) {
      case .absent(let absence):
        error = absence.error(expected: expected)
      case .present(var cursor):
        error = (Absence.of(&cursor) ?? Absence(at: cursor, .null)).error(expected: expected)
      }
    } catch {
      return error
    }
    let base = start.path
    error.detail = .triedPaths(paths.map { base.appending($0) }, then: error.detail)
    return error
  }
}
