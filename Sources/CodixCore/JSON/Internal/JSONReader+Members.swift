import Foundation

// Finding a member of an object by key, in place (see JSONReader.swift).

extension JSONReader {
  /// The tape index of the value at `key` in the object at `object`; `nil`
  /// when there is none. The document's keys are matched as the decoder's
  /// key strategy converts them; the first of equal keys wins.
  @inline(__always)
  func member(of object: Int, key: String, converted: ConvertedKeys? = nil) -> Int? {
    if options.usesDefaultKeys {
      var key = key
      return key.withUTF8 { member(of: object, bytes: $0) }
    }
    return convertedMember(of: object, key: key, converted: converted)
  }

  /// A member by the bytes of its key, under the default key strategy.
  ///
  /// Keys match as Swift's `String` equality matches them (and so
  /// JSONDecoder, whose containers are dictionaries keyed by `String`): by
  /// canonical equivalence, so `"café"` finds `"cafe\u0301"`. Equal bytes
  /// are compared first, as before; a document's key is read as a `String`
  /// only when it has an escape or a byte above 0x7F, or, once no key was
  /// found otherwise, when the key asked for has a byte above 0x7F (two
  /// different ASCII keys are never equivalent).
  ///
  /// One function that every keyed read calls, not inlined in each: the
  /// keyed container's twenty-odd reads then share its code, and a small
  /// document's decode misses the instruction cache about a quarter less
  /// often, for 1.5% more instructions (callgrind's cache simulation).
  @inline(never)
  func member(of object: Int, bytes key: UnsafeBufferPointer<UInt8>) -> Int? {
    let objectEntry = document.entry(object)
    let end = document.end(of: object)
    var start = object + 2
    // In a large object whose keys are unique, start after the member
    // found last: keys are usually read in the document's order.
    let resumes = objectEntry.length > 16 && document.keysAreUnique(object)
    if resumes, let hint = hints?.member(after: object), hint > start, hint < end {
      start = hint
    }
    var candidate = document.candidateKey(from: start, before: end, matching: key)
    while candidate < end {
      if document.stringEquals(candidate, key) {
        if resumes { rememberHint(document.next(after: candidate + 1), in: object) }
        // Equal to an ASCII key: no key before it equals it otherwise.
        guard document.entry(candidate).has(JSONTape.Flag.unusual) else { return candidate + 1 }
        return plainEquivalent(in: object, before: candidate, to: key) ?? candidate + 1
      }
      if equivalentKey(candidate, key) {
        return plainEquivalent(in: object, before: candidate, to: key) ?? candidate + 1
      }
      candidate = document.candidateKey(
        from: document.next(after: candidate + 1), before: end, matching: key)
    }
    if start != object + 2 {
      // Wrap around to the members before the hint. (The keys are unique
      // and plain: see `keysAreUnique`.)
      candidate = document.candidateKey(from: object + 2, before: start, matching: key)
      if candidate < start {
        rememberHint(document.next(after: candidate + 1), in: object)
        return candidate + 1
      }
    }
    return plainEquivalent(in: object, before: end, to: key)
  }

  /// Keeps where the next lookup in `object` resumes, making the reader's
  /// hints on their first use.
  private func rememberHint(_ member: Int, in object: Int) {
    if hints == nil { hints = LookupHints() }
    hints?.remember(member, in: object)
  }

  /// The first member before `limit` whose key is plain (no escape, no byte
  /// above 0x7F) and equals `key` as a `String` although its bytes differ:
  /// only possible when `key` has a byte above 0x7F, and the plain key is
  /// then shorter (`key` holds characters that stand for one ASCII
  /// character each, such as the Kelvin sign for "K", two or three bytes
  /// long), or when a key is too long for its entry to hold its length.
  @inline(never)
  private func plainEquivalent(
    in object: Int, before limit: Int, to key: UnsafeBufferPointer<UInt8>
  )
    -> Int?
  {
    guard key.count >= JSONTape.maxLength || !Self.isASCII(key) else { return nil }
    var candidate = object + 2
    while candidate < limit {
      let entry = document.entry(candidate)
      if entry.word & (JSONTape.Flag.escaped | JSONTape.Flag.unusual) == 0,
        entry.length < key.count || entry.isSaturated, equivalentKey(candidate, key)
      {
        return candidate + 1
      }
      candidate = document.next(after: candidate + 1)
    }
    return nil
  }

