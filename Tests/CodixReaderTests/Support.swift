import CodixCore
import Foundation
import Testing

// What every test of this target shares: the files of Tests/Data, the
// random-case count, a type that decodes any JSON value and reads every
// scalar in it, and the comparison of one decode with JSONDecoder and
// CodixJSONDecoder.

// MARK: - Files

/// The folder Tests/Data, found from this source file.
let dataFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Data")

/// The folder Docs, found from this source file.
let docsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs")

/// The bytes of `Tests/Data/<name>`; a missing file fails the calling test.
func testData(_ name: String) throws -> Data {
  let path = dataFolder.appendingPathComponent(name).path
  return try #require(FileManager.default.contents(atPath: path), "Tests/Data/\(name) is missing")
}

/// How many random cases a test runs: `CODIX_FUZZ_COUNT` when set, else
/// `standard`.
func fuzzCount(default standard: Int) -> Int {
  if let text = ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"], let count = Int(text),
    count > 0
  {
    return count
  }
  return standard
}

// MARK: - Any value

/// Any JSON value, decoded through the containers with every scalar read:
/// a string is unescaped, a number converted, so a decode fails where
/// either decoder finds a value it cannot read.
indirect enum AnyValue: Decodable, Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  case int(Int64)
  case unsigned(UInt64)
  /// A double's bit pattern (so that equal means identical).
  case double(UInt64)
  case decimal(Decimal)
  case string(String)
  case array([AnyValue])
  /// Members sorted by key, each key once.
  case object([Member])

  struct Member: Equatable {
    var key: String
    var value: AnyValue
  }

  init(from decoder: any Decoder) throws {
    // Each kind is tried in turn, numbers first (the most common value);
    // a type mismatch means "another kind" and is slow, so the order matters
    // for speed only. Under the default float strategy no string reads as
    // a number.
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
      return
    }
    if let number = try Self.number(single) {
      self = number
      return
    }
    if let value = try Self.ifOfKind({ try single.decode(String.self) }) {
      self = .string(value)
      return
    }
    if var unkeyed = try Self.ifOfKind({ try decoder.unkeyedContainer() }) {
      var elements: [AnyValue] = []
      while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(AnyValue.self)) }
      self = .array(elements)
      return
    }
    if let keyed = try Self.ifOfKind({ try decoder.container(keyedBy: AnyKey.self) }) {
      // JSONDecoder lists the keys in no set order.
      self = .object(
        try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          Member(key: $0.stringValue, value: try keyed.decode(AnyValue.self, forKey: $0))
        })
      return
    }
    self = .bool(try single.decode(Bool.self))
  }

  /// A number: an Int64 or UInt64 when it is a whole number that fits one,
  /// a Double when not, a Decimal beyond a Double's range; `nil` for a
  /// value of another kind.
  private static func number(_ single: any SingleValueDecodingContainer) throws -> AnyValue? {
    do {
      let double = try single.decode(Double.self)
      if double.rounded() == double, double.magnitude < 0x1p64 {
        if let value = try? single.decode(Int64.self) { return .int(value) }
        if let value = try? single.decode(UInt64.self) { return .unsigned(value) }
      }
      return .double(double.bitPattern)
    } catch DecodingError.typeMismatch {
      return nil
    } catch {
      guard let value = try? single.decode(Decimal.self) else { throw error }
      return .decimal(value)
    }
  }

  /// `read()`, or `nil` when the value is of another kind (a type mismatch);
  /// any other error is thrown.
  private static func ifOfKind<R>(_ read: () throws -> R) throws -> R? {
    do {
      return try read()
    } catch DecodingError.typeMismatch {
      return nil
    }
  }

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .unsigned(let value): "\(value)"
    case .double(let bits): "\(Double(bitPattern: bits))"
    case .decimal(let value): "decimal \(value)"
    case .string(let value): String(reflecting: value)
    case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      "{"
        + members.map { String(reflecting: $0.key) + ":" + $0.value.description }
        .joined(separator: ",") + "}"
    }
  }

  /// Whether `object`, a value `JSONSerialization` returned, is this value:
  /// numbers compared by value, an object's keys as a dictionary.
  func matches(serialized object: Any) -> Bool {
    switch self {
    case .null: return object is NSNull
    case .bool(let value): return (object as? Bool) == value
    case .int(let value):
      return (object as? NSNumber).map { $0.doubleValue == Double(value) } ?? false
    case .unsigned(let value):
      return (object as? NSNumber).map { $0.doubleValue == Double(value) } ?? false
    case .double(let bits):
      // JSONSerialization's own conversion is not always correctly rounded.
      let value = Double(bitPattern: bits)
      return (object as? NSNumber).map {
        ($0.doubleValue - value).magnitude <= value.magnitude * 1e-12
      } ?? false
    case .decimal(let value):
      return (object as? NSNumber).map { $0.doubleValue == (value as NSDecimalNumber).doubleValue }
        ?? false
    case .string(let value): return (object as? String) == value
    case .array(let values):
      guard let array = object as? [Any], array.count == values.count else { return false }
      return zip(values, array).allSatisfy { $0.matches(serialized: $1) }
    case .object(let members):
      guard let dictionary = object as? [String: Any], dictionary.count == members.count else {
        return false
      }
      return members.allSatisfy { member in
        dictionary[member.key].map { member.value.matches(serialized: $0) } ?? false
      }
    }
  }
}

