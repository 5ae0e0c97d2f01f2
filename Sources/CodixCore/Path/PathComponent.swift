/// One step of a `Path`: a key into an object, an index into an array, or
/// every element of an array (`[*]`).
///
/// String literals make keys and integer literals make indexes, so a path can
/// be spelled as an array literal:
///
/// ```swift
/// let path: Path = ["response", "my.user", 0]
/// print(path)  // response["my.user"][0]
/// ```
public enum PathComponent: Hashable, Sendable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral
{
  /// A key of a JSON object (a keyed container).
  case key(String)
  /// A position in a JSON array (an unkeyed container). A negative index
  /// counts from the end: `-1` is the last element.
  case index(Int)
  /// Every element of an array, written `[*]`: decoding at
  /// `"users[*].name"` collects one value per element into an array
  /// (`[String]`), and encoding an array there writes one element per value.
  case wildcard

  /// Creates a key component from a string literal.
  public init(stringLiteral value: String) {
    self = .key(value)
  }

  /// Creates an index component from an integer literal.
  public init(integerLiteral value: Int) {
    self = .index(value)
  }
}

extension PathComponent: CustomStringConvertible {
  /// The component as it appears in a canonical path: `name`, `["a.b"]` or `[2]`.
  public var description: String {
    Path([self]).description
  }
}
