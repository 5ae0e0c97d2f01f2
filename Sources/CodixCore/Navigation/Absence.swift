/// A value a walk did not find: a missing key, a `null`, or an index past the
/// end of an array. The one definition of "absent" for both styles.
///
/// An absence is not an error by itself: `decodeIfPresent(at:)` and optional
/// properties turn it into `nil`, defaults turn it into the default. Where a
/// value is required, ``error(expected:)`` makes the report, with the keys the
/// object does have and the closest one ("Did you mean …?").
package struct Absence {
  package enum Reason {
    /// The object at the cursor's container has no such key.
    case missingKey
    /// The value is `null`.
    case null
    /// The array holds `count` elements; `index` is not one of them.
    case outOfRange(index: Int, count: Int)
  }

  /// Where the absent value would be (for `.outOfRange`, the array).
  package let cursor: Cursor
  package let reason: Reason

  package init(at cursor: Cursor, _ reason: Reason) {
    self.cursor = cursor
    self.reason = reason
  }

  /// The absence of the value at `cursor`, if it is absent. On an array
  /// element that is `null`, the element is consumed.
  package static func of(_ cursor: inout Cursor) -> Absence? {
    let before = cursor
    return cursor.absence().map { Absence(at: before, $0) }
  }

  /// The absence behind `error`, thrown while opening or reading the value at
  /// `cursor`: `nil` when the value is there (the error is about something
  /// else, or deeper inside it). Runs on the error path only.
  package static func explaining(_ error: any Error, at cursor: Cursor) -> Absence? {
    guard let decoding = error as? DecodingError else { return nil }
    switch decoding {
    case .keyNotFound, .valueNotFound:
      var trial = cursor
      return Absence.of(&trial)
    default:
      return nil
    }
  }

  /// Why there is no object at `cursor`, after `Navigator.object(at:)`
  /// found none.
  package static func ofObject(at cursor: Cursor) -> Absence {
    var trial = cursor
    return Absence.of(&trial) ?? Absence(at: cursor, .null)
  }

  /// The error for a required value that is absent: `.keyNotFound` (with
  /// the keys the object has and a suggestion), `.valueNotFound`, or
  /// `.indexOutOfRange` (with the array's count).
  package func error(expected: String?) -> CodixError {
    switch reason {
    case .missingKey:
      let detail = cursor.missingMember.map { CodixError.Detail.noKey($0.key, among: $0.keys) }
      return CodixError(.keyNotFound, at: cursor.path, detail: detail, expected: expected)
    case .null:
      return CodixError(.valueNotFound, at: cursor.path, expected: expected, found: "null")
    case .outOfRange(let index, let count):
      return CodixError(
        .indexOutOfRange, at: cursor.path.appending(component: .index(index)),
        expected: count == 0
          ? "an element, but the array is empty" : "an index in -\(count)...\(count - 1)",
        found: "an array of \(count) element\(count == 1 ? "" : "s")")
    }
  }
}