/// A key of any name.
struct AnyKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(_ string: String) { self.stringValue = string }
  init?(intValue: Int) {
    self.stringValue = "\(intValue)"
    self.intValue = intValue
  }
}

// MARK: - Outcomes

/// A DecodingError reduced to what both decoders must agree on: its case
/// and its coding path (a missing key's path ends with the key).
struct ErrorShape: Equatable, CustomStringConvertible {
  var kind: String
  var path: [String]
  var intValues: [Int?]

  init(kind: String, path: [any CodingKey]) {
    self.kind = kind
    self.path = path.map(\.stringValue)
    self.intValues = path.map(\.intValue)
  }

  init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(_, let context): self.init(kind: "typeMismatch", path: context.codingPath)
    case .valueNotFound(_, let context): self.init(kind: "valueNotFound", path: context.codingPath)
    case .keyNotFound(let key, let context):
      self.init(kind: "keyNotFound", path: context.codingPath + [key])
    case .dataCorrupted(let context): self.init(kind: "dataCorrupted", path: context.codingPath)
    @unknown default: self.init(kind: "unknown", path: [])
    }
  }

  var description: String {
    "\(kind) at [" + zip(path, intValues).map { $1.map { "\($0)" } ?? $0 }.joined(separator: ", ")
      + "]"
  }
}

/// What one decode gave: a value, or an error's shape.
enum Outcome<T: Equatable>: Equatable, CustomStringConvertible {
  case value(T)
  case failure(ErrorShape)

  var isSuccess: Bool {
    if case .value = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .value(let value): "value \(value)"
    case .failure(let shape): "error \(shape)"
    }
  }
}

/// The outcome of `JSONDecoder` on `data`; an error other than a
/// DecodingError is recorded by its description.
func foundationOutcome<T: Decodable & Equatable>(
  _ type: T.Type, _ data: Data, _ decoder: JSONDecoder = JSONDecoder()
) -> Outcome<T> {
  do {
    return .value(try decoder.decode(type, from: data))
  } catch let error as DecodingError {
    return .failure(ErrorShape(error))
  } catch {
    return .failure(ErrorShape(kind: "not a DecodingError: \(error)", path: []))
  }
}

/// The outcome of `CodixJSONDecoder` on `data`, and its report when it
/// threw. Every error must be a DecodingError, as JSONDecoder throws, that
/// carries Codix's report (`CodixError(_:)` gives it, with a location) and
/// whose debug description ends with that location; anything else is
/// recorded as a failure no JSONDecoder outcome equals.
func codixOutcome<T: Decodable & Equatable>(
  _ type: T.Type, _ data: Data, _ decoder: CodixJSONDecoder = CodixJSONDecoder()
) -> (Outcome<T>, CodixError?) {
  do {
    return (.value(try decoder.decode(type, from: data)), nil)
  } catch let error as DecodingError {
    let report = CodixError(error)
    guard let location = report.location else {
      return (.failure(ErrorShape(kind: "no report with a location: \(error)", path: [])), report)
    }
    guard debugDescription(of: error).hasSuffix("(\(location))") else {
      return (
        .failure(
          ErrorShape(kind: "no location at the end: \(debugDescription(of: error))", path: [])),
        report
      )
    }
    return (.failure(ErrorShape(error)), report)
  } catch {
    return (.failure(ErrorShape(kind: "not a DecodingError: \(error)", path: [])), nil)
  }
}

/// The debug description of a DecodingError's context.
func debugDescription(of error: DecodingError) -> String {
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .keyNotFound(_, let context), .dataCorrupted(let context):
    context.debugDescription
  @unknown default: ""
  }
}

/// Decodes `data` as `T` with a `JSONDecoder` set up by `configure` and with
/// a `CodixJSONDecoder` made from it, and expects the same value or the same
/// error case at the same coding path. Returns Codix's error, if any.
@discardableResult
func expectSameOutcome<T: Decodable & Equatable>(
  _ type: T.Type, _ data: Data, configure: (JSONDecoder) -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) -> CodixError? {
  let foundation = JSONDecoder()
  configure(foundation)
  let expected = foundationOutcome(type, data, foundation)
  let (actual, error) = codixOutcome(type, data, CodixJSONDecoder(foundation))
  #expect(
    actual == expected, "\(T.self) from \(String(decoding: data.prefix(200), as: UTF8.self))",
    sourceLocation: sourceLocation)
  return error
}

/// `expectSameOutcome` for a document given as text (UTF-8).
@discardableResult
func expectSameOutcome<T: Decodable & Equatable>(
  _ type: T.Type, _ json: String, configure: (JSONDecoder) -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) -> CodixError? {
  expectSameOutcome(type, Data(json.utf8), configure: configure, sourceLocation: sourceLocation)
}
