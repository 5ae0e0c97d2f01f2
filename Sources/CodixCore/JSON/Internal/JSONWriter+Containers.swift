import Foundation

// The writer's containers. Each names its frame and the active slot that
// owns it (`FrameRef`s): three words, so an unkeyed or single-value
// container fits in an existential without a box. The standard scalars
// have their own overloads, written without a slot; any other value goes
// to `writeNested`, and a member or element that fails is taken back out,
// as JSONEncoder stores a value only once it has encoded.

/// A keyed container of the writer.
struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let writer: JSONWriter
  let frame: FrameRef
  let owner: FrameRef

  var codingPath: [any CodingKey] { writer.containerPath(frame) }

  @inline(__always)
  private func begin(_ key: Key) throws {
    try writer.beginMember(writer.keyText(key, in: frame), in: frame, owner: owner)
  }

  mutating func encodeNil(forKey key: Key) throws {
    try begin(key)
    writer.out.appendNull()
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try begin(key)
    writer.out.append(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try begin(key)
    writer.out.append(string: value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try writer.checkConforming(value, path: writer.valuePath(frame, key))
    try begin(key)
    try writer.append(value, path: [])
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try writer.checkConforming(value, path: writer.valuePath(frame, key))
    try begin(key)
    try writer.append(value, path: [])
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    try begin(key)
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int8, forKey key: Key) throws {
    try begin(key)
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int16, forKey key: Key) throws {
    try begin(key)
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int32, forKey key: Key) throws {
    try begin(key)
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try begin(key)
    writer.out.append(value)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws {
    try begin(key)
    writer.out.appendWide(value)
  }

  mutating func encode(_ value: UInt, forKey key: Key) throws {
    try begin(key)
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    try begin(key)
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try begin(key)
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try begin(key)
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try begin(key)
    writer.out.append(value)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    try begin(key)
    writer.out.appendWide(value)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if case .scalar(let scalar) = writer.kind(of: T.self) {
      try writer.checkConforming(value, scalar, path: writer.valuePath(frame, key))
      try begin(key)
      try writer.appendScalar(value, scalar, path: [])
      return
    }
    try writer.makeTop(frame, owner: owner)
    let mark = writer.mark(frame)
    do {
      try begin(key)
      let kind = writer.kind(of: T.self)
      if try !writer.appendWithoutSlot(value, kind, path: writer.valuePath(frame, key)) {
        try writer.writeNested(value, key: .key(key))
      }
    } catch {
      writer.rollBack(frame, to: mark)
      throw error
    }
  }

  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested =
      writer.nestedMemberContainer(
        .object, text: writer.keyText(key, in: frame), key: key, in: frame, owner: owner)
    return KeyedEncodingContainer(
      KeyedWriter<NestedKey>(writer: writer, frame: nested, owner: owner))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = writer.nestedMemberContainer(
      .array, text: writer.keyText(key, in: frame), key: key, in: frame, owner: owner)
    return UnkeyedWriter(writer: writer, frame: nested, owner: owner)
  }

  mutating func superEncoder() -> any Encoder {
    let key = CodixKey("super")
    return writer.superMember(
      text: writer.keyText(key, in: frame), key: key, in: frame, owner: owner)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    writer.superMember(text: writer.keyText(key, in: frame), key: key, in: frame, owner: owner)
  }
}

/// An unkeyed container of the writer.
struct UnkeyedWriter: UnkeyedEncodingContainer {
  let writer: JSONWriter
  let frame: FrameRef
  let owner: FrameRef

  var codingPath: [any CodingKey] { writer.containerPath(frame) }

  var count: Int { writer.isOpen(frame) ? writer.frames[Int(frame.index)].count : 0 }

  @inline(__always)
  private func begin() throws {
    try writer.beginElement(in: frame, owner: owner)
  }

  mutating func encodeNil() throws {
    try begin()
    writer.out.appendNull()
  }

  mutating func encode(_ value: Bool) throws {
    try begin()
    writer.out.append(value)
  }

  mutating func encode(_ value: String) throws {
    try begin()
    writer.out.append(string: value)
  }

  mutating func encode(_ value: Double) throws {
    try writer.checkConforming(value, path: writer.valuePath(frame, CodixKey(index: count)))
    try begin()
    try writer.append(value, path: [])
  }

  mutating func encode(_ value: Float) throws {
    try writer.checkConforming(value, path: writer.valuePath(frame, CodixKey(index: count)))
    try begin()
    try writer.append(value, path: [])
  }

  mutating func encode(_ value: Int) throws {
    try begin()
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int8) throws {
    try begin()
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int16) throws {
    try begin()
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int32) throws {
    try begin()
    writer.out.append(Int64(value))
  }

  mutating func encode(_ value: Int64) throws {
    try begin()
    writer.out.append(value)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws {
    try begin()
    writer.out.appendWide(value)
  }

  mutating func encode(_ value: UInt) throws {
    try begin()
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt8) throws {
    try begin()
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt16) throws {
    try begin()
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt32) throws {
    try begin()
    writer.out.append(UInt64(value))
  }

  mutating func encode(_ value: UInt64) throws {
    try begin()
    writer.out.append(value)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws {
    try begin()
    writer.out.appendWide(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    if case .scalar(let scalar) = writer.kind(of: T.self) {
      try writer.checkConforming(
        value, scalar, path: writer.valuePath(frame, CodixKey(index: count)))
      try begin()
      try writer.appendScalar(value, scalar, path: [])
      return
    }
    try writer.makeTop(frame, owner: owner)
    let mark = writer.mark(frame)
    do {
      let index = count
      try begin()
      let kind = writer.kind(of: T.self)
      if try !writer.appendWithoutSlot(
        value, kind, path: writer.valuePath(frame, CodixKey(index: index)))
      {
        try writer.writeNested(value, key: .index(index))
      }
    } catch {
      writer.rollBack(frame, to: mark)
      throw error
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = writer.nestedElementContainer(.object, in: frame, owner: owner)
    return KeyedEncodingContainer(
      KeyedWriter<NestedKey>(writer: writer, frame: nested, owner: owner))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = writer.nestedElementContainer(.array, in: frame, owner: owner)
    return UnkeyedWriter(writer: writer, frame: nested, owner: owner)
  }

  mutating func superEncoder() -> any Encoder {
    writer.superElement(in: frame, owner: owner)
  }
}

/// A single-value container of the writer, at a slot.
struct SingleValueWriter: SingleValueEncodingContainer {
  let writer: JSONWriter
  let slot: FrameRef
  /// The superEncoder whose container this is; nil for the writer's.
  let slotEncoder: SlotEncoder?

  var codingPath: [any CodingKey] {
    writer.isOpen(slot) ? writer.encoderPath(Int(slot.index)) : []
  }

  private var path: [any CodingKey] { codingPath }

  @inline(__always)
  private func begin() throws {
    try writer.beginSingle(slot)
  }

  @inline(__always)
  private func done() {
    writer.fill(Int(slot.index))
  }

  mutating func encodeNil() throws {
    try begin()
    writer.out.appendNull()
    done()
  }

  mutating func encode(_ value: Bool) throws {
    try begin()
    writer.out.append(value)
    done()
  }

  mutating func encode(_ value: String) throws {
    try begin()
    writer.out.append(string: value)
    done()
  }

  mutating func encode(_ value: Double) throws {
    try begin()
    try writer.append(value, path: path)
    done()
  }

  mutating func encode(_ value: Float) throws {
    try begin()
    try writer.append(value, path: path)
    done()
  }

  mutating func encode(_ value: Int) throws {
    try begin()
    writer.out.append(Int64(value))
    done()
  }

  mutating func encode(_ value: Int8) throws {
    try begin()
    writer.out.append(Int64(value))
    done()
  }

  mutating func encode(_ value: Int16) throws {
    try begin()
    writer.out.append(Int64(value))
    done()
  }

  mutating func encode(_ value: Int32) throws {
    try begin()
    writer.out.append(Int64(value))
    done()
  }

  mutating func encode(_ value: Int64) throws {
    try begin()
    writer.out.append(value)
    done()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws {
    try begin()
    writer.out.appendWide(value)
    done()
  }

  mutating func encode(_ value: UInt) throws {
    try begin()
    writer.out.append(UInt64(value))
    done()
  }

  mutating func encode(_ value: UInt8) throws {
    try begin()
    writer.out.append(UInt64(value))
    done()
  }

  mutating func encode(_ value: UInt16) throws {
    try begin()
    writer.out.append(UInt64(value))
    done()
  }

  mutating func encode(_ value: UInt32) throws {
    try begin()
    writer.out.append(UInt64(value))
    done()
  }

  mutating func encode(_ value: UInt64) throws {
    try begin()
    writer.out.append(value)
    done()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws {
    try begin()
    writer.out.appendWide(value)
    done()
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try begin()
    let index = Int(slot.index)
    // The value writes through this same encoder (JSONEncoder: no new
    // coding path key), and `{}` stands for one that writes nothing.
    try writer.writeValue(value, in: index, slotEncoder: slotEncoder, ownSlot: false)
    if writer.isOpen(slot) && !writer.frames[index].flags.contains(.filled)
      && writer.frames.count == index + 1
    {
      writer.appendEmptyObject()
      done()
    }
  }
}

// MARK: - What the containers ask of the writer

extension JSONWriter {
  /// Starts element number `count` of the array `ref`: makes it the top
  /// frame and writes the separator.
  @inline(__always)
  func beginElement(in ref: FrameRef, owner: FrameRef) throws {
    try makeTop(ref, owner: owner)
    let index = Int(ref.index)
    appendSeparator(count: frames[index].count, level: frames[index].level)
    frames[index].count += 1
  }

  /// Readies the slot `ref` for a value through its single-value container.
  @inline(__always)
  func beginSingle(_ ref: FrameRef) throws {
    if topGeneration == ref.generation && !frames[frames.count - 1].flags.contains(.filled) {
      return
    }
    try beginSingleSlowly(ref)
  }

  private func beginSingleSlowly(_ ref: FrameRef) throws {
    if frames.isEmpty { throw Self.finishedError }
    if restartTarget != nil { throw RestartSignal() }
    if ref.generation == Self.deadGeneration { throw misuseError(value: ()) }
    guard isOpen(ref) else {
      requestRestart(owner: .dead)
      throw RestartSignal()
    }
    let index = Int(ref.index)
    let owner = ownerRef(of: index)
    let flags = frames[index].flags
    if flags.contains(.filled) && !flags.contains(.holdsContainer) {
      // JSONEncoder stops on this precondition.
      recordMisuse(
        "Attempt to encode value through single value container when previously value already encoded.",
        at: encoderPath(index))
      throw misuseError(value: ())
    }
    // A value after a container (JSONEncoder keeps the container), or the
    // slot is not the top frame: the tree says.
    requestRestart(owner: owner)
    throw RestartSignal()
  }

  /// A container at a new member `text` (`key` in coding paths) of the
  /// object `ref`, or the one its last member opened under the same key
  /// (JSONEncoder hands back the same container for a key).
  func nestedMemberContainer(
    _ kind: WriterFrame.Kind, text: String, key: any CodingKey, in ref: FrameRef,
    owner: FrameRef
  ) -> FrameRef {
    guard restartTarget == nil, isOpen(ref) else {
      requestRestart(owner: owner)
      return .dead
    }
    let index = Int(ref.index)
    if let reused = openContainerOfLastMember(of: index, text: text) {
      guard frames[reused].kind == kind else {
        recordMisuse(
          "Attempt to re-encode into nested container for key \"\(text)\" is invalid: "
            + "a container of another kind is already encoded for this key",
          at: containerPath(index))
        return .dead
      }
      return FrameRef(reused, frames[reused].generation)
    }
    guard makeTopOrDefer(ref, owner: owner) else { return .dead }
    do {
      try beginMember(text, in: ref, owner: owner)
    } catch {
      return .dead
    }
    if members[members.count - 1].repeats >= 0 {
      // JSONEncoder merges into the value already at that key.
      requestRestart(owner: owner)
      return .dead
    }
    return openContainer(kind, key: .key(key), owner: Int(owner.index))
  }

  /// The frame right above the object `index`, when it is the open
  /// container of its last member and that member's key is `text`.
  private func openContainerOfLastMember(of index: Int, text: String) -> Int? {
    let above = index + 1
    guard above < frames.count, frames[above].kind != .slot, frames[index].count > 0 else {
      return nil
    }
    // The object's records end where the first object above it starts its own.
    let end = frames[above...].first { $0.kind == .object }?.firstMember ?? members.count
    guard end > frames[index].firstMember else { return nil }
    let last = members[end - 1]
    guard frames[above].start == last.keyEnd + colonLength else { return nil }
    guard keyString(last.start, last.keyEnd) == text else { return nil }
    return above
  }

  /// A container at a new element of the array `ref`.
  func nestedElementContainer(_ kind: WriterFrame.Kind, in ref: FrameRef, owner: FrameRef)
    -> FrameRef
  {
    guard makeTopOrDefer(ref, owner: owner) else { return .dead }
    let index = frames[Int(ref.index)].count
    do {
      try beginElement(in: ref, owner: owner)
    } catch {
      return .dead
    }
    return openContainer(kind, key: .index(index), owner: Int(owner.index))
  }

  /// The encoder of a superEncoder at member `text` (`key` in coding
  /// paths) of the object `ref`.
  func superMember(text: String, key: any CodingKey, in ref: FrameRef, owner: FrameRef)
    -> SlotEncoder
  {
    guard makeTopOrDefer(ref, owner: owner) else { return SlotEncoder(writer: self, slot: .dead) }
    do {
      try beginMember(text, in: ref, owner: owner, isSuper: true)
    } catch {
      return SlotEncoder(writer: self, slot: .dead)
    }
    return SlotEncoder(writer: self, slot: pushSuperSlot(.key(key), owner: Int(owner.index)))
  }

  /// The encoder of a superEncoder at a new element of the array `ref`.
  func superElement(in ref: FrameRef, owner: FrameRef) -> SlotEncoder {
    guard makeTopOrDefer(ref, owner: owner) else { return SlotEncoder(writer: self, slot: .dead) }
    let index = frames[Int(ref.index)].count
    do {
      try beginElement(in: ref, owner: owner)
    } catch {
      return SlotEncoder(writer: self, slot: .dead)
    }
    return SlotEncoder(writer: self, slot: pushSuperSlot(.index(index), owner: Int(owner.index)))
  }
}
