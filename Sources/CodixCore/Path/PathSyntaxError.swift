/// Where and why a path's text is malformed. Carried inside a
/// ``CodixError`` of kind ``CodixError/Kind/invalidPath``.
@usableFromInline
struct PathSyntaxError: Hashable, Sendable {
  /// The text as written.
  let text: String
  /// The separator it was parsed with.
  let separator: Character
  /// The position of the offending character, counted in characters from 0.
  let offset: Int
  /// What is wrong there, as a phrase: "expected a digit or `-` after `[`".
  let reason: String
}
