import Foundation

// The decoder CodixJSONDecoder hands to `init(from:)`.
//
// One reader walks the whole document, as Foundation's decoder does: it
// stands at one tape entry (`value`), moves into a nested value for the
// span of a nested `init(from:)`, and comes back. Its coding path is a stack
// of frames, one per nested value, pushed and popped with the moves, so a
// nested decode allocates nothing. A container remembers how many frames it
// shares with the reader (and the value the last of them is at) and the keys
// it added itself; while the reader stands inside the container's value,
// the shared frames are the container's path. A container used after the
// reader left its value (one kept in a property) finds its path again from
// the tape.
//
// Keys are compared with the document's bytes in place: a keyed container
// is its object's tape index, and a lookup walks the object's members from
// the first (or, in an object of more than 16 members whose keys are
// unique, from the member after the one found last), comparing lengths
// first. Keys that differ in bytes but have an escape or a byte above 0x7F
// are compared as `String`s, by canonical equivalence, as JSONDecoder's
// dictionaries compare them. The first of two equal keys wins, as in
// JSONDecoder.
//
// Every failure is the DecodingError JSONDecoder throws, with its coding
// path; the reader keeps the last one it threw together with where in the
// document it happened, so the top-level decode can add the line and column
// (`CodixError.location`). Numbers and strings that cannot be read throw
// `ReaderError`, which JSONDecoder reports as "not valid JSON" at the root.

/// The decoder of one document.
@usableFromInline
final class JSONReader: Decoder {
  /// The tape index of a value that is not in the document: a superDecoder
  /// at a missing key, which reads as `null`.
  static let missing = -1

  let document: JSONDocument
  let options: CodixJSONDecoder.Options
  @usableFromInline let userInfo: [CodingUserInfoKey: Any]
  // Unchecked exclusivity: the state below belongs to one decode, on its
  // thread, and each access is a load, a store, an append or a removal
  // that calls nothing reaching the same property (Docs/Architecture.md).

  /// The value the reader stands at.
  @exclusivity(unchecked) var value: Int
  /// One frame per nested value from the root: the key and the value.
  @exclusivity(unchecked) var frames: [Frame]
  /// The last DecodingError thrown, with its place (see `located(_:)`).
  @exclusivity(unchecked) var lastFailure: Failure?
  /// Member lookups resume here in large objects (see `member(of:named:)`);
  /// made by the first lookup that needs it.
  @exclusivity(unchecked) var hints: LookupHints?
  /// Keys converted from snake case, by their spelling in the document.
  @exclusivity(unchecked) var snakeConversions = [String: String]()
  /// The last few types `unwrap` asked about, and whether each is special.
  @exclusivity(unchecked) var specialTypes = SpecialTypeMemo()

  struct Frame {
    var key: PathKey
    var value: Int
  }

  /// A DecodingError thrown here, and the byte offset of its value. A
  /// class: a reader that never fails keeps `nil` in one word, where an
  /// optional `DecodingError` (of the standard library's resilient layout)
  /// is set and destroyed through its type's witnesses at every decode.
  final class Failure {
    let error: DecodingError
    let offset: Int
    /// The value's tape index (`missing` when there is none).
    let index: Int?
    /// The value's path when the error's own path is not it (Foundation's
    /// `.iso8601` error leaves the key out).
    let path: Path?

    init(error: DecodingError, offset: Int, index: Int?, path: Path?) {
      self.error = error
      self.offset = offset
      self.index = index
      self.path = path
    }
  }

  init(
    document: JSONDocument, options: CodixJSONDecoder.Options, userInfo: [CodingUserInfoKey: Any],
    value: Int = 0, frames: [Frame] = []
  ) {
    self.document = document
    self.options = options
    self.userInfo = userInfo
    self.value = value
    self.frames = frames
  }

  @usableFromInline var codingPath: [any CodingKey] { frames.map(\.key.codingKey) }

  // MARK: - Moving

  /// Runs `body` with the reader at `value`, one frame deeper.
  @inline(__always)
  func with<R>(_ value: Int, key: PathKey, _ body: () throws -> R) rethrows -> R {
    let previous = self.value
    self.value = value
    frames.append(Frame(key: key, value: value))
    defer {
      frames.removeLast()
      self.value = previous
    }
    return try body()
  }

  // MARK: - Entries

