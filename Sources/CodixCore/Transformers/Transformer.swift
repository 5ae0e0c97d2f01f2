/// Converts a raw value read from the document into the value a model wants.
///
/// One transformer works in both styles: `decoder.decode(at:using:)` in
/// CodixPath and `@Coding(_:using:)` in CodixWrappers.
///
/// ```swift
/// struct SalaryTransformer: Transformer {
///   func transform(_ value: String) throws -> Salary {
///     let parts = value.split(separator: ":")
///     guard parts.count == 2, let amount = Int(parts[1]) else {
///       throw CodixError.transformFailed("Can not transform \(value) to Enum Salary")
///     }
///     return parts[0] == "usd" ? .usd(amount) : .rmb(amount)
///   }
/// }
/// ```
///
/// A transformer that throws produces a ``CodixError`` of kind
/// ``CodixError/Kind/transformFailed`` whose report adds the path and the value
/// that failed. Transformers are `Sendable` values: Codix may use one from many
/// threads at once.
public protocol Transformer<From, To>: Sendable {
  /// The raw type read from the document, usually `String`, `Int` or `Double`.
  associatedtype From
  /// The type the model stores.
  associatedtype To

  /// Converts a raw value.
  /// - Throws: ``CodixError/transformFailed(_:)`` or any error, when `value`
  ///   cannot be converted.
  func transform(_ value: From) throws -> To

  /// What the transformer expects, for error reports: `"Date (format yyyy/MM/dd)"`.
  /// The default is the name of ``Transformer/To``.
  var expectedDescription: String { get }
}

extension Transformer {
  /// The name of ``Transformer/To``, for error reports.
  public var expectedDescription: String { TypeNames.display(To.self) }
}

/// A ``Transformer`` that can also convert back, so values it decodes can be
/// encoded again.
///
/// ```swift
/// let strategy = DateCodingStrategy.format("yyyy/MM/dd")
/// let date = try strategy.transform(.string("2000/08/12"))
/// try strategy.reverse(date)  // .string("2000/08/12")
/// ```
public protocol ReversibleTransformer<From, To>: Transformer {
  /// Converts a model value back into its raw form.
  func reverse(_ value: To) throws -> From
}
