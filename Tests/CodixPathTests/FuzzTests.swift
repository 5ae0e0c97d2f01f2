import CodixPath
import CodixTestSupport
import Foundation
import Testing

// Seeded, reproducible fuzzing of path navigation: random JSON documents
// (all value kinds, nesting, unicode and escaped keys, keys holding `.`, `[`,
// `]`, `/`) and random paths, valid and malformed. Every decode either returns
// the value an independent walk of the JSONSerialization tree finds, or throws
// a CodixError located at the step where that walk stops. The count scales
// with CODIX_FUZZ_COUNT (default 10,000 documents); a failure prints its seed.

/// Any JSON value, decoded through Codix's decoder path.
private indirect enum Value: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([Value])
  case object([String: Value])

  init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var object: [String: Value] = [:]
      for key in keyed.allKeys {
        object[key.stringValue] = try keyed.decode(Value.self, forKey: key)
      }
      self = .object(object)
    } else if var unkeyed = try? decoder.unkeyedContainer() {
      var array: [Value] = []
      while !unkeyed.isAtEnd { array.append(try unkeyed.decode(Value.self)) }
      self = .array(array)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? single.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  /// The value of a generated (never parsed) document: native Swift values.
  init(foundation object: Any) {
    switch object {
    case is NSNull: self = .null
    case let bool as Bool: self = .bool(bool)
    case let int as Int: self = .number(Double(int))
    case let double as Double: self = .number(double)
    case let string as String: self = .string(string)
    case let array as [Any]: self = .array(array.map(Value.init(foundation:)))
    case let object as [String: Any]: self = .object(object.mapValues(Value.init(foundation:)))
    default: self = .null
    }
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

private struct Generator {
  var random: SplitMix64
  let keyAlphabet: [String] = [
    "a", "b", "id", "name", "my.user", "x[0]", "]", "[", "/", "é", "ключ", "\"q\"", "\\", " ",
    "Index 1", "-1",
  ]

  mutating func key() -> String {
    let count = Int.random(in: 1...2, using: &random)
    return (0..<count).map { _ in keyAlphabet.randomElement(using: &random) ?? "k" }.joined()
  }

  mutating func value(depth: Int) -> Any {
    let roll = Int.random(in: 0..<10, using: &random)
    if depth <= 0 || roll < 5 {
      switch roll % 5 {
      case 0: return NSNull()
      case 1: return Bool.random(using: &random)
      case 2: return Int.random(in: -1000...1000, using: &random)
      case 3: return Double(Int.random(in: -100_000...100_000, using: &random)) / 8
      default: return "s" + key()
      }
    }
    if roll < 8 {
      var object: [String: Any] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &random) { object[key()] = value(depth: depth - 1) }
      return object
    }
    return (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth - 1) }
  }

  /// A path mostly through the document, sometimes stepping off it.
  mutating func path(through document: Any) -> [PathComponent] {
    var components: [PathComponent] = []
    var current: Any? = document
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let offPath = Int.random(in: 0..<8, using: &random) == 0
      switch current {
      case let object as [String: Any] where !object.isEmpty && !offPath:
        let key = object.keys.sorted().randomElement(using: &random) ?? ""
        components.append(.key(key))
        current = object[key]
      case let array as [Any] where !array.isEmpty && !offPath:
        let index = Int.random(in: 0..<array.count, using: &random)
        let negative = Bool.random(using: &random)
        components.append(.index(negative ? index - array.count : index))
        current = array[index]
      default:
        components.append(
          Bool.random(using: &random) ? .key(key()) : .index(Int.random(in: -5...5, using: &random))
        )
        current = nil
      }
    }
    return components
  }
}

