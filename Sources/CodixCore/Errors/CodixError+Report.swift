import Foundation

// The one place that turns a CodixError into text: the report's first line,
// and the sentence of every detail.

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
    if let underlyingError, !(underlyingError is DecodingError),
      !CodixError.isFoundationsOwn(underlyingError)
    {
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
    if let location { line += " (\(location))" }
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

extension CodixError {
  /// Whether `error` is JSONDecoder's own error for a value it cannot read,
  /// whose type and text are not public: a report does not show it (see
  /// `Detail.unreadableValue`).
  static func isFoundationsOwn(_ error: any Error) -> Bool {
    (error as NSError).domain.hasSuffix(".JSONError")
  }
}

extension CodixError.Detail {
  /// The detail as the sentences of a report.
  var text: String {
    switch self {
    case .foundation(let text), .thrown(let text):
      return text
    case .unreadableValue:
      return "The decoder could not read this value."
    case .numberOutOfRange(let text):
      return "The number \(text) does not fit the type it is read as."
    case .noKey(let missing, let keys):
      let sorted = KeyOrder.sorted(keys)
      var message = "No key \(ValueRenderer.quote(missing))"
      if sorted.isEmpty {
        message += " in an empty object."
      } else {
        let shown = sorted.prefix(8).map { ValueRenderer.quote($0, limit: 30) }
        message += " among " + shown.joined(separator: ", ")
        message += sorted.count > 8 ? ", … (\(sorted.count) keys)." : "."
      }
      if let suggestion = Suggestions.closest(to: missing, in: sorted) {
        message += " Did you mean \(ValueRenderer.quote(suggestion))?"
      }
      return message
    case .syntax(let error):
      return Self.syntaxText(error)
    case .lossyRead(let found, let expected, let value):
      return "Read \(found) as \(expected) \(value) (lossy decoding)."
    case .droppedElement(let index, let reason):
      return ["Dropped element \(index) of a lossy array.", reason].compactMap { $0 }
        .joined(separator: " ")
    case .failedValidation(let property):
      return "The decoded value of \(property) failed its validation."
    case .unreadableProperty(let property, let type):
      return "Property \(property) of type \(type) cannot be read by its wrapper: @Coding needs "
        + "a Decodable type or a transformer (@Coding(\"key\", using: MyTransformer())), and "
        + "@CodableDate needs Date or Date?."
    case .unwritableProperty(let property, let expected):
      return "Property \(property) (\(expected)) cannot be encoded: its type is not Encodable or "
        + "its transformer cannot convert back. Use a ReversibleTransformer to encode it."
    case .unsetProperty(let property):
      return "Property \(property) has no value: it was never decoded or set."
    case .invalidKey(let property, let syntax):
      return "The key of property \(property) is not a valid path. " + Self.syntaxText(syntax)
    case .negativeIndexWhenEncoding:
      return "A negative index counts from the end of an array that exists; it cannot be encoded."
    case .elementAlreadyWritten(let index):
      return "Element \(index) of this array was already written."
    case .unknownCase(let kind, let value):
      return "Unknown \(kind) \(value)."
    case .missingReflectionMetadata(let model, let namesOnly):
      let what = namesOnly ? "the names of its stored properties" : "its stored properties"
      return "The binary does not describe \(what) for \(model), so Codix cannot find its "
        + "properties. It was built without reflection metadata: in Xcode set Build Settings > "
        + "\"Reflection Metadata Level\" (SWIFT_REFLECTION_METADATA_LEVEL) to \"All\" for the "
        + "target that declares \(model); with swiftc, drop -disable-reflection-metadata and "
        + "-disable-reflection-names."
    case .conflictingPaths(let first, let firstPath, let second, let secondPath):
      return "Properties \(first) (at \(Self.shown(firstPath))) and \(second) (at "
        + "\(Self.shown(secondPath))) cannot both be encoded: one is written inside the other. "
        + "Give one of them another key, or leave one out of encoding."
    case .objectAndArray(let first, let firstPath, let second, let secondPath, let position):
      return "Properties \(first) (at \(Self.shown(firstPath))) and \(second) (at "
        + "\(Self.shown(secondPath))) cannot both be encoded: at \(Self.shown(position)) one "
        + "writes an object and the other an array. Give one of them another key, or leave one "
        + "out of encoding."
    case .unsupportedModel(let model):
      return "\(model) is neither a struct nor a class. Codix property wrappers decode structs "
        + "and classes, whose stored properties it can list; write init(from:) with CodixPath "
        + "for an enum."
    case .flatteningCycle(let models):
      return "Reading \(models.joined(separator: " needs ")) again: models that flatten each "
        + "other in a circle (or an init() that decodes its own type) would read the same object "
        + "forever. Give one of them a key (@Coding(\"key\")) instead of flattening it."
    case .setupNotRecorded(let property):
      return "Property \(property) comes from a wrapper that kept no keys and options. Encode "
        + "an instance made by your own code, or make the type Dekodable."
    case .wildcardOutsideArray(let type?):
      return "A path with [*] collects one value per element of an array, so it decodes an "
        + "array type ([\(type)]), not \(type)."
    case .wildcardOutsideArray(nil):
      return "A path with [*] collects one value per element of an array; this read collects "
        + "nothing (a transformer, a lossy array or a single value). Decode an array type, such "
        + "as [String], at this path."
    case .wildcardArrayAlreadyWritten:
      return "This array already has elements: a path with [*] writes a whole array, once. "
        + "Encode the elements as one array of a model type ([User]) instead of one [*] path "
        + "per property."
    case .unknownKeys(let key, let others, let suggestion):
      var message = "Unknown key \(ValueRenderer.quote(key))"
      message += suggestion.map { "; did you mean \(ValueRenderer.quote($0))?" } ?? "."

      if !others.isEmpty {
        let shown = others.prefix(8).map { ValueRenderer.quote($0, limit: 30) }
        message += " Also unknown: " + shown.joined(separator: ", ")
        message += others.count > 8 ? ", … (\(others.count) more)." : "."
      }
      return message
    case .droppedEntry(let reason):
      return ["Dropped this entry of a lossy dictionary.", reason].compactMap { $0 }
        .joined(separator: " ")
    case .noVariantMatched(let name, let failures):
      return (["No case of \(name) matches this value. Tried:"] + failures.map { "- " + $0 })
        .joined(separator: "\n")
    case .usedFallback(let reason):
      return ["Used the fallback value instead.", reason].compactMap { $0 }
        .joined(separator: " ")
    case .triedPaths(let paths, let then):
      guard !paths.isEmpty else { return "No path was given to read the value from." }
      let tried = paths.map(\.description).joined(separator: ", ")
      return (["Tried \(tried): none holds a value.", then?.text].compactMap { $0 })
        .joined(separator: " ")
    }
  }

  private static func syntaxText(_ error: PathSyntaxError) -> String {
    "Invalid path \(ValueRenderer.quote(error.text, limit: 80)): \(error.reason) at offset "
      + "\(error.offset).\n\(error.text)\n" + String(repeating: " ", count: error.offset) + "^"
  }

  private static func shown(_ path: Path) -> String {
    path.isRoot ? "the model's own value" : path.description
  }
}
