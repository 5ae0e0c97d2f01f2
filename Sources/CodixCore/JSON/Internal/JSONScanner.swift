// One pass over a document's bytes that checks its structure and writes its
// tape (JSONTape.swift).
//
// What the scan accepts is what Foundation's JSONDecoder accepts, so that a
// document decodes with CodixJSONDecoder exactly when it decodes with
// JSONDecoder:
//
// - structure is checked strictly: `[`/`{` close in order, members are
//   `"key": value` separated by commas, `true`/`false`/`null` are spelled
//   out, nothing follows the top-level value but whitespace (space, tab,
//   line feed, carriage return), and nesting stops at 512;
// - a comma may end an array or an object (`[1,]`, `{"a":1,}`), as
//   JSONDecoder allows;
// - strings and numbers are only delimited here: a string runs to the next
//   unescaped quote (a backslash takes the byte after it, `\u` the four
//   after that, none of which may be a quote), a number is a run of
//   `0-9 . e E + -` that starts with a digit or `-`. Their contents are
//   checked when a value is read (JSONDocument+Values.swift), so a
//   malformed number in a field no model reads does not fail the decode —
//   as with JSONDecoder, whose scan checks exactly the same.
//
// A scan along a path (`ScanPlan`, for `decode(_:from:at:)`) runs the same
// loop over the same bytes, so it accepts and rejects exactly what a whole
// scan does; it keeps on the tape only the containers on the path (with all
// their keys) and everything inside the value the path ends at. Any other
// object or array is written, checked, and then replaced by one `skipped`
// entry (JSONTape.swift), so the tape stays as small as the largest such
// value; a scalar, no larger than that entry, stays as it is.
//
// The loops need no bounds checks of their own: each stops at a zero byte,
// and every byte past the end of the document reads as zero (`ByteView`, below);
// the position is compared with the document's length where a loop stops.

struct JSONScanner {
  /// Foundation's nesting limit.
  static let depthLimit = 512

  private let bytes: ByteView
  private let plan: ScanPlan
  /// The plan's number of steps, read at every member: zero for a whole
  /// document, whose levels are then never compared with a step.
  private let steps: Int

  private init(bytes: ByteView, plan: ScanPlan) {
    self.bytes = bytes
    self.plan = plan
    self.steps = plan.steps.count
  }

  /// Scans the document into the tape: all of it, or, `along` a plan, the
  /// values on its path and inside the value it ends at.
  static func scan(_ bytes: ByteView, along plan: ScanPlan = .wholeDocument) throws(ReaderError)
    -> JSONTape
  {
    // One entry per 8 bytes: the tape starts no larger than the document
    // (real documents need 0.4 to 0.8 of that), and grows for denser ones.
    // A scan along a path keeps few entries, unless its path ends at a
    // large value: its tape then grows to the whole document's size at once.
    let scanner = JSONScanner(bytes: bytes, plan: plan)
    let whole = bytes.count / plan.bytesPerEntry
    return try scanner.scanDocument(
      expectedEntries: plan.steps.isEmpty ? whole : 256, firstGrowth: whole)
  }

  // MARK: - Structure

  /// A container being scanned: its tape index, its members so far, and
  /// its level (`ScanPlan.off` says what a level is).
  private struct Open {
    var index: Int
    var elements: Int
    var isObject: Bool
    var level: Int
  }

  /// The containers around the innermost open one, outermost first: the
  /// first eight in place, so a document nested less deeply than that (most
  /// are) allocates no stack for its scan; deeper ones in an array.
  private struct OpenStack {
    private var slots: (Open, Open, Open, Open, Open, Open, Open, Open)
    private var deeper: [Open] = []
    private(set) var count = 0

    init() {
      let unused = Open(index: 0, elements: 0, isObject: false, level: 0)
      slots = (unused, unused, unused, unused, unused, unused, unused, unused)
    }

    mutating func push(_ open: Open) {
      switch count {
      case 0: slots.0 = open
      case 1: slots.1 = open
      case 2: slots.2 = open
      case 3: slots.3 = open
      case 4: slots.4 = open
      case 5: slots.5 = open
      case 6: slots.6 = open
      case 7: slots.7 = open
      default: deeper.append(open)
      }
      count += 1
    }

    /// The innermost container pushed, removed; `nil` when there is none.
    mutating func pop() -> Open? {
      guard count > 0 else { return nil }
      count -= 1
      switch count {
      case 0: return slots.0
      case 1: return slots.1
      case 2: return slots.2
      case 3: return slots.3
      case 4: return slots.4
      case 5: return slots.5
      case 6: return slots.6
      case 7: return slots.7
      default: return deeper.removeLast()
      }
    }
  }

