import Foundation

// Reading the three words of swift-foundation's JSON encoder that the path
// style's encoding cache relies on (see EncodingContainerCache.swift for
// why): each is found through the reflection seam by name and type name, and
// trusted only once a trial encode agrees with what the cache assumes.

/// Where swift-foundation's JSON encoder keeps the object it is writing, its
/// owner, and a keyed container's object.
struct EncoderProbe {
  /// The plain encoder class (not its `superEncoder()` subclass).
  let encoderType: AnyClass
  /// The encoder's `object`: the object its keyed containers write into.
  let objectOffset: Int
  /// The encoder's `ownerEncoder`: the encoder of the enclosing value.
  let ownerOffset: Int
  /// A keyed container's object, from the start of the container's box.
  let referenceOffset: Int

  /// The address of an object.
  @inline(__always)
  static func address(of object: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
  }

  /// The box a keyed container is (a `KeyedEncodingContainer` is one reference).
  @inline(__always)
  static func box(of container: KeyedEncodingContainer<CodixKey>) -> UInt {
    // safe: `EncoderProbe.find` checked the container is one word; the caller
    // keeps it alive.
    unsafeBitCast(container, to: UInt.self)
  }

  /// The object `container` writes into.
  func reference(of container: KeyedEncodingContainer<CodixKey>) -> UInt {
    Self.reference(of: container, referenceOffset: referenceOffset)
  }

  /// `reference(of:)` for a probe's `referenceOffset`.
  static func reference(of container: KeyedEncodingContainer<CodixKey>, referenceOffset: Int)
    -> UInt
  {
    HeldCoder.word(at: box(of: container), offset: referenceOffset)
  }

  /// Whether the object `container` writes into is still held by something
  /// other than `container`: by its parent object, unless a value was written
  /// at its key since.
  func isAttached(_ container: KeyedEncodingContainer<CodixKey>) -> Bool {
    Self.isAttached(container, referenceOffset: referenceOffset)
  }

  /// `isAttached(_:)` for a probe's `referenceOffset`.
  static func isAttached(_ container: KeyedEncodingContainer<CodixKey>, referenceOffset: Int)
    -> Bool
  {
    // safe: the field at `referenceOffset` of the live box holds a strong
    // reference to an instance of a native Swift class; it is only read here,
    // as a native class (not `AnyObject`, which a debug build copies before
    // the check, so the check never sees a unique reference).
    let field = UnsafeMutableRawPointer(bitPattern: box(of: container) + UInt(referenceOffset))
      .unsafelyUnwrapped
    return field.withMemoryRebound(to: NativeObject.self, capacity: 1) {
      !isKnownUniquelyReferenced(&$0.pointee)
    }
  }

  /// Stands for the class of the object a container writes into, whose
  /// reference count is all `isAttached` reads.
  private final class NativeObject {}

  /// Whether the encoder object at `encoder` may have its containers kept:
  /// it is a plain encoder (not a `superEncoder()` encoder, which writes its
  /// value when it is released, whatever static type it is passed as) below
  /// the top level, and so is every encoder above it, which holding it keeps
  /// alive.
  func isCacheable(_ encoder: UInt) -> Bool {
    guard isPlainEncoder(at: encoder) else { return false }
    var owner = HeldCoder.word(at: encoder, offset: ownerOffset)
    guard owner != 0 else { return false }
    while owner != 0 {
      guard isPlainEncoder(at: owner) else { return false }
      owner = HeldCoder.word(at: owner, offset: ownerOffset)
    }
    return true
  }

  /// Whether the live object at `address` is of the plain encoder class.
  private func isPlainEncoder(at address: UInt) -> Bool {
    // safe: callers pass live encoders (an owner is kept alive by the live
    // encoder that references it).
    let object = Unmanaged<AnyObject>.fromOpaque(
      UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped
    ).takeUnretainedValue()
    return type(of: object) == encoderType
  }

  /// The probe for `JSONEncoder` in this process, or `nil` when its fields
  /// are not found or a trial encode disagrees (then nothing is cached).
  static let proven: EncoderProbe? = Probes.proven { EncoderTrial.run() }

  /// The probe whose fields are found in `encoderType` and the box of
  /// `container`; `nil` when one is missing or not one word.
  static func find(encoderType: AnyClass, container: KeyedEncodingContainer<CodixKey>)
    -> EncoderProbe?
  {
    let name = String(reflecting: encoderType)
    guard
      name.hasPrefix("FoundationEssentials.") || name.hasPrefix("Foundation."),
      name.hasSuffix(".__JSONEncoder"),
      MemoryLayout<KeyedEncodingContainer<CodixKey>>.size == MemoryLayout<UInt>.size,
      let object = field("object", of: encoderType, typeSuffix: ".RefObject>"),
      let owner = field("ownerEncoder", of: encoderType, typeSuffix: ".__JSONEncoder>")
    else { return nil }
    // safe: checked just above to be one word, a reference to the box.
    let box: AnyObject = unsafeBitCast(container, to: AnyObject.self)
    guard
      let concrete = field("concrete", of: type(of: box), typeSuffix: ".CodixKey>", oneWord: false),
      let reference = field("reference", of: concrete.type, typeSuffix: ".RefObject")
    else { return nil }
    return EncoderProbe(
      encoderType: encoderType, objectOffset: object.offset, ownerOffset: owner.offset,
      referenceOffset: concrete.offset + reference.offset)
  }