  @inline(__always)
  func tag(of index: Int) -> JSONTag {
    index == Self.missing ? .null : document.entry(index).tag
  }

  /// Foundation's words for the kind of a value, in type-mismatch errors.
  func kindDescription(of index: Int) -> String {
    switch tag(of: index) {
    case .string: "a string"
    case .number: "number"
    case .true, .false: "bool"
    case .null: "null"
    case .object: "a dictionary"
    case .array: "an array"
    // Never read: a decode along a path reads the document whole again
    // before it would read a value its scan skipped (NativeTopLevel.swift).
    case .skipped: "a value"
    }
  }

  func offset(of index: Int) -> Int {
    index == Self.missing
      ? (value == Self.missing ? 0 : document.entry(value).offset)
      : document.entry(index).offset
  }

  // MARK: - Failures

  /// Records `error`, thrown for the value at `index`, and returns it.
  func fail(_ error: DecodingError, at index: Int, path: Path? = nil) -> DecodingError {
    lastFailure = Failure(error: error, offset: offset(of: index), index: index, path: path)
    return error
  }

  // The errors are built out of line: inlined, they would fill every scalar
  // read with code a decode rarely runs (see `member(of:bytes:)`).
  @inline(never)
  func typeMismatch(_ type: Any.Type, at index: Int, path: @autoclosure () -> [any CodingKey])
    -> DecodingError
  {
    fail(
      .typeMismatch(
        type,
        DecodingError.Context(
          codingPath: path(),
          debugDescription:
            "Expected to decode \(type) but found \(kindDescription(of: index)) instead."
        )), at: index)
  }

  @inline(never)
  func valueNotFound(_ type: Any.Type, at index: Int, path: @autoclosure () -> [any CodingKey])
    -> DecodingError
  {
    fail(
      .valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path(),
          debugDescription: "Cannot get value of type \(type) -- found null value instead")),
      at: index)
  }

  /// Places a ReaderError at the value's path.
  @inline(never)
  func placed(_ error: ReaderError, path: @autoclosure () -> [any CodingKey]) -> ReaderError {
    var error = error
    if error.path == nil { error.path = Path(codingPath: path()) }
    return error
  }

  // MARK: - Decoder

  @usableFromInline
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try keyedContainer(at: value, keyedBy: type, anchor: PathAnchor(self), tail: nil)
  }

  @usableFromInline
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try unkeyedContainer(at: value, anchor: PathAnchor(self), tail: nil)
  }

  @usableFromInline
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  func keyedContainer<Key: CodingKey>(
    at index: Int, keyedBy type: Key.Type, anchor: PathAnchor, tail: PathTail?
  ) throws -> KeyedDecodingContainer<Key> {
    switch tag(of: index) {
    case .object:
      if document.entry(index).has(JSONTape.Flag.keysToCheck) {
        try checkKeys(of: index, path: path(anchor, tail))
      }
      return KeyedDecodingContainer(
        KeyedReader<Key>(reader: self, object: index, anchor: anchor, tail: tail))
    case .null:
      throw fail(
        .valueNotFound(
          [String: Any].self,
          DecodingError.Context(
            codingPath: path(anchor, tail),
            debugDescription: "Cannot get keyed decoding container -- found null value instead")),
        at: index)
    default:
      throw typeMismatch([String: Any].self, at: index, path: path(anchor, tail))
    }
  }

  func unkeyedContainer(at index: Int, anchor: PathAnchor, tail: PathTail?) throws
    -> any UnkeyedDecodingContainer
  {
    switch tag(of: index) {
    case .array:
      return UnkeyedReader(reader: self, array: index, anchor: anchor, tail: tail)
    case .null:
      throw fail(
        .valueNotFound(
          [Any].self,
          DecodingError.Context(
            codingPath: path(anchor, tail),
            debugDescription: "Cannot get unkeyed decoding container -- found null value instead")),
        at: index)
    default:
      throw typeMismatch([Any].self, at: index, path: path(anchor, tail))
    }
  }

  /// Reads the keys of the object at `index` that have an escape or an
  /// unusual byte: JSONDecoder reads every key of an object it opens, and
  /// fails on one that is not a valid string.
  private func checkKeys(of index: Int, path: @autoclosure () -> [any CodingKey]) throws {
    var member = index + 2
    let end = document.end(of: index)
    while member < end {
      let key = document.entry(member)
      if key.has(JSONTape.Flag.escaped) || key.has(JSONTape.Flag.unusual) {
        do {
          _ = try document.string(at: member)
        } catch {
          throw placed(error, path: path())
        }
      }
      member = document.next(after: member + 1)
    }
  }

  // MARK: - Coding paths of containers

  /// The coding path of a container: the reader's first `anchor.depth`
  /// frames while the reader is inside the container's value, then the
  /// container's own keys.
  func path(_ anchor: PathAnchor, _ tail: PathTail?) -> [any CodingKey] {
    var path: [any CodingKey]
    if anchor.depth == 0 {
      path = []
    } else if anchor.depth <= frames.count, frames[anchor.depth - 1].value == anchor.value {
      path = frames[0..<anchor.depth].map(\.key.codingKey)
    } else {
      path = foundPath(to: anchor.value)
    }
    if let tail { path += tail.keys }
    return path
  }

  /// The path from the root to the value at `target`, found on the tape,
  /// with the document's keys (for containers kept past their value).
  func foundPath(to target: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var index = 0
    while index != target, index < document.entryCount {
      let entry = document.entry(index)
      guard entry.isContainer else { break }
      var child = index + 2
      var position = 0
      let end = document.end(of: index)
      var found = false
      while child < end {
        let valueIndex = entry.tag == .object ? child + 1 : child
        let after = document.next(after: valueIndex)
        if target >= valueIndex && target < after {
          if entry.tag == .object {
            path.append(CodixKey((try? document.string(at: child)) ?? ""))
          } else {
            path.append(CodixKey(index: position))
          }
          index = valueIndex
          found = true
          break
        }
        child = after
        position += 1
      }
      if !found { break }
    }
    return path
  }
}

