import CodixCore

/// A rule applied to a decoded value: an override that changes it, or a
/// validation that accepts or rejects it.
///
/// ```swift
/// struct Project: Kodable {
///   @Coding(.modifier(Project.trimmed)) var title: String   // Kodable's spelling
///   static var trimmed: KodableModifier<String> {
///     KodableModifier { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
///   }
/// }
/// ```
///
/// Modifiers run in the order they are declared, after decoding and after any
/// transformer. A validation that returns `false` fails the decode with a
/// ``CodixError`` of kind ``CodixError/Kind/validationFailed`` naming the
/// property and the value.
public struct KodableModifier<Value>: Sendable {
  enum Rule: Sendable {
    case override(@Sendable (Value) -> Value)
    case validation(@Sendable (Value) -> Bool)
  }

  let rule: Rule

  /// A modifier that replaces the decoded value with `override(value)`.
  public init(_ override: @escaping @Sendable (Value) -> Value) {
    rule = .override(override)
  }

  /// A modifier that rejects the decoded value when `validation(value)` is `false`.
  ///
  /// For a `Bool` property, where a closure fits both initializers, the
  /// override wins; use ``KodableOption/validation(_:)`` to validate a `Bool`.
  @_disfavoredOverload
  public init(_ validation: @escaping @Sendable (Value) -> Bool) {
    rule = .validation(validation)
  }
}
