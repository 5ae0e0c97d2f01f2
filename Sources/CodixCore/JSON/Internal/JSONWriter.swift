import Foundation

// The writer behind CodixJSONEncoder: an Encoder that writes each value
// straight into one byte buffer, in the order the value encodes it.
//
// JSONEncoder builds a tree of every value (an object as a `[String: …]`),
// then prints it. The writer prints as it goes: a keyed container writes
// `"key":value` the moment `encode(_:forKey:)` is called. The state is a
// stack of frames, one per open object, open array, and value position
// ("slot"). On `{"a":[1,{"b":2}]}`, while `2` is written:
//
//     frame  kind    opened by                        key     state
//     0      slot    encode(_:) (the top level)       –       holds frame 1
//     1      object  container(keyedBy:)              –       1 member
//     2      slot    encode(_:forKey: "a")            a       holds frame 3
//     3      array   unkeyedContainer()               –       2 elements
//     4      slot    encode(_:) of the array          [1]     holds frame 5
//     5      object  container(keyedBy:)              –       1 member
//
// An object records where each member's key starts and ends
// (`MemberRecord`). When it closes, those records reorder it in place:
// sorted for `.sortedKeys` (and for a Dictionary's keys, whose own order
// changes from one process to the next), and a key written twice keeps
// its first place with its last value.
//
// A container handed to the caller names its frame and the frame's
// generation (`FrameRef`). Writing through it when its frame is the top one
// is the fast path: one comparison (`topGeneration`). A nested container the
// caller stopped using is closed when the frame below is written again.
// What a stream cannot do (a container written to after a sibling was
// opened, a nested container reopened after other keys, a superEncoder used
// after its parent moved on) asks for a restart: the value whose
// `encode(to:)` opened the frame (the owner slot) is encoded again into a
// tree with JSONEncoder's semantics (JSONTree.swift) and printed in its
// place. Its type is remembered (`TreeModeTypes`), so later values of that
// type go to the tree at once.
//
// Misuse that stops JSONEncoder with a precondition (a second value through
// one single-value container, a keyed container where an array was
// started) never stops the process here: the encode throws an
// `EncodingError.invalidValue` that says what happened.

/// A frame of the writer, and which incarnation of it (a frame index is
/// reused once its frame closes; its generation is not).
struct FrameRef: Equatable {
  var index: Int32
  var generation: UInt32

  init(_ index: Int, _ generation: UInt32) {
    self.index = Int32(truncatingIfNeeded: index)
    self.generation = generation
  }

  /// A reference that never names a frame: the container of a misuse.
  static let dead = FrameRef(0, JSONWriter.deadGeneration)
}

/// What a frame contributes to a coding path.
enum WriterPathKey {
  case none
  case index(Int)
  case key(any CodingKey)

  var codingKey: (any CodingKey)? {
    switch self {
    case .none: nil
    case .index(let index): CodixKey(index: index)
    case .key(let key): key
    }
  }
}

/// One open object, array or value position (see the file comment).
struct WriterFrame {
  enum Kind: UInt8 {
    case slot, object, array
  }

  struct Flags: OptionSet {
    let rawValue: UInt16
    /// A slot an encode of the writer's runs in (the owner of what it opens).
    static let active = Flags(rawValue: 1 << 0)
    /// A slot a superEncoder writes into.
    static let superSlot = Flags(rawValue: 1 << 1)
    /// A slot that holds a value (a scalar, or the container above it).
    static let filled = Flags(rawValue: 1 << 2)
    /// A slot whose value is the container frame right above it.
    static let holdsContainer = Flags(rawValue: 1 << 3)
    /// An object whose members are sorted by key when it closes.
    static let sorts = Flags(rawValue: 1 << 4)
    /// An object with a key written twice.
    static let duplicates = Flags(rawValue: 1 << 5)
    /// An object with a key that has an escape.
    static let escapedKey = Flags(rawValue: 1 << 6)
    /// An object with a key that has a byte above 0x7F.
    static let nonASCIIKey = Flags(rawValue: 1 << 7)
    /// A top-level slot: a value that writes nothing is an error.
    static let topLevel = Flags(rawValue: 1 << 8)
    /// A slot whose key is left out of the paths of the values inside it (a
    /// `[String: Value]` written with its keys as they are, as JSONEncoder
    /// paths its values).
    static let hidesKey = Flags(rawValue: 1 << 9)
  }

