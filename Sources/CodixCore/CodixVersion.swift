/// The version of this copy of Codix.
///
/// Codix follows [Semantic Versioning](https://semver.org): see
/// `CHANGELOG.md` for what each version changed, and the README's "Project
/// status" for what counts as API.
///
/// ```swift
/// print(CodixVersion.current)  // "0.2.0"
/// ```
public enum CodixVersion {
  /// The version, `major.minor.patch`.
  public static let current = "0.2.0"
}
