import Foundation

// Reading one value as a type, with the errors JSONDecoder throws.

/// Where a value is, for its coding path: a container's path (`anchor`,
/// `tail`), the steps of a Codix path walked below it (`via`), and the key
/// or index of the value (`nil`: the container's own value, for the
/// single-value container).
@usableFromInline
package struct Place {
  let anchor: PathAnchor
  let tail: PathTail?
  let via: PathSteps?
  let key: PathKey?

  @inline(__always)
  init(_ anchor: PathAnchor, _ tail: PathTail?, _ key: PathKey?, via: PathSteps? = nil) {
    self.anchor = anchor
    self.tail = tail
    self.via = via
    self.key = key
  }

  /// The value's coding path (error path only).
  func path(in reader: JSONReader) -> [any CodingKey] {
    var path = reader.path(anchor, tail)
    if let via { path += via.keys }
    if let key { path.append(key.codingKey) }
    return path
  }
}

/// The first `count` components of a Codix path, walked below a decoder's
/// value (kept as the path itself: no array per step).
package struct PathSteps {
  let path: Path
  let count: Int

  /// The first `count` components of `path` (whose negative indexes the
  /// caller resolved).
  package init(_ path: Path, count: Int) {
    self.path = path
    self.count = count
  }

  var keys: [any CodingKey] {
    path.components.prefix(count).map { component -> any CodingKey in
      switch component {
      case .key(let key): CodixKey(key)
      case .index(let index): CodixKey(index: index)
      case .wildcard: CodixKey("[*]")
      }
    }
  }
}

/// The special types (`SpecialType`) of the last few types a reader
/// unwrapped.
struct SpecialTypeMemo {
  static let ways = 4
  // Four slots in place (no array to allocate per decode).
  private var types: (ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?) =
    (nil, nil, nil, nil)
  private var answers: (SpecialType, SpecialType, SpecialType, SpecialType) =
    (.none, .none, .none, .none)
  private var next = 0

  /// The answer kept for `type`, if any.
  @inline(__always)
  func answer(for type: ObjectIdentifier) -> SpecialType? {
    if types.0 == type { return answers.0 }
    if types.1 == type { return answers.1 }
    if types.2 == type { return answers.2 }
    if types.3 == type { return answers.3 }
    return nil
  }

  mutating func keep(_ type: ObjectIdentifier, _ answer: SpecialType) {
    switch next {
    case 0: (types.0, answers.0) = (type, answer)
    case 1: (types.1, answers.1) = (type, answer)
    case 2: (types.2, answers.2) = (type, answer)
    default: (types.3, answers.3) = (type, answer)
    }
    next = (next + 1) % Self.ways
  }
}

/// `SpecialType.of` for every type a reader has asked about, in this process.
let specialTypeAnswers = PerTypeMemo<SpecialType>()

/// The answers of `specialTypeAnswers` this thread's readers asked for
/// last, one slot per type address: each decode has a reader of its own,
/// and this spares its first questions the process's lock.
let threadSpecialTypes = ThreadLocal { ThreadSpecialTypes() }

/// One thread's answers (see `threadSpecialTypes`).
struct ThreadSpecialTypes {
  private static let slots = 256
  private var types = [ObjectIdentifier?](repeating: nil, count: slots)
  private var answers = [SpecialType](repeating: .none, count: slots)

  @inline(__always)
  private static func slot(_ type: ObjectIdentifier) -> Int {
    // The top 8 bits of the address times 2^64 / φ: addresses that differ
    // in any bit spread over the slots.
    Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
  }

  /// The answer kept for `type`, if any.
  @inline(__always)
  func answer(for type: ObjectIdentifier) -> SpecialType? {
    let slot = Self.slot(type)
    return types[slot] == type ? answers[slot] : nil
  }

  mutating func keep(_ type: ObjectIdentifier, _ answer: SpecialType) {
    let slot = Self.slot(type)
    types[slot] = type
    answers[slot] = answer
  }
}

