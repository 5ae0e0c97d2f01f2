import CodixCore

/// Everything a wrapper's initializer says about its property. Captured once
/// per model type from a blank `init()` instance; never read per decode.
/// Most properties have no options: each accessor answers those from
/// `flags`, without touching the (generic) option list, whose every use in
/// the table builder's unspecialised code costs metadata lookups.
@usableFromInline
struct FieldSetup<Value>: Sendable {
  @usableFromInline var key: Path?
  @usableFromInline var options: [KodableOption<Value>]
  @usableFromInline var hasDefault: Bool
  /// The codec, boxed so that a wrapper stays small; `nil` for the wrapper's
  /// default (plain `Decodable`, or ISO 8601 for `@CodableDate`), which the
  /// field table resolves once per type.
  @usableFromInline var codecBox: CodecBox<Value>?
  /// The options that carry no value, collected once.
  @usableFromInline var flags: OptionFlags

  var codec: (any FieldCodec<Value>)? { codecBox?.codec }

  @inlinable
  init(
    key: Path?, options: [KodableOption<Value>], hasDefault: Bool, codec: (any FieldCodec<Value>)?
  ) {
    self.key = key
    self.options = options
    self.hasDefault = hasDefault
    self.codecBox = codec.map(CodecBox.init)
    // Most properties have no options: answered here, in the model's own
    // specialised code, without a call into unspecialised generic code.
    self.flags = options.isEmpty ? [] : OptionFlags.of(options)
  }

  /// The path to read, from the options' `.key` or the initializer's key.
  var path: Path? {
    if !hasOptions { return key }
    for option in options.reversed() {
      if case .key(let path) = option.kind { return path }
    }
    return key
  }

  /// The path written when encoding: `.encodingKey`'s, else `path`.
  var encodingPath: Path? {
    if !hasOptions { return key }
    for option in options.reversed() {
      if case .encodingKey(let path) = option.kind { return path }
    }
    return path
  }

  /// Whether a wrong value keeps the default (`.defaultOnFailure`).
  var defaultOnFailure: Bool { has(.defaultOnFailure) }

  /// Whether the property holds the keys no other property reads.
  var isExtras: Bool { has(.extras) }

  /// The rules of `.omitIfDefault` and `.omit(when:)`; `nil` when none.
  var omitRules: [KodableOption<Value>.OmitRule]? {
    if !hasOptions { return nil }
    let rules = options.compactMap {
      if case .omit(let rule) = $0.kind { return rule }
      return nil
    }
    return rules.isEmpty ? nil : rules
  }

  /// The paths of `.aliases`, tried in order when `path` holds no value.
  var aliases: [Path] {
    if !hasOptions { return [] }
    return options.flatMap {
      if case .aliases(let paths) = $0.kind { return paths }
      return []
    }
  }

  /// Whether the property was given any option.
  var hasOptions: Bool { flags.contains(.given) }

  /// Whether an option without a value (`.required`, `.extras`, …) is given.
  func has(_ flag: OptionFlags) -> Bool {
    flags.contains(flag)
  }

  var rules: FieldRules {
    var rules = FieldRules()
    if !hasOptions { return rules }
    for option in options {
      switch option.kind {
      case .enforceTypeDecoding: rules.lossy = false
      case .lossy: rules.lossy = true
      case .lossless: rules.lossless = true
      default: break
      }
    }
    return rules
  }

  var encodesNil: Bool { has(.encodeAsNullIfNil) }

  /// Whether a value must be present even with an initial value or default.
  var isRequired: Bool { has(.required) }

  /// Whether the property is read and whether it is written.
  var direction: (reads: Bool, writes: Bool) {
    var direction = (reads: true, writes: true)
    if !hasOptions { return direction }
    for option in options {
      if case .direction(let only) = option.kind {
        direction = only == .decodeOnly ? (true, false) : (false, true)
      }
    }
    return direction
  }

  var debugJSON: Bool { has(.debugJSON) }

  /// The modifiers and validations, in order; `nil` when none.
  var modifiers: [KodableModifier<Value>]? {
    if !hasOptions { return nil }
    let modifiers = options.compactMap {
      if case .modifier(let modifier) = $0.kind { return modifier }
      return nil
    }
    return modifiers.isEmpty ? nil : modifiers
  }
}

/// A codec on the heap, shared by every copy of a wrapper.
@usableFromInline
final class CodecBox<Value>: Sendable {
  let codec: any FieldCodec<Value>

  @usableFromInline
  init(_ codec: any FieldCodec<Value>) {
    self.codec = codec
  }
}
