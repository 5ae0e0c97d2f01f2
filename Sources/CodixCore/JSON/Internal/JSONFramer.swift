import Foundation

// The framer: a state machine fed a document's bytes chunk by chunk, which
// checks the document as the scan (JSONScanner.swift) checks a whole one and
// hands out, one at a time, the elements of the array a path ends at.
//
// It accepts and rejects what the scan does, at the same byte and with the
// same problem, so a streamed document fails exactly where a whole decode
// fails: brackets close in order, members are `"key": value`, literals are
// spelled out, a comma may end a container, nesting stops at 512 (counted
// from the document's root, not the element's), only white space follows
// the root value; a string runs to its unescaped quote (`\u` takes four bytes,
// none a quote), a number is a run of `0-9 . e E + -`. What a string or a
// number holds is checked when a model reads it, as in a whole decode.
//
// The path is made of keys and indexes and ends at the array whose elements
// are wanted. Each open container knows its level: how many steps of the
// path lead to it (`off` when none). Along `data.users` in
//
//     {"meta": {"n": 2}, "data": {"users": [{"id": 1}, {"id": 2}]}}
//
// the root is at level 0, `data`'s object at 1, the array at 2 (the
// target); `meta`'s object is off the path, checked and dropped. Keys are
// compared after unescaping (`"\u0061"` is the key `a`), and only an
// object's first member with the key counts, as in a whole decode. An
// element's bytes are copied into `element` (kept and reused), so memory
// holds one element and the chunk being read, whatever the document's size.
//
// When the path's value is missing or not an array, the framer notes the
// containers on the path (their keys; an array's count) and the value
// found, and goes on checking the rest of the document: its end decides
// whether the answer is a malformed byte or the missing value, as in a
// whole decode (`Skeleton`).
//
// Lines and columns are counted only up to the places a report may need:
// each element's start, a literal's or a `\u` escape's start, the chunk's end
// (`LineCounter`).

struct JSONFramer {
  /// A step of the path before its final `[*]`.
  enum Step: Equatable {
    case key(String)
    case index(Int)
  }

  /// What a value is expected next.
  private enum State: UInt8 {
    /// The root value, after white space.
    case document
    /// A value, after a colon.
    case value
    /// A value or `]`, after `[` or a comma in an array.
    case elementOrClose
    /// A key or `}`, after `{` or a comma in an object.
    case keyOrClose
    /// The colon after a key.
    case colon
    /// A comma or the container's end, after a value.
    case afterValue
    /// Only white space, after the root value.
    case end
    case string, escape, unicode, number, literal
  }

  /// An open container: its kind, level (`off` when it is off the path),
  /// members so far, and whether its member on the path was found.
  private struct Open {
    var isObject: Bool
    var level: Int
    var count = 0
    var found = false
    /// The skeleton's piece for a container on the path.
    var piece = -1
  }

  static let off = -1

  private let steps: [Step]
  private let keyMatcher: (String, Int) -> Bool

  // MARK: State

  private var state = State.document
  private var stack: [Open] = []
  /// The level of the value that starts next.
  private var nextLevel = 0
  /// Whether the string being read is a key.
  private var stringIsKey = false
  /// Whether the key being read belongs to an object on the path (its
  /// bytes are then kept in `key`).
  private var keepsKey = false
  private var key: [UInt8] = []
  /// Bytes after `\u` read so far, and the escape's text (for a report).
  private var unicodeCount = 0
  private var escapeText: [UInt8] = []
  private var escapeStart = 0
  private var escapeLocation = CodixError.Location(line: 1, column: 1, offset: 0)
  /// The literal being read: its bytes, how many matched, where it starts.
  private var literal = Self.trueBytes
  private var literalMatched = 0
  private var literalStart = 0
  private var literalLocation = CodixError.Location(line: 1, column: 1, offset: 0)
  /// Whether a UTF-8 byte order mark may still come (at the start only).
  private var bomMatched = 0

  // MARK: Input

  private var chunk: [UInt8] = []
  private var position = 0
  /// The document offset of `chunk[0]` (after a byte order mark).
  private var chunkBase = 0
  private var lines = LineCounter()

