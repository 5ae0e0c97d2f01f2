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
///
/// Three words: Foundation's containers pass keys on as `any CodingKey`, and
/// a key of more than three words would be copied to the heap each time (an
/// allocation per value written, and per nested container opened). So the
/// index is stored with `Int.min` for "none", and `init?(intValue:)` refuses
/// `Int.min`; `MemoryLayout` is checked by a test.
@frozen @usableFromInline
package struct CodixKey: CodingKey, Sendable {
  @usableFromInline package let stringValue: String
  /// The index, or `Int.min` for a key without one.
  @usableFromInline let index: Int

  @inlinable
  package var intValue: Int? { index == .min ? nil : index }

  @inlinable
  package init(_ key: String) {
    stringValue = key
    index = .min
  }

  /// The key of the element at `index` (0 or more), spelled `"Index N"`.
  package init(index: Int) {
    stringValue = "Index \(index)"
    self.index = index
  }

  @usableFromInline
  package init(stringValue: String) {
    self.init(stringValue)
  }

  /// The key `String(intValue)` with that index; `nil` for `Int.min`, which
  /// stands for "no index".
  @usableFromInline
  package init?(intValue: Int) {
    guard intValue != .min else { return nil }
    stringValue = String(intValue)
    index = intValue
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
