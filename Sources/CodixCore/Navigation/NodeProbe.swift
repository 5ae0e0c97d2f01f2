import Foundation

// Reading where swift-foundation's JSON decoder is, from its coding-path node
// (see KeyedContainerCache.swift for why): the field is found through the
// reflection seam, and trusted only once a trial on a canned document agrees.

/// Reads the stored `codingPathNode` of swift-foundation's JSON decoder.
struct NodeProbe {
  let offset: Int
  /// The field's type. A metatype, not a loading closure, so that copying a
  /// probe (once per decoded object, on the cache's slow path) retains nothing.
  let fieldType: Any.Type

  /// Finds the field through the reflection seam by name, and checks it is
  /// one word of a type named `_CodingPathNode`; `nil` otherwise.
  init?(_ type: Any.Type) {
    guard
      let field = Reflection.storedProperties(of: type).first(where: {
        $0.name == "codingPathNode" && String(reflecting: $0.type).hasSuffix("._CodingPathNode")
      }),
      Self.size(of: field.type) == MemoryLayout<UInt>.size,
      field.offset > 0, field.offset % MemoryLayout<UInt>.alignment == 0
    else { return nil }
    self.init(offset: field.offset, reading: field.type)
  }

  /// A probe of the one-word field of type `type` at `offset` (for tests,
  /// which prove that a probe of any other field is refused).
  init(offset: Int, reading type: Any.Type) {
    self.offset = offset
    fieldType = type
  }

  /// The node's bits: equal for the same node while a copy of it is held.
  func bits(of object: AnyObject) -> UInt {
    HeldCoder.word(
      at: UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), offset: offset)
  }

  /// A strong copy of the node, which keeps its storage from being reused.
  func copy(of object: AnyObject) -> Any {
    func load<T>(_: T.Type) -> Any {
      UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        .load(fromByteOffset: offset, as: T.self)
    }
    return load(fieldType)
  }

  /// This probe, if it tells positions apart on a canned document decoded by
  /// a `JSONDecoder` whose decoder objects are of type `type`; `nil` when
  /// anything disagrees (then the cache compares coding paths).
  ///
  /// What the cache relies on, checked here: while a copy of each node is
  /// held, two sibling objects at the same depth, two consecutive array
  /// elements, and a nested object and its parent all read different bits;
  /// the same value reads the same bits each time; and a parent reads its own
  /// bits again after a nested value was decoded.
  func provenOnJSONDecoder(_ type: any Decoder.Type) -> NodeProbe? {
    let trial = ProbeTrial(probe: self, decoderType: type)
    let decoder = JSONDecoder()
    decoder.userInfo[ProbeTrial.key] = trial
    let document =
      #"{"a": {"x": 1}, "b": {"x": 2}, "list": [{"x": 3}, {"x": 4}], "c": {"m": {"x": 5}}}"#
    guard (try? decoder.decode(ProbeTrial.Root.self, from: Data(document.utf8))) != nil,
      trial.agrees
    else { return nil }
    return self
  }

  private static func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }
}

/// One run of a node probe over a canned document (see
/// `NodeProbe.provenOnJSONDecoder(_:)`).
private final class ProbeTrial: @unchecked Sendable {
  // Unchecked: used by the one decode that owns it, on one thread.
  static let key = CodingUserInfoKey(rawValue: "codix.nodeProbeTrial")!  // safe: never nil.

  let probe: NodeProbe
  let decoderType: any Decoder.Type
  /// The bits each value read, with a copy of its node held until the trial ends.
  private var seen: [(name: String, bits: UInt, node: Any)] = []
  private var failed = false

  init(probe: NodeProbe, decoderType: any Decoder.Type) {
    self.probe = probe
    self.decoderType = decoderType
  }

  var agrees: Bool {
    let names = ["root", "a", "b", "list[0]", "list[1]", "c", "c.m"]
    guard !failed, seen.map(\.name) == names else { return false }
    return Set(seen.map(\.bits)).count == seen.count
  }

  /// Records the bits of the value `decoder` is at, and checks they are stable.
  func record(_ name: String, _ decoder: any Decoder) -> UInt {
    guard type(of: decoder) == decoderType else {
      failed = true
      return 0
    }
    let object = decoder as AnyObject
    let bits = probe.bits(of: object)
    if probe.bits(of: object) != bits { failed = true }
    seen.append((name, bits, probe.copy(of: object)))
    return bits
  }

  /// Checks the value `decoder` is at still reads `bits`.
  func check(_ bits: UInt, _ decoder: any Decoder) {
    if type(of: decoder) != decoderType || probe.bits(of: decoder as AnyObject) != bits {
      failed = true
    }
  }

  static func trial(_ decoder: any Decoder) throws -> ProbeTrial {
    guard let trial = decoder.userInfo[key] as? ProbeTrial else {
      throw CodixError(.dataCorrupted, at: .root)
    }
    return trial
  }

  struct Leaf: Decodable {
    init(from decoder: any Decoder) throws {
      let trial = try ProbeTrial.trial(decoder)
      let name = decoder.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? key.stringValue
      }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
      let bits = trial.record(name, decoder)
      _ = try decoder.container(keyedBy: CodixKey.self).decode(Int.self, forKey: CodixKey("x"))
      trial.check(bits, decoder)
    }
  }

  struct Middle: Decodable {
    init(from decoder: any Decoder) throws {
      let trial = try ProbeTrial.trial(decoder)
      let bits = trial.record("c", decoder)
      _ = try decoder.container(keyedBy: CodixKey.self).decode(Leaf.self, forKey: CodixKey("m"))
      trial.check(bits, decoder)
    }
  }

  struct Root: Decodable {
    init(from decoder: any Decoder) throws {
      let trial = try ProbeTrial.trial(decoder)
      let bits = trial.record("root", decoder)
      let container = try decoder.container(keyedBy: CodixKey.self)
      _ = try container.decode(Leaf.self, forKey: CodixKey("a"))
      trial.check(bits, decoder)
      _ = try container.decode(Leaf.self, forKey: CodixKey("b"))
      _ = try container.decode([Leaf].self, forKey: CodixKey("list"))
      trial.check(bits, decoder)
      _ = try container.decode(Middle.self, forKey: CodixKey("c"))
      trial.check(bits, decoder)
    }
  }
}
