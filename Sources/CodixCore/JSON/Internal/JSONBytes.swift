// The bytes of one JSON document, owned by the reader, with a zeroed tail.
//
// Every loop of the scanner stops at a byte it does not expect, and a zero
// byte is one no loop expects: a string stops at it (a control character),
// a number, a literal and whitespace stop at it. The tail is longer than the
// longest stride any loop takes past a byte it accepted (an escape skips at
// most five bytes; a literal is compared five bytes at a time), so every
// scan ends inside the allocation, and the scanner then checks the position
// against `count` to tell the end of the document from a byte inside it.
//
//     document   [ 1 , 2 ]            count = 7
//     storage    [ 1 , 2 ] 0 0 0 … 0  count + tailLength bytes
//
// The storage is allocated and freed by this class alone; everything that
// reads it holds the class.

/// The bytes of a document and a zeroed tail (see the file comment).
final class JSONBytes {
  /// The number of zero bytes after the document.
  static let tailLength = 16

  /// The document's length in bytes.
  let count: Int
  private let storage: UnsafeMutablePointer<UInt8>

  /// Copies `bytes`, after `skipping` leading bytes (a byte order mark).
  init(copying bytes: UnsafeRawBufferPointer, skipping: Int = 0) {
    let source = UnsafeRawBufferPointer(rebasing: bytes[min(skipping, bytes.count)...])
    count = source.count
    storage = .allocate(capacity: source.count + Self.tailLength)
    storage.initialize(repeating: 0, count: source.count + Self.tailLength)
    if let base = source.baseAddress {
      storage.update(from: base.assumingMemoryBound(to: UInt8.self), count: source.count)
    }
  }

  deinit {
    storage.deallocate()
  }

  /// A view of the bytes, valid while this object lives: callers hold it.
  var view: ByteView {
    ByteView(base: UnsafePointer(storage), count: count)
  }
}

/// Reads a document's bytes by offset. Every read is checked against the
/// allocation (the document and its zeroed tail) in every build: a reader
/// bug traps instead of reading memory that is not the document's. The
/// scanner and the reader only form offsets that the scan found inside the
/// document, so the checks never fail on any input.
struct ByteView {
  let base: UnsafePointer<UInt8>
  /// The document's length; the zeroed tail follows it.
  let count: Int

  @inline(__always)
  subscript(offset: Int) -> UInt8 {
    precondition(
      offset >= 0 && offset < count + JSONBytes.tailLength, "offset outside the document")
    return base[offset]
  }

  /// The bytes `range` of the document, which must lie inside it.
  @inline(__always)
  func slice(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
    precondition(start >= 0 && length >= 0 && start + length <= count, "range outside the document")
    return UnsafeBufferPointer(start: base + start, count: length)
  }

  /// Eight bytes from `offset` as one little-endian word; `offset + 8` may
  /// reach into the tail.
  @inline(__always)
  func word(at offset: Int) -> UInt64 {
    precondition(
      offset >= 0 && offset + 8 <= count + JSONBytes.tailLength, "word outside the document")
    return UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
  }
}
