import Foundation

/// The bytes of a `Data` or of a file, as an asynchronous sequence that
/// ``CodixJSONElements`` reads a chunk at a time.
///
/// Made by the `Data` and `URL` variants of ``CodixJSONDecoder``'s
/// `elements(of:at:in:skippingBadElements:)` and
/// `jsonLines(of:in:skippingBadElements:)`; iterated on its own, it gives
/// the bytes one by one. A file is read in chunks of 64 KiB, with
/// `FileHandle`, when the iteration starts.
public struct CodixJSONBytes: AsyncSequence, Sendable {
  /// A byte of the document.
  public typealias Element = UInt8

  /// The size of the chunks read by default: 64 KiB.
  public static let defaultChunkSize = 64 * 1024

  private enum Origin: Sendable {
    case data(Data)
    case file(URL)
  }

  private let origin: Origin
  private let chunkSize: Int

  /// The bytes of `data`, handed out `chunkSize` bytes at a time (at least one).
  public init(_ data: Data, chunkSize: Int = defaultChunkSize) {
    origin = .data(data)
    self.chunkSize = Swift.max(1, chunkSize)
  }

  /// The bytes of the file at `url`, read `chunkSize` bytes at a time (at
  /// least one) with `FileHandle`.
  public init(contentsOf url: URL, chunkSize: Int = defaultChunkSize) {
    origin = .file(url)
    self.chunkSize = Swift.max(1, chunkSize)
  }

  /// Starts reading the bytes.
  public func makeAsyncIterator() -> AsyncIterator {
    switch origin {
    case .data(let data):
      AsyncIterator(source: .data(data, next: data.startIndex), chunkSize: chunkSize)
    case .file(let url):
      AsyncIterator(source: .file(FileChunks(url, chunkSize: chunkSize)), chunkSize: chunkSize)
    }
  }

  /// Reads the bytes, a chunk at a time.
  public struct AsyncIterator: AsyncIteratorProtocol, ChunkReading {
    fileprivate enum Source {
      case data(Data, next: Data.Index)
      case file(FileChunks)
      case done
    }

    fileprivate var source: Source
    private let chunkSize: Int

    fileprivate init(source: Source, chunkSize: Int) {
      self.source = source
      self.chunkSize = chunkSize
    }

    private var pending = PendingChunk()

    /// The next byte; `nil` after the last.
    ///
    /// - Throws: The file's error when it cannot be opened or read.
    public mutating func next() async throws -> UInt8? {
      while true {
        if let byte = pending.nextByte() { return byte }
        guard let next = try readChunk() else { return nil }
        pending = PendingChunk(next)
      }
    }

    mutating func nextChunk() async throws -> [UInt8]? {
      try readChunk()
    }

    /// The next chunk for a caller on `actor`: a file's is read off the
    /// actor (the main actor does not wait for the disk); bytes in memory
    /// are copied where the caller runs.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func nextChunk(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? {
      if let rest = pending.takeRest() { return rest }
      if case .file(let file) = source {
        guard let chunk = try await file.read() else {
          source = .done
          return nil
        }
        return chunk
      }
      return try readChunk()
    }

    /// The next chunk, read where the caller runs.
    private mutating func readChunk() throws -> [UInt8]? {
      // Bytes already read one by one: the rest of their chunk first.
      if let rest = pending.takeRest() { return rest }
      switch source {
      case .data(let data, let next):
        guard next < data.endIndex else {
          source = .done
          return nil
        }
        let end =
          data.index(next, offsetBy: chunkSize, limitedBy: data.endIndex)
          ?? data.endIndex
        source = .data(data, next: end)
        return [UInt8](data[next..<end])
      case .file(let file):
        guard let chunk = try file.readHere() else {
          source = .done
          return nil
        }
        return chunk
      case .done:
        return nil
      }
    }
  }
}

