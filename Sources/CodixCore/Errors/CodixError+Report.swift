// The one place that renders a CodixError as text.

extension CodixError: CustomStringConvertible, CustomDebugStringConvertible {
  /// The readable report: a first line with model, property, path, what was
  /// expected and what was found, then lines of detail.
  public var description: String {
    var lines = [headline]
    if let message, !message.isEmpty {
      lines.append(
        contentsOf: message.split(separator: "\n", omittingEmptySubsequences: false).map {
          "  " + $0
        })
    }
    if let underlyingError, !(underlyingError is DecodingError) {
      let text = "\(underlyingError)"
      if let message, message.contains(text) {
        // Already said.
      } else if !text.isEmpty {
        lines.append("  Underlying error: \(text)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Same as ``description``.
  public var debugDescription: String { description }

  /// The first line of the report.
  public var headline: String {
    var line = ""
    switch (typeName, property) {
    case (let type?, let property?): line = "\(type).\(property) at "
    case (let type?, nil): line = "\(type) at "
    case (nil, let property?): line = "Property \(property) at "
    case (nil, nil): line = "At "
    }
    line += path.isRoot ? "the root" : path.description
    line += ": " + kind.phrase
    if let expected { line += ", expected \(expected)" }
    if let found { line += ", found \(found)" }
    return line
  }
}

extension CodixError.Kind: CustomStringConvertible {
  /// The kind as a short phrase: "key not found", "type mismatch".
  public var description: String { phrase }

  var phrase: String {
    switch self {
    case .keyNotFound: "key not found"
    case .valueNotFound: "value not found"
    case .typeMismatch: "type mismatch"
    case .dataCorrupted: "data corrupted"
    case .transformFailed: "transform failed"
    case .validationFailed: "validation failed"
    case .invalidPath: "invalid path"
    case .indexOutOfRange: "index out of range"
    }
  }
}
