// Wildcards: `[*]` collects one value per element of an array.
//
//     decoder.decode([String].self, at: "users[*].name")
//     on {"users": [{"name": "Ana"}, {"name": "Bo"}]}   -> ["Ana", "Bo"]
//
// The path is split at its first `[*]`: the array is reached by the usual
// walk (`users`), then each element gets a decoder of its own
// (`superDecoder()`, whose coding path ends in the element's index), and the
// rest of the path (`name`, which may hold another `[*]`) is decoded below it
// as the collected array's `Element`. So a report names the exact element,
// `users[1].name`, and an optional element (`[String?]`) is `nil` where the
// rest of the path is missing or `null`.

/// An array that a path with `[*]` collects into.
package protocol WildcardCollection {
  /// Decodes `rest` below each remaining element of `array`.
  static func collect(_ rest: Path, from array: inout any UnkeyedDecodingContainer)
    throws(CodixError) -> Self
}

extension Array: WildcardCollection where Element: Decodable {
  package static func collect(_ rest: Path, from array: inout any UnkeyedDecodingContainer)
    throws(CodixError) -> [Element]
  {
    let optional = anyOptionalType(Element.self)
    var elements: [Element] = []
    if let count = array.count { elements.reserveCapacity(count) }
    while !array.isAtEnd {
      let decoder: any Decoder
      do {
        decoder = try array.superDecoder()
      } catch {
        throw Navigator.enriched(error, at: .element(array))
      }
      if let optional {
        guard
          let element = try Navigator.decode(Element.self, at: rest, in: decoder, ifPresent: true)
        else {
          // safe: `optional` is `Element`'s own Optional type.
          if let none = optional.noneValue as? Element { elements.append(none) }
          continue
        }
        elements.append(element)
      } else {
        elements.append(try Navigator.decode(Element.self, at: rest, in: decoder))
      }
    }
    return elements
  }
}

/// An array that a path with `[*]` writes one element per value of.
package protocol WildcardElements {
  /// The elements, each written at the rest of the path.
  var wildcardElements: [any Encodable] { get }
}

extension Array: WildcardElements where Element: Encodable {
  package var wildcardElements: [any Encodable] { map { $0 } }
}

extension Navigator {
  /// Decodes `T`, an array, at a path holding `[*]` (`split` is the path
  /// before and after it) below `start`; `nil` when `ifPresent` and the
  /// array is missing or `null`.
  package static func decodeSpread<T>(
    _ type: T.Type, _ split: (array: Path, rest: Path), from start: Cursor, ifPresent: Bool
  ) throws(CodixError) -> T? {
    guard let collection = T.self as? any WildcardCollection.Type else {
      throw CodixError(
        .invalidPath, at: start.path.appending(split.array).appending(component: .wildcard),
        detail: .wildcardOutsideArray(type: TypeNames.display(T.self)),
        expected: "an array type, such as [\(TypeNames.display(T.self))]")
    }
    var cursor: Cursor
    switch try walk(split.array, from: start) {
    case .present(let found): cursor = found
    case .absent(let absence):
      if ifPresent { return nil }
      throw absence.error(expected: "an array")
    }
    if ifPresent, cursor.isAbsent() { return nil }
    var array: any UnkeyedDecodingContainer
    do {
      array = try cursor.unkeyedContainer()
    } catch {
      if let absence = Absence.explaining(error, at: cursor) {
        throw absence.error(expected: "an array")
      }
      var codix = enriched(error, at: cursor)
      codix.expected = codix.expected ?? "an array"
      throw codix
    }
    let collected = try collection.collect(split.rest, from: &array)
    guard let value = collected as? T else {
      // safe from input: `collection` is `T`.
      throw CodixError(.typeMismatch, at: cursor.path, expected: TypeNames.display(T.self))
    }
    return value
  }
}

extension Optional: WildcardCollection where Wrapped: WildcardCollection {
  package static func collect(_ rest: Path, from array: inout any UnkeyedDecodingContainer)
    throws(CodixError) -> Wrapped?
  {
    try Wrapped.collect(rest, from: &array)
  }
}
