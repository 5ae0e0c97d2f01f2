/// Reads a `Bool` written as a number: `0` is `false`, any other number `true`.
///
/// ```swift
/// isActive = try decoder.decode(at: "active", using: BoolFromInt())  // 1 -> true, 0 -> false
/// ```
///
/// As in the original Codix, any non-zero number is `true`. Reversing writes
/// `0` or `1`. (A wrapper property's lossy `Bool`, with no transformer, is
/// stricter: it accepts only `0` and `1`.)
public struct BoolFromInt: ReversibleTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads `0` as `false` and any other number as `true`.
  public func transform(_ value: Int) throws -> Bool { value != 0 }

  /// Writes `1` for `true` and `0` for `false`.
  public func reverse(_ value: Bool) -> Int { value ? 1 : 0 }

  /// What the transformer reads, for reports: `Bool (a number)`.
  public var expectedDescription: String { "Bool (a number)" }
}