  // MARK: Output

  /// The bytes of the element found last.
  private(set) var element: [UInt8] = []
  /// Where that element starts in the document.
  private(set) var elementLocation = CodixError.Location(line: 1, column: 1, offset: 0)
  /// Its index in the array.
  private(set) var elementIndex = -1
  /// What is being copied into `element`, from which depth of `stack`,
  /// and from where in `chunk`.
  private var capture = Capture.none
  private var captureDepth = 0
  private var captureStart = 0
  /// Whether an element ended at the byte just read.
  private var elementReady = false

  /// The path's containers and the value found where it fails, while no
  /// target array was found.
  private(set) var skeleton = Skeleton()
  /// Whether the target array was found.
  private(set) var foundTarget = false

  /// A framer of the elements of the array at `steps`, comparing a
  /// document's keys with a step's key with `keyMatcher` (given the key
  /// unescaped and the step's position).
  init(steps: [Step], keyMatcher: @escaping (String, Int) -> Bool) {
    self.steps = steps
    self.keyMatcher = keyMatcher
  }

  // MARK: - Feeding

  /// Hands the framer the document's next bytes, once the previous chunk
  /// gave all its elements (`nextElement()` returned `false`).
  mutating func feed(_ bytes: [UInt8]) {
    chunkBase += chunk.count
    chunk = bytes
    position = 0
    captureStart = 0
    runsAllowed = true
    guessesAllowed = true
  }

  /// Reads the chunk up to the end of the next element: `true` when
  /// `element` holds one, `false` when the chunk is read (feed the next).
  mutating func nextElement() throws(ReaderError) -> Bool {
    forgetReadyElement()
    let bytes = chunk
    while position < bytes.count {
      let byte = bytes[position]
      try step(byte, at: position, in: bytes)
      if elementReady { return true }
    }
    // The chunk is read: keep the element's bytes so far, count its lines.
    if capture != .none {
      keepCaptured(upTo: bytes.count)
      captureStart = bytes.count
    }
    lines.advance(to: chunkBase + bytes.count, through: bytes, base: chunkBase)
    return false
  }

  /// Checks that the document ended where it may; throws what a whole
  /// scan throws at the end otherwise.
  mutating func finish() throws(ReaderError) {
    let end = chunkBase + chunk.count
    position = chunk.count
    if state == .number {
      // A number ends with the document.
      valueEnded()
    }
    switch state {
    case .document:
      if bomMatched > 0, bomMatched < 3 {
        throw ReaderError(.unexpectedCharacter(0xEF, expected: "a JSON value"), at: 0)
      }
      throw ReaderError(.unexpectedEnd(expected: "a JSON value"), at: end)
    case .value, .elementOrClose:
      throw ReaderError(.unexpectedEnd(expected: "a JSON value"), at: end)
    case .keyOrClose:
      throw ReaderError(.unexpectedEnd(expected: "a key in double quotes"), at: end)
    case .colon:
      throw ReaderError(.unexpectedEnd(expected: "':' after a key"), at: end)
    case .afterValue:
      let isObject = stack.last?.isObject ?? false
      throw ReaderError(
        .unexpectedEnd(
          expected: isObject ? "',' or '}' after a member" : "',' or ']' after an element"),
        at: end)
    case .string, .escape, .unicode:
      throw ReaderError(.unexpectedEnd(expected: "'\"' to end the string"), at: end)
    case .literal:
      throw literalError()
    case .number, .end:
      return
    }
  }

  /// Where byte `offset` of the document is: for an offset in the current
  /// chunk or at its end, or one the framer marked (an element's start).
  mutating func location(of offset: Int) -> CodixError.Location {
    if offset == literalStart, state == .literal { return literalLocation }
    if offset == escapeStart, state == .unicode { return escapeLocation }
    if offset >= lines.offset {
      lines.advance(to: offset, through: chunk, base: chunkBase)
    }
    return lines.location
  }

  // MARK: - Runs of elements

