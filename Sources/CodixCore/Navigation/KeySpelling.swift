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
// Whether the decoder converts is told from its public behaviour, never
// from its memory. JSONDecoder leaves the keys of a `[String: V]` as the
// document writes them, whatever the strategy. So the object's keys as
// written (decoded as `[String: Skipped]`) are compared with the keyed
// container's: a written key with an underscore that the container lacks
// shows a decoder that converts; one it holds shows a decoder that does
// not. The answer is kept per decoder object and thread (held weakly), and
// worked out only after a key with an underscore was missed. An object with
// no such key tells nothing, and nothing is respelled in it until another
// object told. Only the adapter over the public API asks
// (`DecoderPosition`): the native reader finds a Codix key under either
// spelling itself.

/// How a decoder spells the keys it stores.
package enum KeySpelling {
  /// Whether `decoder` renames the document's keys from snake case, told
  /// by `container`, an object of its document, and `written`, that
  /// object's keys as the document writes them (see above).
  package static func convertsFromSnakeCase(
    _ decoder: any Decoder, in container: KeyedDecodingContainer<CodixKey>,
    written: () -> [String]?
  ) -> Bool {
    let object = classInstance(decoder)
    let memo = lastAnswer.pointer
    if let object, let memo, memo.pointee.decoder === object { return memo.pointee.converts }
    guard let answer = converts(container, written: written()) else { return false }
    if let object, let memo { memo.pointee = Memo(object, answer) }
    return answer
  }

  /// The keys of the object `decoder` is at, as the document writes them.
  package static func writtenKeys(of decoder: any Decoder) -> [String]? {
    (try? decoder.singleValueContainer().decode([String: Skipped].self)).map { Array($0.keys) }
  }

  /// The keys of the object at `key` in `container`, as the document writes them.
  package static func writtenKeys(at key: CodixKey, in container: KeyedDecodingContainer<CodixKey>)
    -> [String]?
  {
    (try? container.decode([String: Skipped].self, forKey: key)).map { Array($0.keys) }
  }

  /// A value of any kind, not read.
  package struct Skipped: Decodable {
    package init(from decoder: any Decoder) {}
  }

  /// Whether an object with `container` and `written` keys shows a decoder
  /// that converts (`true`), one that does not (`false`), or neither.
  private static func converts(_ container: KeyedDecodingContainer<CodixKey>, written: [String]?)
    -> Bool?
  {
    for key in written ?? [] where key.utf8.contains(UInt8(ascii: "_")) {
      let converted = SnakeCase.converted(key)
      guard converted != key else { continue }
      return !container.contains(CodixKey(key))
    }
    return nil
  }

  /// Whether a decoder converting from snake case may store `key` under
  /// another spelling: whether it has an underscore.
  package static func mayRespell(_ key: CodixKey) -> Bool {
    let utf8 = key.stringValue.utf8
    // A native string's bytes are searched at once; the view's own
    // iteration costs an index check per byte.
    return utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "_")) }
      ?? utf8.contains(UInt8(ascii: "_"))
  }

  /// `key` as `container`, an object of `decoder`'s document whose keys
  /// as written are `written`, stores it: `key`, unless it is missing and
  /// the decoder converts keys from snake case, which stores it under
  /// another spelling there.
  package static func stored(
    _ key: CodixKey, in container: KeyedDecodingContainer<CodixKey>, decoder: any Decoder,
    written: () -> [String]?
  ) -> CodixKey {
    guard mayRespell(key), !container.contains(key),
      convertsFromSnakeCase(decoder, in: container, written: written)
    else { return key }
    return respelled(key, in: container)
  }

  /// `key`, or, when `key` is not in `container` but its snake-case
  /// conversion is, the conversion. For containers of a decoder that
  /// converts keys from snake case (see ``convertsFromSnakeCase(_:in:written:)``).
  package static func respelled(
    _ key: CodixKey, in container: KeyedDecodingContainer<CodixKey>
  ) -> CodixKey {
    guard !container.contains(key), let converted = otherSpelling(of: key.stringValue) else {
      return key
    }
    let other = CodixKey(converted)
    return container.contains(other) ? other : key
  }

  /// The spelling a Codix key is looked up under after a miss, by a
  /// decoder that converts keys from snake case, on every route (this
  /// adapter and Codix's reader): its conversion, when it has an
  /// underscore and the conversion differs from it; `nil` otherwise.
  package static func otherSpelling(of key: String) -> String? {
    guard mayRespell(CodixKey(key)) else { return nil }
    let converted = SnakeCase.converted(key)
    return converted == key ? nil : converted
  }

  /// The last decoder asked about on this thread, held weakly: a decoder
  /// freed and another allocated at its address is not taken for it.
  private struct Memo {
    weak var decoder: AnyObject?
    var converts = false

    init(_ decoder: AnyObject?, _ converts: Bool) {
      self.decoder = decoder
      self.converts = converts
    }
  }

  private static let lastAnswer = ThreadLocal { Memo(nil, false) }
}

extension KeySpelling {
  /// How a document converted from snake case spells `key`, a key as the
  /// model reads it: `stargazers_count` for `stargazersCount`. The key
  /// itself when it has no such spelling (`id`, or a key already written
  /// in snake case) or when Foundation's conversion does not turn the
  /// spelling back into `key`.
  package static func written(_ key: String) -> String {
    let snake = SnakeCaseKeys.convert(key)
    return snake != key && SnakeCase.converted(snake) == key ? snake : key
  }

  /// `error` with the keys of its path, and the keys its report lists, as
  /// the document writes them, when `decoder` converts keys from snake
  /// case (told as ``convertsFromSnakeCase(_:in:written:)`` tells it, from
  /// the object `decoder` is at): the keys of that object as read from it,
  /// others as snake case spells them. Error path only. Another renaming
  /// strategy cannot be told from a decoder's public API: its keys stay as
  /// the decoder spells them until a Codix entry point, which has the
  /// document, spells them.
  package static func spelledAsWritten(_ error: CodixError, in decoder: any Decoder) -> CodixError {
    guard error.path.components.contains(where: { if case .key = $0 { true } else { false } }),
      let container = try? decoder.container(keyedBy: CodixKey.self),
      convertsFromSnakeCase(decoder, in: container, written: { writtenKeys(of: decoder) })
    else { return error }
    var error = error
    error.path = Path(
      error.path.components.map { component in
        guard case .key(let key) = component else { return component }
        return .key(written(key))
      })
    if case .noKey(let missing, let among)? = error.detail {
      // In the object `decoder` is at, the keys as written are read (an
      // error path only): a key the document writes in camel case keeps it.
      let inDecodersObject = error.path.components.count == decoder.codingPath.count + 1
      let listed = inDecodersObject ? writtenKeys(of: decoder).map(KeyOrder.sorted) : nil
      error.detail = .noKey(written(missing), among: listed ?? among.map(written))
    }
    if case .unknownKeys(let key, let others, let suggestion)? = error.detail {
      error.detail = .unknownKeys(
        written(key), others: others.map(written), suggestion: suggestion.map(written))
    }
    return error
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
