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

/// A wrapper's setup, by reference: a wrapper stores one word for it.
@usableFromInline
final class SetupBox<Value>: Sendable {
  let setup: FieldSetup<Value>

  @usableFromInline
  init(_ setup: FieldSetup<Value>) {
    self.setup = setup
  }
}

extension WrapperStorage: Sendable where Value: Sendable {}
