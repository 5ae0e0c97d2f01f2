import Foundation

// When the path of a streamed decode leads nowhere (a key is missing, an
// index is past the end, a value is not the container the path needs), the
// report must be the one a whole decode gives: the same kind, path, keys
// suggested, value found and place. The framer keeps the path's containers
// (an object's keys as written, an array's count) and the first bytes of
// the value the walk stopped at; once the whole document is checked, they
// make a small document of the same shape, which the reader decodes at the
// same path, and its error's place is moved back to the streamed document.
//
//     {"meta": {...}, "data": {"usres": [...]}}   along data.users
//     skeleton: {"meta":0,"data":{"usres":0}}      → key not found, "Did you mean "usres"?"

/// The path's containers in a streamed document, down to where the path
/// fails.
struct Skeleton {
  enum Kind {
    case object
    case array
    /// The value a walk along the path stopped at.
    case value
  }

  /// A container on the path, or the value the walk stopped at.
  struct Piece {
    var kind: Kind
    /// Where it starts in the streamed document.
    var location: CodixError.Location
    /// An object's keys as the document writes them, escapes included.
    var keys: [[UInt8]] = []
    /// An array's count.
    var count = 0
    /// The key's or the element's position that leads to the next piece.
    var child: Int?
  }

  /// The most bytes of the stopping value kept: more than a report shows.
  static let textLimit = 256

  var pieces: [Piece] = []
  /// The first bytes of the value the walk stopped at.
  var stop: [UInt8] = []

  /// Whether the stopping value's text was cut (the report's `found` is
  /// then made from its first bytes).
  var stopIsCut: Bool { stop.count >= Self.textLimit }

  /// The small document and the offset of each piece in it.
  func document() -> (bytes: [UInt8], offsets: [Int]) {
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    if !pieces.isEmpty { write(0, into: &bytes, offsets: &offsets) }
    return (bytes, offsets)
  }

  /// Writes piece `index`, and the pieces inside it.
  private func write(_ index: Int, into bytes: inout [UInt8], offsets: inout [Int]) {
    let piece = pieces[index]
    offsets.append(bytes.count)
    // The next piece, where the path goes on; a placeholder elsewhere.
    func member(_ position: Int) {
      if position == piece.child, index + 1 < pieces.count {
        write(index + 1, into: &bytes, offsets: &offsets)
      } else {
        bytes.append(UInt8(ascii: "0"))
      }
    }
    switch piece.kind {
    case .object:
      bytes.append(UInt8(ascii: "{"))
      for (position, key) in piece.keys.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key)
        bytes.append(contentsOf: Array("\":".utf8))
        member(position)
      }
      bytes.append(UInt8(ascii: "}"))
    case .array:
      bytes.append(UInt8(ascii: "["))
      for position in 0..<Swift.max(piece.count, (piece.child ?? -1) + 1) {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        member(position)
      }
      bytes.append(UInt8(ascii: "]"))
    case .value:
      bytes.append(contentsOf: stopIsCut ? Self.placeholder(for: stop.first) : stop)
    }
  }

  /// A value of the kind that `first` starts.
  private static func placeholder(for first: UInt8?) -> [UInt8] {
    switch first {
    case UInt8(ascii: "{"): Array("{}".utf8)
    case UInt8(ascii: "["): Array("[]".utf8)
    case UInt8(ascii: "\""): Array("\"\"".utf8)
    default: Array("0".utf8)
    }
  }

  /// The report's text of the stopping value when it was cut, as
  /// `JSONDocument.writtenText` shortens it.
  var cutText: String {
    String(String(decoding: stop, as: UTF8.self).prefix(59)) + "…"
  }
}
