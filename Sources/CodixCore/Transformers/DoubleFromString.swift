/// Reads a `Double` written as a string: `"9.5"` → `9.5`.
///
/// ```swift
/// price = try decoder.decode(at: "price", using: DoubleFromString())
/// ```
///
/// The text must be a number with nothing around it; anything else fails with
/// ``CodixError/Kind/transformFailed``. Reversing writes the number's text.
public struct DoubleFromString: ReversibleTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads the number `value` spells.
  /// - Throws: ``CodixError/transformFailed(_:)`` when `value` is not a number.
  public func transform(_ value: String) throws -> Double {
    guard let number = Double(value) else {
      throw CodixError.transformFailed("Can not transform Double from String \(value)")
    }
    return number
  }

  /// Writes `value` as text.
  public func reverse(_ value: Double) -> String { String(value) }

  /// What the transformer reads, for reports: `Double (as a string)`.
  public var expectedDescription: String { "Double (as a string)" }
}
