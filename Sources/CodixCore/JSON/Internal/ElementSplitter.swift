import Foundation

/// How a streamed document is cut into values.
enum ElementFraming: Sendable {
  /// The elements of the array at a path ending with `[*]`.
  case array(Path)
  /// One value per line.
  case lines
}

/// Cuts a streamed document into the values ``CodixJSONElements`` decodes:
/// the elements of the array at a path (`JSONFramer`), or the lines of JSON
/// Lines (`LineFramer`). It holds the value found last, and places a
/// value's errors in the whole document.
struct ElementSplitter {
  private var framer: JSONFramer?
  private var lines: LineFramer?
  /// The path to the array, without its `[*]`.
  private var prefix: Path = .root
  /// A path streaming cannot follow: the error the first read throws.
  private var invalid: CodixError?
  /// Whether the source ended.
  private var ended = false
  /// What every element's decode shares, set up once per stream.
  private let options: CodixJSONDecoder.Options
  private let userInfo: [CodingUserInfoKey: Any]
  /// Whether Codix's reader may read the elements under these options
  /// (else Foundation's decoder does, as it does a whole document).
  private let optionsReadByCodix: Bool
  /// Whether runs of elements may be read as one document (`Run`): not
  /// when a decode records what it recovers from or collects errors, which
  /// a failed element's second read would record twice.
  private let readsRuns: Bool
  /// The run being read, and which of its elements was found last (`nil`
  /// when the framer's `element` was).
  private var run: Run?
  private var runElement: Int?
  /// The elements of `run`.
  private var runCount = 0

  init(_ framing: ElementFraming, options: CodixJSONDecoder.Options) {
    self.options = options
    userInfo = options.userInfo
    optionsReadByCodix = options.readsItself
    readsRuns =
      optionsReadByCodix && options.userInfo[.codixDiagnostics] == nil
      && options.userInfo[.codixErrorCollection] == nil
    switch framing {
    case .lines:
      lines = LineFramer()
    case .array(let path):
      do {
        let steps = try Self.steps(of: path)
        prefix = Path(Array((try path.validComponents()).dropLast()))
        framer = JSONFramer(steps: steps, keyMatcher: Self.keyMatcher(steps, options))
      } catch {
        invalid = error
      }
    }
  }

  /// The steps before the final `[*]` of `path`.
  private static func steps(of path: Path) throws(CodixError) -> [JSONFramer.Step] {
    let components = try path.validComponents()
    let unsupported = CodixError(
      kind: .invalidPath, path: path,
      message:
        "Elements are streamed from one array: the path must end with [*], "
        + "with no other [*] and no negative index before it.")
    var steps: [JSONFramer.Step] = []
    for (position, component) in components.enumerated() {
      switch component {
      case .wildcard where position == components.count - 1:
        return steps
      case .key(let key):
        steps.append(.key(key))
      case .index(let index) where index >= 0:
        steps.append(.index(index))
      default:
        throw unsupported
      }
    }
    throw unsupported
  }

  /// Whether a document's key (unescaped) is the key of step `level`, as
  /// a whole decode compares them under the key strategy: the key as the
  /// strategy converts it, equal to the step's key or to the step's key
  /// converted from snake case (`codixMember(of:key:)`).
  private static func keyMatcher(_ steps: [JSONFramer.Step], _ options: CodixJSONDecoder.Options)
    -> (String, Int) -> Bool
  {
    let strategy = options.keyDecodingStrategy
    return { key, level in
      guard case .key(let wanted) = steps[level] else { return false }
      switch strategy {
      case .useDefaultKeys:
        return key == wanted
      case .convertFromSnakeCase:
        let name = SnakeCase.converted(key)
        return name == wanted || name == KeySpelling.otherSpelling(of: wanted)
      case .custom(let convert):
        var codingPath: [any CodingKey] = steps[..<level].map { step in
          switch step {
          case .key(let key): CodixKey(key)
          case .index(let index): CodixKey(index: index)
          }
        }
        codingPath.append(CodixKey(key))
        let name = convert(codingPath).stringValue
        return name == wanted || name == KeySpelling.otherSpelling(of: wanted)
      @unknown default:
        return false
      }
    }
  }

  // MARK: - Feeding

  mutating func feed(_ chunk: [UInt8]) {
    framer?.feed(chunk)
    lines?.feed(chunk)
  }

  /// The source ended.
  mutating func endOfInput() {
    ended = true
    lines?.endOfInput()
  }

