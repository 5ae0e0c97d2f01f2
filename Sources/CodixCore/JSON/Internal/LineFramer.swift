/// Cuts JSON Lines into lines, chunk by chunk: each line that is not blank
/// is one value. A line's bytes are copied into `line` (kept and reused).
struct LineFramer {
  private var chunk: [UInt8] = []
  private var position = 0
  private var chunkBase = 0
  private var ended = false

  /// The bytes of the line found last, without its line feed.
  private(set) var line: [UInt8] = []
  /// The position of its value among the document's values.
  private(set) var index = -1
  /// Where it starts.
  private(set) var location = CodixError.Location(line: 1, column: 1, offset: 0)
  /// The number and start of the line being read.
  private var lineNumber = 1
  private var lineStart = 0
  /// Whether `line` was handed out (and is to be emptied).
  private var handedOut = false

  mutating func feed(_ bytes: [UInt8]) {
    chunkBase += chunk.count
    chunk = bytes
    position = 0
  }

  mutating func endOfInput() {
    ended = true
  }

  /// Reads on to the end of the next value's line: `true` when `line`
  /// holds it.
  mutating func nextLine() -> Bool {
    if handedOut {
      handedOut = false
      line.removeAll(keepingCapacity: true)
    }
    while position < chunk.count {
      let end = chunk[position...].firstIndex(of: UInt8(ascii: "\n")) ?? chunk.count
      line.append(contentsOf: chunk[position..<end])
      guard end < chunk.count else {
        position = end
        break
      }
      position = end + 1
      if endLine(next: chunkBase + end + 1) { return true }
    }
    if ended, position == chunk.count, !line.isEmpty || lineStart < chunkBase + chunk.count {
      position += 1  // the last line is ended once
      return endLine(next: chunkBase + chunk.count)
    }
    return false
  }

  /// The line read ends; the next starts at `next`. `true` when it holds a value.
  private mutating func endLine(next: Int) -> Bool {
    let number = lineNumber
    let start = lineStart
    lineNumber += 1
    lineStart = next
    guard line.contains(where: { !Self.isBlank($0) }) else {
      line.removeAll(keepingCapacity: true)
      return false
    }
    index += 1
    location = CodixError.Location(line: number, column: 1, offset: start)
    handedOut = true
    return true
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