enum SpecialType {
  case none, date, data, url, decimal, stringDictionary
  /// An array of standard scalars: the type itself, as one that reads off
  /// the tape (found once per type, kept in the reader's memo).
  case scalarArray(any TapeScalarArray.Type)
  /// Any other array: its elements read in one loop over the tape.
  case array(any TapeArray.Type)

  @inline(__always)
  static func of<T>(_ type: T.Type) -> SpecialType {
    if T.self == Date.self { return .date }
    if T.self == Data.self { return .data }
    if T.self == URL.self { return .url }
    if T.self == Decimal.self { return .decimal }
    if T.self is any StringKeyedDictionary.Type { return .stringDictionary }
    if let array = T.self as? any TapeScalarArray.Type { return .scalarArray(array) }
    if let array = T.self as? any TapeArray.Type { return .array(array) }
    return .none
  }
}

/// Arrays of standard scalars, and arrays of those (`[[Double]]`,
/// `[[[Double]]]`), read straight off the tape: no container and no
/// `init(from:)` per element or per nested array. Any element that would
/// not read as `Element` reads `nil`, and the array is then decoded the
/// general way, which throws the error `JSONDecoder` throws.
protocol TapeScalarArray {
  static func read(from reader: JSONReader, at index: Int) -> Self?
}

extension Array: TapeScalarArray where Element: TapeScalar {
  static func read(from reader: JSONReader, at index: Int) -> [Element]? {
    // The common element types in loops of their own: this function is
    // reached through an existential (`SpecialType.scalarArray`), where a
    // generic loop would append and read each element through witnesses.
    if Element.self == Double.self { return readConcrete(Double.self, reader, index) }
    if Element.self == Int.self { return readConcrete(Int.self, reader, index) }
    if Element.self == String.self { return readConcrete(String.self, reader, index) }
    if Element.self == [Double].self { return readConcrete([Double].self, reader, index) }
    return readElements(from: reader, at: index)
  }

  /// `read` with the element type `E`, which is `Element`, known here.
  @inline(__always)
  private static func readConcrete<E: TapeScalar>(
    _: E.Type, _ reader: JSONReader, _ index: Int
  ) -> [Element]? {
    [E].readElements(from: reader, at: index).map { sameType($0, as: [Element].self) }
  }

  @inline(__always)
  fileprivate static func readElements(from reader: JSONReader, at index: Int) -> [Element]? {
    let document = reader.document
    guard reader.tag(of: index) == .array else { return nil }
    let end = document.end(of: index)
    var element = index + 2
    guard element < end else { return [] }
    var elements: [Element] = []
    elements.reserveCapacity(document.count(of: index))
    while element < end {
      guard let value = Element.read(from: reader, at: element) else { return nil }
      elements.append(value)
      element = document.next(after: element)
    }
    return elements
  }
}

/// An array of standard scalars is itself read off the tape as an element
/// of an array (the rings and points of GeoJSON).
extension Array: TapeScalar where Element: TapeScalar {}

/// Arrays of any `Decodable` element, read as `Array.init(from:)` reads
/// them through an unkeyed container (each element `decode(Element.self)`
/// at its index, in order), in one loop over the tape: no container, and
/// the array's storage reserved once for its count.
protocol TapeArray {
  static func read(from reader: JSONReader, at index: Int, _ place: Place) throws -> Self
}

extension Array: TapeArray where Element: Decodable {
  static func read(from reader: JSONReader, at index: Int, _ place: Place) throws -> [Element] {
    try reader.enter(index, place) {
      let document = reader.document
      let end = document.end(of: index)
      var element = index + 2
      var elements: [Element] = []
      guard element < end else { return elements }
      elements.reserveCapacity(document.count(of: index))
      let anchor = PathAnchor(reader)
      var position = 0
      while element < end {
        elements.append(
          try reader.unwrap(Element.self, at: element, Place(anchor, nil, .index(position))))
        element = document.next(after: element)
        position += 1
      }
      return elements
    }
  }
}

/// A standard scalar read off the tape as its container would read it;
/// `nil` for anything else (the general read then reports it).
protocol TapeScalar {
  static func read(from reader: JSONReader, at index: Int) -> Self?
}

