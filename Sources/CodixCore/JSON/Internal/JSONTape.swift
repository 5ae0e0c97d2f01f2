// The reader's index of a document: one word per value, two per container.
//
// The scanner reads the document once and writes, in document order, one
// 64-bit entry per value (and per object key), and after each object or
// array a second word: the index of the entry that follows the container,
// so a reader skips it in one step. On {"array":[1,2,3],"number":42}:
//
//     index  entry                           second word
//     0      object  offset 0   count 2      10
//     2      string  offset 1   length 5     "array"
//     3      array   offset 9   count 3      8
//     5      number  offset 10  length 1     1
//     6      number  offset 12  length 1     2
//     7      number  offset 14  length 1     3
//     8      string  offset 17  length 6     "number"
//     9      number  offset 26  length 2     42
//
// An entry packs, from the low bits:
//
//     bits 0..<32   offset of the value's first byte (a string's opening quote)
//     bits 32..<56  a string's or number's length in bytes, a container's
//                   number of elements or members (saturated at 2^24 - 1:
//                   then counted again when asked)
//     bits 56..<60  the tag (JSONTag)
//     bits 60..<64  flags (JSONTape.Flag)
//
// Strings and numbers are converted only when a value is read, as
// Foundation's decoder does; the scan checks the structure alone (see
// JSONScanner.swift for what it accepts).
//
// A scan along a path (`decode(_:from:at:)`) checks every value but keeps
// only the values on the path and everything inside its last one: any other
// non-empty object or array is written as one `skipped` entry (two words, like a container's,
// the second the index after it), so the objects and arrays on the path
// still list all their members.

/// What a tape entry is.
enum JSONTag: UInt8 {
  case null = 1
  case `true`
  case `false`
  case number
  case string
  case object
  case array
  /// A value off the path a scan recorded (see the file comment): checked,
  /// but not written to the tape. No read takes a value from it: it is
  /// neither null, nor a scalar, nor a container.
  case skipped
}

/// The entries of one document while the scanner writes them (see the
/// file comment). Not copyable: one scan owns it, growing it as it writes,
/// and `seal()` hands its storage to the document, which reads the entries
/// where they are and frees them. Nothing writes to a sealed tape, since
/// sealing consumes it.
struct JSONTape: ~Copyable {
  private(set) var count = 0
  private var capacity: Int
  private var storage: UnsafeMutablePointer<UInt64>
  /// The capacity the first growth gives at least (see `init`).
  private let firstGrowth: Int

  /// Flags kept in an entry's top bits.
  enum Flag {
    /// A string with a backslash: it is unescaped when read.
    static let escaped: UInt64 = 1 << 60
    /// A string with a byte below 0x20 or above 0x7F: it is checked when read.
    static let unusual: UInt64 = 1 << 61
    /// A string with a byte below 0x20 (also `unusual`): reading it fails.
    static let control: UInt64 = 1 << 62
    /// A number written with `.`, `e`, `E`, `+` or a second `-`.
    static let nonInteger: UInt64 = 1 << 60
    /// An object whose keys were checked for duplicates (`unique` tells).
    static let keysChecked: UInt64 = 1 << 60
    /// An object whose keys are unescaped, have no byte above 0x7F, and
    /// appear once each (so no two keys are equal as `String`s either).
    static let keysUnique: UInt64 = 1 << 61
    /// An object with a key that has an escape or an unusual byte: its keys
    /// are read when a keyed container opens it, as JSONDecoder reads them.
    static let keysToCheck: UInt64 = 1 << 62
  }

  static let maxLength = (1 << 24) - 1

  /// A tape for `expectedEntries` entries that, once they are written,
  /// grows to at least `firstGrowth` (a scan along a path starts small, as
  /// most paths keep little, but one ending at a large value keeps nearly
  /// all the document: it then grows once to a whole document's size, not by
  /// doubling again and again), then doubles.
  init(expectedEntries: Int, firstGrowth: Int = 0) {
    capacity = max(16, expectedEntries)
    storage = .allocate(capacity: capacity)
    self.firstGrowth = firstGrowth
  }

