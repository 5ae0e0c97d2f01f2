import CodixCore

// The modifier presets, spelled as options: `@Coding(.trimmed)`.

extension KodableOption where Value == String {
  /// Trims white space and newlines from both ends.
  public static var trimmed: KodableOption { .modifier(.trimmed) }
}

extension KodableOption where Value == String? {
  /// Trims white space and newlines from both ends.
  public static var trimmed: KodableOption { .modifier(.trimmed) }
  /// Trims white space and newlines, and turns an empty result into `nil`.
  public static var trimmedNilIfEmpty: KodableOption { .modifier(.trimmedNilIfEmpty) }
}

extension KodableOption
where
  Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Comparable & Sendable
{
  /// Sorts the elements in ascending order.
  public static var ascending: KodableOption { .modifier(.ascending) }
  /// Sorts the elements in descending order.
  public static var descending: KodableOption { .modifier(.descending) }
}

extension KodableOption
where Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Sendable {
  /// Sorts the elements in ascending order of one of their properties.
  public static func ascending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property> & Sendable
  ) -> KodableOption {
    .modifier(.ascending(by: keyPath))
  }

  /// Sorts the elements in descending order of one of their properties.
  public static func descending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property> & Sendable
  ) -> KodableOption {
    .modifier(.descending(by: keyPath))
  }

  /// Sorts the elements with `areInIncreasingOrder`.
  public static func sorted(
    using areInIncreasingOrder: @escaping @Sendable (Value.Element, Value.Element) -> Bool
  ) -> KodableOption {
    .modifier(.sorted(using: areInIncreasingOrder))
  }
}

extension KodableOption
where
  Value: MutableCollection & RandomAccessCollection & Sendable,
  Value.Element: OptionalComparable & Sendable
{
  /// Sorts optional elements in ascending order, `nil` last.
  public static var ascending: KodableOption { .modifier(.ascending) }
  /// Sorts optional elements in descending order, `nil` last.
  public static var descending: KodableOption { .modifier(.descending) }
}

extension KodableOption
where Value: MutableCollection & RandomAccessCollection & Sendable, Value.Element: Sendable {
  /// Sorts the elements in ascending order of an optional property, `nil` last.
  public static func ascending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property?> & Sendable
  ) -> KodableOption {
    .modifier(.ascending(by: keyPath))
  }

  /// Sorts the elements in descending order of an optional property, `nil` last.
  public static func descending<Property: Comparable & Sendable>(
    by keyPath: any KeyPath<Value.Element, Property?> & Sendable
  ) -> KodableOption {
    .modifier(.descending(by: keyPath))
  }
}

extension KodableOption where Value: Comparable & Sendable {
  /// Clamps the value into `limits`.
  public static func clamping(to limits: ClosedRange<Value>) -> KodableOption {
    .modifier(.clamping(to: limits))
  }
  /// Constrains the value to `limits` (the same as ``clamping(to:)``).
  public static func range(_ limits: ClosedRange<Value>) -> KodableOption {
    .modifier(.range(limits))
  }
  /// Constrains the value to at most `maximum`.
  public static func max(_ maximum: Value) -> KodableOption { .modifier(.max(maximum)) }
  /// Constrains the value to at least `minimum`.
  public static func min(_ minimum: Value) -> KodableOption { .modifier(.min(minimum)) }
}
