import Foundation

/// Readable names of Swift types for reports.
package enum TypeNames {
  /// `Int`, `[String]`, `User?`: the name a user wrote.
  package static func display(_ type: Any.Type) -> String {
    if let optional = type as? any AnyOptional.Type {
      return display(optional.wrappedType) + "?"
    }
    if let array = type as? any ArrayDescribing.Type {
      return "[" + display(array.elementType) + "]"
    }
    if type == [String: Any].self { return "object" }
    if type == [Any].self { return "array" }
    return String(describing: type)
  }

  /// Whether `type` is a generic type's instance (`Page<User>`) or nested
  /// in one (`Feed<Post>.Entry`): where a conformance may be conditional.
  /// Errs towards `true`. The qualified name, because the unqualified one
  /// leaves out the enclosing types and so their generic arguments.
  package static func isGenericInstance(_ type: Any.Type) -> Bool {
    _typeName(type, qualified: true).utf8.contains(UInt8(ascii: "<"))
  }

  /// Whether `type` is what Foundation names when it wanted some object or
  /// some array, not the type the code asked for.
  package static func isContainerPlaceholder(_ type: Any.Type) -> Bool {
    type == [String: Any].self || type == [Any].self
  }

  /// The model a value of `type` is, looking through optionals and arrays;
  /// `nil` for scalars, which are never "the model".
  package static func modelName(_ type: Any.Type) -> String? {
    if let optional = type as? any AnyOptional.Type {
      return modelName(optional.wrappedType)
    }
    if let array = type as? any ArrayDescribing.Type {
      return modelName(array.elementType)
    }
    if StandardScalar.of(type) != nil || foundationValues.contains(ObjectIdentifier(type)) {
      return nil
    }
    if type is any DictionaryDescribing.Type { return nil }
    return String(describing: type)
  }

  /// Foundation's value types, which are never "the model" either.
  private static let foundationValues: Set<ObjectIdentifier> = [
    ObjectIdentifier(Date.self), ObjectIdentifier(URL.self), ObjectIdentifier(Data.self),
    ObjectIdentifier(Decimal.self), ObjectIdentifier(UUID.self),
  ]
}

package protocol ArrayDescribing {
  static var elementType: Any.Type { get }
}

extension Array: ArrayDescribing {
  package static var elementType: Any.Type { Element.self }
}

package protocol DictionaryDescribing {}

extension Dictionary: DictionaryDescribing {}
