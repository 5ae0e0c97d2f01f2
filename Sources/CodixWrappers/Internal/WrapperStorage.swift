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
}

/// A wrapper's setup, by reference: a wrapper stores one word for it.
@usableFromInline
final class SetupBox<Value>: SetupFacts, @unchecked Sendable {
  // Unchecked: immutable, like its setup.
  @usableFromInline let setup: FieldSetup<Value>

  /// Inlinable: made in the model's own specialised code, where reading the
  /// setup costs no metadata lookups (a blank instance per model type makes
  /// one per wrapper).
  @inlinable
  init(_ setup: FieldSetup<Value>) {
    self.setup = setup
    super.init(
      key: setup.key, hasDefault: setup.hasDefault,
      isPlain: setup.options.isEmpty && setup.codecBox == nil)
  }
}

extension WrapperStorage: Sendable where Value: Sendable {}
