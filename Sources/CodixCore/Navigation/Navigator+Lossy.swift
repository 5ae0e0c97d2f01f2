extension Navigator {
  /// Decodes an array element by element, dropping the elements that fail and
  /// recording each to the diagnostics in `userInfo` with its index.
  ///
  /// Elements are decoded strictly (no lossy coercion inside them); the array
  /// itself must be an array. `attribute` names the model and property on a
  /// dropped element's warning. The warning is built only when something
  /// records or throws it: with no diagnostics, a dropped element costs the
  /// failed read and nothing more.
  package static func decodeLossyArray<Element: Decodable>(
    _ type: Element.Type, at cursor: Cursor, userInfo: [CodingUserInfoKey: Any],
    attribute: (inout CodixError) -> Void = { _ in },
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
        try CodixDiagnostics.recover(
          droppedElement(
            Element.self, index: index, in: container, failure: error, attribute: attribute),
          in: userInfo)
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

  /// The warning for the element at `index`, which `failure` stopped.
  private static func droppedElement<Element>(
    _: Element.Type, index: Int, in container: any UnkeyedDecodingContainer,
    failure: any Error, attribute: (inout CodixError) -> Void
  ) -> CodixError {
    var warning = enriched(failure, at: .element(container))
    attribute(&warning)
    warning.attribute(
      insideValueOf: Element.self,
      at: Path(codingPath: container.codingPath + [CodixKey(index: index)]))
    warning.becomeRecovery { .droppedElement(index: index, reason: $0) }
    return warning
  }
}
