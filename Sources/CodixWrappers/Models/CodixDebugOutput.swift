import CodixCore
import Foundation

/// Where ``DebugJSON`` models and `.debugJSON` properties print the JSON they
/// are decoded from. Standard output unless a decoder's `userInfo` says otherwise:
///
/// ```swift
/// let captured = CapturedLines()  // your own thread-safe collector
/// let decoder = JSONDecoder()
/// decoder.userInfo[.codixDebugOutput] = CodixDebugOutput { captured.append($0) }
/// ```
public struct CodixDebugOutput: Sendable {
  let write: @Sendable (String) -> Void

  /// Sends each message (one decoded document, possibly several lines) to `write`.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Prints each message to standard output.
  public static let standardOutput = CodixDebugOutput { print($0) }

  static func current(in userInfo: [CodingUserInfoKey: Any]) -> CodixDebugOutput {
    userInfo[.codixDebugOutput] as? CodixDebugOutput ?? .standardOutput
  }
}

extension CodingUserInfoKey {
  /// The `userInfo` key of a ``CodixDebugOutput``.
  // safe: the initializer accepts every string; it is failable only by its signature.
  public static let codixDebugOutput = CodingUserInfoKey(rawValue: "codix.debugOutput")!
}

/// Marks a model whose every decode prints the JSON it was decoded from:
///
/// ```swift
/// struct User: Kodable, DebugJSON { … }
/// // Decoded JSON for type User:
/// // {
/// //   "first_name": "John",
/// //   …
/// // }
/// ```
///
/// Keys are printed sorted. Use `.debugJSON` on one property to print only its JSON.
public protocol DebugJSON {}