extension String: TapeScalar {
  static func read(from reader: JSONReader, at index: Int) -> String? {
    guard reader.tag(of: index) == .string else { return nil }
    return try? reader.document.string(at: index)
  }
}

extension Bool: TapeScalar {
  static func read(from reader: JSONReader, at index: Int) -> Bool? {
    switch reader.tag(of: index) {
    case .true: true
    case .false: false
    default: nil
    }
  }
}

extension TapeScalar where Self: FixedWidthInteger {
  static func read(from reader: JSONReader, at index: Int) -> Self? {
    guard reader.tag(of: index) == .number else { return nil }
    return try? reader.document.integer(at: index, as: Self.self)
  }
}

extension Int: TapeScalar {}
extension Int8: TapeScalar {}
extension Int16: TapeScalar {}
extension Int32: TapeScalar {}
extension Int64: TapeScalar {}
extension UInt: TapeScalar {}
extension UInt8: TapeScalar {}
extension UInt16: TapeScalar {}
extension UInt32: TapeScalar {}
extension UInt64: TapeScalar {}

extension TapeScalar where Self: JSONFloatingPoint {
  static func read(from reader: JSONReader, at index: Int) -> Self? {
    // A non-conforming float written as a string goes the general way.
    guard reader.tag(of: index) == .number else { return nil }
    return try? reader.document.floatingPoint(at: index, as: Self.self)
  }
}

extension Double: TapeScalar {}
extension Float: TapeScalar {}

/// `[String: Value]` dictionaries, whose keys no key strategy converts.
protocol StringKeyedDictionary {
  static func read(from reader: JSONReader, at index: Int, _ place: Place) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
  static func read(from reader: JSONReader, at index: Int, _ place: Place) throws -> Self {
    try reader.enter(index, place) {
      var result: [String: Value] = [:]
      let document = reader.document
      result.reserveCapacity(document.count(of: index))
      let end = document.end(of: index)
      var member = index + 2
      let anchor = PathAnchor(reader)
      while member < end {
        let key = try document.string(at: member)
        // The first of equal keys wins; JSONDecoder never reads the others.
        if result[key] == nil {
          result[key] = try reader.unwrap(
            Value.self, at: member + 1, Place(anchor, nil, .name(key)))
        }
        member = document.next(after: member + 1)
      }
      return result
    }
  }
}

extension JSONReader {
  // MARK: - Any type

  /// Reads `T` at `index` (the value at `place`).
  @inline(__always)
  func unwrap<T: Decodable>(_ type: T.Type, at index: Int, _ place: Place) throws -> T {
    // The standard scalars read directly: what their `init(from:)` would
    // do through the single-value container, without the nested frame.
    if T.self == String.self { return sameType(try string(at: index, place), as: T.self) }
    if T.self == Int.self { return sameType(try integer(Int.self, at: index, place), as: T.self) }
    if T.self == Double.self {
      return sameType(try floatingPoint(Double.self, at: index, place), as: T.self)
    }
    if T.self == Bool.self { return sameType(try bool(at: index, place), as: T.self) }
    switch specialType(of: T.self) {
    case .none:
      // `type`, not `T`: a subclass handed in as its superclass's type
      // (`Employee.self as Person.Type`) decodes as itself, as JSONDecoder
      // calls the dynamic type's `init(from:)`.
      return try enter(index, place) { try type.init(from: self) }
    case .date:
      return try cast(date(at: index, place))
    case .data:
      return try cast(data(at: index, place))
    case .url:
      return try cast(url(at: index, place))
    case .decimal:
      return try cast(decimal(at: index, place))
    case .stringDictionary:
      try checkNotNull([String: Any].self, at: index, place)
      guard tag(of: index) == .object else {
        throw typeMismatch([String: Any].self, at: index, path: place.path(in: self))
      }
      guard let dictionary = T.self as? any StringKeyedDictionary.Type else {
        return try enter(index, place) { try type.init(from: self) }
      }
      return try cast(dictionary.read(from: self, at: index, place))
    case .scalarArray(let array):
      return try scalarArray(type, array, at: index, place)
    case .array(let array):
      return try anyArray(type, array, at: index, place)
    }
  }

