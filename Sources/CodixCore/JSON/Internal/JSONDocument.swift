import Foundation

/// A scanned document: its bytes and its tape. Reading a value converts the
/// bytes its entry points at (see JSONDocument+Values.swift).
final class JSONDocument {
  /// The document's bytes: the caller's while a decode borrows them, else
  /// its own copy (JSONBytes.swift). Unchecked exclusivity: only
  /// `ownBytes()` writes it, once the decode's body returned, and every
  /// read is the load of its two words. Besides this comment: `private(set)`
  /// and a class that is not `Sendable` (the compiler's checks), the kept-
  /// decoder tests of BorrowedBytesTests.swift, which fail without the write,
  /// and the sanitizer stages (Docs/Architecture.md).
  @exclusivity(unchecked) private(set) var storage: JSONBytes
  /// The tape's entries, which the document owns once the scan sealed the
  /// tape (`JSONTape.seal()`): they never move, and are freed with the
  /// document. Reading them without a call keeps a debug build's reads
  /// cheap.
  private let entries: UnsafeMutablePointer<UInt64>
  let entryCount: Int
  /// The bytes the entries' storage takes, for the memory figures.
  let tapeByteCount: Int
  /// The document's bytes, read where `storage` keeps them now (see
  /// JSONBytes.swift): for the call that asks, not to be kept.
  var bytes: ByteView { storage.view }

  /// Scans `storage`, keeping what `plan` asks for on the tape.
  private init(scanning storage: consuming JSONBytes, along plan: ScanPlan) throws(ReaderError) {
    let view = storage.view
    let tape: JSONTape
    do {
      tape = try JSONScanner.scan(view, along: plan)
    } catch {
      var located = error
      located.location = Self.location(of: error.offset, in: view)
      throw located
    }
    self.storage = storage
    let sealed = tape.seal()
    (entries, entryCount) = (sealed.entries, sealed.count)
    tapeByteCount = sealed.capacity * MemoryLayout<UInt64>.stride
  }

  deinit {
    entries.deallocate()
  }

  /// Copies the bytes into storage of the document's own, if they are
  /// borrowed: called when something outlives the decode that borrowed
  /// them (see `read`).
  private func ownBytes() {
    storage.ownBytes()
  }

  /// Sets `flags` on the entry of the object at `index` (what its key
  /// check found).
  private func mark(_ index: Int, _ flags: UInt64) {
    // safe: only the key check (`checkKeysAreUnique`) marks, and only the
    // object it was asked about, whose entry `keysAreUnique` read first
    // through `entry(_:)`, which checks the index in every build. Indexes
    // come from the tape, never from a document, path or model.
    precondition(index >= 0 && index < entryCount, "no such entry")
    entries[index] |= flags
  }

