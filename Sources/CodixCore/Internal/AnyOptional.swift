/// The one way Codix asks whether a type or a value is an `Optional`, and
/// looks inside one, when the type is known only at run time.
package protocol AnyOptional {
  /// The wrapped type: `Int` for `Int?`.
  static var wrappedType: Any.Type { get }
  /// The `nil` of this optional type.
  static var noneValue: Self { get }
  /// Whether this value is `nil`.
  var isNone: Bool { get }
  /// The wrapped value, or `()` for `nil`.
  var unwrappedAny: Any { get }
}

extension Optional: AnyOptional {
  package static var wrappedType: Any.Type { Wrapped.self }
  package static var noneValue: Wrapped? { nil }
  package var isNone: Bool { self == nil }
  package var unwrappedAny: Any {
    switch self {
    case .some(let value): value
    case .none: ()
    }
  }
}

/// `T` as an optional type, or `nil` when it is not one: the way to ask
/// where `T` is a generic parameter. Asks the runtime's cheap question
/// first, so a type that is not optional costs no conformance search.
package func anyOptionalType<T>(_: T.Type) -> (any AnyOptional.Type)? {
  _isOptional(T.self) ? T.self as? any AnyOptional.Type : nil
}
