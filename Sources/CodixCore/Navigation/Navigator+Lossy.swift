extension Navigator {
  /// Decodes an array element by element, dropping the elements that fail and
  /// recording each to the diagnostics in `userInfo` with its index.
  ///
  /// Elements are decoded strictly (no lossy coercion inside them); the array
  /// itself must be an array.
  package static func decodeLossyArray<Element: Decodable>(
    _ type: Element.Type, at cursor: Cursor, userInfo: [CodingUserInfoKey: Any],
    decodeElement: (inout any UnkeyedDecodingContainer) throws -> Element = {
      try $0.decode(Element.self)
    }
  ) throws(CodixError) -> [Element] {
    var container: any UnkeyedDecodingContainer
    do {
      container = try cursor.unkeyedContainer()
    } catch {
      throw enriched(error, at: cursor)
    }
    var elements: [Element] = []
    elements.reserveCapacity(container.count ?? 0)
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        elements.append(try decodeElement(&container))
      } catch {
        var warning = enriched(error, at: .element(container))
        warning.attribute(
          insideValueOf: Element.self,
          at: Path(codingPath: container.codingPath + [CodixKey(index: index)]))
        let reason = warning.message
        warning.message = nil
        warning.detail = .droppedElement(index: index, reason: reason)
        try CodixDiagnostics.recover(warning, in: userInfo)
        do {
          if container.currentIndex == index {
            _ = try container.decode(SkippedValue.self)
          }
        } catch {
          throw enriched(error, at: .element(container))
        }
        if container.currentIndex == index { break }  // a decoder that cannot skip
      }
    }
    return elements
  }
}
