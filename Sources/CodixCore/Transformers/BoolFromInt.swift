/// Reads a `Bool` written as `0` or `1`.
///
/// ```swift
/// isActive = try decoder.decode(at: "active", using: BoolFromInt())  // 1 -> true
/// ```
///
/// Any other number fails with ``CodixError/Kind/transformFailed``, so a
/// stray `2` is never silently read as `true`. Reversing writes `0` or `1`.
public struct BoolFromInt: ReversibleTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads `0` as `false` and `1` as `true`.
  /// - Throws: ``CodixError/transformFailed(_:)`` for any other number.
  public func transform(_ value: Int) throws -> Bool {
    switch value {
    case 0: return false
    case 1: return true
    default: throw CodixError.transformFailed("Expected 0 or 1 for a Bool, got \(value).")
    }
  }

  /// Writes `1` for `true` and `0` for `false`.
  public func reverse(_ value: Bool) -> Int { value ? 1 : 0 }

  /// What the transformer reads, for reports: `Bool (0 or 1)`.
  public var expectedDescription: String { "Bool (0 or 1)" }
}