  /// Reads `T`, the array type `array`, off the tape, or the general way
  /// when an element would not read. Not inlined into `unwrap`: its `T?`
  /// would cost every call of `unwrap` a lookup of the optional's metadata.
  @inline(never)
  private func scalarArray<T: Decodable>(
    _ type: T.Type, _ array: any TapeScalarArray.Type, at index: Int, _ place: Place
  ) throws -> T {
    // The common arrays by their concrete types: through the existential,
    // each read would look up the metadata of its optional and its array.
    if T.self == [Double].self { return try concreteArray([Double].self, type, at: index, place) }
    if T.self == [String].self { return try concreteArray([String].self, type, at: index, place) }
    if T.self == [Int].self { return try concreteArray([Int].self, type, at: index, place) }
    if T.self == [[Double]].self {
      return try concreteArray([[Double]].self, type, at: index, place)
    }
    if T.self == [[[Double]]].self {
      return try concreteArray([[[Double]]].self, type, at: index, place)
    }
    if T.self == [Bool].self { return try concreteArray([Bool].self, type, at: index, place) }
    return try otherScalarArray(type, array, at: index, place)
  }

  /// `scalarArray` for the other array types, through the existential.
  /// Apart: its `T?` costs a lookup of the optional's metadata.
  @inline(never)
  private func otherScalarArray<T: Decodable>(
    _ type: T.Type, _ array: any TapeScalarArray.Type, at index: Int, _ place: Place
  ) throws -> T {
    func read<A: TapeScalarArray>(_: A.Type) -> T? {
      A.read(from: self, at: index).map { sameType($0, as: T.self) }
    }
    if let elements = read(array) { return elements }
    return try enter(index, place) { try T(from: self) }
  }

  /// Reads `T`, the array type `array`, element by element; a value that
  /// is not an array goes the general way, which throws JSONDecoder's error.
  @inline(never)
  private func anyArray<T: Decodable>(
    _ type: T.Type, _ array: any TapeArray.Type, at index: Int, _ place: Place
  ) throws -> T {
    guard tag(of: index) == .array else { return try enter(index, place) { try T(from: self) } }
    func read<A: TapeArray>(_: A.Type) throws -> T {
      sameType(try A.read(from: self, at: index, place), as: T.self)
    }
    return try read(array)
  }

  /// `scalarArray` for `T`, which is the array type `A`.
  @inline(__always)
  private func concreteArray<A: TapeScalarArray & Decodable, T: Decodable>(
    _: A.Type, _ type: T.Type, at index: Int, _ place: Place
  ) throws -> T {
    if let elements = A.read(from: self, at: index) { return sameType(elements, as: T.self) }
    return try enter(index, place) { sameType(try A(from: self), as: T.self) }
  }

  /// Which of Foundation's special types `T` is; the answers for the last
  /// four types asked about are kept (a model's properties ask for the same
  /// few types again and again, and the dictionary check costs a lookup of
  /// a conditional conformance).
  @inline(__always)
  private func specialType<T>(of type: T.Type) -> SpecialType {
    let id = ObjectIdentifier(T.self)
    if let answer = specialTypes.answer(for: id) { return answer }
    // Past the reader's memo, the thread's, then the process's answers: a
    // lookup under a lock costs less than the conformance checks of
    // `SpecialType.of`.
    let thread = threadSpecialTypes.pointer
    if let answer = thread?.pointee.answer(for: id) {
      specialTypes.keep(id, answer)
      return answer
    }
    let special = specialTypeAnswers.value(for: T.self) { SpecialType.of(T.self) }
    thread?.pointee.keep(id, special)
    specialTypes.keep(id, special)
    return special
  }

  private func cast<T>(_ value: Any) throws -> T {
    guard let value = value as? T else {
      throw DecodingError.typeMismatch(
        T.self, DecodingError.Context(codingPath: codingPath, debugDescription: ""))
    }
    return value
  }

