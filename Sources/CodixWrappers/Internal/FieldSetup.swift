import CodixCore

/// Everything a wrapper's initializer says about its property. Captured once
/// per model type from a blank `init()` instance; never read per decode.
@usableFromInline
struct FieldSetup<Value>: Sendable {
  @usableFromInline var key: Path?
  @usableFromInline var options: [KodableOption<Value>]
  @usableFromInline var hasDefault: Bool
  /// The codec, boxed so that a wrapper stays small; `nil` for the wrapper's
  /// default (plain `Decodable`, or ISO 8601 for `@CodableDate`), which the
  /// field table resolves once per type.
  @usableFromInline var codecBox: CodecBox<Value>?

  var codec: (any FieldCodec<Value>)? { codecBox?.codec }

  @inlinable
  init(
    key: Path?, options: [KodableOption<Value>], hasDefault: Bool, codec: (any FieldCodec<Value>)?
  ) {
    self.key = key
    self.options = options
    self.hasDefault = hasDefault
    self.codecBox = codec.map(CodecBox.init)
  }

  /// The path to read, from the options' `.key` or the initializer's key.
  var path: Path? {
    for option in options.reversed() {
      if case .key(let path) = option.kind { return path }
    }
    return key
  }

  func has(_ predicate: (KodableOption<Value>.Kind) -> Bool) -> Bool {
    options.contains { predicate($0.kind) }
  }

  var rules: FieldRules {
    var rules = FieldRules()
    for option in options {
      switch option.kind {
      case .enforceTypeDecoding: rules.lossy = false
      case .lossless: rules.lossless = true
      default: break
      }
    }
    return rules
  }

  var encodesNil: Bool {
    has {
      if case .encodeAsNullIfNil = $0 { return true }
      return false
    }
  }

  var debugJSON: Bool {
    has {
      if case .debugJSON = $0 { return true }
      return false
    }
  }

  var modifiers: [KodableModifier<Value>] {
    options.compactMap {
      if case .modifier(let modifier) = $0.kind { return modifier }
      return nil
    }
  }
}

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
    return (Value.self as? any AnyOptional.Type)?.noneValue as? Value
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

/// Whether wrappers being created record their setup.
///
/// A wrapper's key, options and transformer are needed once per model type,
/// to build its table from a blank prototype. The instances the engine makes
/// to decode into skip them: storing them made every wrapper about 64 bytes,
/// and models several times the size of their values, which costs time in
/// every copy. The engine skips them only for a model whose `init()` creates
/// no wrappers but its own (counted when its table is built): a wrapper made
/// by any other code always keeps its setup, so every instance a program
/// makes can be encoded, whoever made it.
@usableFromInline
enum SetupRecording {
  private struct State {
    var skipping = false
    var created = 0
  }

  private static let state = ThreadLocal { State() }

  /// Whether a wrapper being created now on this thread records its setup;
  /// counts the wrappers that do.
  @usableFromInline
  static func recordsSetup() -> Bool {
    guard let state = state.pointerIfPresent else { return true }
    if state.pointee.skipping { return false }
    state.pointee.created += 1
    return true
  }

  /// Runs `body` with recording off: wrappers it creates keep no setup.
  static func skipping<T>(_ body: () throws -> T) rethrows -> T {
    guard let state = state.pointer else { return try body() }
    let previous = state.pointee.skipping
    state.pointee.skipping = true
    defer { state.pointee.skipping = previous }
    return try body()
  }

  /// Runs `body` with recording on; returns its result and how many wrappers it created.
  static func counting<T>(_ body: () throws -> T) rethrows -> (value: T, wrappers: Int) {
    guard let state = state.pointer else { return (try body(), 0) }
    let previous = state.pointee
    state.pointee = State()
    defer { state.pointee = previous }
    let value = try body()
    return (value, state.pointee.created)
  }
}

extension WrapperStorage: Sendable where Value: Sendable {}

/// A codec on the heap, shared by every copy of a wrapper.
@usableFromInline
final class CodecBox<Value>: Sendable {
  let codec: any FieldCodec<Value>

  @usableFromInline
  init(_ codec: any FieldCodec<Value>) {
    self.codec = codec
  }
}
