import Foundation

/// A scanned document: its bytes and its tape. Reading a value converts the
/// bytes its entry points at (see JSONDocument+Values.swift).
final class JSONDocument {
  let storage: JSONBytes
  let tape: JSONTape
  /// The document's bytes, read where `storage` keeps them now (see
  /// JSONBytes.swift): for the call that asks, not to be kept.
  var bytes: ByteView { storage.view }

  /// Scans `storage`, keeping what `plan` asks for on the tape.
  private init(scanning storage: JSONBytes, along plan: ScanPlan) throws(ReaderError) {
    self.storage = storage
    do {
      tape = try JSONScanner.scan(storage.view, along: plan)
    } catch {
      var located = error
      located.location = Self.location(of: error.offset, in: storage.view)
      throw located
    }
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
      let storage: JSONBytes
      do {
        storage = try converted(data, from: encoding, skipping: bom)
      } catch {
        throw syntaxError(error)
      }
      return try scanAndRun(storage, plan, body).get()
    }
    let result = data.withUnsafeBytes { raw in
      var storage = JSONBytes(borrowing: raw, skipping: bom)
      let result = scanAndRun(storage, plan, body)
      if !isKnownUniquelyReferenced(&storage) { storage.ownBytes() }
      return result
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
    let storage = bytes.withUnsafeBytes {
      JSONBytes(
        copying: UnsafeRawBufferPointer(rebasing: $0[range]),
        between: UInt8(ascii: "["), and: UInt8(ascii: "]"))
    }
    return try JSONDocument(scanning: storage, along: .run(depthLimit: depthLimit))
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
    guard encoding == .utf8 else {
      let storage: JSONBytes
      do throws(ReaderError) {
        storage = try converted(data ?? Data(raw), from: encoding, skipping: bom)
      } catch {
        throw ScanFailure(error: syntaxError(error))
      }
      return try scanThenRun(storage, plan, body)
    }
    var storage = JSONBytes(borrowing: raw, skipping: bom)
    defer { if !isKnownUniquelyReferenced(&storage) { storage.ownBytes() } }
    return try scanThenRun(storage, plan, body)
  }

  /// Scans `storage` and runs `body` with its document, which this call's
  /// own variables hold no longer once it returns.
  @inline(never)
  private static func scanThenRun<R>(
    _ storage: JSONBytes, _ plan: ScanPlan, _ body: (JSONDocument) throws -> R
  ) throws -> R {
    let document: JSONDocument
    do {
      document = try JSONDocument(scanning: storage, along: plan)
    } catch {
      throw ScanFailure(error: syntaxError(error))
    }
    return try body(document)
  }

  /// Scans `storage` and runs `body` with its document, which this call's
  /// own variables hold no longer once it returns.
  @inline(never)
  private static func scanAndRun<R>(
    _ storage: JSONBytes, _ plan: ScanPlan, _ body: (JSONDocument) throws(CodixError) -> R
  ) -> Result<R, CodixError> {
    let document: JSONDocument
    do {
      document = try JSONDocument(scanning: storage, along: plan)
    } catch {
      return .failure(syntaxError(error))
    }
    do {
      return .success(try body(document))
    } catch {
      return .failure(error)
    }
  }

  /// `data` converted from `encoding` to UTF-8, after `bom` bytes.
  private static func converted(_ data: Data, from encoding: String.Encoding, skipping bom: Int)
    throws(ReaderError) -> JSONBytes
  {
    guard let text = String(data: data.dropFirst(bom), encoding: encoding) else {
      throw ReaderError(.notUTF8, at: 0)
    }
    var utf8 = Array(text.utf8)
    return utf8.withUnsafeMutableBytes { JSONBytes(copying: UnsafeRawBufferPointer($0)) }
  }

  /// The encoding `data`'s first bytes show, and the length of its byte
  /// order mark (RFC 4627, section 3, as JSONDecoder detects it).
  private static func encoding(of data: Data) -> (String.Encoding, Int) {
    data.withUnsafeBytes { encoding(of: $0) }
  }

  /// The encoding `bytes`' first bytes show, and the length of its byte
  /// order mark.
  private static func encoding(of bytes: UnsafeRawBufferPointer) -> (String.Encoding, Int) {
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
  func entry(_ index: Int) -> JSONEntry { JSONEntry(tape[index]) }

  /// The index of the entry after the value at `index` (past a container).
  @inline(__always)
  func next(after index: Int) -> Int { tape.next(after: index) }

  /// The index just past the last member or element of the container at `index`.
  @inline(__always)
  func end(of index: Int) -> Int { Int(truncatingIfNeeded: tape[index + 1]) }

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
      end = after < tape.count ? self.entry(after).offset : bytes.count
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