  /// Reads on to the next value: `true` when one was found.
  mutating func nextElement() throws(CodixError) -> Bool {
    // The next element of the run being read (checked first: an element
    // is found here far more often than anywhere else).
    if let element = runElement, element + 1 < runCount {
      runElement = element + 1
      return true
    }
    if let invalid { throw invalid }
    if framer != nil {
      run = nil
      runElement = nil
      if readsRuns, let read = guessedRun() {
        run = read
        runCount = read.values.count
        runElement = 0
        return true
      }
      if readsRuns, let found = framer!.nextRun(maximumBytes: Run.size) {
        if found.end - found.start + 2 < CodixJSONDecoder.largestDocument,
          let document = try? framer!.document(of: found.start..<found.end),
          let read = Run(found, document, options, userInfo: userInfo)
        {
          run = read
          runCount = read.values.count
          runElement = 0
          return true
        }
        // A malformed byte in the run: the state machine finds it.
        framer!.rewind(to: 0, of: found)
      }
      return try framedElement()
    }
    return lines!.nextLine()
  }

  /// The run the framer guesses (`JSONFramer.guessedRun(maximumBytes:)`),
  /// when its bytes scan as one array; `nil` when there is no guess, or a
  /// wrong one, after which the framer follows the bytes itself.
  private mutating func guessedRun() -> Run? {
    guard let range = framer!.guessedRun(maximumBytes: Run.size) else { return nil }
    guard range.count + 2 < CodixJSONDecoder.largestDocument,
      let document = try? framer!.document(of: range)
    else {
      framer!.stopGuessing()
      return nil
    }
    let values = Run.elements(of: document)
    // The bytes of the run document are those of the chunk after one `[`.
    let starts = values.map { range.lowerBound - 1 + document.entry($0).offset }
    let framed = framer!.accept(range, starts: starts)
    return Run(framed, document, values, options, userInfo: userInfo)
  }

  /// The framer's next element.
  private mutating func framedElement() throws(CodixError) -> Bool {
    do {
      return try framer!.nextElement()
    } catch {
      throw syntaxError(error)
    }
  }

  /// The bytes of the value found last, where the framer keeps them.
  private var elementBytes: [UInt8] { framer?.element ?? lines?.line ?? [] }

  /// Decodes the value found last as `T`, as Codix's entry point decodes
  /// a document at its root, so that its errors are a whole decode's; they
  /// are located in the value (see `placed(_:)`).
  mutating func decodeElement<T: Decodable>(_ type: T.Type) throws(CodixError) -> T {
    if let run, let element = runElement {
      do {
        return try run.decode(type, element)
      } catch {
        // Its error as an element of its own reports it: the state machine
        // reads the element again, with everything after it.
        framer!.rewind(to: element, of: run.framed)
        self.run = nil
        runElement = nil
        // safe from input: the element is whole in the chunk, so the framer
        // finds it; if not, the element's own error is thrown as it is.
        guard try framedElement() else { throw CodixError.wrap(error, at: .root) }
      }
    }
    // An element of 4 GiB or more goes to Foundation, as such a document
    // does: the tape keeps byte offsets in 32 bits.
    guard optionsReadByCodix, elementBytes.count < CodixJSONDecoder.largestDocument
    else {
      let decoder = CodixJSONDecoder(options: options)
      return try TopLevelDecoding.decode(type, from: Data(elementBytes), at: .root, using: decoder)
    }
    // The entry point's native decode (NativeReading.read), without what a
    // stream sets up once: the options, `userInfo`, the path. (No generic
    // wrapper of `T`, such as a Result: each would cost a lookup of its
    // type's metadata per element.)
    do {
      return try JSONDocument.read(elementBytes) { document in try read(type, document) }
    } catch {
      var codix =
        (error as? JSONDocument.ScanFailure)?.error
        ?? (error as? CodixError)
        // safe from input: `read(_:_:)` throws only CodixErrors.
        ?? CodixError.wrap(error, at: .root)
      codix.attribute(insideValueOf: type, at: .root)
      throw codix
    }
  }

  /// Decodes `T` from the root of `document` as Codix's entry point reads
  /// the elements of an array: a `null` element is the element's own error
  /// (what `T` expected of it), not a missing value at the path.
  private func read<T: Decodable>(_ type: T.Type, _ document: JSONDocument) throws(CodixError) -> T
  {
    try NativeReading.withReader(of: document, options, userInfo: userInfo) {
      reader throws(CodixError) in
      var cursor = Cursor.root(reader)
      do {
        return try cursor.decode(type)
      } catch {
        throw Navigator.enriched(error, at: cursor)
      }
    }
  }

  /// The position of the value found last.
  var elementIndex: Int {
    if let run, let runElement { return run.framed.firstIndex + runElement }
    return framer?.elementIndex ?? lines?.index ?? 0
  }

