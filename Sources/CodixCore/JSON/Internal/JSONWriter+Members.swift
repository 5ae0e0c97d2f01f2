import Foundation

// The members of an open object: their keys as the key strategy spells
// them, the separators before them, the record of where each one is, a
// key written twice, and the reordering when the object closes.
//
// A key written twice is found by a 128-bit filter of key hashes per
// object: only a key whose bit is already set is compared with the keys
// before it. Keys with a byte above 0x7F are compared as Strings, as
// JSONEncoder's dictionary compares them ("K" and "\u{212A}", the Kelvin
// sign, are one key there).

extension JSONWriter {
  // MARK: Keys

  /// The text of `key` as the key strategy writes it, for a member of the
  /// object `ref`.
  @inline(__always)
  func keyText<K: CodingKey>(_ key: K, in ref: FrameRef) -> String {
    guard convertsKeys else { return key.stringValue }
    return keyText(key, path: containerPath(ref))
  }

  /// The text of `key` as the key strategy writes it, for a member of a
  /// container at `path`.
  func keyText<K: CodingKey>(_ key: K, path: @autoclosure () -> [any CodingKey]) -> String {
    switch options.keyEncodingStrategy {
    case .useDefaultKeys:
      return key.stringValue
    case .convertToSnakeCase:
      let text = key.stringValue
      if let known = snakeCaseKeys[text] { return known }
      let converted = SnakeCaseKeys.convert(text)
      snakeCaseKeys[text] = converted
      return converted
    case .custom(let convert):
      return convert(path() + [key]).stringValue
    @unknown default:
      return key.stringValue
    }
  }

  // MARK: Separators

  /// Writes what goes before element or member `count` of the container
  /// at `level`.
  @inline(__always)
  func appendSeparator(count: Int, level: Int) {
    if pretty {
      if count > 0 { out.append(UInt8(ascii: ","), UInt8(ascii: "\n")) }
      appendIndent(level + 1)
    } else if count > 0 {
      out.append(UInt8(ascii: ","))
    }
  }

  /// The length of the separator before a member other than the first.
  func separatorLength(level: Int) -> Int { pretty ? 2 + 2 * (level + 1) : 1 }

  /// The length of what goes between a key and its value.
  var colonLength: Int { pretty ? 3 : 1 }

  // MARK: Writing a member

  /// Starts a member of the object `ref`: makes it the top frame, writes
  /// the separator, the key `text` and the colon, and records the member.
  /// Throws a `RestartSignal` when the stream cannot go on (see the file
  /// comment of JSONWriter.swift).
  @inline(__always)
  func beginMember(_ text: String, in ref: FrameRef, owner: FrameRef, isSuper: Bool = false)
    throws
  {
    try makeTop(ref, owner: owner)
    let index = Int(ref.index)
    appendSeparator(count: frames[index].count, level: frames[index].level)
    let start = out.count
    let (escaped, nonASCII) = out.append(key: text)
    let keyEnd = out.count
    if pretty {
      out.append(UInt8(ascii: " "), UInt8(ascii: ":"))
      out.append(UInt8(ascii: " "))
    } else {
      out.append(UInt8(ascii: ":"))
    }
    if escaped { frames[index].flags.insert(.escapedKey) }
    let repeats = registerMember(
      in: index, start: start, keyEnd: keyEnd, nonASCII: nonASCII, isSuper: isSuper)
    frames[index].count += 1
    if repeats >= 0 && (isSuper || members[repeats].isSuper) {
      // A superEncoder writes its value when it goes away (JSONEncoder):
      // which of the two values stays is the tree's to say.
      requestRestart(owner: owner)
      throw RestartSignal()
    }
  }

  /// Records a member whose key is at `start..<keyEnd`; returns the member
  /// it repeats, or -1.
  @inline(__always)
  private func registerMember(
    in index: Int, start: Int, keyEnd: Int, nonASCII: Bool, isSuper: Bool
  ) -> Int {
    let hash = keyHash(start + 1, keyEnd - 1)
    let bit: UInt64 = 1 << (hash & 63)
    let high = hash & 64 != 0
    var repeats = -1
    let frame = frames[index]
    if nonASCII || frame.flags.contains(.nonASCIIKey) {
      repeats = earlierMember(in: frame, start: start, keyEnd: keyEnd, nonASCII: nonASCII)
    } else if (high ? frame.bloomHigh : frame.bloomLow) & bit != 0 {
      repeats = earlierMember(in: frame, start: start, keyEnd: keyEnd, nonASCII: false)
    }
    if high {
      frames[index].bloomHigh |= bit
    } else {
      frames[index].bloomLow |= bit
    }
    if nonASCII { frames[index].flags.insert(.nonASCIIKey) }
    if repeats >= 0 { frames[index].flags.insert(.duplicates) }
    members.append(
      MemberRecord(
        start: start, keyEnd: keyEnd, repeats: Int32(repeats), nonASCII: nonASCII,
        isSuper: isSuper))
    return repeats
  }