  var kind: Kind
  var flags: Flags
  /// A container's nesting level (0 outermost); a slot's value opens at it.
  var level: Int
  var generation: UInt32
  /// The active slot whose value this frame belongs to: the one encoded
  /// again in a tree on a restart. An active slot: the active slot around it.
  var owner: Int
  /// A container: the offset of its bracket. A slot: where its value starts.
  var start: Int
  /// A container: its members or elements so far.
  var count = 0
  /// An object: its first record in `members`.
  var firstMember = 0
  /// An object: one bit per key hash, for duplicates (see `registerMember`).
  var bloomLow: UInt64 = 0
  var bloomHigh: UInt64 = 0

  var isActiveSlot: Bool { kind == .slot && flags.contains(.active) }
}

/// Where one member of an open object is in the output.
struct MemberRecord {
  /// The offset of the key's opening quote.
  var start: Int
  /// The offset after the key's closing quote.
  var keyEnd: Int
  /// The member whose key this one repeats (its first occurrence), or -1.
  var repeats: Int32
  /// The key has a byte above 0x7F: compared as a String.
  var nonASCII: Bool
  /// A superEncoder's member: a repeat of its key goes to the tree.
  var isSuper: Bool
}

/// The error that unwinds to a slot being encoded again in a tree; never
/// leaves the writer.
struct RestartSignal: Error {}

/// See the file comment.
final class JSONWriter {
  static let deadGeneration: UInt32 = 1

  let out: JSONOutput
  let options: CodixJSONEncoder.Options
  let pretty: Bool
  let sortsKeys: Bool
  /// The key strategy is not `.useDefaultKeys`.
  let convertsKeys: Bool
  /// The types that go to the tree at once (a copy taken when the encode began).
  let treeTypes: Set<ObjectIdentifier>

  // Unchecked exclusivity: the state below is read and written by the
  // writer's own methods and containers only, none of which holds an
  // access across a call that reaches the same property (each access is a
  // load, a store, or an in-place update of one element), and a writer
  // belongs to one encode on one thread (see the table of unsafe
  // constructs in Docs/Architecture.md).

  @exclusivity(unchecked) var frames: [WriterFrame] = []
  /// The path key of each frame, by index.
  @exclusivity(unchecked) var keys: [WriterPathKey] = []
  @exclusivity(unchecked) var members: [MemberRecord] = []
  /// The generation of the top frame; 0 while a restart is pending, so that
  /// every container takes the slow path.
  @exclusivity(unchecked) var topGeneration: UInt32 = 0
  @exclusivity(unchecked) private var lastGeneration: UInt32 = deadGeneration
  /// The innermost active slot (the writer, as an Encoder, writes there).
  @exclusivity(unchecked) var currentSlot = -1
  /// The number of open objects and arrays.
  @exclusivity(unchecked) var openContainers = 0
  /// The active slot to encode again in a tree.
  @exclusivity(unchecked) var restartTarget: FrameRef?
  /// The first misuse: JSONEncoder's precondition message and where.
  @exclusivity(unchecked) var misuse: (message: String, path: [any CodingKey])?
  /// Where the first container nested too deep opened (JSONEncoder's
  /// limit: 512 levels), until the bytes before it are discarded.
  @exclusivity(unchecked) var tooDeepAt: Int?
  /// Keys converted to snake case, this encode.
  @exclusivity(unchecked) var snakeCaseKeys: [String: String] = [:]

  /// JSONEncoder's nesting limit: a container at this level or deeper fails.
  static let levelLimit = 511

  init(options: CodixJSONEncoder.Options, output: JSONOutput, treeTypes: Set<ObjectIdentifier>) {
    self.options = options
    self.out = output
    pretty = options.outputFormatting.contains(.prettyPrinted)
    sortsKeys = options.outputFormatting.contains(.sortedKeys)
    if case .useDefaultKeys = options.keyEncodingStrategy {
      convertsKeys = false
    } else {
      convertsKeys = true
    }
    self.treeTypes = treeTypes
    frames.reserveCapacity(32)
    keys.reserveCapacity(32)
    members.reserveCapacity(64)
  }

  // MARK: - Frames

  @inline(__always)
  private func nextGeneration() -> UInt32 {
    lastGeneration &+= 1
    if lastGeneration <= Self.deadGeneration { lastGeneration = Self.deadGeneration + 1 }
    return lastGeneration
  }

  /// Whether `ref` names a frame that is open.
  @inline(__always)
  func isOpen(_ ref: FrameRef) -> Bool {
    let index = Int(ref.index)
    return index >= 0 && index < frames.count && frames[index].generation == ref.generation
  }