  /// Runs `body` with the reader at the value at `place` (`index`): one
  /// frame deeper, or, for the single-value container's own value, where
  /// it is.
  @inline(__always)
  func enter<R>(_ index: Int, _ place: Place, _ body: () throws -> R)
    rethrows -> R
  {
    guard let key = place.key else {
      guard place.via != nil else { return try body() }
      return try enterSlowly(index, place, body)
    }
    if place.tail == nil, place.via == nil, place.anchor.depth == frames.count,
      place.anchor.depth == 0 || frames[place.anchor.depth - 1].value == place.anchor.value
    {
      return try with(index, key: key, body)
    }
    return try enterSlowly(index, place, body)
  }

  /// `enter` for a nested container's value, a container kept past its
  /// value, or a value a Codix path reached: the reader stands at its whole
  /// path for the span of `body`.
  private func enterSlowly<R>(_ index: Int, _ place: Place, _ body: () throws -> R) rethrows -> R {
    let savedFrames = frames
    let savedValue = value
    frames = pathFrames(place.anchor, place.tail)
    if let via = place.via {
      // Steps of a Codix path: their values are not kept (no container is
      // anchored at them).
      frames += via.keys.map { Frame(key: .key($0), value: JSONReader.missing) }
    }
    if let key = place.key {
      frames.append(Frame(key: key, value: index))
    } else if !frames.isEmpty {
      // The last step of the path is the value's own frame.
      frames[frames.count - 1].value = index
    }
    value = index
    defer {
      frames = savedFrames
      value = savedValue
    }
    return try body()
  }

  /// A container's path as frames (see `path(_:_:)`).
  private func pathFrames(_ anchor: PathAnchor, _ tail: PathTail?) -> [Frame] {
    var result: [Frame]
    if anchor.depth == 0 {
      result = []
    } else if anchor.depth <= frames.count, frames[anchor.depth - 1].value == anchor.value {
      result = Array(frames[0..<anchor.depth])
    } else {
      result = foundPath(to: anchor.value).map { Frame(key: .key($0), value: anchor.value) }
    }
    if let tail { result += tail.frames }
    return result
  }

  @inline(__always)
  func checkNotNull(_ type: Any.Type, at index: Int, _ place: Place) throws {
    if tag(of: index) == .null {
      throw valueNotFound(type, at: index, path: place.path(in: self))
    }
  }

  // MARK: - Scalars

  @inline(__always)
  func bool(at index: Int, _ place: @autoclosure () -> Place) throws -> Bool {
    switch tag(of: index) {
    case .true: return true
    case .false: return false
    default: throw typeMismatch(Bool.self, at: index, path: place().path(in: self))
    }
  }

  @inline(__always)
  func string(at index: Int, _ place: @autoclosure () -> Place) throws -> String {
    let tag = tag(of: index)
    guard tag == .string else {
      if tag == .null { throw valueNotFound(String.self, at: index, path: place().path(in: self)) }
      throw typeMismatch(String.self, at: index, path: place().path(in: self))
    }
    do {
      return try document.string(at: index)
    } catch {
      throw placed(error, path: place().path(in: self))
    }
  }

  @inline(__always)
  func integer<T: FixedWidthInteger>(
    _ type: T.Type, at index: Int, _ place: @autoclosure () -> Place
  ) throws -> T {
    let tag = tag(of: index)
    guard tag == .number else {
      if tag == .null { throw valueNotFound(T.self, at: index, path: place().path(in: self)) }
      throw typeMismatch(T.self, at: index, path: place().path(in: self))
    }
    do {
      return try document.integer(at: index, as: T.self)
    } catch {
      throw placed(error, path: place().path(in: self))
    }
  }

  @inline(__always)
  func floatingPoint<T: JSONFloatingPoint>(
    _ type: T.Type, at index: Int, _ place: @autoclosure () -> Place
  ) throws -> T {
    switch tag(of: index) {
    case .number:
      do {
        return try document.floatingPoint(at: index, as: T.self)
      } catch {
        throw placed(error, path: place().path(in: self))
      }
    case .null:
      throw valueNotFound(T.self, at: index, path: place().path(in: self))
    case .string:
      if case .convertFromString(let positive, let negative, let nan) =
        options.nonConformingFloatDecodingStrategy,
        !document.entry(index).has(JSONTape.Flag.escaped),
        let text = try? document.string(at: index)
      {
        if text == positive { return T.infinity }
        if text == negative { return -T.infinity }
        if text == nan { return T.nan }
      }
      throw typeMismatch(T.self, at: index, path: place().path(in: self))
    default:
      throw typeMismatch(T.self, at: index, path: place().path(in: self))
    }
  }

