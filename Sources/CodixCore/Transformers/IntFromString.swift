/// Reads an `Int` written as a string: `"42"` → `42`.
///
/// ```swift
/// count = try decoder.decode(at: "count", using: IntFromString())
/// ```
///
/// The text must be a whole number with nothing around it; anything else
/// fails with ``CodixError/Kind/transformFailed``. Reversing writes the
/// number's text.
public struct IntFromString: ReversibleTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads the integer `value` spells.
  /// - Throws: ``CodixError/transformFailed(_:)`` when `value` is not an integer.
  public func transform(_ value: String) throws -> Int {
    guard let number = Int(value) else {
      throw CodixError.transformFailed("Can not transform Int from String \(value)")
    }
    return number
  }

  /// Writes `value` as text.
  public func reverse(_ value: Int) -> String { String(value) }

  /// What the transformer reads, for reports: `Int (as a string)`.
  public var expectedDescription: String { "Int (as a string)" }
}
