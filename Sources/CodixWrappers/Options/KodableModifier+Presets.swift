import CodixCore
import Foundation

// The presets' rules, spelled once. They are public as options only
// (`@Coding(.trimmed)`, in KodableOption+Presets.swift), as in Kodable.

// MARK: - Strings

extension KodableModifier where Value == String {
  /// Trims white space and newlines from both ends.
  static var trimmed: KodableModifier {
    KodableModifier { WhiteSpace.trimmed($0) }
  }
}

extension KodableModifier where Value == String? {
  /// Trims white space and newlines from both ends.
  static var trimmed: KodableModifier {
    KodableModifier { $0.map(WhiteSpace.trimmed) }
  }

  /// Trims white space and newlines, and turns an empty result into `nil`.
  static var trimmedNilIfEmpty: KodableModifier {
    KodableModifier { value in
      guard let trimmed = value.map(WhiteSpace.trimmed),
        !trimmed.isEmpty
      else { return nil }
      return trimmed
    }
  }
}

/// Trimming as `trimmingCharacters(in: .whitespacesAndNewlines)` does, with
/// the same answers, without its cost for the common string that has nothing
/// to trim (Foundation's bridge to `NSString` and back: about 11,000
/// instructions per string on Linux, more than reading the value).
enum WhiteSpace {
  static func trimmed(_ text: String) -> String {
    let bytes = text.utf8
    guard let first = bytes.first, let last = bytes.last else { return text }
    if isKeptASCII(first) && isKeptASCII(last) { return text }
    let set = CharacterSet.whitespacesAndNewlines
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, set.contains(scalars[start]) { start = scalars.index(after: start) }
    while start < end, set.contains(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    if start == scalars.startIndex && end == scalars.endIndex { return text }
    return String(scalars[start..<end])
  }

  /// Whether an ASCII byte is outside `.whitespacesAndNewlines`, whose ASCII
  /// members are tab, line feed, vertical tab, form feed, carriage return
  /// and space. A byte of 0x80 or more starts or ends a longer scalar.
  private static func isKeptASCII(_ byte: UInt8) -> Bool {
    byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
  }
}

// MARK: - Sorting

extension KodableModifier
where
  Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Comparable & Sendable
{
  /// Sorts the elements in ascending order.
  static var ascending: KodableModifier { KodableModifier { sortedCopy($0, by: <) } }
  /// Sorts the elements in descending order.
  static var descending: KodableModifier { KodableModifier { sortedCopy($0, by: >) } }
}

extension KodableModifier
where Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Sendable {
  /// Sorts the elements in ascending order of one of their properties.
  static func ascending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property> & Sendable
  ) -> KodableModifier {
    KodableModifier { sortedCopy($0) { $0[keyPath: keyPath] < $1[keyPath: keyPath] } }
  }

  /// Sorts the elements in descending order of one of their properties.
  static func descending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property> & Sendable
  ) -> KodableModifier {
    KodableModifier { sortedCopy($0) { $0[keyPath: keyPath] > $1[keyPath: keyPath] } }
  }

  /// Sorts the elements with `areInIncreasingOrder`.
  static func sorted(
    using areInIncreasingOrder: @escaping @Sendable (Value.Element, Value.Element) -> Bool
  ) -> KodableModifier {
    KodableModifier { sortedCopy($0, by: areInIncreasingOrder) }
  }
}

// MARK: - Sorting with optionals (nil last)

extension KodableModifier
where
  Value: MutableCollection & RandomAccessCollection & Sendable,
  Value.Element: OptionalComparable & Sendable
{
  /// Sorts optional elements in ascending order, `nil` last:
  /// `[8, nil, 3, 5, nil]` becomes `[3, 5, 8, nil, nil]`.
  static var ascending: KodableModifier {
    KodableModifier { sortedCopy($0) { nilLast($0.comparableValue, $1.comparableValue, by: <) } }
  }

  /// Sorts optional elements in descending order, `nil` last.
  static var descending: KodableModifier {
    KodableModifier { sortedCopy($0) { nilLast($0.comparableValue, $1.comparableValue, by: >) } }
  }
}

extension KodableModifier
where Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Sendable {
  /// Sorts the elements in ascending order of an optional property, the
  /// elements whose property is `nil` last.
  static func ascending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property?> & Sendable
  ) -> KodableModifier {
    KodableModifier {
      sortedCopy($0) { nilLast($0[keyPath: keyPath], $1[keyPath: keyPath], by: <) }
    }
  }

  /// Sorts the elements in descending order of an optional property, the
  /// elements whose property is `nil` last.
  static func descending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property?> & Sendable
  ) -> KodableModifier {
    KodableModifier {
      sortedCopy($0) { nilLast($0[keyPath: keyPath], $1[keyPath: keyPath], by: >) }
    }
  }
}

/// An optional of a `Comparable` type: what lets `.ascending` and
/// `.descending` sort an array of optionals (`[Int?]`), `nil` last.
///
/// `Optional` conforms where its `Wrapped` is `Comparable`; the conformance
/// adds no member to `Optional`. Another conforming type compares as its
/// `Wrapped` when its values are one, and sorts with the `nil`s otherwise.
public protocol OptionalComparable {
  /// The wrapped type.
  associatedtype Wrapped: Comparable
}

extension Optional: OptionalComparable where Wrapped: Comparable {}

extension OptionalComparable {
  /// The optional itself; `nil` for a value of another type that conforms
  /// (the protocol is public), which then sorts with the `nil`s.
  var comparableValue: Wrapped? {
    guard Self.self == Wrapped?.self else { return (self as Any) as? Wrapped }
    // safe: Self was just found to be Wrapped?.
    return unsafeBitCast(self, to: Wrapped?.self)
  }
}

/// Orders two optionals by `areInIncreasingOrder`, every `nil` after every value.
private func nilLast<T>(_ lhs: T?, _ rhs: T?, by areInIncreasingOrder: (T, T) -> Bool) -> Bool {
  switch (lhs, rhs) {
  case (let lhs?, let rhs?): areInIncreasingOrder(lhs, rhs)
  case (.some, nil): true
  case (nil, _): false
  }
}

// MARK: - Comparable values

extension KodableModifier where Value: Comparable & Sendable {
  /// Clamps the value into `limits`: below is raised to the lower bound, above
  /// lowered to the upper bound.
  static func clamping(to limits: ClosedRange<Value>) -> KodableModifier {
    KodableModifier { Swift.min(Swift.max($0, limits.lowerBound), limits.upperBound) }
  }

  /// Constrains the value to `limits`, as ``clamping(to:)`` does (Kodable's
  /// name). To reject values outside instead, use
  /// `.validation { limits.contains($0) }`.
  static func range(_ limits: ClosedRange<Value>) -> KodableModifier {
    clamping(to: limits)
  }

  /// Constrains the value to at most `maximum`: a larger value becomes `maximum`.
  static func max(_ maximum: Value) -> KodableModifier {
    KodableModifier { Swift.min($0, maximum) }
  }

  /// Constrains the value to at least `minimum`: a smaller value becomes `minimum`.
  static func min(_ minimum: Value) -> KodableModifier {
    KodableModifier { Swift.max($0, minimum) }
  }
}

private func sortedCopy<C: MutableCollection & RandomAccessCollection>(
  _ collection: C, by areInIncreasingOrder: (C.Element, C.Element) -> Bool
) -> C {
  var copy = collection
  copy.sort(by: areInIncreasingOrder)
  return copy
}
