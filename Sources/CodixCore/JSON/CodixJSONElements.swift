import Foundation

/// The elements of a JSON array, or the values of JSON Lines, decoded one at
/// a time as the bytes of the document arrive.
///
/// Made by ``CodixJSONDecoder``'s `elements(of:at:in:skippingBadElements:)`
/// and `jsonLines(of:in:skippingBadElements:)`. Iterating reads the source
/// only as far as the next element, so memory holds one element and one
/// chunk of bytes, whatever the document's size:
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: url)
/// for try await user in decoder.elements(of: User.self, at: "data.users[*]", in: bytes) {
///   print(user.name)
/// }
/// ```
///
/// Every byte of the document is checked as it streams, as a whole decode
/// checks it; the sequence ends without an error only when the whole
/// document reads. Elements delivered before a malformed byte stay
/// delivered: the error comes when the iteration reaches that byte.
///
/// Errors are ``CodixError``s located in the whole document (path, line,
/// column), except those of the source itself, which come as it throws
/// them, and `CancellationError` when the iterating task is cancelled (the
/// source is then read no further).
public struct CodixJSONElements<Element: Decodable, Bytes: AsyncSequence>: AsyncSequence
where Bytes.Element == UInt8 {
  let bytes: Bytes
  let framing: ElementFraming
  let decoder: CodixJSONDecoder
  let skipsBadElements: Bool

  /// Starts reading the source.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(self)
  }

  /// Reads the source and decodes its elements one at a time.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private enum Source {
      case bytes(Bytes.AsyncIterator)
      case chunks(any ChunkReading)
    }

    private var source: Source
    private var splitter: ElementSplitter
    private let decoder: CodixJSONDecoder
    private let options: CodixJSONDecoder.Options
    private let skipsBadElements: Bool
    private var finished = false
    private var ended = false
    private var bytesEnded = false

    init(_ sequence: CodixJSONElements) {
      let iterator = sequence.bytes.makeAsyncIterator()
      if let chunks = iterator as? any ChunkReading {
        source = .chunks(chunks)
      } else {
        source = .bytes(iterator)
      }
      decoder = sequence.decoder
      options = sequence.decoder.options
      skipsBadElements = sequence.skipsBadElements
      splitter = ElementSplitter(sequence.framing, options: sequence.decoder.options)
    }

    /// The next element; `nil` after the last one, once the whole
    /// document is read and found valid.
    ///
    /// - Throws: A ``CodixError`` for a malformed document, a missing path,
    ///   or an element that does not decode (unless bad elements are
    ///   skipped); the source's own errors; `CancellationError`.
    public mutating func next() async throws -> Element? {
      while true {
        switch try progress() {
        case .element:
          if let element = try decodeElement() { return element }
        case .end: return nil
        case .needsBytes:
          do {
            feed(try await nextBytes())
          } catch {
            finished = true
            throw error
          }
        }
      }
    }

    /// The next element, read on the caller's actor, which `for try await`
    /// passes: no hop to another executor and back for each element.
    ///
    /// - Throws: What ``next()`` throws.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
      while true {
        switch try progress() {
        case .element:
          if let element = try decodeElement() { return element }
        case .end: return nil
        case .needsBytes:
          do {
            feed(try await nextBytes(isolation: actor))
          } catch {
            finished = true
            throw error
          }
        }
      }
    }

    /// What the bytes read so far give. (Not generic: a generic enum
    /// carrying the element would cost a lookup of its type metadata for
    /// every element.)
    private enum Progress {
      /// An element to decode (`decodeElement()`).
      case element
      case end
      case needsBytes
    }

    /// Reads on in the bytes held, to the next element, the end, or the
    /// need of more bytes (after a check for cancellation).
    private mutating func progress() throws -> Progress {
      guard !finished else { return .end }
      do {
        if try splitter.nextElement() { return .element }
        if ended {
          try splitter.finish(decoding: Element.self, using: decoder)
          finished = true
          return .end
        }
        try Task.checkCancellation()
        return .needsBytes
      } catch {
        finished = true
        throw error
      }
    }

    /// Hands the splitter `bytes`, or notes the source's end (`nil`).
    private mutating func feed(_ bytes: [UInt8]?) {
      if let bytes {
        splitter.feed(bytes)
      } else {
        ended = true
        splitter.endOfInput()
      }
    }

    /// The source's next bytes; `nil` at its end.
    private mutating func nextBytes() async throws -> [UInt8]? {
      switch source {
      case .chunks(var reader):
        let chunk = try await reader.nextChunk()
        source = .chunks(reader)
        return chunk
      case .bytes(var iterator):
        var gathered = Gathered()
        while !bytesEnded, !gathered.isComplete {
          guard let byte = try await iterator.next() else {
            bytesEnded = true
            break
          }
          gathered.append(byte)
        }
        source = .bytes(iterator)
        return gathered.bytes
      }
    }

    /// `nextBytes()`, read on `actor`.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private mutating func nextBytes(isolation actor: isolated (any Actor)?) async throws
      -> [UInt8]?
    {
      switch source {
      case .chunks(var reader):
        let chunk = try await reader.nextChunk(isolation: actor)
        source = .chunks(reader)
        return chunk
      case .bytes(var iterator):
        var gathered = Gathered()
        while !bytesEnded, !gathered.isComplete {
          guard let byte = try await iterator.next(isolation: actor) else {
            bytesEnded = true
            break
          }
          gathered.append(byte)
        }
        source = .bytes(iterator)
        return gathered.bytes
      }
    }

    /// The element the splitter holds, decoded; `nil` when it is skipped.
    /// An error ends the iteration.
    ///
    /// It throws untyped, though what it throws is a `CodixError`: with
    /// `throws(CodixError)`, Swift 6.3.1's optimizer crashes while splitting
    /// the coroutine of `next()`, which calls this (signal 11 in a release
    /// build, since `CodixError` is one reference).
    private mutating func decodeElement() throws -> Element? {
      do {
        return try splitter.decodeElement(Element.self)
      } catch {
        do {
          try skip(splitter.placed(error, decoding: Element.self))
        } catch {
          finished = true
          throw error
        }
        return nil
      }
    }

    /// Records `located`, the error of an element skipped, as a lossy
    /// array records a dropped element; throws it when bad elements are
    /// not skipped.
    private func skip(_ located: CodixError) throws(CodixError) {
      guard skipsBadElements else { throw located }
      var warning = located
      warning.becomeRecovery { .droppedElement(index: splitter.elementIndex, reason: $0) }
      try CodixDiagnostics.recover(warning, in: options.userInfo)
    }
  }
}