  /// Runs `body` with the document of `data` (UTF-8, UTF-16 or UTF-32, with
  /// or without a byte order mark, as JSONDecoder reads it). UTF-8 bytes are
  /// read where `data` keeps them; if anything still holds the document
  /// when `body` returns (a decoder a decoded value kept), its bytes are
  /// copied first, so it stays valid (JSONBytes.swift). `along` a plan,
  /// the tape keeps only what the plan asks for (JSONScanner.swift).
  static func reading<R>(
    _ data: Data, along plan: ScanPlan = .wholeDocument,
    _ body: (JSONDocument) throws(CodixError) -> R
  ) throws(CodixError) -> R {
    let (encoding, bom) = encoding(of: data)
    guard encoding == .utf8 else {
      let document: JSONDocument
      do throws(ReaderError) {
        document = try JSONDocument(
          scanning: converted(data, from: encoding, skipping: bom), along: plan)
      } catch {
        throw syntaxError(error)
      }
      return try body(document)
    }
    let result = data.withUnsafeBytes { raw -> Result<R, CodixError> in
      var document: JSONDocument
      do throws(ReaderError) {
        document = try JSONDocument(scanning: JSONBytes(borrowing: raw, skipping: bom), along: plan)
      } catch {
        return .failure(syntaxError(error))
      }
      defer { if !isKnownUniquelyReferenced(&document) { document.ownBytes() } }
      do throws(CodixError) {
        return .success(try body(document))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The document of one array whose elements are `bytes[range]` (with the
  /// commas and white space between them), scanned from a copy of its own.
  static func array(of bytes: [UInt8], _ range: Range<Int>, depthLimit: Int) throws(ReaderError)
    -> JSONDocument
  {
    // The raw buffer's slice checks its range in debug builds only.
    // safe: both callers pass ranges inside the chunk: a guessed run runs
    // from an index checked against the chunk's count to one at most its
    // last index (`JSONFramer.guessedRun`), a followed run from the
    // framer's position to an element end found in the chunk
    // (`JSONFramer.nextRun`). No document or path picks another.
    precondition(
      range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes")
    return try JSONDocument(
      scanning: JSONBytes(
        copying: bytes, range, between: UInt8(ascii: "["), and: UInt8(ascii: "]")),
      along: .run(depthLimit: depthLimit))
  }

  /// A document that did not scan, thrown by `read(_:along:_:)`.
  struct ScanFailure: Error {
    let error: CodixError
  }

  /// `reading(_:along:_:)` for the top-level decode: the body's value and
  /// errors pass through as they are (a scan's error as `ScanFailure`), so
  /// no generic type wraps `R` and a decode looks up no type metadata for
  /// its result.
  static func read<R>(
    _ data: Data, along plan: ScanPlan = .wholeDocument, _ body: (JSONDocument) throws -> R
  ) throws -> R {
    try data.withUnsafeBytes { raw in try read(raw, data: data, along: plan, body) }
  }

  /// `read(_:along:_:)` for the bytes of an array (a streamed element),
  /// read where the array keeps them.
  static func read<R>(_ bytes: [UInt8], _ body: (JSONDocument) throws -> R) throws -> R {
    try bytes.withUnsafeBytes { raw in try read(raw, data: nil, along: .wholeDocument, body) }
  }

  /// `read(_:along:_:)` for bytes borrowed for this call; `data`, when the
  /// bytes are a `Data`'s, spares a copy for a document in UTF-16 or UTF-32.
  private static func read<R>(
    _ raw: UnsafeRawBufferPointer, data: Data?, along plan: ScanPlan,
    _ body: (JSONDocument) throws -> R
  ) throws -> R {
    let (encoding, bom) = encoding(of: raw)
    var document: JSONDocument
    do throws(ReaderError) {
      document = try JSONDocument(
        scanning: encoding == .utf8
          ? JSONBytes(borrowing: raw, skipping: bom)
          : converted(data ?? Data(raw), from: encoding, skipping: bom),
        along: plan)
    } catch {
      throw ScanFailure(error: syntaxError(error))
    }
    // Whatever still holds the document once `body` returned (a decoder a
    // decoded value kept) gets bytes of its own before the borrow ends.
    defer { if !isKnownUniquelyReferenced(&document) { document.ownBytes() } }
    return try body(document)
  }

  /// `data` converted from `encoding` to UTF-8, after `bom` bytes.
  private static func converted(_ data: Data, from encoding: String.Encoding, skipping bom: Int)
    throws(ReaderError) -> JSONBytes
  {
    guard let text = String(data: data.dropFirst(bom), encoding: encoding) else {
      throw ReaderError(.notUTF8, at: 0)
    }
    return JSONBytes(copying: Array(text.utf8))
  }

  /// The encoding `data`'s first bytes show, and the length of its byte
  /// order mark (RFC 4627, section 3, as JSONDecoder detects it).
  private static func encoding(of data: Data) -> (String.Encoding, Int) {
    data.withUnsafeBytes { encoding(of: $0) }
  }

  /// The encoding `bytes`' first bytes show, and the length of its byte
  /// order mark.
  private static func encoding(of bytes: UnsafeRawBufferPointer) -> (String.Encoding, Int) {
    // Most documents: two bytes that are not zero, the first below 0xEF.
    // Every other case below has a zero in its first two bytes or starts
    // with 0xEF, 0xFE or 0xFF.
    if bytes.count >= 2, bytes[0] != 0, bytes[0] < 0xEF, bytes[1] != 0 { return (.utf8, 0) }
    func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
    let encoding: String.Encoding
    let bom: Int
    switch (byte(0), byte(1), byte(2), byte(3)) {
    case (0, 0, 0xFE, 0xFF): (encoding, bom) = (.utf32BigEndian, 4)
    case (0xFE, 0xFF, 0, 0): (encoding, bom) = (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): (encoding, bom) = (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): (encoding, bom) = (.utf16LittleEndian, 2)
    case (0xEF, 0xBB, 0xBF, _): (encoding, bom) = (.utf8, 3)
    case (0, 0, 0, let b?) where b != 0: (encoding, bom) = (.utf32BigEndian, 0)
    case (0, let a?, 0, let b?) where a != 0 && b != 0: (encoding, bom) = (.utf16BigEndian, 0)
    case (let a?, 0, 0, 0) where a != 0: (encoding, bom) = (.utf32LittleEndian, 0)
    case (let a?, 0, let b?, 0) where a != 0 && b != 0: (encoding, bom) = (.utf16LittleEndian, 0)
    case (0, let a?, nil, nil) where a != 0: (encoding, bom) = (.utf16BigEndian, 0)
    case (let a?, 0, nil, nil) where a != 0: (encoding, bom) = (.utf16LittleEndian, 0)
    default: (encoding, bom) = (.utf8, 0)
    }
    return (encoding, bom)
  }

  // MARK: - Navigation

  /// The entry at `index`.
  @inline(__always)
  func entry(_ index: Int) -> JSONEntry { JSONEntry(tapeWord(entries, entryCount, index)) }

  /// The index of the entry after the value at `index` (past a container).
  @inline(__always)
  func next(after index: Int) -> Int { entryIndex(after: index, in: entries, below: entryCount) }

  /// The index just past the last member or element of the container at `index`.
  @inline(__always)
  func end(of index: Int) -> Int {
    Int(truncatingIfNeeded: tapeWord(entries, entryCount, index + 1))
  }

  /// The first key of an object's members, from the key at `start` up to
  /// `end`, that is written as the bytes of `key` exactly or that has an
  /// escape or a byte above 0x7F (and may equal `key` written otherwise);
  /// `end` when there is none. One loop over the tape and the bytes, so that
  /// the lookups of a debug build stay cheap.
  func candidateKey(from start: Int, before end: Int, matching key: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    let text = bytes
    // safe: the only caller, `JSONReader.member(of:bytes:)`, passes an
    // object's first member (its index + 2, and indexes are not negative),
    // a remembered hint between it and the object's end, or the entry after
    // a candidate's value (`next(after:)`, which only moves forward), and
    // as `end` that end or the hint (a start past `end` finds nothing). A hint is the key after a member the same
    // reader found in that object, and a reader's document never changes
    // (`JSONReader.document` is a `let`). An end is the tape's count when
    // the container closed; a scan along a path later replaces only values
    // that began after it (`JSONTape.skip`), so every end left on the tape
    // is at most its count. No document, path or model picks these indexes.
    precondition(start >= 0 && end <= entryCount, "members outside the tape")
    var index = start
    let unusual = JSONTape.Flag.escaped | JSONTape.Flag.unusual
    if key.count < JSONTape.maxLength {
      // One mask and one comparison a member: a plain key of `key`'s length
      // (not saturated, as `key` is shorter than the most an entry holds).
      let mask = unusual | UInt64(JSONTape.maxLength) << 32
      let wanted = UInt64(key.count) << 32
      while index < end {
        let word = entries[index]
        if word & mask == wanted {
          let entry = JSONEntry(word)
          // safe: the scan wrote a key's entry with the offset of its opening
          // quote and, below the most an entry holds (the mask's length), the
          // exact length up to the closing quote it found in the document.
          precondition(entry.offset + 1 + key.count <= text.count, "key outside the document")
          if key.count == 0 || sameBytes(text.base + entry.offset + 1, key.baseAddress!, key.count)
          {
            return index
          }
        } else if word & unusual != 0 {
          return index
        }
        index = nextKey(after: index, in: entries, before: end)
      }
      return end
    }
    while index < end {
      let entry = JSONEntry(entries[index])
      if entry.word & unusual != 0 { return index }
      if entry.length == key.count, !entry.isSaturated {
        // safe: the scan wrote a key's entry with the offset of its opening
        // quote and, when not saturated (checked above), the exact length up
        // to the closing quote it found inside the document (offsets fit 32
        // bits: a document of 4 GiB or more goes to Foundation).
        precondition(entry.offset + 1 + key.count <= text.count, "key outside the document")
        if key.count == 0 || sameBytes(text.base + entry.offset + 1, key.baseAddress!, key.count) {
          return index
        }
      }
      index = nextKey(after: index, in: entries, before: end)
    }
    return end
  }

  /// Whether the keys of the object at `object` are written without
  /// escapes or bytes above 0x7F and appear once each; worked out once per
  /// object and kept in its entry.
  @inline(__always)
  func keysAreUnique(_ object: Int) -> Bool {
    // Asked at each lookup in a large object: the answer kept in the entry
    // is read inline, without the frame of the check.
    let entry = entry(object)
    if entry.has(JSONTape.Flag.keysChecked) { return entry.has(JSONTape.Flag.keysUnique) }
    return checkKeysAreUnique(object)
  }

  /// `keysAreUnique(_:)` worked out, and kept in the object's entry.
  @inline(never)
  private func checkKeysAreUnique(_ object: Int) -> Bool {
    let end = end(of: object)
    // safe: an end is the tape's count when the container closed, and a
    // scan along a path later removes only values that began after it (see
    // `candidateKey`); `object` is an object the reader looked a key up in.
    precondition(end <= entryCount, "members outside the tape")
    // An empty object has no duplicates. One of more than 65,536 members
    // does not resume lookups: its table would take more than 1 MiB.
    let members = count(of: object)
    guard members > 0, members <= 1 << 16 else {
      mark(object, JSONTape.Flag.keysChecked | (members == 0 ? JSONTape.Flag.keysUnique : 0))
      return members == 0
    }
    let text = bytes
    // A key's hash, from its length and its first and last eight bytes
    // (fewer in a shorter key): equal keys have equal hashes.
    @inline(__always) func hash(_ key: JSONEntry) -> UInt64 {
      let length = key.length
      let start = key.offset + 1
      let mask: UInt64 =
        length >= 8 ? UInt64.max : length == 0 ? 0 : UInt64.max &>> UInt64(64 - 8 * length)
      let head = text.word(at: start) & mask
      let tail = length > 8 ? text.word(at: start + length - 8) : 0
      return ((head &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15 ^ tail) &* 0xC2B2_AE3D_27D4_EB4F
    }
    // An open-addressing table of one word a key: the top half of its hash,
    // and its index after the object's; at least twice the members' count
    // in slots, so that up to 64 members (a table of 1 KiB) it stays on the
    // stack. A hash's slot is its top bits. Keys whose halves are equal are
    // compared in full.
    let bits = max(3, Int.bitWidth - (members * 2 - 1).leadingZeroBitCount)
    let slots = 1 << bits
    let unique = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: slots) { buffer in
      let table = buffer.baseAddress!
      // An empty slot is zero: a key's index after the object's is at
      // least 2.
      table.initialize(repeating: 0, count: slots)
      var candidate = object + 2
      while candidate < end {
        let key = JSONEntry(entries[candidate])
        // A key with an escape or a byte above 0x7F may equal another one
        // written differently (`"\u0041"`, `"A"`): such objects never resume.
        // A key of 255 bytes or more is refused too, and a member too far
        // from its object for its distance to fit the slot's half.
        let distance = candidate - object
        if key.word & (JSONTape.Flag.escaped | JSONTape.Flag.unusual) != 0 || key.length >= 255
          || distance > Int(UInt32.max)
        {
          return false
        }
        let keyHash = hash(key)
        let half = keyHash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: keyHash &>> UInt64(64 - bits))
        while table[slot] != 0 {
          if table[slot] & 0xFFFF_FFFF_0000_0000 == half {
            // safe: only this loop fills slots, each with a key it passed:
            // after the object's index, before the current key (`nextKey`
            // only moves forward), stored as its distance from the object,
            // which was refused above unless it fits the slot's low half.
            // Nothing from the document is stored.
            let otherIndex = object + Int(truncatingIfNeeded: table[slot] & 0xFFFF_FFFF)
            precondition(otherIndex > object && otherIndex < candidate, "no such key")
            let other = JSONEntry(entries[otherIndex])
            // safe: both keys are shorter than 255 bytes (refused above
            // otherwise), well below `JSONTape.maxLength`, so their entries
            // hold exact lengths up to the closing quotes the scan found
            // inside the document.
            precondition(
              key.offset + 1 + key.length <= text.count
                && other.offset + 1 + other.length <= text.count, "key outside the document")
            if other.length == key.length,
              memcmp(text.base + other.offset + 1, text.base + key.offset + 1, key.length) == 0
            {
              return false
            }
          }
          slot = (slot + 1) & (slots - 1)
        }
        table[slot] = half | UInt64(truncatingIfNeeded: distance)
        candidate = nextKey(after: candidate, in: entries, before: end)
      }
      return true
    }
    mark(object, JSONTape.Flag.keysChecked | (unique ? JSONTape.Flag.keysUnique : 0))
    return unique
  }

  /// The number of elements of the array (or members of the object) at `index`.
  func count(of index: Int) -> Int {
    let entry = entry(index)
    guard entry.isSaturated else { return entry.length }
    var count = 0
    var member = index + 2
    let end = end(of: index)
    while member < end {
      member = next(after: entry.tag == .object ? member + 1 : member)
      count += 1
    }
    return count
  }

  // MARK: - Locations (error path only)

  /// The line and column of byte `offset`.
  func location(of offset: Int) -> CodixError.Location {
    Self.location(of: offset, in: bytes)
  }

  /// The line and column of byte `offset` of `bytes`.
  static func location(of offset: Int, in bytes: ByteView) -> CodixError.Location {
    let offset = min(max(0, offset), bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    // Characters, not bytes: continuation bytes of UTF-8 do not count.
    var column = 1
    for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    return CodixError.Location(line: line, column: column, offset: offset)
  }

  /// The text of the value at `index` as the document writes it, shortened
  /// for a report.
  func writtenText(of index: Int, limit: Int = 60) -> String {
    let entry = entry(index)
    let start = entry.offset
    var end: Int
    switch entry.tag {
    case .string: end = start + entry.length + 2
    case .number: end = start + entry.length
    case .true, .null: end = start + 4
    case .false: end = start + 5
    case .object, .array:
      let after = self.end(of: index)
      end = after < entryCount ? self.entry(after).offset : bytes.count
      // Back up to the closing bracket.
      while end > start, bytes[end - 1] != (entry.tag == .object ? 0x7D : 0x5D) { end -= 1 }
    case .skipped:
      // Its first byte: a scan along a path kept no more.
      end = start + 1
    }
    end = min(end, bytes.count)
    let slice = bytes.slice(start, max(0, end - start))
    let text = String(decoding: slice, as: UTF8.self)
    guard text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }
}

/// The index of the entry after the value at `index`, below `limit`: the
/// next one, or, for an object, an array or a skipped value (two words), the
/// index its second word holds. Transparent, so that the loops of a debug
/// build make no call per entry.
@_transparent
private func entryIndex(after index: Int, in entries: UnsafePointer<UInt64>, below limit: Int)
  -> Int
{
  // safe: readers step from the root or a container's first member to the
  // values the scan wrote, below the tape's count or the end of the object
  // they walk, which their callers check against the count; a container's
  // two words are both written before it closes, and its second is the
  // tape's count after its last entry, or, for a skipped value, its index
  // + 2 (`JSONTape.skip`). No document, path or model picks these indexes.
  precondition(index >= 0 && index < limit, "no such entry")
  guard JSONEntry(entries[index]).tagBits >= JSONTag.object.rawValue else { return index + 1 }
  precondition(index + 1 < limit, "a container without its end")
  let next = Int(truncatingIfNeeded: entries[index + 1])
  precondition(next > index + 1, "a container that ends before it starts")
  return next
}

/// The tape's word at `index`, of the `count` at `entries`. A function of
/// its own, transparent, so that a debug build reads an entry without a
/// call (a class's methods cannot be transparent).
@_transparent
private func tapeWord(_ entries: UnsafePointer<UInt64>, _ count: Int, _ index: Int) -> UInt64 {
  // safe: readers reach entries only from the root (0, and a successful
  // scan wrote at least one entry), a container's first member (`+ 2`,
  // read only below its end) and the ends and next entries the scan
  // wrote; a missing value (`JSONReader.missing`) is answered before the
  // tape is read (`JSONReader.tag(of:)`).
  precondition(index >= 0 && index < count, "no such entry")
  return entries[index]
}

/// Whether the `count` bytes at `a` and at `b` are equal; both must be
/// readable for `count` bytes (its two callers check that first: see
/// `candidateKey` and `stringEquals`). Up to 16 bytes (most keys), two loads from
/// each, overlapping when the count is not a multiple of their size, so
/// that no byte outside either range is read; `memcmp` above. Transparent:
/// a debug build inlines it into the key lookup beside it.
@_transparent
func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  let a = UnsafeRawPointer(a)
  let b = UnsafeRawPointer(b)
  if count >= 8 {
    guard count <= 16 else { return memcmp(a, b, count) == 0 }
    let first = a.loadUnaligned(as: UInt64.self) ^ b.loadUnaligned(as: UInt64.self)
    let last =
      a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      ^ b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    return first | last == 0
  }
  if count >= 4 {
    let first = a.loadUnaligned(as: UInt32.self) ^ b.loadUnaligned(as: UInt32.self)
    let last =
      a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      ^ b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    return first | last == 0
  }
  var index = 0
  while index < count {
    guard
      a.load(fromByteOffset: index, as: UInt8.self)
        == b.load(fromByteOffset: index, as: UInt8.self)
    else { return false }
    index += 1
  }
  return true
}

/// The index of the next key of an object, after the member whose key is at
/// `key` (before `end`, the object's): past its value.
@_transparent
private func nextKey(after key: Int, in entries: UnsafePointer<UInt64>, before end: Int) -> Int {
  // safe: callers start at an object's first member (its index + 2) and
  // step with this function, so `key` is a key entry. The scanner writes
  // every key's value right after it, inside the object: an object closes
  // only after a value or at once (`{}`, or a trailing comma, with no key
  // pending). No document writes a key without a value on the tape.
  precondition(key >= 0, "a key before the tape")
  return entryIndex(after: key + 1, in: entries, below: end)
}
