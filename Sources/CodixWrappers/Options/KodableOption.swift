import CodixCore

/// An option of a Codix property wrapper: `@Coding("key", .trimmed, .encodeAsNullIfNil)`.
///
/// | option | effect |
/// |---|---|
/// | `.aliases("user_id", "data.id")` | when the key holds no value, read the first of these that does |
/// | `.defaultOnFailure` | keep the default (or `nil`) when the value is there but wrong, reported |
/// | `.extras` | on a `[String: JSONValue]`: every key no property reads, written back |
/// | `.encodingKey("userId")` | write at this path instead of the key read |
/// | `.omitIfDefault`, `.omit(when: v)` | leave the property out of encoding when it equals its default, or `v` |
/// | `.enforceTypeDecoding` | no lossy fallbacks: `"true"` is not a `Bool`, a bad array element fails the array |
/// | `.lossless` | also read numbers from numeric strings (`"42"` as `Int`) |
/// | `.encodeAsNullIfNil` | write `null` for `nil` instead of omitting the key |
/// | `.debugJSON` | print the JSON this property is decoded from |
/// | `.overrideValue { }`, `.validation { }` | change or check the decoded value |
///
/// Presets: `.trimmed`, `.trimmedNilIfEmpty`, `.ascending`, `.descending`,
/// `.ascending(by:)`, `.descending(by:)`, `.sorted(using:)`, `.clamping(to:)`,
/// `.max(_:)`, `.min(_:)`. Kodable's spellings (`.key(_:)`, `.enforceType`,
/// `.lossy`, `.range(_:)`, `.modifier(_:)`) work too; the guides use the
/// ones above.
public struct KodableOption<Value>: Sendable {
  enum Kind: Sendable {
    case enforceTypeDecoding
    case lossy
    case lossless
    case direction(Direction)
    case required
    case encodeAsNullIfNil
    case debugJSON
    case key(Path)
    case aliases([Path])
    case encodingKey(Path)
    case extras
    case defaultOnFailure
    case omit(OmitRule)
    case modifier(KodableModifier<Value>)

    /// The option as a flag, when it carries no value.
    var flag: OptionFlags {
      switch self {
      case .required: .required
      case .encodeAsNullIfNil: .encodeAsNullIfNil
      case .debugJSON: .debugJSON
      case .extras: .extras
      case .defaultOnFailure: .defaultOnFailure
      default: []
      }
    }
  }

  /// When encoding leaves a property out.
  enum OmitRule: Sendable {
    /// When the value equals the property's default, compared with this.
    case equalToDefault(@Sendable (Value, Value) -> Bool)
    /// When the value passes this test.
    case matching(@Sendable (Value) -> Bool)

    /// Whether the rule compares with the property's default.
    var needsDefault: Bool {
      if case .equalToDefault = self { return true }
      return false
    }
  }

  /// Which ways a property is coded.
  enum Direction: Sendable {
    case decodeOnly, encodeOnly
  }

  let kind: Kind

  init(_ kind: Kind) {
    self.kind = kind
  }

  /// Turns off the lossy fallbacks for this property: a `Bool` must be a
  /// JSON boolean, a `String` a JSON string, and one bad array element fails
  /// the whole array.
  public static var enforceTypeDecoding: KodableOption { KodableOption(.enforceTypeDecoding) }

  /// The same as ``enforceTypeDecoding``: Kodable's current name.
  public static var enforceType: KodableOption { KodableOption(.enforceTypeDecoding) }

  /// States that the property reads lossily, which is the default: a `Bool`
  /// also from `0`/`1` and `"true"`/`"false"`, a `String` from a number, and an
  /// array without the elements that fail. Kodable's current name; it undoes
  /// an earlier ``enforceTypeDecoding`` of the same property.
  public static var lossy: KodableOption { KodableOption(.lossy) }

  /// Also reads numbers written as strings (`"42"` for an `Int`, `"9.5"` for a
  /// `Double`) and strings written as numbers or booleans (`1.5` and `true`
  /// for a `String`); in an array, each element is read so, and the elements
  /// that still fail or are `null` are dropped. Each coercion is recorded to
  /// ``CodixDiagnostics``.
  public static var lossless: KodableOption { KodableOption(.lossless) }

  /// Reads the property but never writes it when encoding.
  public static var decodeOnly: KodableOption { KodableOption(.direction(.decodeOnly)) }

  /// Writes the property when encoding but never reads it: it keeps the value
  /// its model's `init()` gave it.
  public static var encodeOnly: KodableOption { KodableOption(.direction(.encodeOnly)) }

  /// Requires a value in the document even though the property has an
  /// initial value or a default: missing or `null` throws `.keyNotFound` /
  /// `.valueNotFound`, as for a property without one.
  ///
  /// ```swift
  /// @Coding("id", .required) var id: Int = 0
  /// ```
  public static var required: KodableOption { KodableOption(.required) }

