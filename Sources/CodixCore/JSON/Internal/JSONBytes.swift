// The bytes of one JSON document.
//
// During a decode the reader reads the bytes where the caller's `Data` keeps
// them, inside `Data.withUnsafeBytes`, as JSONDecoder does: no copy. A
// decode can outlive that call only through a decoder or container that a
// decoded value kept (a custom date strategy's closure, a model that stores
// its decoder), and each of those holds the document. So when the decode
// returns, `JSONDocument.read` asks whether anything besides itself still
// holds the document; if so, its bytes are copied into storage of their own
// before `withUnsafeBytes` returns, and every later read goes there. Every
// read goes through `base`, a property of the one `JSONBytes` the document
// owns (a noncopyable value: no second copy of it can exist), and no type
// keeps a `ByteView` past the call that made it, so no read can reach the
// caller's memory after the call. Documents converted from UTF-16 or UTF-32
// own their bytes from the start.
//
// Reads past the end answer zero, which no loop of the scanner accepts (a
// string stops at a control character; a number, a literal and whitespace
// stop too), so each loop ends there and checks its position against
// `count` to tell the end of the document from a byte inside it.

/// The bytes of a document (see the file comment): owned by its
/// `JSONDocument`, and freed with it.
struct JSONBytes: ~Copyable {
  /// The document's length in bytes.
  let count: Int
  /// The first byte: in the caller's `Data` while borrowed, else in `owned`.
  private(set) var base: UnsafePointer<UInt8>
  /// The bytes this value allocated, if any; freed with it.
  private var owned: UnsafeMutablePointer<UInt8>?

  /// Copies `bytes` (a converted document's UTF-8).
  init(copying bytes: [UInt8]) {
    count = bytes.count
    let storage = bytes.withUnsafeBytes { Self.allocate(copying: $0) }
    owned = storage
    base = UnsafePointer(storage)
  }

  /// Copies `bytes[range]` between `opening` and `closing`, as one
  /// document: the elements of a run, `[` … `]`, written once. `range`
  /// lies inside `bytes` (`JSONDocument.array(of:_:depthLimit:)` checks).
  init(copying bytes: [UInt8], _ range: Range<Int>, between opening: UInt8, and closing: UInt8) {
    let count = range.count + 2
    self.count = count
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    storage.initialize(to: opening)
    bytes.withUnsafeBytes {
      Self.initialize(storage + 1, from: UnsafeRawBufferPointer(rebasing: $0[range]))
    }
    (storage + count - 1).initialize(to: closing)
    owned = storage
    base = UnsafePointer(storage)
  }

  /// Reads `bytes` in place, after `skipping` leading bytes: valid until
  /// the caller's borrow ends, by which time `ownBytes()` must have run if
  /// anything else still holds the document that owns this value.
  init(borrowing bytes: UnsafeRawBufferPointer, skipping: Int = 0) {
    let source = UnsafeRawBufferPointer(rebasing: bytes[min(skipping, bytes.count)...])
    count = source.count
    if let address = source.baseAddress, source.count > 0 {
      base = address.assumingMemoryBound(to: UInt8.self)
      owned = nil
    } else {
      let storage = Self.allocate(copying: source)
      owned = storage
      base = UnsafePointer(storage)
    }
  }

  /// Copies borrowed bytes into storage of this value's own.
  mutating func ownBytes() {
    guard owned == nil else { return }
    let storage = Self.allocate(copying: UnsafeRawBufferPointer(start: base, count: count))
    owned = storage
    base = UnsafePointer(storage)
  }

  /// Whether the bytes are this object's own (for tests).
  var ownsBytes: Bool { owned != nil }

  private static func allocate(copying source: UnsafeRawBufferPointer) -> UnsafeMutablePointer<
    UInt8
  > {
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, source.count))
    if source.isEmpty {
      storage.initialize(to: 0)
    } else {
      initialize(storage, from: source)
    }
    return storage
  }

  /// Initializes the `source.count` bytes at `target`, allocated for them
  /// and not yet initialized, with `source`'s bytes.
  private static func initialize(
    _ target: UnsafeMutablePointer<UInt8>, from source: UnsafeRawBufferPointer
  ) {
    guard let address = source.baseAddress else { return }
    target.initialize(from: address.assumingMemoryBound(to: UInt8.self), count: source.count)
  }

  deinit {
    owned?.deallocate()
  }

  /// A view of the bytes, for the call that asks for it: not to be kept.
  var view: ByteView { ByteView(base: base, count: count) }
}
