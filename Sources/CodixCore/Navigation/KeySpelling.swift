import Foundation

// Keys written as the JSON spells them, under a decoder that renames the
// document's keys.
//
// With `keyDecodingStrategy = .convertFromSnakeCase`, JSONDecoder renames
// every key of the document before any lookup: `first_name` is stored as
// `firstName`. A key written the way the JSON spells it
// (`@Coding("first_name")`, `decoder.decode(at: "first_name")`) then finds
// nothing, and `decodeIfPresent(at:)` would answer `nil` for a value that is
// there. So, on a miss, Codix looks the key up again as the decoder spells it:
//
//     JSON key        stored as     found by
//     first_name      firstName     "firstName" (as always), "first_name" (on a miss)
//     id              id            "id"
//     _links_self     _linksSelf    "_linksSelf", "_links_self"
//
// The decoder's strategy is read from its options through the reflection
// seam: swift-foundation's JSON decoder keeps a `JSONDecoder._Options` named
// `options`, holding a field of type `JSONDecoder.KeyDecodingStrategy`
// (checked by type identity, not by name). The reading is trusted only once
// it gives the right answer on canned decodes with and without the strategy;
// otherwise Codix does what it did before (no second lookup). The converted
// spelling is Foundation's own: a canned one-key document decoded with the
// strategy, once per key. A `.custom` strategy is not second-guessed.

/// How a decoder spells the keys it stores.
package enum KeySpelling {
  /// Whether `decoder` renames the document's keys from snake case. Cheap
  /// after a thread's first call for a decoder type: one load from the
  /// decoder.
  package static func convertsFromSnakeCase(_ decoder: any Decoder) -> Bool {
    func converts<D: Decoder>(_ decoder: D) -> Bool {
      guard let probe = StrategyProbes.probe(for: D.self) else { return false }
      // safe: probes exist only for class types, whose values are one
      // object reference (no bridging cast on the way).
      return probe.convertsFromSnakeCase(unsafeBitCast(decoder, to: AnyObject.self))
    }
    return converts(decoder)
  }

  /// Whether a decoder converting from snake case may store `key` under
  /// another spelling: whether it has an underscore.
  package static func mayRespell(_ key: CodixKey) -> Bool {
    key.stringValue.utf8.contains(UInt8(ascii: "_"))
  }

  /// `key` as `container` stores it: `key`, unless a decoder that converts
  /// keys from snake case (`converts`, asked only for a key with an
  /// underscore) stores it under another spelling there.
  package static func stored(
    _ key: CodixKey, in container: KeyedDecodingContainer<CodixKey>, converts: () -> Bool
  ) -> CodixKey {
    mayRespell(key) && converts() ? respelled(key, in: container) : key
  }

  /// `key`, or, when `key` is not in `container` but its snake-case
  /// conversion is, the conversion. For containers of a decoder that
  /// converts keys from snake case (see ``convertsFromSnakeCase(_:)``).
  package static func respelled(
    _ key: CodixKey, in container: KeyedDecodingContainer<CodixKey>
  ) -> CodixKey {
    guard mayRespell(key), !container.contains(key) else { return key }
    let converted = SnakeCase.converted(key.stringValue)
    guard converted != key.stringValue else { return key }
    let other = CodixKey(converted)
    return container.contains(other) ? other : key
  }
}

/// Reads a decoder's `keyDecodingStrategy` at the offsets the seam found.
private struct StrategyProbe {
  let offset: Int

  /// The probe of a decoder class whose `options` holds the strategy; `nil`
  /// when the seam finds no such field.
  init?(_ type: Any.Type) {
    guard type is AnyClass,
      let options = Reflection.storedProperties(of: type).first(where: { $0.name == "options" }),
      let strategy = Reflection.storedProperties(of: options.type).first(where: {
        $0.type == JSONDecoder.KeyDecodingStrategy.self
      })
    else { return nil }
    offset = options.offset + strategy.offset
    guard offset % MemoryLayout<JSONDecoder.KeyDecodingStrategy>.alignment == 0 else {
      return nil
    }
  }

