/// The keys of a path of plain keys joined by dots (`"address.city"`),
/// split as they are read: no array. The one splitter of dotted text, used by
/// the walk, `Path.components` and `DottedPath` (what the path style's fast
/// decode and encode keep per thread).
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

/// The keys of a path of plain keys joined by dots, split once: the objects
/// on the way and the key of the value. A class: handing one out of a memo
/// is one reference count, where copying its four strings and array took a
/// hundred instructions.
@usableFromInline
package final class DottedPath: Sendable {
  package let text: String
  /// The key of the first object on the way (a dotted path has at least one).
  @usableFromInline package let first: String
  /// The keys of the objects after the first, usually none.
  @usableFromInline package let rest: [String]
  @usableFromInline package let last: CodixKey

  /// Splits `text`, a path's dotted text (`Path.dottedText`): two or more
  /// non-empty keys joined by dots, which the parser guarantees.
  package init(_ text: String) {
    self.text = text
    var objects: [String] = []
    var last = ""
    for (key, isLast) in DottedKeys(text) {
      if isLast { last = key } else { objects.append(key) }
    }
    first = objects.first ?? ""
    rest = objects.count > 1 ? Array(objects.dropFirst()) : []
    self.last = CodixKey(last)
  }

  /// `start` taken through each object on the way, in order: `step` is
  /// given the current entry or container and the next object's key.
  @inlinable
  package func descend<Entry>(from start: Entry, _ step: (Entry, String) throws -> Entry)
    rethrows -> Entry
  {
    var entry = try step(start, first)
    for key in rest { entry = try step(entry, key) }
    return entry
  }
}

/// The dotted paths one thread split lately, a few per length of text: code
/// that reads `"address.city"` for every value passes the same text each
/// time, and comparing it with the kept texts of its length costs less than
/// splitting it. Four per length, so that siblings of one length
/// (`"user.name"`, `"user.city"`) read in turn do not push each other out.
/// At most 64 paths of about 100 bytes each: under 8 KiB per memo, per
/// thread.
@usableFromInline
package struct DottedPathMemo {
  private static let ways = 4
  private var paths = [DottedPath?](repeating: nil, count: 16 * ways)
  /// Per length, the way the next new text replaces.
  private var next = [UInt8](repeating: 0, count: 16)

  package init() {}

  /// The keys of `text`, split on the first call with it.
  package mutating func path(_ text: String) -> DottedPath {
    let set = text.utf8.count & 15
    let first = set * Self.ways
    for index in first..<(first + Self.ways) {
      guard let known = paths[index] else { break }
      if known.text == text { return known }
    }
    let path = DottedPath(text)
    let way = Int(next[set])
    paths[first + way] = path
    next[set] = UInt8((way + 1) % Self.ways)
    return path
  }

  private static let perThread = ThreadLocal { DottedPathMemo() }

  /// The keys of `text`, from this thread's memo: for code that has no
  /// per-thread state of its own at hand (encoding; decoding keeps its memo
  /// in its keyed-container cache).
  @usableFromInline
  package static func split(_ text: String) -> DottedPath {
    guard let memo = perThread.pointer else { return DottedPath(text) }
    return memo.pointee.path(text)
  }
}
