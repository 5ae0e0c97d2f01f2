extension CodixError {
  /// What a decode did instead of failing, for a warning recorded to
  /// ``CodixDiagnostics``; `nil` for an error.
  public enum Recovery: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A lossy array or set left out an element that failed.
    case droppedElement
    /// A lossy dictionary left out an entry that failed.
    case droppedEntry
    /// A lossy rule read a value of another type (`1` as `true`, `42` as `"42"`).
    case coercion
    /// A declared fallback replaced a value that could not be read
    /// (`.defaultOnFailure`, `decode(at:defaultOnFailure:)`, an unknown tag).
    case fallback
    /// A key no property reads (`UnknownKeys.warn`).
    case unknownKey

    /// The kind, in words: `dropped element`.
    public var description: String {
      switch self {
      case .droppedElement: "dropped element"
      case .droppedEntry: "dropped entry"
      case .coercion: "coercion"
      case .fallback: "fallback"
      case .unknownKey: "unknown key"
      }
    }
  }

  /// What the decode did instead of failing, when this is a warning from
  /// ``CodixDiagnostics``: filter warnings by it.
  ///
  /// ```swift
  /// let dropped = diagnostics.warnings.filter { $0.recovery == .droppedElement }
  /// ```
  public var recovery: Recovery? {
    switch detail {
    case .droppedElement?: .droppedElement
    case .droppedEntry?: .droppedEntry
    case .lossyRead?: .coercion
    case .usedFallback?: .fallback
    case .unknownKeys?: .unknownKey
    default: nil
    }
  }
}

extension CodixDiagnostics {
  /// The warnings counted by kind and by path pattern, array indexes written
  /// `[*]`, most frequent first:
  ///
  ///     3 × dropped element at results[*]
  ///     1 × coercion at results[*].is_favorite
  ///
  /// Empty when there are no warnings.
  public var summary: String {
    var counts: [String: (count: Int, first: Int)] = [:]
    for (index, warning) in warnings.enumerated() {
      let kind = warning.recovery?.description ?? warning.kind.description
      let pattern = Path(
        warning.path.components.map { component -> PathComponent in
          if case .index = component { return .wildcard }
          return component
        })
      let line = "\(kind) at \(pattern.isRoot ? "the root" : pattern.description)"
      counts[line, default: (0, index)].count += 1
    }
    return counts.sorted {
      $0.value.count != $1.value.count
        ? $0.value.count > $1.value.count : $0.value.first < $1.value.first
    }
    .map { "\($0.value.count) × \($0.key)" }
    .joined(separator: "\n")
  }
}