  /// The generation the fast path compares with, after the top changed.
  @inline(__always)
  func refreshTop() {
    topGeneration = restartTarget == nil ? (frames.last?.generation ?? 0) : 0
  }

  /// Pushes an active slot, for a value the writer encodes: its value
  /// starts at the end of the output.
  @discardableResult
  func pushSlot(_ key: WriterPathKey, topLevel: Bool = false) -> FrameRef {
    pushSlot(key, flags: topLevel ? [.active, .topLevel] : .active, owner: currentSlot)
  }

  /// Pushes a superEncoder's slot, owned by the active slot `owner`.
  func pushSuperSlot(_ key: WriterPathKey, owner: Int) -> FrameRef {
    pushSlot(key, flags: .superSlot, owner: owner)
  }

  private func pushSlot(_ key: WriterPathKey, flags: WriterFrame.Flags, owner: Int) -> FrameRef {
    let generation = nextGeneration()
    let index = frames.count
    let active = flags.contains(.active)
    frames.append(
      WriterFrame(
        kind: .slot, flags: flags, level: openContainers, generation: generation,
        owner: owner, start: out.count))
    keys.append(key)
    if active { currentSlot = index }
    refreshTop()
    return FrameRef(index, generation)
  }

  /// Opens an object or an array at the end of the output (after its key
  /// or separator), owned by `owner`.
  func openContainer(_ kind: WriterFrame.Kind, key: WriterPathKey, owner: Int) -> FrameRef {
    let generation = nextGeneration()
    let index = frames.count
    let level = openContainers
    if level >= Self.levelLimit && tooDeepAt == nil { tooDeepAt = out.count }
    let start = out.count
    out.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    if pretty { out.append(UInt8(ascii: "\n")) }
    frames.append(
      WriterFrame(
        kind: kind, flags: [], level: level, generation: generation, owner: owner, start: start,
        firstMember: members.count))
    keys.append(key)
    openContainers += 1
    refreshTop()
    return FrameRef(index, generation)
  }

