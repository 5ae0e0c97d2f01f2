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

/// The wrappers' common face to the engine.
protocol WrapperField {
  /// The field's entry in its model's table, or `nil` when the wrapper is
  /// not stored at `keyPath` as expected.
  func makeEntry<Root>(name: String, keyPath: AnyKeyPath, root: Root.Type) throws -> TableField<
    Root
  >?
}

/// The state every wrapper keeps: its value once set, and its setup.
@usableFromInline
struct WrapperStorage<Value> {
  @usableFromInline var value: Value?
  /// The declaration's setup; `nil` in instances made by decoding (see
  /// `SetupRecording`), which never need it: the model's table has it.
  @usableFromInline let setupBox: SetupBox<Value>?

  @inlinable
  init(value: Value?, setup: @autoclosure () -> FieldSetup<Value>) {
    self.value = value
    self.setupBox = SetupRecording.isSkipping ? nil : SetupBox(setup())
  }

  @inlinable
  var current: Value? {
    if let value { return value }
    if let nilLiteral = Value.self as? any ExpressibleByNilLiteral.Type {
      return nilLiteral.init(nilLiteral: ()) as? Value
    }
    return nil
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
/// to build its table from a prototype. Instances made by `init(from:)` skip
/// them: storing them inline made every wrapper about 64 bytes, and models
/// several times the size of their values, which costs time in every copy.
@usableFromInline
enum SetupRecording {
  private static let skipsSetup = ThreadLocal { false }

  /// Whether wrappers created now on this thread skip their setup.
  @usableFromInline
  static var isSkipping: Bool { skipsSetup.pointerIfPresent?.pointee ?? false }

  /// Runs `body` with setup recording off (`skipping: true`) or on.
  static func run<T>(skipping: Bool, _ body: () throws -> T) rethrows -> T {
    guard let flag = skipping || isSkipping ? skipsSetup.pointer : nil else { return try body() }
    let previous = flag.pointee
    flag.pointee = skipping
    defer { flag.pointee = previous }
    return try body()
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