  /// The level of the value that starts next in `container`: after its
  /// key, for an object, the key being the tape's last entry.
  @_transparent
  private func level(ofNextIn container: Open, _ tape: borrowing JSONTape) -> Int {
    let level = container.level
    guard level >= 0, level < steps else { return level }
    switch plan.steps[level] {
    case .index(let index):
      return !container.isObject && container.elements == index ? level + 1 : ScanPlan.off
    case .key(let key):
      guard container.isObject else { return ScanPlan.off }
      let written = JSONEntry(tape.last)
      // A key with an escape or a byte above 0x7F may equal the path's key
      // as a `String` (`"cafe\u0301"` is `"café"`) and is compared when
      // read: its value is kept.
      if written.word & (JSONTape.Flag.escaped | JSONTape.Flag.unusual) != 0 { return level + 1 }
      guard written.length == key.count, !written.isSaturated else { return ScanPlan.off }
      return bytes.slice(written.offset + 1, written.length).elementsEqual(key)
        ? level + 1 : ScanPlan.off
    }
  }

  /// Replaces the value whose entries begin at `index`, at `level`, by one
  /// `skipped` entry when it is the outermost value off the path and takes
  /// more room than that entry (a scalar or an empty container stays as it
  /// is: no larger, and its own value).
  @_transparent
  private func settle(
    _ index: Int, level: Int, in container: Open?, _ tape: inout JSONTape
  ) {
    if level < 0, let container, container.level >= 0, tape.count - index > 2 {
      tape.skip(from: index)
    }
  }

  // The loop keeps its position in a local, `at`, which the helpers take
  // and return, and the tape in a local that they write to: both then stay
  // in registers through the loop instead of being written to memory at
  // every token.
  private func scanDocument(expectedEntries: Int, firstGrowth: Int) throws(ReaderError)
    -> JSONTape
  {
    let bytes = self.bytes
    var tape = JSONTape(expectedEntries: expectedEntries, firstGrowth: firstGrowth)
    // The containers around the innermost open one, and that one.
    var outer = OpenStack()
    var open: Open?
    // The level of the value that starts next (see `ScanPlan.off`).
    var level = 0
    // Whether a key comes before the next value (a member of `open`).
    var readsKey = false
    var at = Self.skipWhitespace(in: bytes, from: 0)
    if at >= bytes.count {
      throw ReaderError(.unexpectedEnd(expected: "a JSON value"), at: at)
    }
    valueLoop: while true {
      if readsKey {
        // `"key"` of the next member of the open object, the colon after
        // it, and the white space around them.
        readsKey = false
        guard bytes[at] == Self.quote, let object = open else {
          throw Self.unexpected(in: bytes, at: at, expected: "a key in double quotes")
        }
        let flags: UInt64
        (at, flags) = try scanString(in: bytes, from: at, into: &tape)
        if flags & (JSONTape.Flag.escaped | JSONTape.Flag.unusual) != 0 {
          tape.mark(object.index, JSONTape.Flag.keysToCheck)
        }
        at = Self.skipWhitespace(in: bytes, from: at)
        guard bytes[at] == Self.colon else {
          throw Self.unexpected(in: bytes, at: at, expected: "':' after a key")
        }
        at = Self.skipWhitespace(in: bytes, from: at &+ 1)
        level = self.level(ofNextIn: object, tape)
      }
      // A value starts at `at`; its entries, at `start`.
      let start = tape.count
      let byte = bytes[at]
      switch byte {
      case Self.quote:
        at = try scanString(in: bytes, from: at, into: &tape).end
      case Self.openBrace, Self.openBracket:
        let isObject = byte == Self.openBrace
        let depth = open == nil ? 0 : outer.count + 1
        guard depth < plan.depthLimit else {
          throw ReaderError(.tooDeep(limit: Self.depthLimit), at: at)
        }
        let index = tape.count
        tape.append(JSONTape.entry(isObject ? .object : .array, offset: at, length: 0))
        tape.append(0)
        at = Self.skipWhitespace(in: bytes, from: at &+ 1)
        if bytes[at] == (isObject ? Self.closeBrace : Self.closeBracket) {
          // Empty: a complete value.
          at &+= 1
          tape.close(index, elements: 0)
        } else {
          if let open { outer.push(open) }
          let container = Open(index: index, elements: 0, isObject: isObject, level: level)
          open = container
          if isObject {
            readsKey = true
          } else {
            level = self.level(ofNextIn: container, tape)
          }
          continue valueLoop
        }
      case Self.minus, Self.zero...Self.nine:
        at = scanNumber(in: bytes, from: at, into: &tape)
      case Self.letterT:
        at = try scanLiteral(.true, in: bytes, at: at, word: 0x6575_7274, length: 4, into: &tape)
      case Self.letterF:
        at = try scanLiteral(
          .false, in: bytes, at: at, word: 0x65_736C_6166, length: 5, into: &tape)
      case Self.letterN:
        at = try scanLiteral(.null, in: bytes, at: at, word: 0x6C6C_756E, length: 4, into: &tape)
      default:
        throw Self.unexpected(in: bytes, at: at, expected: "a JSON value")
      }
      // A value ended: it belongs to the open container, which it may end.
      settle(start, level: level, in: open, &tape)
      while true {
        guard var container = open else {
          at = Self.skipWhitespace(in: bytes, from: at)
          guard at >= bytes.count else {
            throw Self.unexpected(
              in: bytes, at: at, expected: "the end of the document after its value")
          }
          return tape
        }
        container.elements += 1
        at = Self.skipWhitespace(in: bytes, from: at)
        let byte = bytes[at]
        let closing = container.isObject ? Self.closeBrace : Self.closeBracket
        if byte == Self.comma {
          at = Self.skipWhitespace(in: bytes, from: at &+ 1)
          if bytes[at] != closing {
            open = container
            if container.isObject {
              readsKey = true
            } else {
              level = self.level(ofNextIn: container, tape)
            }
            continue valueLoop
          }
          // A trailing comma, as JSONDecoder accepts: the container ends.
        } else if byte != closing {
          throw Self.unexpected(
            in: bytes, at: at,
            expected: container.isObject
              ? "',' or '}' after a member" : "',' or ']' after an element")
        }
        at &+= 1
        tape.close(container.index, elements: container.elements)
        open = outer.pop()
        settle(container.index, level: container.level, in: open, &tape)
      }
    }
  }