  /// Complete elements of the target array found in the current chunk by
  /// `nextRun(maximumBytes:)`, which skipped them without checking them: their
  /// bytes are `chunk[start..<end]` (with the commas and white space between
  /// them), element `k` starting at `starts[k]`, the first at `firstIndex`.
  struct Run {
    var start: Int
    var end: Int
    var starts: [Int]
    var firstIndex: Int
  }

  /// Whether `nextRun(maximumBytes:)` may skip elements in the current chunk
  /// (turned off by `rewind(to:of:)` until the next chunk).
  private var runsAllowed = true

  /// Skips, in the current chunk, the complete objects, arrays and strings
  /// that follow in the target array, no more once they take
  /// `maximumBytes`, and returns them; `nil` (and nothing moved) when none
  /// is there.
  ///
  /// Inside an element only strings and brackets are followed, to find its
  /// end: its bytes are checked by the scan of the run (as a whole scan
  /// checks them), and if that scan fails, `rewind(to:of:)` hands them to
  /// the state machine, which fails where a whole decode does. What lies
  /// between elements is checked here: white space and one comma; anything
  /// else (the array's end, a number, a malformed byte) ends the run and
  /// is left to the state machine. An element deeper than the document's
  /// nesting limit allows, or cut by the chunk's end, ends the run before it.
  mutating func nextRun(maximumBytes: Int) -> Run? {
    guard atElementOfTarget, let top = stack.last else { return nil }
    // An element's containers may open `limit` deep: the document's
    // nesting stops at `depthLimit` open containers, `stack.count` of them
    // around the element.
    let limit = JSONScanner.depthLimit - stack.count
    var starts: [Int] = []
    var end = position
    let bytes = chunk
    bytes.withUnsafeBufferPointer { bytes in
      let count = bytes.count
      var index = position
      var afterValue = state == .afterValue
      while index < count {
        let byte = bytes[index]
        if Self.isWhitespace(byte) {
          index += 1
          continue
        }
        if afterValue {
          guard byte == UInt8(ascii: ",") else { break }
          afterValue = false
          index += 1
          continue
        }
        guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"")
        else { break }
        let start = index
        guard let next = Self.endOfValue(startingAt: index, in: bytes, depthLimit: limit) else {
          break
        }
        starts.append(start)
        end = next
        index = next
        afterValue = true
        if end - starts[0] >= maximumBytes { break }
      }
    }
    guard let first = starts.first else { return nil }
    forgetReadyElement()
    let run = Run(start: first, end: end, starts: starts, firstIndex: top.count)
    position = end
    state = .afterValue
    stack[stack.count - 1].count += starts.count
    elementIndex = top.count + starts.count - 1
    return run
  }

  /// Whether the framer stands before an element of the target array (or
  /// its end), where a run may start.
  private var atElementOfTarget: Bool {
    guard runsAllowed, capture == .none, let top = stack.last else { return false }
    return !top.isObject && top.level == steps.count
      && (state == .elementOrClose || state == .afterValue)
  }

  /// Whether `guessedRun(maximumBytes:)` may guess in the current chunk
  /// (turned off by `stopGuessing()` until the next chunk).
  private var guessesAllowed = true

  /// A guess at the bytes of the complete elements of the target array that
  /// follow in the current chunk, within `maximumBytes` (with the commas
  /// and white space between them; after a comma or white space before
  /// them): from the first element, which opens with `{`, `[` or `"`, to
  /// the last one found before `maximumBytes` that closes as the first
  /// opens and is followed by a comma and an element that opens the same
  /// way. Nothing moves. `nil` when no such element is near the end of
  /// the window.
  ///
  /// The guess is right exactly when `[` + its bytes + `]` scan as one
  /// document (`document(of:)`): a closing byte inside an element, or
  /// inside a string, leaves a container or the string open, so the scan
  /// fails. A right guess is taken with `accept(_:starts:)`; a wrong one
  /// with `stopGuessing()`, and the framer's own `nextRun(maximumBytes:)`
  /// follows the bytes instead.
  func guessedRun(maximumBytes: Int) -> Range<Int>? {
    guard guessesAllowed, atElementOfTarget else { return nil }
    let afterValue = state == .afterValue
    let start = position
    // The array itself, each index checked: the search reads a few bytes
    // per run.
    let bytes = chunk
    var first = start
    var commaNeeded = afterValue
    while first < bytes.count {
      let byte = bytes[first]
      if Self.isWhitespace(byte) {
        first += 1
      } else if commaNeeded, byte == UInt8(ascii: ",") {
        commaNeeded = false
        first += 1
      } else {
        break
      }
    }
    guard !commaNeeded, first < bytes.count else { return nil }
    let opening = bytes[first]
    let closing: UInt8
    switch opening {
    case UInt8(ascii: "{"): closing = UInt8(ascii: "}")
    case UInt8(ascii: "["): closing = UInt8(ascii: "]")
    case UInt8(ascii: "\""): closing = UInt8(ascii: "\"")
    default: return nil
    }
    // Backward from the window's end, at most 4 KiB: `closing`, white
    // space, a comma, white space, `opening`.
    var next = min(bytes.count, first + maximumBytes) - 1
    let stop = max(first + 1, next - 4096)
    while next > stop {
      defer { next -= 1 }
      guard bytes[next] == opening else { continue }
      var back = next - 1
      while back > first, Self.isWhitespace(bytes[back]) { back -= 1 }
      guard bytes[back] == UInt8(ascii: ","), back > first else { continue }
      back -= 1
      while back > first, Self.isWhitespace(bytes[back]) { back -= 1 }
      guard bytes[back] == closing, back > first else { continue }
      return first..<back + 1
    }
    return nil
  }

  /// No more guesses in this chunk: the last one was wrong.
  mutating func stopGuessing() {
    guessesAllowed = false
  }

  /// Takes `range`, a right guess whose elements start at `starts`, as a
  /// run: the framer moves past it.
  mutating func accept(_ range: Range<Int>, starts: [Int]) -> Run {
    let top = stack[stack.count - 1]
    forgetReadyElement()
    position = range.upperBound
    state = .afterValue
    stack[stack.count - 1].count += starts.count
    elementIndex = top.count + starts.count - 1
    return Run(
      start: range.lowerBound, end: range.upperBound, starts: starts, firstIndex: top.count)
  }

  /// The end of the object, array or string that starts at `start` (just
  /// past its closing byte), following only strings and brackets; `nil`
  /// when `bytes` end first or its containers open more than `depthLimit`
  /// deep. Eight bytes are read as one word (the last few padded with
  /// zeros, which match nothing), whose quotes, backslashes and brackets
  /// are then taken in order.
  private static func endOfValue(
    startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int
  ) -> Int? {
    let count = bytes.count
    var inString = bytes[start] == UInt8(ascii: "\"")
    var depth = inString ? 0 : 1
    // The byte after a backslash in a string, which is not looked at.
    var escaped = -1
    var index = start + 1
    while index < count {
      let word = Self.word(at: index, in: bytes)
      let folded = word | Self.caseBits
      let quotes = Self.equalBytes(word, Self.quotes)
      let backslashes = Self.equalBytes(word, Self.backslashes)
      let openings = Self.equalBytes(folded, Self.openings)
      let closings = Self.equalBytes(folded, Self.closings)
      var found = quotes | backslashes | openings | closings
      while found != 0 {
        let bit = found & (0 &- found)
        found &= found &- 1
        let position = index + bit.trailingZeroBitCount >> 3
        if position == escaped { continue }
        if inString {
          if quotes & bit != 0 {
            inString = false
            if depth == 0 { return position + 1 }
          } else if backslashes & bit != 0 {
            escaped = position + 1
          }
        } else if quotes & bit != 0 {
          inString = true
        } else if openings & bit != 0 {
          depth += 1
          if depth > depthLimit { return nil }
        } else if closings & bit != 0 {
          depth -= 1
          if depth == 0 { return position + 1 }
        }
      }
      index += 8
    }
    return nil
  }

  /// The eight bytes from `index` as one little-endian word; past the end
  /// of `bytes`, zeros.
  @inline(__always)
  static func word(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    // safe: eight bytes are loaded only when `bytes` holds them (so it is
    // not empty and has a base address); otherwise the bytes left are
    // copied one by one, each index checked against the count.
    if index + 8 <= bytes.count, let base = bytes.baseAddress {
      return fromLittleEndian(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }
    var word: UInt64 = 0
    var shift: UInt64 = 0
    var next = index
    while next < bytes.count, shift < 64 {
      word |= UInt64(bytes[next]) << shift
      shift += 8
      next += 1
    }
    return word
  }

  private static let quotes: UInt64 = 0x2222_2222_2222_2222
  private static let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
  /// `[` and `{` differ in this bit only, as `]` and `}` do.
  private static let caseBits: UInt64 = 0x2020_2020_2020_2020
  private static let openings: UInt64 = 0x7B7B_7B7B_7B7B_7B7B
  private static let closings: UInt64 = 0x7D7D_7D7D_7D7D_7D7D

  /// The high bit of each byte of `word` equal to the byte repeated in
  /// `pattern`, and no other bit.
  @inline(__always)
  static func equalBytes(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
    // A byte of `x` is zero exactly when neither its low seven bits, once
    // 0x7F is added (which never carries out of the byte), nor its high
    // bit set the high bit.
    let x = word ^ pattern
    return ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080
  }

  /// The elements in `chunk[range]` as the document of one array,
  /// scanned; their containers may open as deep as they may in the whole
  /// document, where containers of the path are open around them.
  func document(of range: Range<Int>) throws(ReaderError) -> JSONDocument {
    try JSONDocument.array(
      of: chunk, range, depthLimit: JSONScanner.depthLimit - stack.count + 1)
  }

  /// Drops the element handed out last, once the caller moves on.
  private mutating func forgetReadyElement() {
    guard elementReady else { return }
    elementReady = false
    element.removeAll(keepingCapacity: true)
  }

  /// Goes back to the start of element `k` of `run`, the last one skipped,
  /// for the state machine to read it and what follows; no run is skipped
  /// again in this chunk.
  mutating func rewind(to k: Int, of run: Run) {
    position = run.starts[k]
    state = .elementOrClose
    stack[stack.count - 1].count = run.firstIndex + k
    elementIndex = run.firstIndex + k - 1
    runsAllowed = false
  }

  // MARK: - The state machine

  @inline(__always)
  private mutating func step(_ byte: UInt8, at index: Int, in bytes: [UInt8]) throws(ReaderError) {
    switch state {
    case .string:
      // The bulk of a document: run to the next quote or backslash.
      var next = index
      while next < bytes.count {
        let byte = bytes[next]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
        next += 1
      }
      if keepsKey { key.append(contentsOf: bytes[index..<next]) }
      position = next
      guard next < bytes.count else { return }
      position = next + 1
      if bytes[next] == UInt8(ascii: "\\") {
        if keepsKey { key.append(UInt8(ascii: "\\")) }
        state = .escape
      } else if stringIsKey {
        endKey()
      } else {
        valueEnded()
      }
    case .escape:
      if keepsKey { key.append(byte) }
      position = index + 1
      if byte == UInt8(ascii: "u") {
        // The escape starts at the backslash, one byte before, on this line.
        escapeStart = chunkBase + index - 1
        escapeLocation = markedLocation(of: escapeStart + 1)
        escapeLocation.column -= 1
        escapeLocation.offset -= 1
        escapeText = [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        unicodeCount = 0
        state = .unicode
      } else {
        state = .string
      }
    case .unicode:
      if keepsKey { key.append(byte) }
      position = index + 1
      if byte == UInt8(ascii: "\"") {
        throw ReaderError(
          .invalidEscape(String(decoding: escapeText, as: UTF8.self)), at: escapeStart)
      }
      escapeText.append(byte)
      unicodeCount += 1
      if unicodeCount == 4 { state = .string }
    case .number:
      if Self.isNumberByte(byte) {
        position = index + 1
      } else {
        // The byte after the number is read in the state after a value.
        valueEnded()
      }
    case .literal:
      let expected = literal[literalMatched]
      guard byte == expected else { throw literalError() }
      position = index + 1
      literalMatched += 1
      if literalMatched == literal.count { valueEnded() }
    case .document:
      if bomMatched < 3 {
        if chunkBase + index == bomMatched, byte == Self.byteOrderMark[bomMatched] {
          // A UTF-8 byte order mark: offsets start after it.
          bomMatched += 1
          position = index + 1
          if bomMatched == 3 {
            chunkBase -= 3
            lines = LineCounter()
          }
          return
        }
        if bomMatched > 0 {
          // Part of a mark: its first byte is where the document goes wrong.
          throw ReaderError(.unexpectedCharacter(0xEF, expected: "a JSON value"), at: 0)
        }
        bomMatched = 3
      }
      if Self.isWhitespace(byte) {
        position = index + 1
      } else {
        try startValue(byte, at: index, expected: "a JSON value")
      }
    case .value:
      if Self.isWhitespace(byte) {
        position = index + 1
      } else {
        try startValue(byte, at: index, expected: "a JSON value")
      }
    case .elementOrClose:
      if Self.isWhitespace(byte) {
        position = index + 1
      } else if byte == UInt8(ascii: "]") {
        position = index + 1
        closeContainer()
      } else {
        try startValue(byte, at: index, expected: "a JSON value")
      }
    case .keyOrClose:
      if Self.isWhitespace(byte) {
        position = index + 1
      } else if byte == UInt8(ascii: "}") {
        position = index + 1
        closeContainer()
      } else if byte == UInt8(ascii: "\"") {
        position = index + 1
        startKey()
      } else {
        throw unexpected(byte, at: index, expected: "a key in double quotes")
      }
    case .colon:
      if Self.isWhitespace(byte) {
        position = index + 1
      } else if byte == UInt8(ascii: ":") {
        position = index + 1
        state = .value
      } else {
        throw unexpected(byte, at: index, expected: "':' after a key")
      }
    case .afterValue:
      // `stack` is not empty: the root value's end leads to `.end`.
      let isObject = stack[stack.count - 1].isObject
      if Self.isWhitespace(byte) {
        position = index + 1
      } else if byte == UInt8(ascii: ",") {
        position = index + 1
        state = isObject ? .keyOrClose : .elementOrClose
      } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        position = index + 1
        closeContainer()
      } else {
        throw unexpected(
          byte, at: index,
          expected: isObject ? "',' or '}' after a member" : "',' or ']' after an element")
      }
    case .end:
      guard Self.isWhitespace(byte) else {
        throw unexpected(byte, at: index, expected: "the end of the document after its value")
      }
      position = index + 1
    }
  }

  /// A value starts with `byte`, at `index` of the chunk.
  private mutating func startValue(_ byte: UInt8, at index: Int, expected: String)
    throws(ReaderError)
  {
    // Its level: in an array, from the array's level and the element's index.
    var level = nextLevel
    if let top = stack.last, !top.isObject {
      level = childLevel(ofArray: top)
    }
    if capture == .none {
      if let top = stack.last, !top.isObject, top.level == steps.count {
        // An element of the target array starts.
        startCapture(.element, at: index)
        elementIndex = top.count
        elementLocation = markedLocation(of: chunkBase + index)
      } else if level >= 0 {
        level = noteOnPath(byte, at: index, level: level)
      }
    }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard stack.count < JSONScanner.depthLimit else {
        throw ReaderError(.tooDeep(limit: JSONScanner.depthLimit), at: chunkBase + index)
      }
      let isObject = byte == UInt8(ascii: "{")
      var open = Open(isObject: isObject, level: level)
      if level >= 0, level < steps.count { open.piece = skeleton.pieces.count - 1 }
      stack.append(open)
      position = index + 1
      state = isObject ? .keyOrClose : .elementOrClose
    case UInt8(ascii: "\""):
      position = index + 1
      stringIsKey = false
      keepsKey = false
      state = .string
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      position = index + 1
      state = .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      literal =
        byte == UInt8(ascii: "t")
        ? Self.trueBytes : byte == UInt8(ascii: "f") ? Self.falseBytes : Self.nullBytes
      literalMatched = 1
      literalStart = chunkBase + index
      literalLocation = markedLocation(of: literalStart)
      position = index + 1
      state = .literal
    default:
      throw unexpected(byte, at: index, expected: expected)
    }
  }

  /// The level of the next element of `array`.
  @inline(__always)
  private func childLevel(ofArray array: Open) -> Int {
    let level = array.level
    guard level >= 0, level < steps.count else { return Self.off }
    if case .index(let wanted) = steps[level], wanted == array.count { return level + 1 }
    return Self.off
  }

  /// Notes a value on the path, at `level`, that starts with `byte`, and
  /// returns the level of the container it opens (`off` when the walk
  /// cannot go on in it). The skeleton keeps the path's containers and the
  /// value the walk stops at.
  private mutating func noteOnPath(_ byte: UInt8, at index: Int, level: Int) -> Int {
    if level > 0, let top = stack.indices.last {
      stack[top].found = true
      skeleton.pieces[stack[top].piece].child =
        stack[top].isObject
        ? skeleton.pieces[stack[top].piece].keys.count - 1 : stack[top].count
    }
    if level == steps.count, byte == UInt8(ascii: "[") {
      foundTarget = true
      return level
    }
    let location = markedLocation(of: chunkBase + index)
    if level < steps.count {
      switch (steps[level], byte) {
      case (.key, UInt8(ascii: "{")):
        skeleton.pieces.append(Skeleton.Piece(kind: .object, location: location))
        return level
      case (.index, UInt8(ascii: "[")):
        skeleton.pieces.append(Skeleton.Piece(kind: .array, location: location))
        return level
      default: break
      }
    }
    // The walk stops at this value: keep (the start of) its text for the report.
    skeleton.pieces.append(Skeleton.Piece(kind: .value, location: location))
    startCapture(.stop, at: index)
    return Self.off
  }

  private mutating func startKey() {
    stringIsKey = true
    let level = stack[stack.count - 1].level
    keepsKey = level >= 0 && level < steps.count
    key.removeAll(keepingCapacity: true)
    state = .string
  }

  /// A key was read: the next value's level follows from it.
  private mutating func endKey() {
    state = .colon
    nextLevel = Self.off
    guard keepsKey else { return }
    let top = stack.count - 1
    let level = stack[top].level
    skeleton.pieces[stack[top].piece].keys.append(key)
    if !stack[top].found, case .key = steps[level],
      keyMatcher(Self.unescaped(key), level)
    {
      nextLevel = level + 1
    }
  }

  /// A value ended, with the byte just read (a string, a literal, a
  /// container) or before it (a number, which the byte after it ends).
  @inline(__always)
  private mutating func valueEnded() {
    if stack.isEmpty {
      state = .end
    } else {
      stack[stack.count - 1].count += 1
      state = .afterValue
    }
    if capture != .none, stack.count == captureDepth {
      endCapture()
    }
  }

  private mutating func closeContainer() {
    let closed = stack.removeLast()
    if closed.level >= 0, closed.level < steps.count {
      skeleton.pieces[closed.piece].count = closed.count
    }
    valueEnded()
  }

  // MARK: - Captures

  /// What the bytes being copied are.
  enum Capture {
    case none
    /// An element of the target array.
    case element
    /// The value a walk along the path stopped at (its first bytes).
    case stop
  }

  private mutating func startCapture(_ kind: Capture, at index: Int) {
    capture = kind
    captureDepth = stack.count
    captureStart = index
    element.removeAll(keepingCapacity: true)
  }

  /// Copies the captured bytes of the chunk up to `position`.
  @inline(__always)
  private mutating func keepCaptured(upTo end: Int) {
    guard captureStart < end else { return }
    if capture == .stop {
      let room = Skeleton.textLimit - element.count
      guard room > 0 else { return }
      element.append(contentsOf: chunk[captureStart..<min(end, captureStart + room)])
    } else {
      element.append(contentsOf: chunk[captureStart..<end])
    }
  }

  private mutating func endCapture() {
    keepCaptured(upTo: position)
    if capture == .element {
      elementReady = true
    } else {
      skeleton.stop = element
      element.removeAll(keepingCapacity: true)
    }
    capture = .none
  }

  // MARK: - Reports

  private func literalError() -> ReaderError {
    let first = literal[0]
    return ReaderError(.unexpectedCharacter(first, expected: "a JSON value"), at: literalStart)
  }

  private func unexpected(_ byte: UInt8, at index: Int, expected: String) -> ReaderError {
    ReaderError(.unexpectedCharacter(byte, expected: expected), at: chunkBase + index)
  }

  /// The location of `offset`, in the current chunk.
  private mutating func markedLocation(of offset: Int) -> CodixError.Location {
    lines.advance(to: offset, through: chunk, base: chunkBase)
    return lines.location
  }

  // MARK: - Bytes

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)

  @inline(__always)
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\t")
  }

  @inline(__always)
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"),
      UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// A key's text, its escapes read as a whole decode reads them; a key
  /// that cannot be read matches no step.
  static func unescaped(_ bytes: [UInt8]) -> String {
    guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
    let quoted = Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
    return (try? CodixJSONDecoder().decode(String.self, from: quoted)) ?? "\u{FFFF}\u{FFFF}"
  }
}