  /// A hash of the key bytes at `start..<end` (quotes excluded).
  @inline(__always)
  private func keyHash(_ start: Int, _ end: Int) -> UInt64 {
    out.withBytes(in: start..<end) { bytes in
      var first: UInt64 = 0
      var last: UInt64 = 0
      if bytes.count >= 8 {
        first = fromLittleEndian(bytes.loadUnaligned(as: UInt64.self))
        last = fromLittleEndian(
          bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
      } else {
        for byte in bytes { first = first << 8 | UInt64(byte) }
      }
      var hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F)
      hash ^= UInt64(bytes.count) &* 0x1656_67B1_9E37_79F9
      return hash ^ (hash >> 29) ^ (hash >> 47)
    }
  }

  /// The first member of `frame` whose key equals the one at
  /// `start..<keyEnd`, or -1.
  private func earlierMember(in frame: WriterFrame, start: Int, keyEnd: Int, nonASCII: Bool)
    -> Int
  {
    var text: String?
    for position in frame.firstMember..<members.count where members[position].repeats < 0 {
      let member = members[position]
      if nonASCII || member.nonASCII {
        let this = text ?? keyString(start, keyEnd)
        text = this
        if keyString(member.start, member.keyEnd) == this { return position }
      } else if member.keyEnd - member.start == keyEnd - start
        && out.withBytes(
          in: member.start..<member.keyEnd,
          { earlier in out.withBytes(in: start..<keyEnd) { earlier.elementsEqual($0) } })
      {
        return position
      }
    }
    return -1
  }

  /// The key written at `start..<keyEnd` (quotes included), unescaped.
  func keyString(_ start: Int, _ keyEnd: Int) -> String {
    String(decoding: keyBytes(start, keyEnd), as: UTF8.self)
  }

  /// The UTF-8 of the key written at `start..<keyEnd`, unescaped.
  func keyBytes(_ start: Int, _ keyEnd: Int) -> [UInt8] {
    out.withBytes(in: (start + 1)..<(keyEnd - 1)) { JSONWriter.unescaped($0) }
  }

