import CodixCore

/// The state every wrapper keeps: its value once set, and its setup.
@usableFromInline
struct WrapperStorage<Value> {
  @usableFromInline var value: Value?
  /// The declaration's setup; `nil` in instances the engine makes to decode
  /// into (see `SetupRecording`), which never need it: the model's table has it.
  @usableFromInline let setupBox: SetupBox<Value>?

  @inlinable
  init(value: Value?, setup: @autoclosure () -> FieldSetup<Value>) {
    self.value = value
    self.setupBox = SetupRecording.recordsSetup() ? SetupBox(setup()) : nil
  }

  /// The value, or `nil` of an optional `Value` when none was set.
  var current: Value? {
    if let value { return value }
    return anyOptionalType(Value.self)?.noneValue as? Value
  }
}

/// What a wrapper's setup says that does not depend on its value type: all
/// the table builder reads of a property declared without options or a
/// codec of its own, read through the wrapper's memory without generic code.
@usableFromInline
class SetupFacts: @unchecked Sendable {
  // Unchecked: immutable.
  /// The path the initializer was given, if any.
  let key: Path?
  /// Whether the property has an initial value or default.
  let hasDefault: Bool
  /// Whether the property has no options and no codec of its own.
  let isPlain: Bool

  @usableFromInline
  init(key: Path?, hasDefault: Bool, isPlain: Bool) {
    self.key = key
    self.hasDefault = hasDefault
    self.isPlain = isPlain
  }

  /// The read of an option-less property whose wrapper type's kit is
  /// `kit`, made by code specialised for its value (`SetupBox`); `nil` when
  /// there is none.
  func specialisedRead(_ kit: PlainKit) -> FieldRead? { nil }
}

/// A wrapper's setup, by reference: a wrapper stores one word for it.
@usableFromInline
final class SetupBox<Value>: SetupFacts, @unchecked Sendable {
  // Unchecked: immutable, like its setup.
  @usableFromInline let setup: FieldSetup<Value>
  /// Makes the read of an option-less property from its reader and the
  /// offset of the wrapper's `Value?`. Made here, in the model's own
  /// specialised code, so the read stores a `Value?` whose type is known:
  /// the engine's generic code looks `Optional<Value>`'s metadata up at
  /// every such store (about 450 instructions).
  @usableFromInline let storingRead: (FieldReader<Value>, Int) -> FieldRead

  /// Inlinable: made in the model's own specialised code, where reading the
  /// setup costs no metadata lookups (a blank instance per model type makes
  /// one per wrapper).
  @inlinable
  init(_ setup: FieldSetup<Value>) {
    self.setup = setup
    storingRead = { reader, valueOffset in
      { storage, cursor, context in
        guard let value = try reader.read(&cursor, context) else { return false }
        (storage + valueOffset).assumingMemoryBound(to: Value?.self).pointee = value
        return true
      }
    }
    super.init(
      key: setup.key, hasDefault: setup.hasDefault,
      isPlain: setup.options.isEmpty && setup.codecBox == nil)
  }

  override func specialisedRead(_ kit: PlainKit) -> FieldRead? {
    guard let kit = kit as? ValueKit<Value>, let valueOffset = kit.valueOffset else { return nil }
    return storingRead(kit.reader, valueOffset)
  }
}

extension WrapperStorage: Sendable where Value: Sendable {}