  /// Whether every byte of `bytes` is below 0x80, read eight at a time.
  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    while offset < bytes.count {
      bits |= UInt64(bytes[offset])
      offset += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// Whether the key at `index` equals `key` as Swift's `String` equality
  /// compares them (canonical equivalence).
  @inline(never)
  private func equivalentKey(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let text = try? document.string(at: index) else { return false }
    return text == String(decoding: key, as: UTF8.self)
  }

  // MARK: - Converted keys

  /// A member under a key strategy that converts the document's keys.
  private func convertedMember(of object: Int, key: String, converted: ConvertedKeys?) -> Int? {
    var candidate = object + 2
    let end = document.end(of: object)
    var position = 0
    while candidate < end {
      if let name = convertedKey(candidate, position: position, converted: converted), name == key {
        return candidate + 1
      }
      candidate = document.next(after: candidate + 1)
      position += 1
    }
    return nil
  }

  /// The document's key at `index` (the `position`th member) as the key
  /// strategy converts it.
  func convertedKey(_ index: Int, position: Int, converted: ConvertedKeys?) -> String? {
    switch options.keyDecodingStrategy {
    case .useDefaultKeys:
      return try? document.string(at: index)
    case .convertFromSnakeCase:
      guard let raw = try? document.string(at: index) else { return nil }
      guard raw.utf8.contains(UInt8(ascii: "_")) else { return raw }
      if let known = snakeConversions[raw] { return known }
      let result = SnakeCase.converted(raw)
      snakeConversions[raw] = result
      return result
    case .custom:
      return converted?.keys[position]
    @unknown default:
      return try? document.string(at: index)
    }
  }

  /// The keys of the object at `object` under a `.custom` key strategy,
  /// converted once for a container; `nil` under any other strategy.
  func convertedKeys(of object: Int, path: @autoclosure () -> [any CodingKey]) -> ConvertedKeys? {
    guard !options.usesDefaultKeys, case .custom(let convert) = options.keyDecodingStrategy
    else { return nil }
    let base = path()
    var keys: [String?] = []
    var candidate = object + 2
    let end = document.end(of: object)
    while candidate < end {
      if let raw = try? document.string(at: candidate) {
        keys.append(convert(base + [CodixKey(raw)]).stringValue)
      } else {
        keys.append(nil)
      }
      candidate = document.next(after: candidate + 1)
    }
    return ConvertedKeys(keys: keys)
  }

  /// The keys of the object at `object`, as the strategy converts them,
  /// that no key of `claimed` finds (a Codix key finds a member as the
  /// strategy converts it, or by its own conversion from snake case:
  /// `codixMember(of:key:)`), sorted, each once.
  func unclaimedKeys(of object: Int, claimed: Set<String>) -> [String] {
    var known = claimed
    for key in claimed {
      if let respelled = respelledCodixKey(key) { known.insert(respelled) }
    }
    var unclaimed = Set<String>()
    let converted = convertedKeys(of: object, path: foundPath(to: object))
    forEachKey(of: object, converted: converted) { _, key in
      if let key, !known.contains(key) { unclaimed.insert(key) }
    }
    return KeyOrder.sorted(unclaimed)
  }

  /// The members' keys as the strategy converts them, first occurrences only.
  func allKeys(of object: Int, converted: ConvertedKeys?) -> [String] {
    var keys: [String] = []
    var seen = Set<String>()
    forEachKey(of: object, converted: converted) { _, key in
      if let key, seen.insert(key).inserted { keys.append(key) }
    }
    return keys
  }

  /// Calls `body` with each member's key entry and its key as the strategy
  /// converts it (`nil` when the key is not a valid string), in order.
  @inline(__always)
  private func forEachKey(
    of object: Int, converted: ConvertedKeys?, _ body: (Int, String?) -> Void
  ) {
    var candidate = object + 2
    var position = 0
    let end = document.end(of: object)
    while candidate < end {
      body(candidate, convertedKey(candidate, position: position, converted: converted))
      candidate = document.next(after: candidate + 1)
      position += 1
    }
  }
}

/// An object's keys under a `.custom` key strategy, in member order.
final class ConvertedKeys {
  let keys: [String?]

  init(keys: [String?]) {
    self.keys = keys
  }
}
