import CodixCore
import Foundation
import Testing

// What the writer's tests share: the files of Tests/Data, the random-case
// count, and the comparison of one encode with JSONEncoder and
// CodixJSONEncoder: the same bytes (under `.sortedKeys`, or whenever the
// value has at most one key per object), or the same error.

// MARK: - Files

/// The folder Tests/Data, found from this source file.
let dataFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Data")

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

// MARK: - Outcomes

/// An EncodingError reduced to what both encoders must agree on: its case,
/// its coding path and its explanation.
struct EncodingErrorShape: Equatable, CustomStringConvertible {
  var path: [String]
  var intValues: [Int?]
  var debugDescription: String

  init(_ error: EncodingError) {
    switch error {
    case .invalidValue(_, let context):
      path = context.codingPath.map(\.stringValue)
      intValues = context.codingPath.map(\.intValue)
      debugDescription = context.debugDescription
    @unknown default:
      path = []
      intValues = []
      debugDescription = "unknown case"
    }
  }

  var description: String {
    "invalidValue at [" + path.joined(separator: ", ") + "]: " + debugDescription
  }
}

/// What one encode gave: the bytes, or an error.
enum EncodeOutcome: Equatable, CustomStringConvertible {
  case bytes(String)
  case failure(EncodingErrorShape)
  case otherError(String)

  init(_ encode: () throws -> Data) {
    do {
      self = .bytes(String(decoding: try encode(), as: UTF8.self))
    } catch let error as EncodingError {
      self = .failure(EncodingErrorShape(error))
    } catch {
      self = .otherError(String(describing: error))
    }
  }

  var text: String? {
    if case .bytes(let text) = self { return text }
    return nil
  }

  var description: String {
    switch self {
    case .bytes(let text): text
    case .failure(let shape): "error \(shape)"
    case .otherError(let text): "other error \(text)"
    }
  }
}

/// Encodes `value` with a JSONEncoder set up by `configure` and with a
/// CodixJSONEncoder made from it.
func outcomes<T: Encodable>(
  _ value: T, _ formatting: JSONEncoder.OutputFormatting = .sortedKeys,
  configure: (JSONEncoder) -> Void = { _ in }
) -> (foundation: EncodeOutcome, codix: EncodeOutcome) {
  let foundation = JSONEncoder()
  foundation.outputFormatting = formatting
  configure(foundation)
  let codix = CodixJSONEncoder(foundation)
  return (EncodeOutcome { try foundation.encode(value) }, EncodeOutcome { try codix.encode(value) })
}

/// Expects the same bytes, or the same error, from both encoders.
@discardableResult
func expectSame<T: Encodable>(
  _ value: T, _ formatting: JSONEncoder.OutputFormatting = .sortedKeys,
  configure: (JSONEncoder) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
) -> EncodeOutcome {
  let (foundation, codix) = outcomes(value, formatting, configure: configure)
  #expect(codix == foundation, "\(T.self) \(formatting.rawValue)", sourceLocation: sourceLocation)
  return codix
}

/// The text CodixJSONEncoder writes for `value`.
func codixText<T: Encodable>(
  _ value: T, _ formatting: JSONEncoder.OutputFormatting = [],
  configure: (CodixJSONEncoder) -> Void = { _ in }
) throws -> String {
  let encoder = CodixJSONEncoder()
  encoder.outputFormatting = formatting
  configure(encoder)
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// Every combination of the three output formatting options.
let allFormattings: [JSONEncoder.OutputFormatting] = [
  [], .sortedKeys, .prettyPrinted, .withoutEscapingSlashes, [.sortedKeys, .prettyPrinted],
  [.sortedKeys, .withoutEscapingSlashes], [.prettyPrinted, .withoutEscapingSlashes],
  [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
]

/// A key of any name (and an optional integer).
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

/// A value whose `encode(to:)` is the closure it holds.
struct Custom: Encodable {
  let body: @Sendable (any Encoder) throws -> Void
  init(_ body: @escaping @Sendable (any Encoder) throws -> Void) { self.body = body }
  func encode(to encoder: any Encoder) throws { try body(encoder) }
}