  // MARK: - Values

  /// Scans the string whose opening quote is at `start`, writes its entry,
  /// and returns the position after its closing quote and the entry's flags.
  ///
  /// Positions here and below add with `&+`: each stays within a few bytes
  /// of the document's end, and every read through `ByteView` checks its
  /// offset, so not even a wrapped one could read outside the document.
  @inline(__always)
  private func scanString(
    in bytes: ByteView, from start: Int, into tape: inout JSONTape
  ) throws(ReaderError) -> (end: Int, flags: UInt64) {
    var index = start &+ 1
    var flags: UInt64 = 0
    // The bytes before the stops, ORed together: a high bit set in it is a
    // byte above 0x7F, noted once the string ends.
    var high: UInt64 = 0
    while true {
      // Eight bytes at a time up to the first quote, backslash or control
      // byte (a byte past the end reads as zero and stops the scan).
      let word = bytes.word(at: index)
      let stops = Self.stops(in: word)
      if stops == 0 {
        high |= word
        index &+= 8
        continue
      }
      // The bits below the first stop's high bit: the bytes before it, and
      // its own low seven bits, none of them a high bit.
      high |= word & ((stops & (0 &- stops)) &- 1)
      index &+= stops.trailingZeroBitCount &>> 3
      switch bytes[index] {
      case Self.quote:
        if high & Self.highBits != 0 { flags |= JSONTape.Flag.unusual }
        tape.append(
          JSONTape.entry(.string, offset: start, length: index &- start &- 1, flags: flags))
        return (index &+ 1, flags)
      case Self.backslash:
        // The byte after it (and four more after `u`) belong to the escape.
        flags |= JSONTape.Flag.escaped
        if bytes[index &+ 1] == Self.letterU {
          try Self.checkUnicodeEscape(in: bytes, at: index)
          index &+= 6
        } else {
          index &+= 2
        }
      default:
        // A control byte, or the end of the document.
        if index >= bytes.count {
          throw ReaderError(.unexpectedEnd(expected: "'\"' to end the string"), at: bytes.count)
        }
        flags |= JSONTape.Flag.unusual | JSONTape.Flag.control
        index &+= 1
      }
    }
  }