/// A file read a chunk at a time with `FileHandle`, opened at the first
/// read and closed after the last.
final class FileChunks: @unchecked Sendable {
  // Unchecked: `handle` and `ended` are touched only while holding `lock`;
  // `url` and `size` are immutable.
  private let lock = NSLock()
  private let url: URL
  private let size: Int
  private var handle: FileHandle?
  private var ended = false

  init(_ url: URL, chunkSize: Int) {
    self.url = url
    size = chunkSize
  }

  /// The next chunk, read on the global executor, whatever actor the
  /// caller is on; `nil` at the end.
  func read() async throws -> [UInt8]? {
    try readHere()
  }

  /// The next chunk, read where the caller runs; `nil` at the end.
  func readHere() throws -> [UInt8]? {
    lock.lock()
    defer { lock.unlock() }
    guard !ended else { return nil }
    let file = try handle ?? FileHandle(forReadingFrom: url)
    handle = file
    guard let data = try file.read(upToCount: size), !data.isEmpty else {
      try? file.close()
      handle = nil
      ended = true
      return nil
    }
    return [UInt8](data)
  }
}

/// A source that hands out its bytes a chunk at a time.
protocol ChunkReading {
  /// The next bytes; `nil` at the end.
  mutating func nextChunk() async throws -> [UInt8]?

  /// The next bytes, read on `actor`; `nil` at the end.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func nextChunk(isolation actor: isolated (any Actor)?) async throws -> [UInt8]?
}

/// The bytes of an asynchronous sequence of chunks (`Data`, `[UInt8]`, …),
/// as an asynchronous sequence that ``CodixJSONElements`` reads a chunk at a
/// time.
///
/// Made by the `inChunks:` variants of ``CodixJSONDecoder``'s
/// `elements(of:at:inChunks:skippingBadElements:)` and
/// `jsonLines(of:inChunks:skippingBadElements:)`; iterated on its own, it
/// gives the bytes one by one.
public struct CodixJSONChunks<Chunks: AsyncSequence>: AsyncSequence
where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
  /// A byte of the document.
  public typealias Element = UInt8

  let chunks: Chunks

  /// The bytes of `chunks`, in order.
  public init(_ chunks: Chunks) {
    self.chunks = chunks
  }

  /// Starts reading the chunks.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: chunks.makeAsyncIterator())
  }

  /// Reads the chunks.
  public struct AsyncIterator: AsyncIteratorProtocol, ChunkReading {
    private var base: Chunks.AsyncIterator
    private var pending = PendingChunk()

    init(base: Chunks.AsyncIterator) {
      self.base = base
    }

    /// The next byte; `nil` after the last.
    ///
    /// - Throws: What the chunks' sequence throws.
    public mutating func next() async throws -> UInt8? {
      while true {
        if let byte = pending.nextByte() { return byte }
        guard let next = try await nextChunk() else { return nil }
        pending = PendingChunk(next)
      }
    }

    mutating func nextChunk() async throws -> [UInt8]? {
      if let rest = pending.takeRest() { return rest }
      guard let next = try await base.next() else { return nil }
      return Array(next)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func nextChunk(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? {
      if let rest = pending.takeRest() { return rest }
      guard let next = try await base.next(isolation: actor) else { return nil }
      return Array(next)
    }
  }
}

extension CodixJSONChunks: Sendable where Chunks: Sendable {}

/// The chunk an iterator hands out byte by byte, and how far it got; an
/// empty chunk has no byte to hand out.
struct PendingChunk {
  private var chunk: [UInt8]
  private var position = 0

  init(_ chunk: [UInt8] = []) {
    self.chunk = chunk
  }

  /// The next byte of the chunk; `nil` once every byte was handed out.
  mutating func nextByte() -> UInt8? {
    guard position < chunk.count else { return nil }
    defer { position += 1 }
    return chunk[position]
  }

  /// The bytes not handed out yet, taken; `nil` when there are none.
  mutating func takeRest() -> [UInt8]? {
    guard position < chunk.count else { return nil }
    defer { self = PendingChunk() }
    return Array(chunk[position...])
  }
}
