extension CodixError {
  /// What a report says beyond the public fields, kept as data until the
  /// report is read. Every case is rendered in `CodixError+Report.swift`.
  package enum Detail: Sendable, Equatable {
    /// Foundation's own explanation of a decoding error.
    case foundation(String)
    /// Another error's text.
    case thrown(String)
    /// The decoder could not read the value (its own error is not public).
    case unreadableValue
    /// A number no value of the type it is read as holds, as written.
    case numberOutOfRange(String)
    /// A key the document does not have, with the keys the object does have.
    case noKey(String, among: [String])
    /// A malformed path.
    case syntax(PathSyntaxError)
    /// A value read by a lossy rule: `found` read as `expected` `value`.
    case lossyRead(found: String, expected: String, value: String)
    /// An element a lossy array dropped, and why it failed.
    case droppedElement(index: Int, reason: String?)
    /// A value a property's validation rejected.
    case failedValidation(property: String)
    /// A wrapper that cannot read its property's type.
    case unreadableProperty(property: String, type: String)
    /// A property whose value cannot be encoded.
    case unwritableProperty(property: String, expected: String)
    /// A non-optional property with no value to encode.
    case unsetProperty(property: String)
    /// A property whose key is not a valid path.
    case invalidKey(property: String, syntax: PathSyntaxError)
    /// A negative index in a path being encoded.
    case negativeIndexWhenEncoding
    /// An array element written twice.
    case elementAlreadyWritten(index: Int)
    /// A discriminator value that names no known case.
    case unknownCase(kind: String, value: String)
    /// A model type whose stored properties the binary does not describe.
    case missingReflectionMetadata(model: String, namesOnly: Bool)
    /// Two properties whose paths cannot both be written.
    case conflictingPaths(first: String, firstPath: Path, second: String, secondPath: Path)
    /// Two properties whose paths make one position both an object and an array.
    case objectAndArray(
      first: String, firstPath: Path, second: String, secondPath: Path, at: Path)
    /// A model that is neither a struct nor a class.
    case unsupportedModel(model: String)
    /// Models that flatten each other in a circle, the first named again last.
    case flatteningCycle(models: [String])
    /// A wrapper that kept no keys and options (made while decoding another model).
    case setupNotRecorded(property: String)
    /// A path with `[*]` used where no array is collected: decoding `type`
    /// (not an array), or a read that collects nothing (`nil`).
    case wildcardOutsideArray(type: String?)
    /// An array written at a `[*]` that already has elements.
    case wildcardArrayAlreadyWritten
    /// A key no property reads, the other unknown keys, and the declared
    /// key it probably meant.
    case unknownKeys(String, others: [String], suggestion: String?)
    /// An entry a lossy dictionary dropped, and why its value failed.
    case droppedEntry(reason: String?)
    /// A tagged enum's value that no variant decodes: each variant tried and
    /// why it failed.
    case noVariantMatched(enum: String, failures: [String])
    /// A wrong value replaced by the property's default or fallback, and why
    /// it failed.
    case usedFallback(reason: String?)
    /// Alias paths, none of which holds a value, then the first one's detail.
    indirect case triedPaths([Path], then: Detail?)
  }
}

extension CodixError.Detail {
  /// Whether the detail already lists the keys or paths a missing value was
  /// looked for at (`noKey`, `triedPaths`): a report keeps it as it is.
  var listsWhereItLooked: Bool {
    switch self {
    case .noKey, .triedPaths: true
    default: false
    }
  }
}
