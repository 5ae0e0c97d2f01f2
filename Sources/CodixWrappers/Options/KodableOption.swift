/// An option of a Codix property wrapper: `@Coding("key", .trimmed, .encodeAsNullIfNil)`.
///
/// | option | effect |
/// |---|---|
/// | `.key("a.b[0]")` | read and write at this path instead of the property name |
/// | `.enforceTypeDecoding` | no lossy fallbacks: `"true"` is not a `Bool`, a bad array element fails the array |
/// | `.lossless` | also read numbers from numeric strings (`"42"` as `Int`) |
/// | `.encodeAsNullIfNil` | write `null` for `nil` instead of omitting the key |
/// | `.debugJSON` | print the JSON this property is decoded from |
/// | `.modifier(m)`, `.overrideValue { }`, `.validation { }` | change or check the decoded value |
///
/// Presets: `.trimmed`, `.trimmedNilIfEmpty`, `.ascending`, `.descending`,
/// `.ascending(by:)`, `.descending(by:)`, `.sorted(using:)`, `.clamping(to:)`,
/// `.range(_:)`, `.max(_:)`, `.min(_:)`.
public struct KodableOption<Value>: Sendable {
  enum Kind: Sendable {
    case enforceTypeDecoding
    case lossless
    case encodeAsNullIfNil
    case debugJSON
    case key(Path)
    case modifier(KodableModifier<Value>)
  }

  let kind: Kind

  init(_ kind: Kind) {
    self.kind = kind
  }

  /// Turns off the lossy fallbacks for this property: a `Bool` must be a
  /// JSON boolean, a `String` a JSON string, and one bad array element fails
  /// the whole array.
  public static var enforceTypeDecoding: KodableOption { KodableOption(.enforceTypeDecoding) }

  /// Also reads numbers written as strings: `"42"` for an `Int`, `"9.5"` for a `Double`.
  /// Each such coercion is recorded to ``CodixDiagnostics``.
  public static var lossless: KodableOption { KodableOption(.lossless) }

  /// Encodes `nil` as an explicit `null` instead of leaving the key out.
  public static var encodeAsNullIfNil: KodableOption { KodableOption(.encodeAsNullIfNil) }

  /// Prints the JSON this property is decoded from, each time it is decoded.
  /// See ``CodixDebugOutput`` to send it elsewhere than standard output.
  public static var debugJSON: KodableOption { KodableOption(.debugJSON) }

  /// Reads and writes the property at `path` (any Codix path: `"a.b[0].c"`).
  public static func key(_ path: Path) -> KodableOption { KodableOption(.key(path)) }

  /// Applies a modifier to the decoded value.
  public static func modifier(_ modifier: KodableModifier<Value>) -> KodableOption {
    KodableOption(.modifier(modifier))
  }

  /// Replaces the decoded value with `override(value)`.
  public static func overrideValue(_ override: @escaping @Sendable (Value) -> Value)
    -> KodableOption
  {
    KodableOption(.modifier(KodableModifier(override)))
  }

  /// Rejects the decoded value when `validation(value)` is `false`.
  ///
  /// ```swift
  /// @Coding(.validation({ $0 > 500 })) var width: Int
  /// // {"width": 400} throws: Image.width at width: validation failed, found 400
  /// ```
  public static func validation(_ validation: @escaping @Sendable (Value) -> Bool)
    -> KodableOption
  {
    KodableOption(.modifier(KodableModifier(validation)))
  }
}
