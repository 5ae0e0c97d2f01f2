import CodixCore

/// A reversible conversion with a blank initializer, for
/// ``KodableTransformable``, Kodable's way to write a custom wrapper. The same type
/// works as a transformer: `@Coding("html_url", using: URLTransform())`.
///
/// ```swift
/// struct URLTransform: KodableTransform {
///   struct InvalidURL: Error {}
///   func transformFromJSON(value: String) throws -> URL {
///     guard let url = URL(string: value) else { throw InvalidURL() }
///     return url
///   }
///   func transformToJSON(value: URL) throws -> String { value.absoluteString }
/// }
/// typealias CodingURL = KodableTransformable<URLTransform>
///
/// struct Repository: Kodable {
///   @CodingURL("html_url") var url: URL
/// }
/// ```
///
/// Every `KodableTransform` is a ``ReversibleTransformer``, so it also works
/// with `@Coding(_:using:)` and CodixPath's `decode(at:using:)`.
public protocol KodableTransform: ReversibleTransformer where From: Codable {
  // Restated so that a conformance infers them from transformFromJSON alone.
  /// The raw type in the document.
  associatedtype From
  /// The property's type.
  associatedtype To

  /// Creates the transform.
  init()
  /// Converts a raw document value.
  func transformFromJSON(value: From) throws -> To
  /// Converts a value back to its raw form.
  func transformToJSON(value: To) throws -> From
}

extension KodableTransform {
  /// Calls ``transformFromJSON(value:)``.
  public func transform(_ value: From) throws -> To { try transformFromJSON(value: value) }
  /// Calls ``transformToJSON(value:)``.
  public func reverse(_ value: To) throws -> From { try transformToJSON(value: value) }
}
