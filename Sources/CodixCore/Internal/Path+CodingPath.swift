// The one way a coding path becomes a Path. Every error's path goes through here.

extension Path {
  /// Converts a `codingPath` from any `Decoder` or `Encoder`.
  ///
  /// Array positions arrive as keys whose `intValue` is the index and whose
  /// `stringValue` is `"Index N"` (Foundation's spelling); they become
  /// `.index(N)`. Every other key, including the integer keys of a
  /// `[Int: Value]` dictionary, becomes `.key(stringValue)`.
  @usableFromInline
  package init(codingPath: [any CodingKey]) {
    self.init(codingPath.map(PathComponent.init(codingKey:)))
  }
}

extension PathComponent {
  package init(codingKey key: any CodingKey) {
    if let key = key as? CodixKey {
      self = key.component
    } else if let index = key.intValue, key.stringValue == "Index \(index)" {
      self = .index(index)
    } else {
      self = .key(key.stringValue)
    }
  }
}

/// The coding key Codix uses for every step: a string key, or an array index
/// spelled the way Foundation spells them.
@frozen @usableFromInline
package struct CodixKey: CodingKey, Sendable {
  @usableFromInline package let stringValue: String
  @usableFromInline package let intValue: Int?

  @inlinable
  package init(_ key: String) {
    stringValue = key
    intValue = nil
  }

  package init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  @usableFromInline
  package init(stringValue: String) {
    self.init(stringValue)
  }

  @usableFromInline
  package init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  var component: PathComponent {
    if let intValue, stringValue == "Index \(intValue)" { return .index(intValue) }
    return .key(stringValue)
  }
}

/// Decodes any value without reading it: the way to step over an array element.
package struct SkippedValue: Decodable {
  package init(from decoder: any Decoder) throws {}
}
