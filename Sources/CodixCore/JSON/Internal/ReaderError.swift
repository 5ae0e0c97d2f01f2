import Foundation

/// A document the reader cannot read: malformed JSON, or a string or number
/// that cannot become the value asked for. `JSONDecoder` reports all of
/// these as `DecodingError.dataCorrupted` at the root ("The given data was
/// not valid JSON."); Codix keeps that as the underlying error and adds
/// where the problem is.
struct ReaderError: Error {
  /// What is wrong.
  enum Problem: Sendable, Equatable {
    case unexpectedCharacter(UInt8, expected: String)
    case unexpectedEnd(expected: String)
    case tooDeep(limit: Int)
    case notUTF8
    case invalidNumber(String)
    case numberOutOfRange(String, type: String)
    case invalidEscape(String)
    case controlCharacter(UInt8)
    case invalidUnicode(String)
    case invalidUTF8
  }

  let problem: Problem
  /// The byte offset of the problem in the document.
  let offset: Int
  /// Where the value is, when a read found the problem (not the scan).
  var path: Path?
  /// The line and column, for a problem the scan found.
  var location: CodixError.Location?

  init(_ problem: Problem, at offset: Int, path: Path? = nil) {
    self.problem = problem
    self.offset = offset
    self.path = path
  }

  /// The error `JSONDecoder` throws for any of these.
  static var foundationError: DecodingError {
    .dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
  }

  /// The sentence a report shows.
  var message: String {
    switch problem {
    case .unexpectedCharacter(let byte, let expected):
      return "Unexpected \(Self.describe(byte)); expected \(expected)."
    case .unexpectedEnd(let expected):
      return "Unexpected end of the document; expected \(expected)."
    case .tooDeep(let limit):
      return "Arrays and objects are nested more than \(limit) deep."
    case .notUTF8:
      return "The document is not valid UTF-8, UTF-16 or UTF-32 text."
    case .invalidNumber(let text):
      return "\(text) is not a valid JSON number."
    case .numberOutOfRange(let text, let type):
      return "The number \(text) is out of range for \(type)."
    case .invalidEscape(let text):
      return "Invalid escape sequence \(text) in a string."
    case .controlCharacter(let byte):
      return "Unescaped control character \(Self.describe(byte)) in a string."
    case .invalidUnicode(let text):
      return "\(text) is not a valid Unicode character (an unpaired surrogate)."
    case .invalidUTF8:
      return "A string holds bytes that are not valid UTF-8."
    }
  }

  /// The report of a value the reader could not read, at `path` unless the
  /// error knows its own.
  func codixError(at path: Path) -> CodixError {
    let detail: CodixError.Detail =
      if case .numberOutOfRange(let text, _) = problem {
        .numberOutOfRange(text)
      } else {
        .thrown(message)
      }
    return CodixError(
      .dataCorrupted, at: self.path ?? path, detail: detail,
      underlyingError: ReaderError.foundationError)
  }

  /// The error kind a report shows.
  var kind: CodixError.Kind { .dataCorrupted }

  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "character '\(UnicodeScalar(byte))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
