/// Where and why a path's text is malformed. Carried inside a
/// ``CodixError`` of kind ``CodixError/Kind/invalidPath``.
@usableFromInline
package struct PathSyntaxError: Hashable, Sendable {
  /// The text as written.
  package let text: String
  /// The separator it was parsed with.
  package let separator: Character
  /// The position of the offending character, counted in characters from 0.
  package let offset: Int
  /// What is wrong there, as a phrase: "expected a digit or `-` after `[`".
  package let reason: String
}
