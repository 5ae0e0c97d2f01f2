import Foundation

// MARK: - Strings

extension KodableModifier where Value == String {
  /// Trims white space and newlines from both ends.
  public static var trimmed: KodableModifier {
    KodableModifier { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }
}

extension KodableModifier where Value == String? {
  /// Trims white space and newlines from both ends.
  public static var trimmed: KodableModifier {
    KodableModifier { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  /// Trims white space and newlines, and turns an empty result into `nil`.
  public static var trimmedNilIfEmpty: KodableModifier {
    KodableModifier { value in
      guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines),
        !trimmed.isEmpty
      else { return nil }
      return trimmed
    }
  }
}

// MARK: - Sorting

extension KodableModifier
where
  Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Comparable & Sendable
{
  /// Sorts the elements in ascending order.
  public static var ascending: KodableModifier { KodableModifier { sortedCopy($0, by: <) } }
  /// Sorts the elements in descending order.
  public static var descending: KodableModifier { KodableModifier { sortedCopy($0, by: >) } }
}

extension KodableModifier
where Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Sendable {
  /// Sorts the elements in ascending order of one of their properties.
  public static func ascending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property> & Sendable
  ) -> KodableModifier {
    KodableModifier { sortedCopy($0) { $0[keyPath: keyPath] < $1[keyPath: keyPath] } }
  }

  /// Sorts the elements in descending order of one of their properties.
  public static func descending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property> & Sendable
  ) -> KodableModifier {
    KodableModifier { sortedCopy($0) { $0[keyPath: keyPath] > $1[keyPath: keyPath] } }
  }

  /// Sorts the elements with `areInIncreasingOrder`.
  public static func sorted(
    using areInIncreasingOrder: @escaping @Sendable (Value.Element, Value.Element) -> Bool
  ) -> KodableModifier {
    KodableModifier { sortedCopy($0, by: areInIncreasingOrder) }
  }
}

// MARK: - Comparable values

extension KodableModifier where Value: Comparable & Sendable {
  /// Clamps the value into `limits`: below is raised to the lower bound, above
  /// lowered to the upper bound.
  public static func clamping(to limits: ClosedRange<Value>) -> KodableModifier {
    KodableModifier { Swift.min(Swift.max($0, limits.lowerBound), limits.upperBound) }
  }

  /// Accepts only values inside `limits`; others fail with `.validationFailed`.
  public static func range(_ limits: ClosedRange<Value>) -> KodableModifier {
    KodableModifier { limits.contains($0) }
  }

  /// Accepts only values of at most `maximum`; others fail with `.validationFailed`.
  public static func max(_ maximum: Value) -> KodableModifier {
    KodableModifier { $0 <= maximum }
  }

  /// Accepts only values of at least `minimum`; others fail with `.validationFailed`.
  public static func min(_ minimum: Value) -> KodableModifier {
    KodableModifier { $0 >= minimum }
  }
}

private func sortedCopy<C: MutableCollection & RandomAccessCollection>(
  _ collection: C, by areInIncreasingOrder: (C.Element, C.Element) -> Bool
) -> C {
  var copy = collection
  copy.sort(by: areInIncreasingOrder)
  return copy
}