  func convertsFromSnakeCase(_ object: AnyObject) -> Bool {
    // safe: `object` is a live decoder of the type this probe was proven on,
    // and the field at `offset` was checked to be of this very type.
    let strategy = withExtendedLifetime(object) {
      UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        .load(fromByteOffset: offset, as: JSONDecoder.KeyDecodingStrategy.self)
    }
    if case .convertFromSnakeCase = strategy { return true }
    return false
  }

  /// This probe, if it reads both strategies right on canned decodes by
  /// decoders of `type`.
  func proven(on type: any Decoder.Type) -> StrategyProbe? {
    for snake in [true, false] {
      let decoder = JSONDecoder()
      if snake { decoder.keyDecodingStrategy = .convertFromSnakeCase }
      let trial = StrategyTrial(probe: self, decoderType: type)
      decoder.userInfo[StrategyTrial.key] = trial
      guard (try? decoder.decode(StrategyTrial.Reader.self, from: Data("{}".utf8))) != nil,
        trial.answer == snake
      else { return nil }
    }
    return self
  }
}

/// One canned decode that asks a probe for the strategy.
private final class StrategyTrial: @unchecked Sendable {
  // Unchecked: used by the one decode that owns it, on one thread.
  static let key = CodingUserInfoKey(rawValue: "codix.strategyProbeTrial")!  // safe: never nil.

  let probe: StrategyProbe
  let decoderType: any Decoder.Type
  var answer: Bool?

  init(probe: StrategyProbe, decoderType: any Decoder.Type) {
    self.probe = probe
    self.decoderType = decoderType
  }

  struct Reader: Decodable {
    init(from decoder: any Decoder) throws {
      guard let trial = decoder.userInfo[StrategyTrial.key] as? StrategyTrial,
        type(of: decoder) == trial.decoderType
      else { throw CodixError(.dataCorrupted, at: .root) }
      trial.answer = trial.probe.convertsFromSnakeCase(decoder as AnyObject)
    }
  }
}

/// Strategy probes, worked out once per decoder type for all threads; each
/// thread remembers the last type it asked about.
private enum StrategyProbes {
  private static let known = PerTypeMemo<StrategyProbe?>()
  private static let last = ThreadLocal<(type: ObjectIdentifier?, probe: StrategyProbe?)> {
    (nil, nil)
  }

  static func probe(for type: any Decoder.Type) -> StrategyProbe? {
    let id = ObjectIdentifier(type)
    let memo = last.pointer
    if let memo, memo.pointee.type == id { return memo.pointee.probe }
    // Proven outside the memo's lock: the proof decodes, and may come back here.
    let probe = known.value(for: type) { StrategyProbe(type).flatMap { $0.proven(on: type) } }
    memo?.pointee = (id, probe)
    return probe
  }
}

/// Foundation's own conversion from snake case, once per key and thread.
enum SnakeCase {
  private static let cache = ThreadLocal { [String: String]() }

  static func converted(_ key: String) -> String {
    guard let cache = cache.pointer else { return convertedByFoundation(key) ?? key }
    if let known = cache.pointee[key] { return known }
    let converted = convertedByFoundation(key) ?? key
    if cache.pointee.count >= 4096 { cache.pointee.removeAll() }  // keys built from data
    cache.pointee[key] = converted
    return converted
  }

  private struct Keys: Decodable {
    let keys: [String]
    init(from decoder: any Decoder) throws {
      keys = try decoder.container(keyedBy: CodixKey.self).allKeys.map(\.stringValue)
    }
  }

  private static func convertedByFoundation(_ key: String) -> String? {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    guard let document = try? JSONSerialization.data(withJSONObject: [key: 0]),
      let keys = try? decoder.decode(Keys.self, from: document).keys, keys.count == 1
    else { return nil }
    return keys[0]
  }
}