  // MARK: - Foundation's special types

  func date(at index: Int, _ place: Place) throws -> Date {
    try checkNotNull(Date.self, at: index, place)
    switch options.dateDecodingStrategy {
    case .deferredToDate:
      return try enter(index, place) { try Date(from: self) }
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try floatingPoint(Double.self, at: index, place))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try floatingPoint(Double.self, at: index, place) / 1000)
    case .iso8601:
      let text = try string(at: index, place)
      if let date = ISO8601Reading.date(from: text) { return date }
      // JSONDecoder reports this one at the decoder's path, without the key.
      throw fail(
        .dataCorrupted(
          DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Expected date string to be ISO8601-formatted."
          )), at: index, path: Path(codingPath: place.path(in: self)))
    case .custom(let read):
      return try enter(index, place) { try read(self) }
    #if canImport(Darwin)
      case .formatted(let formatter):
        let text = try string(at: index, place)
        guard let date = formatter.date(from: text) else {
          throw fail(
            .dataCorrupted(
              DecodingError.Context(
                codingPath: place.path(in: self),
                debugDescription: "Date string does not match format expected by formatter.")),
            at: index)
        }
        return date
    #endif
    @unknown default:
      // Not reached: CodixJSONDecoder hands documents with strategies it
      // does not know to JSONDecoder.
      return try enter(index, place) { try Date(from: self) }
    }
  }

  func data(at index: Int, _ place: Place) throws -> Data {
    try checkNotNull(Data.self, at: index, place)
    switch options.dataDecodingStrategy {
    case .deferredToData:
      return try enter(index, place) { try Data(from: self) }
    case .base64:
      let text = try string(at: index, place)
      guard let data = Data(base64Encoded: text) else {
        throw fail(
          .dataCorrupted(
            DecodingError.Context(
              codingPath: place.path(in: self),
              debugDescription: "Encountered Data is not valid Base64.")), at: index)
      }
      return data
    case .custom(let read):
      return try enter(index, place) { try read(self) }
    @unknown default:
      return try enter(index, place) { try Data(from: self) }
    }
  }

  func url(at index: Int, _ place: Place) throws -> URL {
    try checkNotNull(URL.self, at: index, place)
    let text = try string(at: index, place)
    guard let url = URL(string: text) else {
      throw fail(
        .dataCorrupted(
          DecodingError.Context(
            codingPath: place.path(in: self), debugDescription: "Invalid URL string.")), at: index)
    }
    return url
  }

  func decimal(at index: Int, _ place: Place) throws -> Decimal {
    try checkNotNull(Decimal.self, at: index, place)
    guard tag(of: index) == .number else {
      throw fail(
        .typeMismatch(
          Decimal.self,
          DecodingError.Context(codingPath: place.path(in: self), debugDescription: "")
        ), at: index)
    }
    do {
      return try document.decimal(at: index)
    } catch {
      throw placed(error, path: place.path(in: self))
    }
  }
}

extension PathTail {
  /// The tail's keys as frames.
  var frames: [JSONReader.Frame] {
    var frames = [JSONReader.Frame(key: key, value: value)]
    var node = parent
    while let current = node {
      frames.append(JSONReader.Frame(key: current.key, value: current.value))
      node = current.parent
    }
    return frames.reversed()
  }
}

/// `.iso8601` dates as JSONDecoder reads them: `Date.ISO8601FormatStyle`,
/// with the fixed-width reader first for the common whole-second form.
enum ISO8601Reading {
  static func date(from text: String) -> Date? {
    if let fast = DateCodingStrategy.iso8601WholeSeconds,
      case .date(let date) = fast.read(text)
    {
      return date
    }
    return try? Date.ISO8601FormatStyle().parse(text)
  }
}