/// Walks the generated tree; returns the value, or where the walk stopped
/// (with negative indexes resolved, as Codix reports them).
private func walk(_ document: Any, _ components: [PathComponent]) -> Result<Any, WalkFailure> {
  var current = document
  var resolvedSteps: [PathComponent] = []
  for (step, component) in components.enumerated() {
    switch (component, current) {
    case (.key(let key), let object as [String: Any]):
      guard let next = object[key] else {
        return .failure(WalkFailure(step: step, resolved: resolvedSteps + [component]))
      }
      resolvedSteps.append(component)
      current = next
    case (.index(let index), let array as [Any]):
      let resolved = index < 0 ? array.count + index : index
      guard resolved >= 0, resolved < array.count else {
        return .failure(WalkFailure(step: step, resolved: resolvedSteps + [component]))
      }
      resolvedSteps.append(.index(resolved))
      current = array[resolved]
    default:
      return .failure(WalkFailure(step: step, resolved: resolvedSteps))
    }
  }
  return .success(current)
}

private struct WalkFailure: Error {
  let step: Int
  /// The path Codix must report: the missing step, or the value of the wrong kind.
  let resolved: [PathComponent]
}

@Test func fuzzPathNavigationAgainstAnIndependentWalk() throws {
  let count = Int(ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"] ?? "") ?? 10_000
  let seed = UInt64(ProcessInfo.processInfo.environment["CODIX_FUZZ_SEED"] ?? "") ?? 0xC0D1
  var generator = Generator(random: SplitMix64(state: seed))
  var checked = 0
  for documentIndex in 0..<count {
    var root = generator.value(depth: Int.random(in: 0...5, using: &generator.random))
    if documentIndex % 50 == 0 {
      // Nest to depth 64 through objects and arrays.
      for level in 0..<64 {
        root =
          level % 2 == 0 ? [generator.key(): root, "x": level] as [String: Any] : [root, level]
      }
    }
    let document = ["root": root]
    let data = try JSONSerialization.data(withJSONObject: document)
    for _ in 0..<3 {
      let components =
        [PathComponent.key("root")] + generator.path(through: document["root"] as Any)
      let path = Path(components)
      // The canonical text parses back to the same path.
      #expect(Path(path.description) == path, "seed \(seed) document \(documentIndex): \(path)")
      let expected = walk(document, components)
      do {
        let value = try JSONDecoder().decode(Value.self, from: data, at: path)
        guard case .success(let reference) = expected else {
          Issue.record(
            "seed \(seed) document \(documentIndex): \(path) decoded but the walk failed")
          continue
        }
        #expect(
          value == Value(foundation: reference), "seed \(seed) document \(documentIndex): \(path)")
      } catch let error as CodixError {
        guard case .failure(let failure) = expected else {
          Issue.record(
            "seed \(seed) document \(documentIndex): \(path) threw \(error) but the walk succeeded")
          continue
        }
        #expect(
          error.path == Path(failure.resolved),
          "seed \(seed) document \(documentIndex): \(path) -> \(error.path) (\(error.kind)), expected \(Path(failure.resolved))"
        )
        #expect(
          [.keyNotFound, .valueNotFound, .typeMismatch, .indexOutOfRange].contains(error.kind))
      }
      checked += 1
    }
  }
  #expect(checked == count * 3)
}

@Test func fuzzMalformedPathTextNeverCrashes() throws {
  var random = SplitMix64(state: 0xBAD)
  let pieces = ["a", ".", "[", "]", "0", "-", "\"", "\\", "x", "..", "[-1]", "[\"k\"]", "é", "/"]
  let data = Data(#"{"a": [{"x": 1}], "a.b": 2}"#.utf8)
  for _ in 0..<5_000 {
    let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in
      pieces.randomElement(using: &random) ?? ""
    }
    .joined()
    let path = Path(text)
    if let error = path.syntaxError {
      #expect(error.kind == .invalidPath)
      #expect(throws: CodixError.self) { try JSONDecoder().decode(Int.self, from: data, at: path) }
    } else {
      #expect(Path(path.description) == path, "\(text) -> \(path.description)")
      do {
        _ = try JSONDecoder().decode(Value.self, from: data, at: path)
      } catch {
        #expect(error is CodixError, "\(text): \(error)")
      }
    }
  }
}