  /// The stored property `name` of `type` whose type's name ends with
  /// `typeSuffix`, at a word-aligned offset; `nil` unless there is one, and,
  /// when `oneWord`, its type is one word.
  private static func field(
    _ name: String, of type: Any.Type, typeSuffix: String, oneWord: Bool = true
  ) -> StoredProperty? {
    guard
      let field = Reflection.storedProperties(of: type).first(where: {
        $0.name == name && String(reflecting: $0.type).hasSuffix(typeSuffix)
      }),
      !oneWord || size(of: field.type) == MemoryLayout<UInt>.size,
      field.offset >= 0, field.offset % MemoryLayout<UInt>.alignment == 0
    else { return nil }
    return field
  }

  private static func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }
}

/// A canned encode that finds the probe and checks, on this process's
/// `JSONEncoder`, everything the encoding cache relies on.
private final class EncoderTrial: @unchecked Sendable {
  // Unchecked: used by the one encode that owns it, on one thread.
  static let key = CodingUserInfoKey(rawValue: "codix.encoderProbeTrial")!  // safe: never nil.

  var probe: EncoderProbe?
  var failed = false
  var checks = 0

  static func run() -> EncoderProbe? {
    let trial = EncoderTrial()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.userInfo[key] = trial
    guard let data = try? encoder.encode(Root()),
      String(decoding: data, as: UTF8.self)
        == #"{"child":{"x":2},"j":{},"k":1,"sub":{"y":3}}"#,
      !trial.failed, trial.checks == 9
    else { return nil }
    return trial.probe
  }

  func expect(_ condition: Bool) {
    if condition { checks += 1 } else { failed = true }
  }

  static func trial(_ encoder: any Encoder) throws -> EncoderTrial {
    guard let trial = encoder.userInfo[key] as? EncoderTrial else {
      throw CodixError(.dataCorrupted, at: .root)
    }
    return trial
  }

  /// Writes `{"k": 1, "j": {}, "child": {"x": 2}, "sub": {"y": 3}}`,
  /// checking the words on the way.
  struct Root: Encodable {
    func encode(to encoder: any Encoder) throws {
      let trial = try EncoderTrial.trial(encoder)
      guard type(of: encoder) is AnyClass else { throw CodixError(.dataCorrupted, at: .root) }
      let object = encoder as AnyObject
      let encoderType: AnyClass = type(of: object)
      var root = encoder.container(keyedBy: CodixKey.self)
      guard let probe = EncoderProbe.find(encoderType: encoderType, container: root) else {
        throw CodixError(.dataCorrupted, at: .root)
      }
      trial.probe = probe
      let address = EncoderProbe.address(of: object)
      // The top level has no owner; its object is the one its containers write into.
      trial.expect(HeldCoder.word(at: address, offset: probe.ownerOffset) == 0)
      let written = HeldCoder.word(at: address, offset: probe.objectOffset)
      trial.expect(written != 0 && written == probe.reference(of: root))
      trial.expect(probe.reference(of: encoder.container(keyedBy: CodixKey.self)) == written)
      // A key's nested object is the same object each time it is opened.
      let nested = root.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey("k"))
      do {
        let again = root.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey("k"))
        trial.expect(probe.reference(of: again) == probe.reference(of: nested))
      }
      let other = root.nestedContainer(keyedBy: CodixKey.self, forKey: CodixKey("j"))
      trial.expect(
        probe.reference(of: other) != probe.reference(of: nested)
          && probe.reference(of: other) != written)
      // A nested object is held by its parent until a value replaces it.
      trial.expect(probe.isAttached(nested))
      try root.encode(1, forKey: CodixKey("k"))
      trial.expect(!probe.isAttached(nested))
      // A nested value's encoder is plain and owned by this one; a
      // `superEncoder()` encoder is of another type.
      try root.encode(Child(owner: address), forKey: CodixKey("child"))
      let sub = root.superEncoder(forKey: CodixKey("sub"))
      trial.expect(type(of: sub as AnyObject) != encoderType)
      try Sub().encode(to: sub)
    }
  }

  struct Child: Encodable {
    let owner: UInt

    func encode(to encoder: any Encoder) throws {
      let trial = try EncoderTrial.trial(encoder)
      guard let probe = trial.probe, type(of: encoder) is AnyClass else {
        throw CodixError(.dataCorrupted, at: .root)
      }
      let object = encoder as AnyObject
      trial.expect(
        type(of: object) == probe.encoderType
          && HeldCoder.word(at: EncoderProbe.address(of: object), offset: probe.ownerOffset)
            == owner
      )
      var container = encoder.container(keyedBy: CodixKey.self)
      try container.encode(2, forKey: CodixKey("x"))
    }
  }

  struct Sub: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodixKey.self)
      try container.encode(3, forKey: CodixKey("y"))
    }
  }
}