extension CodixJSONElements: Sendable where Bytes: Sendable {}

extension CodixJSONDecoder {
  /// The elements of the array at `path`, decoded one at a time as `bytes`
  /// arrive.
  ///
  /// ```swift
  /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
  /// for try await user in decoder.elements(of: User.self, at: "data.users[*]", in: bytes) {
  ///   process(user)
  /// }
  /// ```
  ///
  /// The elements are those `decode([Element].self, from: data, at:
  /// "data.users")` gives, decoded with this decoder's options (copied
  /// now). Memory holds the element being read, never the document. Every
  /// byte is checked as it arrives; a malformed one ends the sequence with
  /// the error a whole decode gives, at the same line and column, after
  /// the elements before it.
  ///
  /// - Parameters:
  ///   - type: The elements' type.
  ///   - path: Keys and indexes to the array, then `[*]`; `"[*]"` (the
  ///     default) is the document's own array.
  ///   - bytes: The document, as UTF-8 (a byte order mark is skipped).
  ///   - skippingBadElements: Whether an element that does not decode is
  ///     dropped and recorded to the ``CodixDiagnostics`` of `userInfo`,
  ///     as a lossy array drops it; `false` by default: it ends the
  ///     sequence with its error.
  /// - Returns: An asynchronous sequence of the elements.
  public func elements<T: Decodable, Bytes: AsyncSequence>(
    of type: T.Type, at path: Path = "[*]", in bytes: Bytes, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, Bytes> where Bytes.Element == UInt8 {
    CodixJSONElements(
      bytes: bytes, framing: .array(path), decoder: snapshot(),
      skipsBadElements: skippingBadElements)
  }

  /// The elements of the array at `path`, decoded one at a time as the
  /// chunks of a document arrive (`Data`, `[UInt8]`, any sequence of bytes).
  ///
  /// ```swift
  /// for try await user in decoder.elements(of: User.self, at: "users[*]", inChunks: bodyChunks) {
  ///   process(user)
  /// }
  /// ```
  ///
  /// An element is decoded as soon as the chunk that ends it arrives. See
  /// `elements(of:at:in:skippingBadElements:)` for the rest.
  public func elements<T: Decodable, Chunks: AsyncSequence>(
    of type: T.Type, at path: Path = "[*]", inChunks chunks: Chunks,
    skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONChunks<Chunks>>
  where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    elements(
      of: type, at: path, in: CodixJSONChunks(chunks), skippingBadElements: skippingBadElements)
  }

  /// The elements of the array at `path` of `data`, decoded one at a time.
  ///
  /// Lazily: each element is decoded when the iteration asks for it. See
  /// `elements(of:at:in:skippingBadElements:)` for the rest.
  public func elements<T: Decodable>(
    of type: T.Type, at path: Path = "[*]", in data: Data, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONBytes> {
    elements(of: type, at: path, in: CodixJSONBytes(data), skippingBadElements: skippingBadElements)
  }

  /// The elements of the array at `path` of the file at `url`, read in
  /// chunks of 64 KiB and decoded one at a time.
  ///
  /// A file that cannot be opened or read throws its error from the first
  /// iteration. See `elements(of:at:in:skippingBadElements:)` for the rest.
  public func elements<T: Decodable>(
    of type: T.Type, at path: Path = "[*]", contentsOf url: URL,
    skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONBytes> {
    elements(
      of: type, at: path, in: CodixJSONBytes(contentsOf: url),
      skippingBadElements: skippingBadElements)
  }

  /// The values of a JSON Lines document, one per line, decoded one at a
  /// time as `bytes` arrive.
  ///
  /// Lines hold one JSON value each and end with a line feed (a carriage
  /// return before it is white space); blank lines are skipped. An error's
  /// path is the value's position among the values (`[3]`, then the path
  /// inside it), and its location is the line and column in the document.
  ///
  /// - Parameters:
  ///   - type: The values' type.
  ///   - bytes: The document, as UTF-8.
  ///   - skippingBadElements: Whether a line that does not decode (or is
  ///     not JSON) is dropped and recorded to the ``CodixDiagnostics`` of
  ///     `userInfo`; `false` by default: it ends the sequence with its error.
  /// - Returns: An asynchronous sequence of the values.
  public func jsonLines<T: Decodable, Bytes: AsyncSequence>(
    of type: T.Type, in bytes: Bytes, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, Bytes> where Bytes.Element == UInt8 {
    CodixJSONElements(
      bytes: bytes, framing: .lines, decoder: snapshot(), skipsBadElements: skippingBadElements)
  }

  /// The values of a JSON Lines document, decoded one at a time as its
  /// chunks arrive (`Data`, `[UInt8]`, any sequence of bytes).
  public func jsonLines<T: Decodable, Chunks: AsyncSequence>(
    of type: T.Type, inChunks chunks: Chunks, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONChunks<Chunks>>
  where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    jsonLines(of: type, in: CodixJSONChunks(chunks), skippingBadElements: skippingBadElements)
  }

  /// The values of the JSON Lines document `data`, decoded one at a time.
  public func jsonLines<T: Decodable>(
    of type: T.Type, in data: Data, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONBytes> {
    jsonLines(of: type, in: CodixJSONBytes(data), skippingBadElements: skippingBadElements)
  }

  /// The values of the JSON Lines file at `url`, read in chunks of 64 KiB.
  public func jsonLines<T: Decodable>(
    of type: T.Type, contentsOf url: URL, skippingBadElements: Bool = false
  ) -> CodixJSONElements<T, CodixJSONBytes> {
    jsonLines(
      of: type, in: CodixJSONBytes(contentsOf: url), skippingBadElements: skippingBadElements)
  }

  /// A decoder with this one's options as they are now.
  private func snapshot() -> CodixJSONDecoder {
    CodixJSONDecoder(options: options)
  }
}

/// Bytes of a source read one by one, gathered up to one that may end an
/// element or a line (so that an element is decoded as soon as its bytes
/// are in), or 4 KiB.
private struct Gathered {
  private var collected: [UInt8] = []
  /// Whether the last byte may end an element or a line, or 4 KiB are in.
  private(set) var isComplete = false

  mutating func append(_ byte: UInt8) {
    collected.append(byte)
    isComplete =
      collected.count >= 4096 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")
      || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\n")
  }

  /// The bytes gathered; `nil` when there are none (the source ended).
  var bytes: [UInt8]? { collected.isEmpty ? nil : collected }
}