  /// Closes the top frame, writing what ends it.
  func closeTop() {
    let index = frames.count - 1
    let frame = frames[index]
    switch frame.kind {
    case .object, .array:
      if frame.kind == .object {
        if frame.flags.contains(.duplicates)
          || ((sortsKeys || frame.flags.contains(.sorts)) && frame.count > 1)
        {
          reorderMembers(of: frame)
        }
        members.removeLast(members.count - frame.firstMember)
      }
      if pretty {
        out.append(UInt8(ascii: "\n"))
        appendIndent(frame.level)
      }
      out.append(frame.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      openContainers -= 1
    case .slot:
      // A superEncoder's slot nothing was written into holds `{}`, as
      // JSONEncoder's referencing encoder writes when it goes away.
      if !frame.flags.contains(.filled) { appendEmptyObject() }
      if frame.flags.contains(.active) { currentSlot = frame.owner }
    }
    frames.removeLast()
    keys.removeLast()
    refreshTop()
  }

  /// Removes the top frame without writing anything (its bytes are about
  /// to be discarded).
  func discardTop() {
    let frame = frames.removeLast()
    keys.removeLast()
    switch frame.kind {
    case .object:
      members.removeLast(members.count - frame.firstMember)
      openContainers -= 1
    case .array:
      openContainers -= 1
    case .slot:
      if frame.flags.contains(.active) { currentSlot = frame.owner }
    }
    refreshTop()
  }

  /// Forgets the output from `offset` on, with what it recorded.
  func truncateOutput(to offset: Int) {
    out.truncate(to: offset)
    if let deep = tooDeepAt, deep >= offset { tooDeepAt = nil }
  }

  /// `{}` where a value that wrote nothing stands, as JSONEncoder prints
  /// an empty object.
  func appendEmptyObject() {
    if openContainers >= Self.levelLimit && tooDeepAt == nil { tooDeepAt = out.count }
    if pretty {
      out.append(UInt8(ascii: "{"), UInt8(ascii: "\n"))
      out.append(UInt8(ascii: "\n"))
      appendIndent(openContainers)
      out.append(UInt8(ascii: "}"))
    } else {
      out.append(UInt8(ascii: "{"), UInt8(ascii: "}"))
    }
  }

  @inline(__always)
  func appendIndent(_ level: Int) {
    out.append(repeating: UInt8(ascii: " "), count: 2 * level)
  }

  /// Marks the slot `index` as holding a value.
  @inline(__always)
  func fill(_ index: Int) {
    frames[index].flags.insert(.filled)
  }

  // MARK: - Making a frame the top one

  /// Makes the frame `ref` the top one, closing the nested containers and
  /// superEncoder slots above it that the caller has left. Throws a
  /// `RestartSignal` when the stream cannot (see the file comment): `owner`
  /// names the slot to encode again when the frame is closed.
  @inline(__always)
  func makeTop(_ ref: FrameRef, owner: FrameRef) throws {
    if topGeneration == ref.generation { return }
    try makeTopSlowly(ref, owner: owner)
  }

  private func makeTopSlowly(_ ref: FrameRef, owner: FrameRef) throws {
    if frames.isEmpty { throw Self.finishedError }
    if restartTarget != nil { throw RestartSignal() }
    if ref.generation == Self.deadGeneration { throw misuseError(value: ()) }
    guard isOpen(ref) else {
      requestRestart(owner: owner)
      throw RestartSignal()
    }
    let index = Int(ref.index)
    for above in (index + 1)..<frames.count where frames[above].isActiveSlot {
      // Written from inside a nested value's encode(to:).
      requestRestart(owner: ownerRef(of: index))
      throw RestartSignal()
    }
    while frames.count > index + 1 { closeTop() }
  }

  /// `makeTop` for the operations that cannot throw: false when a restart
  /// is pending (the next write throws it) or a misuse was recorded.
  func makeTopOrDefer(_ ref: FrameRef, owner: FrameRef) -> Bool {
    do {
      try makeTop(ref, owner: owner)
      return true
    } catch {
      return false
    }
  }

  /// The error for a container used after the encode that made it returned.
  static let finishedError = EncodingError.invalidValue(
    (),
    EncodingError.Context(
      codingPath: [],
      debugDescription: "A container of CodixJSONEncoder was used after its encode returned."))

  /// Asks for the slot `owner` (if still open, else the top level) to be
  /// encoded again in a tree.
  func requestRestart(owner: FrameRef) {
    guard restartTarget == nil, !frames.isEmpty else { return }
    if isOpen(owner) && frames[Int(owner.index)].isActiveSlot {
      restartTarget = owner
    } else {
      restartTarget = FrameRef(0, frames[0].generation)
    }
    topGeneration = 0
  }

  /// The active slot that owns frame `index`.
  func ownerRef(of index: Int) -> FrameRef {
    let owner = frames[index].isActiveSlot ? index : frames[index].owner
    return FrameRef(owner, frames[owner].generation)
  }

  // MARK: - Misuse

  /// Records what would stop JSONEncoder (the first time), at `path`.
  func recordMisuse(_ message: String, at path: [any CodingKey]) {
    if misuse == nil { misuse = (message, path) }
  }

  /// The error for the recorded misuse, naming `value`.
  func misuseError(value: Any) -> EncodingError {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: misuse?.path ?? [],
        debugDescription: misuse?.message ?? "A container was used after a misuse."))
  }

  // MARK: - Coding paths

  /// The coding path of the encoder that writes into the slot `index`:
  /// the keys of the slots below it and its own. (Like JSONEncoder's, it
  /// leaves out the keys of nested containers.)
  func encoderPath(_ index: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var position = index
    while position >= 0 {
      let frame = frames[position]
      if frame.kind == .slot, position == index || !frame.flags.contains(.hidesKey),
        let key = keys[position].codingKey
      {
        path.append(key)
      }
      position -= 1
    }
    return path.reversed()
  }

  /// The nearest slot at or below `index`.
  func slotIndex(below index: Int) -> Int {
    var position = index
    while position > 0 && frames[position].kind != .slot { position -= 1 }
    return position
  }

  /// The coding path of the container at frame `index`: its encoder's path
  /// and the keys of the nested containers from there.
  func containerPath(_ index: Int) -> [any CodingKey] {
    let slot = slotIndex(below: index)
    var path = encoderPath(slot)
    if slot + 1 <= index {
      for position in (slot + 1)...index {
        if let key = keys[position].codingKey { path.append(key) }
      }
    }
    return path
  }

  /// `containerPath` of `ref`, or `[]` when the frame is closed.
  func containerPath(_ ref: FrameRef) -> [any CodingKey] {
    isOpen(ref) ? containerPath(Int(ref.index)) : []
  }

  /// The path JSONEncoder reports for a value at `key` of the container
  /// `ref`: its encoder's path and the key.
  func valuePath(_ ref: FrameRef, _ key: any CodingKey) -> [any CodingKey] {
    guard isOpen(ref) else { return [key] }
    return encoderPath(slotIndex(below: Int(ref.index))) + [key]
  }
}

// MARK: - The Encoder