  deinit {
    storage.deallocate()
  }

  // MARK: Writing (the scanner)

  @inline(__always)
  mutating func append(_ word: UInt64) {
    if count == capacity {
      (storage, capacity) = Self.grown(storage, count: count, to: max(count * 2, firstGrowth))
    }
    storage[count] = word
    count += 1
  }

  /// `storage`, full at `count` entries, moved to storage of `capacity`
  /// entries, and that capacity. It takes and returns values, not the tape:
  /// the scan's loop can then keep the tape in registers, no call in it
  /// taking the tape's address.
  @inline(never)
  private static func grown(
    _ storage: UnsafeMutablePointer<UInt64>, count: Int, to capacity: Int
  ) -> (UnsafeMutablePointer<UInt64>, Int) {
    // safe: `append` grows only a full tape, to twice its count at least.
    precondition(capacity > count, "a tape grown no larger")
    let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    return (larger, capacity)
  }

  @inline(__always)
  static func entry(_ tag: JSONTag, offset: Int, length: Int, flags: UInt64 = 0) -> UInt64 {
    UInt64(truncatingIfNeeded: offset) | UInt64(length < maxLength ? length : maxLength) &<< 32
      | UInt64(tag.rawValue) &<< 56 | flags
  }

  /// Closes the container whose entry is at `index`: its element count, and
  /// its end (the next entry to be written).
  @inline(__always)
  mutating func close(_ index: Int, elements: Int) {
    // safe: the scanner closes only containers it opened, each two entries.
    precondition(index >= 0 && index + 1 < count, "no such container")
    storage[index] |= UInt64(min(elements, Self.maxLength)) << 32
    storage[index + 1] = UInt64(count)
  }

  /// Replaces the entries from `index` on, those of one value the scan
  /// checked off the path it records, with one `skipped` entry.
  @inline(__always)
  mutating func skip(from index: Int) {
    // safe: the scanner passes the index at which it began the value, whose
    // first entry it has written since.
    precondition(index >= 0 && index < count, "no such entry")
    let offset = JSONEntry(storage[index]).offset
    count = index
    append(Self.entry(.skipped, offset: offset, length: 0))
    append(UInt64(index + 2))
  }

  /// Sets `flags` on the entry at `index` (an object's key check).
  @inline(__always)
  mutating func mark(_ index: Int, _ flags: UInt64) {
    // safe: the scanner marks only objects it opened.
    precondition(index >= 0 && index < count, "no such entry")
    storage[index] |= flags
  }

  // MARK: Reading

  /// The last entry written (the scanner's key, just after it scanned it).
  @inline(__always)
  var last: UInt64 {
    // safe: the scanner asks only right after writing a key.
    precondition(count > 0, "no entry yet")
    return storage[count - 1]
  }

  /// Ends the writing: the entries, their count and the capacity of their
  /// storage, which the caller now owns and frees (`JSONDocument`). The
  /// tape is consumed, so nothing writes to it or frees its storage after.
  consuming func seal() -> (entries: UnsafeMutablePointer<UInt64>, count: Int, capacity: Int) {
    let sealed = (storage, count, capacity)
    discard self
    return sealed
  }
}

/// One entry, decoded.
struct JSONEntry {
  let word: UInt64

  @_transparent init(_ word: UInt64) { self.word = word }

  @_transparent var offset: Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }
  @_transparent var length: Int { Int(truncatingIfNeeded: (word >> 32) & 0xFF_FFFF) }
  @_transparent var tagBits: UInt8 { UInt8(truncatingIfNeeded: word >> 56) & 0xF }
  @_transparent var tag: JSONTag { JSONTag(rawValue: tagBits) ?? .null }
  @_transparent func has(_ flag: UInt64) -> Bool { word & flag != 0 }
  @_transparent var isContainer: Bool {
    tagBits == JSONTag.object.rawValue || tagBits == JSONTag.array.rawValue
  }
  /// Whether a length or count hit the most an entry holds.
  @_transparent var isSaturated: Bool { length == JSONTape.maxLength }
}
