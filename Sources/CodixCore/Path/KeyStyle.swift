/// How a model's property names become the keys of its document, for the
/// properties that name no key of their own.
///
/// ```swift
/// struct User: Kodable {
///   static let keyStyle = KeyStyle.snakeCase
///   @Coding var firstName: String        // "first_name"
///   @Coding("ID") var id: Int            // explicit keys stay literal
///   var lastLoginAt: Date?               // "last_login_at"
/// }
/// ```
///
/// Unlike `keyDecodingStrategy`, a key style belongs to one model: explicit
/// keys and paths are used as written, dictionary keys are never converted,
/// and other models in the same document keep theirs. Encoding writes the
/// same keys.
public enum KeyStyle: Sendable, Hashable {
  /// The property's name, as declared: `firstName`. The default.
  case asDeclared
  /// `first_name`.
  case snakeCase
  /// `first-name`.
  case kebabCase
  /// `FIRST_NAME`.
  case screamingSnakeCase
  /// `FirstName`.
  case pascalCase
  /// `firstName`, also from a declared `first_name`.
  case camelCase

  /// The key of a property named `name`.
  ///
  /// ```swift
  /// KeyStyle.snakeCase.key(for: "userID")      // "user_id"
  /// KeyStyle.kebabCase.key(for: "urlString")   // "url-string"
  /// ```
  public func key(for name: String) -> String {
    guard self != .asDeclared else { return name }
    // Leading and trailing underscores are kept, as Foundation's snake case
    // keeps them: `_id` stays `_id`.
    let leading = name.prefix { $0 == "_" }
    let trailing = name.dropFirst(leading.count).reversed().prefix { $0 == "_" }
    let core = name.dropFirst(leading.count).dropLast(trailing.count)
    let words = Self.words(of: String(core))
    guard !words.isEmpty else { return name }
    return leading + converted(words) + String(trailing)
  }

  private func converted(_ words: [String]) -> String {
    switch self {
    case .asDeclared: return words.joined()
    case .snakeCase: return words.map { $0.lowercased() }.joined(separator: "_")
    case .kebabCase: return words.map { $0.lowercased() }.joined(separator: "-")
    case .screamingSnakeCase: return words.map { $0.uppercased() }.joined(separator: "_")
    case .pascalCase: return words.map(Self.capitalized).joined()
    case .camelCase:
      return words[0].lowercased() + words.dropFirst().map(Self.capitalized).joined()
    }
  }

  private static func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst().lowercased()
  }

  /// The words of a Swift name: split at `_` and `-`, before an uppercase
  /// letter that follows a lowercase one or a digit, and before the last
  /// capital of an acronym followed by a lowercase letter
  /// (`URLString` → `URL`, `String`), except a plural `s` (`imageURLs` →
  /// `image`, `URLs`).
  static func words(of name: String) -> [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
      if character == "_" || character == "-" {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if character.isUppercase, let previous = current.last {
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
        let pluralS = next == "s" && !(afterNext?.isLowercase ?? false)
        let endsAcronym = previous.isUppercase && (next?.isLowercase ?? false) && !pluralS
        if previous.isLowercase || previous.isNumber || endsAcronym {
          words.append(current)
          current = ""
        }
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