  /// Checks the end of the document, once the source ended and every value
  /// was read: a whole decode's error for a document that ends too soon,
  /// or whose path leads nowhere.
  mutating func finish<T: Decodable>(decoding type: T.Type, using decoder: CodixJSONDecoder)
    throws(CodixError)
  {
    guard framer != nil else { return }
    do {
      try framer!.finish()
    } catch {
      throw syntaxError(error)
    }
    guard !framer!.foundTarget else { return }
    throw missingArrayError([T].self, using: decoder)
  }

  // MARK: - Reports

  /// A malformed byte, as a whole decode reports it.
  private mutating func syntaxError(_ error: ReaderError) -> CodixError {
    var located = error
    located.location = framer!.location(of: error.offset)
    return JSONDocument.syntaxError(located)
  }

  /// `error`, thrown while decoding the value found last, placed in the
  /// whole document: its path from the root, its line and column.
  func placed<T>(_ error: CodixError, decoding type: T.Type) -> CodixError {
    var placed = error

    let start: CodixError.Location
    if let framer {
      placed.path = prefix.appending(component: .index(framer.elementIndex)).appending(error.path)
      start = framer.elementLocation
    } else if let lines {
      placed.path = Path([.index(lines.index)]).appending(error.path)
      start = lines.location
    } else {
      return placed
    }
    if let location = error.location {
      placed.location = CodixError.Location(
        line: start.line + location.line - 1,
        column: location.line == 1 ? start.column + location.column - 1 : location.column,
        offset: start.offset + location.offset)
    }
    placed.attribute(insideValueOf: [T].self, at: prefix)
    return placed
  }

  /// The error a whole decode of `[T]` at the path gives for this
  /// document, whose path leads to no array: the skeleton's
  /// (JSONFramer+Skeleton.swift), placed in the streamed document.
  private func missingArrayError<T: Decodable>(_ type: T.Type, using decoder: CodixJSONDecoder)
    -> CodixError
  {
    let skeleton = framer!.skeleton
    let (bytes, offsets) = skeleton.document()
    var error: CodixError
    do {
      _ = try TopLevelDecoding.decode(type, from: Data(bytes), at: prefix, using: decoder)
      // safe from input: the skeleton holds no array at the path.
      error = CodixError(.valueNotFound, at: prefix, expected: TypeNames.display(type))
    } catch let thrown {
      error = thrown
    }
    if let offset = error.location?.offset, let piece = offsets.lastIndex(where: { $0 <= offset }) {
      error.location = skeleton.pieces[piece].location
      if piece == skeleton.pieces.count - 1, skeleton.stopIsCut, error.found != nil {
        error.found = skeleton.cutText
      }
    }
    return error
  }
}

/// Elements of the target array read together by the framer
/// (`JSONFramer.Run`), scanned as the document of one array and decoded one
/// after another by one reader: what a decode sets up is set up once per
/// run, and each byte is scanned once. A run is read only when it scans;
/// an element that fails is read again on its own (`decodeElement(_:)`), so
/// that its report is the one an element of its own gives.
private final class Run {
  /// The bytes a run stops at (after the element that reaches them). A
  /// run's copy of its bytes and its tape are then a few small blocks,
  /// which the allocator hands out again for the next run: a run of a whole
  /// 64 KiB chunk needs blocks the allocator maps afresh each time, and the
  /// page faults cost more than the run's scan.
  static let size = 16 * 1024

  let framed: JSONFramer.Run
  let reader: JSONReader
  /// The tape index of each element.
  let values: [Int]

  /// The run the framer found by following its bytes; `nil` if the scan
  /// found other elements than the framer counted.
  convenience init?(
    _ framed: JSONFramer.Run, _ document: JSONDocument, _ options: CodixJSONDecoder.Options,
    userInfo: [CodingUserInfoKey: Any]
  ) {
    let values = Self.elements(of: document)
    // safe from input: the framer counted the elements the scan found.
    guard values.count == framed.starts.count else { return nil }
    self.init(framed, document, values, options, userInfo: userInfo)
  }

  init(
    _ framed: JSONFramer.Run, _ document: JSONDocument, _ values: [Int],
    _ options: CodixJSONDecoder.Options, userInfo: [CodingUserInfoKey: Any]
  ) {
    self.framed = framed
    self.values = values
    reader = JSONReader(document: document, options: options, userInfo: userInfo)
  }

  /// The tape index of each element of `document`, an array.
  static func elements(of document: JSONDocument) -> [Int] {
    var values: [Int] = []
    var index = 2
    let end = document.end(of: 0)
    while index < end {
      values.append(index)
      index = document.next(after: index)
    }
    return values
  }

  /// Decodes element `k` as the root of a document of its own.
  func decode<T: Decodable>(_ type: T.Type, _ k: Int) throws -> T {
    reader.value = values[k]
    reader.lastFailure = nil
    // As the reader's single-value container decodes: the element is the
    // reader's value, at the root of its path.
    return try reader.decode(type)
  }
}
