/// The keys of a path of plain keys joined by dots (`"address.city"`),
/// split as they are read: no array. The one splitter of dotted text, used by
/// the walk, the path style's fast decode and encode, and `Path.components`.
@usableFromInline
package struct DottedKeys: Sequence, IteratorProtocol {
  @usableFromInline let text: String
  @usableFromInline var start: String.Index?

  @inlinable
  package init(_ text: String) {
    self.text = text
    start = text.startIndex
  }

  /// The next key, and whether it is the last.
  @inlinable
  package mutating func next() -> (key: String, isLast: Bool)? {
    guard let from = start else { return nil }
    let bytes = text.utf8
    let end = bytes[from...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
    let isLast = end == bytes.endIndex
    start = isLast ? nil : bytes.index(after: end)
    return (String(text[from..<end]), isLast)
  }
}