/// A step of a coding path, kept cheap until the path is asked for: an
/// array index becomes its `"Index N"` key only then, and a Codix key
/// (a path's or a wrapper field's) its `CodixKey`, so that a step to a
/// member boxes no existential.
enum PathKey {
  case index(Int)
  case name(String)
  case key(any CodingKey)

  var codingKey: any CodingKey {
    switch self {
    case .index(let index): CodixKey(index: index)
    case .name(let name): CodixKey(name)
    case .key(let key): key
    }
  }
}

/// Where a container's path starts: the reader's first `depth` frames, the
/// last of which stands at `value`.
struct PathAnchor {
  let depth: Int
  let value: Int

  init(_ reader: JSONReader) {
    // The last frame's value alone: `frames.last` would copy its key too.
    let depth = reader.frames.count
    self.depth = depth
    value = depth > 0 ? reader.frames[depth - 1].value : 0
  }
}

/// Keys a container added to its anchor's path (a nested container's), each
/// with the value it reaches.
final class PathTail {
  let parent: PathTail?
  let key: PathKey
  let value: Int

  init(_ parent: PathTail?, _ key: PathKey, value: Int) {
    self.parent = parent
    self.key = key
    self.value = value
  }

  var keys: [any CodingKey] { frames.map(\.key.codingKey) }
}

/// The member each large object's lookups resume after: a small
/// direct-mapped table, by object index, owned by one reader, allocated on
/// its first use (a document without a large object never needs it).
final class LookupHints {
  private static let size = 64
  @exclusivity(unchecked) private var objects: UnsafeMutablePointer<Int>?
  @exclusivity(unchecked) private var members: UnsafeMutablePointer<Int>?

  init() {}

  deinit {
    objects?.deallocate()
    members?.deallocate()
  }

  @inline(__always)
  func member(after object: Int) -> Int? {
    guard let objects, let members else { return nil }
    let slot = object & (Self.size - 1)
    return objects[slot] == object ? members[slot] : nil
  }

  @inline(__always)
  func remember(_ member: Int, in object: Int) {
    guard let objects, let members else { return allocate(member, in: object) }
    let slot = object & (Self.size - 1)
    objects[slot] = object
    members[slot] = member
  }

  @inline(never)
  private func allocate(_ member: Int, in object: Int) {
    let objects = UnsafeMutablePointer<Int>.allocate(capacity: Self.size)
    objects.initialize(repeating: -1, count: Self.size)
    let members = UnsafeMutablePointer<Int>.allocate(capacity: Self.size)
    members.initialize(repeating: 0, count: Self.size)
    self.objects = objects
    self.members = members
    remember(member, in: object)
  }
}
