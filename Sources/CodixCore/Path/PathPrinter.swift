// The canonical text of a path, the inverse of `PathParser`: keys joined by
// `.`, indexes in brackets, and a key the grammar could not read back as it
// is (empty, or holding `.`, `[`, `]` or `"`) quoted in brackets:
//
//     [.key("response"), .key("my.user"), .index(0), .key("")]
//     -> response["my.user"][0][""]
//
// Always with the default `.` separator, whatever separator the path was
// parsed with, so every report prints one spelling that parses back.

enum PathPrinter {
  static func render(_ components: [PathComponent]) -> String {
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .wildcard:
        text += "[*]"
      case .key(let key):
        if needsQuoting(key) {
          text += "[\"" + escaped(key) + "\"]"
        } else {
          if !text.isEmpty { text += "." }
          text += key
        }
      }
    }
    return text
  }

  private static func needsQuoting(_ key: String) -> Bool {
    key.isEmpty
      || key.utf8.contains { byte in
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
          || byte == UInt8(ascii: "\"")
      }
  }

  private static func escaped(_ key: String) -> String {
    var result = ""
    for character in key {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