// MARK: - Lines and columns

/// The line and column of one offset of a document read chunk by chunk,
/// moved forward over the bytes read (as `JSONDocument.location(of:)`
/// counts them: lines end at line feeds, columns count characters).
struct LineCounter {
  private(set) var offset: Int
  private var line = 1
  private var column = 1

  init(offset: Int = 0) {
    self.offset = offset
  }

  var location: CodixError.Location {
    CodixError.Location(line: line, column: column, offset: offset)
  }

  /// Moves to `target`, reading the bytes of `chunk` (whose first byte is
  /// at offset `base`) between here and there.
  mutating func advance(to target: Int, through chunk: [UInt8], base: Int) {
    guard target > offset else { return }
    let start = max(0, offset - base)
    let end = min(target - base, chunk.count)
    offset = target
    guard start < end else { return }
    chunk.withUnsafeBufferPointer { bytes in
      var columnStart = start
      let feeds = Self.lineFeeds(in: bytes, start..<end)
      if let lastLineStart = feeds.lastLineStart {
        line += feeds.count
        column = 1
        columnStart = lastLineStart
      }
      column += Self.characters(in: bytes, columnStart..<end)
    }
  }

  /// The line feeds in `bytes[range]`: how many, and the index after the
  /// last one (`nil` when there is none). The C library's `memchr` finds
  /// each; it reads whole machine words, vectors where it can.
  static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (
    count: Int, lastLineStart: Int?
  ) {
    // safe: `LineCounter.advance` passes `max(0, …)..<min(…, chunk.count)`
    // and only when it is not empty; no document reaches another range.
    precondition(
      range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
    guard let base = bytes.baseAddress else { return (0, nil) }
    // safe: `memchr` reads `bytes[from..<range.upperBound]`, inside `bytes`
    // by the precondition, and returns a pointer into it or nil.
    var count = 0
    var from = range.lowerBound
    while from < range.upperBound,
      let found = memchr(base + from, Int32(UInt8(ascii: "\n")), range.upperBound - from)
    {
      from = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
      count += 1
    }
    return (count, count > 0 ? from : nil)
  }

  /// The characters in `bytes[range]`: its bytes that do not continue a
  /// UTF-8 sequence (`10xxxxxx`), counted eight at a time.
  static func characters(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var continuations = 0
    var index = range.lowerBound
    while index < range.upperBound {
      // One count per byte lane, for up to 255 words (no lane passes 255),
      // then added up in 16-bit lanes: a population count is a loop of its
      // own on a processor without one.
      var lanes: UInt64 = 0
      let stop = min(range.upperBound, index + 8 * 255)
      while index < stop {
        var word = JSONFramer.word(at: index, in: bytes)
        if stop - index < 8 {
          word &= (1 << (8 * UInt64(stop - index))) &- 1
        }
        lanes &+= (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
        index += 8
      }
      let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
      continuations &+= Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }
    return range.count - continuations
  }
}