  /// Checks the four bytes after the `\u` at `index`, as JSONDecoder's
  /// scan does: none may be a quote, which would end the string inside the
  /// escape (`"\u"` followed by `,"x"`). Whether they are hexadecimal digits
  /// is checked when the string is read, as JSONDecoder checks it.
  @_transparent
  private static func checkUnicodeEscape(in bytes: ByteView, at index: Int) throws(ReaderError) {
    // A byte past the end reads as zero: the string's end is reported then.
    let digits = bytes.word(at: index + 2) & 0xFFFF_FFFF
    let quotes = digits ^ 0x2222_2222
    guard (quotes &- 0x0101_0101) & ~quotes & 0x8080_8080 != 0 else { return }
    var end = index + 2
    while bytes[end] != Self.quote { end += 1 }
    let text = String(decoding: bytes.slice(index, end - index), as: UTF8.self)
    throw ReaderError(.invalidEscape(text), at: index)
  }

  // Constants as transparent getters: a stored `static let` is a call and a
  // check of its initialization per use in a debug build.
  private static var highBits: UInt64 { @_transparent get { 0x8080_8080_8080_8080 } }
  private static var ones: UInt64 { @_transparent get { 0x0101_0101_0101_0101 } }
  // The bytes the scan compares with, the same way: `UInt8(ascii:)` is a
  // call in a debug build.
  private static var quote: UInt8 { @_transparent get { 0x22 } }  // "
  private static var backslash: UInt8 { @_transparent get { 0x5C } }  // \
  private static var openBrace: UInt8 { @_transparent get { 0x7B } }  // {
  private static var closeBrace: UInt8 { @_transparent get { 0x7D } }  // }
  private static var openBracket: UInt8 { @_transparent get { 0x5B } }  // [
  private static var closeBracket: UInt8 { @_transparent get { 0x5D } }  // ]
  private static var comma: UInt8 { @_transparent get { 0x2C } }  // ,
  private static var colon: UInt8 { @_transparent get { 0x3A } }  // :
  private static var minus: UInt8 { @_transparent get { 0x2D } }  // -
  private static var zero: UInt8 { @_transparent get { 0x30 } }  // 0
  private static var nine: UInt8 { @_transparent get { 0x39 } }  // 9
  private static var dot: UInt8 { @_transparent get { 0x2E } }  // .
  private static var plus: UInt8 { @_transparent get { 0x2B } }  // +
  private static var letterE: UInt8 { @_transparent get { 0x65 } }  // e
  private static var capitalE: UInt8 { @_transparent get { 0x45 } }  // E
  private static var letterT: UInt8 { @_transparent get { 0x74 } }  // t
  private static var letterF: UInt8 { @_transparent get { 0x66 } }  // f
  private static var letterN: UInt8 { @_transparent get { 0x6E } }  // n
  private static var letterU: UInt8 { @_transparent get { 0x75 } }  // u

  /// The high bit of each byte of `word` that is `"`, `\` or below 0x20
  /// (the lowest such byte is exact; higher ones may be flagged wrongly).
  @_transparent
  private static func stops(in word: UInt64) -> UInt64 {
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & highBits
  }

  /// Scans the number that starts at `start`, writes its entry, and
  /// returns the position after it.
  @inline(__always)
  private func scanNumber(in bytes: ByteView, from start: Int, into tape: inout JSONTape) -> Int {
    var index = start &+ 1
    var flags: UInt64 = 0
    while true {
      // Digits eight at a time (a byte past the end reads as zero, which
      // is no digit); then the byte after them.
      let digits = Self.leadingDigits(in: bytes.word(at: index))
      index &+= digits
      if digits == 8 { continue }
      switch bytes[index] {
      case Self.zero...Self.nine: index &+= 1
      case Self.dot, Self.letterE, Self.capitalE, Self.plus, Self.minus:
        flags = JSONTape.Flag.nonInteger
        index &+= 1
      default:
        tape.append(JSONTape.entry(.number, offset: start, length: index &- start, flags: flags))
        return index
      }
    }
  }

  /// Scans `true`, `false` or `null` at `at`, whose bytes read as a
  /// little-endian `word` of `length` bytes; returns the position after it.
  @inline(__always)
  private func scanLiteral(
    _ tag: JSONTag, in bytes: ByteView, at: Int, word: UInt64, length: Int,
    into tape: inout JSONTape
  ) throws(ReaderError) -> Int {
    let mask: UInt64 = length == 4 ? 0xFFFF_FFFF : 0xFF_FFFF_FFFF
    guard bytes.word(at: at) & mask == word else {
      throw ReaderError(.unexpectedCharacter(bytes[at], expected: "a JSON value"), at: at)
    }
    tape.append(JSONTape.entry(tag, offset: at, length: length))
    return at &+ length
  }

