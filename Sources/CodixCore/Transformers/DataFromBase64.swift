import Foundation

/// Reads `Data` written as Base64 text, standard (`+/`, padded) or URL-safe
/// (`-_`, padding optional), and writes it back in the same alphabet.
///
/// ```swift
/// avatar = try decoder.decode(at: "avatar", using: DataFromBase64())
/// @Coding("token", using: DataFromBase64(.urlSafe)) var token: Data
/// ```
///
/// Text that is not Base64 in the chosen alphabet fails with
/// ``CodixError/Kind/transformFailed`` at its path, quoting what was found.
public struct DataFromBase64: ReversibleTransformer {
  /// A Base64 alphabet.
  public enum Alphabet: Sendable, Hashable {
    /// RFC 4648 §4: `A–Z a–z 0–9 + /`, padded with `=`.
    case standard
    /// RFC 4648 §5: `A–Z a–z 0–9 - _`, as in URLs and JWTs; padding optional
    /// when reading, left out when writing.
    case urlSafe
  }

  /// The alphabet read and written.
  public let alphabet: Alphabet

  /// Creates the transformer for `alphabet` (standard by default).
  public init(_ alphabet: Alphabet = .standard) {
    self.alphabet = alphabet
  }

  /// Decodes the Base64 text `value`.
  public func transform(_ value: String) throws -> Data {
    var text = value
    if alphabet == .urlSafe {
      guard !value.contains(where: { $0 == "+" || $0 == "/" }) else { throw failure(value) }
      text = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
      let remainder = text.utf8.count % 4
      if remainder != 0 { text += String(repeating: "=", count: 4 - remainder) }
    } else if value.contains(where: { $0 == "-" || $0 == "_" }) {
      throw failure(value)
    }
    guard let data = Data(base64Encoded: text) else { throw failure(value) }
    return data
  }

  /// Encodes `value` as Base64 text in the transformer's alphabet.
  public func reverse(_ value: Data) -> String {
    let text = value.base64EncodedString()
    guard alphabet == .urlSafe else { return text }
    return
      text
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// What the transformer reads, for reports.
  public var expectedDescription: String {
    alphabet == .standard ? "Data (Base64 text)" : "Data (URL-safe Base64 text)"
  }

  private func failure(_ value: String) -> CodixError {
    .transformFailed("Not \(alphabet == .standard ? "standard" : "URL-safe") Base64 text.")
  }
}