  /// Encodes `nil` as an explicit `null` instead of leaving the key out.
  public static var encodeAsNullIfNil: KodableOption { KodableOption(.encodeAsNullIfNil) }

  /// Prints the JSON this property is decoded from, each time it is decoded.
  /// See ``CodixDebugOutput`` to send it elsewhere than standard output.
  public static var debugJSON: KodableOption { KodableOption(.debugJSON) }

  /// Reads and writes the property at `path` (any Codix path: `"a.b[0].c"`).
  public static func key(_ path: Path) -> KodableOption { KodableOption(.key(path)) }

  /// Reads the property at the first of these paths that holds a value when
  /// its own key holds none (missing or `null`); encoding writes the
  /// property's own key.
  ///
  /// ```swift
  /// @Coding("id", .aliases("user_id", "data.id")) var id: Int
  /// // {"user_id": 7} and {"data": {"id": 7}} both give 7
  /// ```
  ///
  /// A value of the wrong type at any path is an error there, never a reason
  /// to try the next path. When no path holds a required value, the report
  /// lists every path tried.
  public static func aliases(_ paths: Path...) -> KodableOption { KodableOption(.aliases(paths)) }

  /// Keeps the property's default (or `nil`) when its value is there but
  /// cannot be read, instead of failing the model: an unknown enum case, a
  /// number where a string was expected. Each fallback is recorded to
  /// ``CodixDiagnostics`` with the value found.
  ///
  /// ```swift
  /// @Coding("status", .defaultOnFailure) var status = Status.unknown
  /// // {"status": "archived"} gives .unknown, and a warning: found "archived"
  /// ```
  ///
  /// Missing and `null` keep the default as always. A property with neither
  /// a default nor an optional type still fails.
  public static var defaultOnFailure: KodableOption { KodableOption(.defaultOnFailure) }

  /// Writes the property at `path` when encoding; decoding still reads the
  /// property's key (and aliases).
  ///
  /// ```swift
  /// @Coding("user_id", .encodingKey("userId")) var id: Int
  /// // reads {"user_id": 7}, writes {"userId": 7}
  /// ```
  public static func encodingKey(_ path: Path) -> KodableOption {
    KodableOption(.encodingKey(path))
  }

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

extension KodableOption where Value: Equatable & Sendable {
  /// Leaves the property out of encoding when its value equals its default
  /// (the initial value or `default:`): a PATCH body that holds only what
  /// changed.
  ///
  /// ```swift
  /// @Coding("nickname", .omitIfDefault) var nickname = ""
  /// // "" is not written; "Bo" is
  /// ```
  ///
  /// A property without a default is always written.
  public static var omitIfDefault: KodableOption {
    KodableOption(.omit(.equalToDefault { $0 == $1 }))
  }

  /// Leaves the property out of encoding when its value equals `value`.
  ///
  /// ```swift
  /// @Coding(.omit(when: 0)) var retries: Int
  /// ```
  public static func omit(when value: Value) -> KodableOption {
    KodableOption(.omit(.matching { $0 == value }))
  }
}

extension KodableOption where Value == [String: JSONValue] {
  /// Keeps every key of the model's object that no property reads, and
  /// writes them back when encoding, so that a round trip loses nothing.
  ///
  /// ```swift
  /// struct Profile: Kodable {
  ///   @Coding var id: Int
  ///   @Coding(.extras) var extras: [String: JSONValue] = [:]
  /// }
  /// // {"id": 1, "theme": "dark"}: extras == ["theme": "dark"]
  /// ```
  public static var extras: KodableOption { KodableOption(.extras) }
}

/// The options that carry no value, as one set: not generic, so reading them
/// costs no metadata lookup. A property's setup collects them once, so that
/// the field table reads them without walking the (generic) option list.
@usableFromInline
struct OptionFlags: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8

  @inlinable
  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  static let required = OptionFlags(rawValue: 1 << 0)
  static let encodeAsNullIfNil = OptionFlags(rawValue: 1 << 1)
  static let debugJSON = OptionFlags(rawValue: 1 << 2)
  static let extras = OptionFlags(rawValue: 1 << 3)
  static let defaultOnFailure = OptionFlags(rawValue: 1 << 4)
  /// Some option, of any kind, was given.
  static let given = OptionFlags(rawValue: 1 << 7)

  /// The flags of `options`, `.given` among them when there is any.
  @usableFromInline
  static func of<Value>(_ options: [KodableOption<Value>]) -> OptionFlags {
    var flags: OptionFlags = options.isEmpty ? [] : .given
    for option in options { flags.formUnion(option.kind.flag) }
    return flags
  }
}