  /// The first position from `at` on that is not white space.
  @_transparent
  private static func skipWhitespace(in bytes: ByteView, from at: Int) -> Int {
    // No white space between tokens (a compact document): one comparison.
    if bytes[at] > 0x20 { return at }
    var position = at
    while true {
      switch bytes[position] {
      case 0x20, 0x0D, 0x09:  // space, carriage return, tab
        position &+= 1
      case 0x0A:  // line feed
        position &+= 1
        // The indentation after it, eight spaces at a time: the first byte
        // that is not a space has the lowest bit that differs from 0x20s (a
        // byte past the end reads as zero, which is not a space).
        while true {
          let notSpaces = bytes.word(at: position) ^ 0x2020_2020_2020_2020
          position &+= notSpaces.trailingZeroBitCount &>> 3
          if notSpaces != 0 { break }
        }
      default:
        return position
      }
    }
  }

  /// The error for the byte at `at`, or the document's end, where `expected` belongs.
  @inline(never)
  private static func unexpected(in bytes: ByteView, at: Int, expected: String) -> ReaderError {
    if at >= bytes.count {
      return ReaderError(.unexpectedEnd(expected: expected), at: bytes.count)
    }
    return ReaderError(.unexpectedCharacter(bytes[at], expected: expected), at: at)
  }

  // MARK: - Byte classes

  /// How many of the eight bytes of little-endian `word`, from the first,
  /// are ASCII digits before the first that is not.
  @_transparent
  static func leadingDigits(in word: UInt64) -> Int {
    let notDigits = ~JSONNumberText.digitBytes(in: word) & highBits
    return notDigits.trailingZeroBitCount / 8
  }
}

/// `word`, loaded from little-endian bytes, as a number: itself on a
/// little-endian machine. (`UInt64(littleEndian:)` is a generic call in a
/// debug build.)
@_transparent
func fromLittleEndian(_ word: UInt64) -> UInt64 {
  #if _endian(big)
    return word.byteSwapped
  #else
    return word
  #endif
}

/// Reads a document's bytes by offset: a byte past the end reads as zero,
/// and a negative offset traps, in every build. The scanner and the reader
/// only form offsets that the scan found inside the document.
///
/// It is declared here, beside the scanner, because its members are
/// `@_transparent`: inlined even in a debug build, where a call per byte
/// would make the scan several times slower, but only within this file
/// (a debug build compiles each file on its own).
struct ByteView {
  let base: UnsafePointer<UInt8>
  /// The document's length.
  let count: Int
  /// The offsets from which eight bytes lie inside the document are those
  /// below this one.
  private let wordEnd: UInt

  init(base: UnsafePointer<UInt8>, count: Int) {
    precondition(count >= 0, "a negative length")
    self.base = base
    self.count = count
    wordEnd = count >= 8 ? UInt(count - 7) : 0
  }

  subscript(offset: Int) -> UInt8 {
    @_transparent get {
      // One comparison reads inside the document: a negative offset, read
      // as unsigned, is above any length.
      if UInt(bitPattern: offset) < UInt(bitPattern: count) { return base[offset] }
      // safe: offsets are the scanner's position, which starts at 0 and only
      // advances, or positions it wrote on the tape (under 2^32: a document of
      // 4 GiB or more goes to Foundation), plus a length; none is negative.
      precondition(offset >= 0, "offset before the document")
      return 0
    }
  }

  /// The bytes `range` of the document, which must lie inside it.
  @_transparent
  func slice(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
    // safe: a string's bytes end before the closing quote the scan found
    // inside the document, a number's before the first byte that is not a
    // number's (one past the end reads as zero), and a report's text is
    // clamped to `count` (`writtenText`).
    precondition(start >= 0 && length >= 0 && start + length <= count, "range outside the document")
    return UnsafeBufferPointer(start: base + start, count: length)
  }

  /// Eight bytes from `offset` as one little-endian word; bytes past the
  /// end read as zero.
  @_transparent
  func word(at offset: Int) -> UInt64 {
    // One comparison when the eight bytes lie inside the document (as for
    // the subscript, a negative offset is above `wordEnd` read as unsigned).
    if UInt(bitPattern: offset) < wordEnd {
      return fromLittleEndian(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }
    // safe: as for the subscript, no offset is negative.
    precondition(offset >= 0, "word before the document")
    var word: UInt64 = 0
    var index = offset
    while index < count && index < offset + 8 {
      word |= UInt64(base[index]) &<< UInt64(8 &* (index &- offset))
      index += 1
    }
    return word
  }
}
