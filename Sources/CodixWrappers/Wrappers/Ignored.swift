import CodixCore

/// A stored property that Codix never decodes or encodes: a cache, UI state,
/// anything that is not part of the document, even when the document happens
/// to have a key of the same name.
///
/// ```swift
/// struct Song: Kodable {
///   @Coding var id: Int
///   @Ignored var isPlaying = false      // not read, not written
///   @Ignored var artwork: Data? = nil
/// }
/// ```
///
/// The property keeps the value the model's `init()` gives it. Without the
/// wrapper, a plain `var` of a `Decodable` type is read at its name.
@propertyWrapper
public struct Ignored<Value> {
  /// The property's value.
  public var wrappedValue: Value

  /// Wraps the property's initial value.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension Ignored: Sendable where Value: Sendable {}
extension Ignored: Equatable where Value: Equatable {}
extension Ignored: Hashable where Value: Hashable {}