extension JSONWriter: Encoder {
  var codingPath: [any CodingKey] { currentSlot >= 0 ? encoderPath(currentSlot) : [] }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    keyedContainer(at: currentSlotRef, slotEncoder: nil)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    unkeyedContainer(at: currentSlotRef, slotEncoder: nil)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueWriter(writer: self, slot: currentSlotRef, slotEncoder: nil)
  }

  /// The innermost active slot; a dead reference once the encode returned
  /// (an encoder kept past its `encode(to:)`).
  private var currentSlotRef: FrameRef {
    currentSlot >= 0 && currentSlot < frames.count
      ? FrameRef(currentSlot, frames[currentSlot].generation) : .dead
  }
}

/// The encoder of a superEncoder's slot.
final class SlotEncoder: Encoder {
  let writer: JSONWriter
  let slot: FrameRef

  init(writer: JSONWriter, slot: FrameRef) {
    self.writer = writer
    self.slot = slot
  }

  var codingPath: [any CodingKey] {
    writer.isOpen(slot) ? writer.encoderPath(Int(slot.index)) : []
  }

  var userInfo: [CodingUserInfoKey: Any] { writer.options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    writer.keyedContainer(at: slot, slotEncoder: self)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    writer.unkeyedContainer(at: slot, slotEncoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueWriter(writer: writer, slot: slot, slotEncoder: self)
  }
}

// MARK: - Containers at a slot

extension JSONWriter {
  /// Why a container cannot open at a slot: JSONEncoder's precondition
  /// messages.
  private static let keyedAfterOther =
    "Attempt to push new keyed encoding container when already previously encoded at this path."
  private static let unkeyedAfterOther =
    "Attempt to push new unkeyed encoding container when already previously encoded at this path."

  /// The slot's object, opened now or earlier (JSONEncoder hands back the
  /// same object to a second `container(keyedBy:)`).
  func keyedContainer<Key: CodingKey>(at slot: FrameRef, slotEncoder: SlotEncoder?)
    -> KeyedEncodingContainer<Key>
  {
    let owner = slotOwner(slot)
    guard let frame = container(.object, at: slot, owner: owner, misuse: Self.keyedAfterOther)
    else {
      return KeyedEncodingContainer(KeyedWriter<Key>(writer: self, frame: .dead, owner: owner))
    }
    if !sortsKeys && Key.self == DictionaryKeyType.type {
      // A Dictionary's own order changes from one process to the next.
      frames[Int(frame.index)].flags.insert(.sorts)
    }
    return KeyedEncodingContainer(KeyedWriter<Key>(writer: self, frame: frame, owner: owner))
  }

  func unkeyedContainer(at slot: FrameRef, slotEncoder: SlotEncoder?)
    -> any UnkeyedEncodingContainer
  {
    let owner = slotOwner(slot)
    let frame =
      container(.array, at: slot, owner: owner, misuse: Self.unkeyedAfterOther) ?? .dead
    return UnkeyedWriter(writer: self, frame: frame, owner: owner)
  }

  /// The active slot a container at `slot` belongs to.
  private func slotOwner(_ slot: FrameRef) -> FrameRef {
    guard isOpen(slot) else { return slot }
    return ownerRef(of: Int(slot.index))
  }

  /// Opens (or finds) the container of `kind` holding the slot's value;
  /// nil after a restart request or a recorded misuse.
  func container(
    _ kind: WriterFrame.Kind, at slot: FrameRef, owner: FrameRef, misuse message: String
  ) -> FrameRef? {
    guard restartTarget == nil else { return nil }
    guard isOpen(slot) else {
      requestRestart(owner: owner)
      return nil
    }
    let index = Int(slot.index)
    let frame = frames[index]
    if frame.flags.contains(.holdsContainer) {
      let held = index + 1
      guard held < frames.count, frames[held].kind != .slot else {
        requestRestart(owner: owner)
        return nil
      }
      guard frames[held].kind == kind else {
        recordMisuse(message, at: encoderPath(index))
        return nil
      }
      let ref = FrameRef(held, frames[held].generation)
      // Nested containers left open above it close when it is written to.
      return ref
    }
    if frame.flags.contains(.filled) {
      // A value written through the single-value container: JSONEncoder
      // merges into it when it was an object or an array.
      requestRestart(owner: owner)
      return nil
    }
    guard makeTopOrDefer(slot, owner: owner) else { return nil }
    frames[index].flags.formUnion([.filled, .holdsContainer])
    let ownerIndex = frame.isActiveSlot ? index : frame.owner
    return openContainer(kind, key: .none, owner: ownerIndex)
  }
}
