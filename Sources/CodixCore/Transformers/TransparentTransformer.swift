/// A transformer that passes its value through unchanged.
///
/// Handy where an API asks for a transformer and the value needs none, as
/// the original Codix's wrappers did:
///
/// ```swift
/// try encoder.encode(name, at: "profile.name", using: TransparentTransformer<String>())
/// ```
public struct TransparentTransformer<Value>: ReversibleTransformer {
  /// Creates the transformer.
  public init() {}

  /// Returns `value`.
  public func transform(_ value: Value) -> Value { value }

  /// Returns `value`.
  public func reverse(_ value: Value) -> Value { value }
}