  /// The bytes `escaped` (as this writer escapes) stand for.
  static func unescaped(_ escaped: UnsafeRawBufferPointer) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(escaped.count)
    var index = 0
    while index < escaped.count {
      let byte = escaped[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < escaped.count else {
        result.append(byte)
        index += 1
        continue
      }
      switch escaped[index + 1] {
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0C)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "u") where index + 5 < escaped.count:
        // Only \u00XX is written.
        let high = hexValue(escaped[index + 4])
        let low = hexValue(escaped[index + 5])
        result.append(high << 4 | low)
        index += 6
        continue
      case let other: result.append(other)
      }
      index += 2
    }
    return result
  }

  private static func hexValue(_ digit: UInt8) -> UInt8 {
    digit <= UInt8(ascii: "9") ? digit &- UInt8(ascii: "0") : digit &- UInt8(ascii: "a") &+ 10
  }

  // MARK: Undoing a member

  /// What a member that fails must leave behind: the object as it was.
  struct Mark {
    var output: Int
    var count: Int
    var members: Int
    var bloomLow: UInt64
    var bloomHigh: UInt64
    var flags: WriterFrame.Flags
  }

  /// The state of the container `ref` before a member or element.
  @inline(__always)
  func mark(_ ref: FrameRef) -> Mark {
    let index = Int(ref.index)
    guard isOpen(ref) else {
      return Mark(output: 0, count: 0, members: 0, bloomLow: 0, bloomHigh: 0, flags: [])
    }
    let frame = frames[index]
    return Mark(
      output: out.count, count: frame.count, members: members.count, bloomLow: frame.bloomLow,
      bloomHigh: frame.bloomHigh, flags: frame.flags)
  }

  /// Puts the container `ref` back as `mark` found it, after a member or
  /// element failed (JSONEncoder stores a value only once it encoded).
  func rollBack(_ ref: FrameRef, to mark: Mark) {
    guard isOpen(ref), restartTarget == nil else { return }
    let index = Int(ref.index)
    while frames.count > index + 1 { discardTop() }
    truncateOutput(to: mark.output)
    members.removeLast(members.count - mark.members)
    frames[index].count = mark.count
    frames[index].bloomLow = mark.bloomLow
    frames[index].bloomHigh = mark.bloomHigh
    frames[index].flags = mark.flags
  }

  // MARK: Reordering

  /// Whether `left` comes before `right`, byte by byte (a prefix first).
  @inline(__always)
  static func precedes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
    let common = min(left.count, right.count)
    if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
      let order = memcmp(leftBase, rightBase, common)
      if order != 0 { return order < 0 }
    }
    return left.count < right.count
  }

  /// Whether the keys of the members from `first` on come in UTF-8 order
  /// (none escaped).
  private func keysAreSorted(first: Int) -> Bool {
    var previous = members[first]
    for position in (first + 1)..<members.count {
      let member = members[position]
      let ordered = out.withBytes(in: (previous.start + 1)..<(previous.keyEnd - 1)) { left in
        out.withBytes(in: (member.start + 1)..<(member.keyEnd - 1)) { right in
          Self.precedes(left, right)
        }
      }
      if !ordered { return false }
      previous = member
    }
    return true
  }

  /// Rewrites the members of the closing object `frame` (the last bytes of
  /// the output): each key once, at its first place with its last value,
  /// sorted by the UTF-8 of the key when the object sorts.
  func reorderMembers(of frame: WriterFrame) {
    let first = frame.firstMember
    let count = members.count - first
    guard count > 0 else { return }
    if !frame.flags.contains(.duplicates) && !frame.flags.contains(.escapedKey)
      && keysAreSorted(first: first)
    {
      return
    }
    let regionStart = members[first].start
    let region = out.bytes(from: regionStart)
    let separator = separatorLength(level: frame.level)
    let colon = colonLength

    // Each member's key and value, in `region`.
    var keys: [Range<Int>] = []
    var values: [Range<Int>] = []
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    for offset in 0..<count {
      let member = members[first + offset]
      let keyStart = member.start - regionStart
      let keyEnd = member.keyEnd - regionStart
      let valueEnd =
        offset + 1 < count
        ? members[first + offset + 1].start - separator - regionStart : region.count
      keys.append(keyStart..<keyEnd)
      values.append((keyEnd + colon)..<valueEnd)
    }

    // First occurrences in order, each with its last value.
    var order: [Int] = []
    order.reserveCapacity(count)
    var valueOf = Array(0..<count)
    for offset in 0..<count {
      let repeats = Int(members[first + offset].repeats)
      if repeats >= 0 {
        valueOf[repeats - first] = offset
      } else {
        order.append(offset)
      }
    }

    if frame.flags.contains(.sorts) || sortsKeys {
      if frame.flags.contains(.escapedKey) {
        let unescaped = keys.map { range in
          region.withUnsafeBytes {
            JSONWriter.unescaped(
              UnsafeRawBufferPointer(rebasing: $0[(range.lowerBound + 1)..<(range.upperBound - 1)]))
          }
        }
        order.sort { unescaped[$0].lexicographicallyPrecedes(unescaped[$1]) }
      } else {
        region.withUnsafeBytes { bytes in
          order.sort { left, right in
            Self.precedes(
              UnsafeRawBufferPointer(
                rebasing: bytes[(keys[left].lowerBound + 1)..<(keys[left].upperBound - 1)]),
              UnsafeRawBufferPointer(
                rebasing: bytes[(keys[right].lowerBound + 1)..<(keys[right].upperBound - 1)]))
          }
        }
      }
    }

    truncateOutput(to: regionStart)
    region.withUnsafeBytes { bytes in
      for (position, offset) in order.enumerated() {
        if position > 0 { appendSeparator(count: 1, level: frame.level) }
        out.append(UnsafeRawBufferPointer(rebasing: bytes[keys[offset]]))
        let value = values[valueOf[offset]]
        out.append(
          UnsafeRawBufferPointer(rebasing: bytes[(value.lowerBound - colon)..<value.upperBound]))
      }
    }
  }
}
