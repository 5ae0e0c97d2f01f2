// Renders the value a decoder or cursor is at as indented JSON, for debugging
// output. Object keys are sorted (decoders do not keep their order); nesting
// deeper than `maxDepth` is shown as `…`.

package enum JSONText {
  static let maxDepth = 32

  /// The value at `cursor` as indented JSON.
  package static func render(at cursor: Cursor) -> String {
    var text = ""
    write(cursor, depth: 0, into: &text)
    return text
  }

  private static func write(_ cursor: Cursor, depth: Int, into text: inout String) {
    if let keyed = try? cursor.keyedContainer() {
      guard depth < maxDepth else {
        text += "{…}"
        return
      }
      let keys = keyed.allKeys.map(\.stringValue).sorted()
      if keys.isEmpty {
        text += "{}"
        return
      }
      text += "{\n"
      for (index, key) in keys.enumerated() {
        text += indent(depth + 1) + FoundRenderer.quote(key, limit: .max) + ": "
        write(.keyed(keyed, CodixKey(key)), depth: depth + 1, into: &text)
        text += index == keys.count - 1 ? "\n" : ",\n"
      }
      text += indent(depth) + "}"
    } else if var unkeyed = try? cursor.unkeyedContainer() {
      guard depth < maxDepth else {
        text += "[…]"
        return
      }
      if unkeyed.isAtEnd {
        text += "[]"
        return
      }
      text += "[\n"
      var first = true
      while !unkeyed.isAtEnd {
        let before = unkeyed.currentIndex
        if !first { text += ",\n" }
        first = false
        text += indent(depth + 1)
        write(.element(unkeyed), depth: depth + 1, into: &text)
        _ = try? unkeyed.decode(SkippedValue.self)
        if unkeyed.currentIndex == before { break }
      }
      text += "\n" + indent(depth) + "]"
    } else {
      var cursor = cursor
      if let probe = try? cursor.decode(FoundProbe.self) {
        text += probe.text.hasSuffix("…\"") ? fullString(cursor) ?? probe.text : probe.text
      } else {
        text += "null"
      }
    }
  }

  private static func fullString(_ cursor: Cursor) -> String? {
    var cursor = cursor
    return (try? cursor.decode(String.self)).map { FoundRenderer.quote($0, limit: .max) }
  }

  private static func indent(_ depth: Int) -> String {
    String(repeating: "  ", count: depth)
  }
}
