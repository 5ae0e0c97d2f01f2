/// Reads a `Bool` written as a string, through a table of accepted spellings.
///
/// ```swift
/// isMale = try decoder.decode(at: "male", using: BoolFromString())                 // "true" -> true
/// isOpen = try decoder.decode(at: "open", using: BoolFromString(map: ["Y": true, "N": false]))
/// ```
///
/// `BoolFromString()` accepts `"true"`/`"false"`, `"yes"`/`"no"` and
/// `"1"`/`"0"`, in any letter case. `BoolFromString(map:)` accepts exactly the
/// strings of the map you give, as written. (The wrapper style's lossy `Bool`,
/// with no transformer, is narrower on purpose: `0`/`1` numbers and
/// `"true"`/`"false"` only.) A string missing from the table fails with
/// ``CodixError/Kind/transformFailed``. Reversing writes the first spelling
/// (sorted) that maps to the value, `"true"`/`"false"` for the default table.
public struct BoolFromString: ReversibleTransformer {
  /// The default spellings: `true`, `false`, `yes`, `no`, `1`, `0`.
  public static let defaultMap: [String: Bool] = [
    "true": true, "false": false, "yes": true, "no": false, "1": true, "0": false,
  ]

  /// The accepted spellings.
  public let map: [String: Bool]
  private let ignoresCase: Bool
  private let trueText: String
  private let falseText: String

  /// Creates a transformer that accepts the default spellings
  /// (``defaultMap``) in any letter case.
  public init() {
    self.init(map: Self.defaultMap, ignoresCase: true)
  }

  /// Creates a transformer that accepts exactly the strings of `map`.
  public init(map: [String: Bool]) {
    self.init(map: map, ignoresCase: false)
  }

  private init(map: [String: Bool], ignoresCase: Bool) {
    self.map = map
    self.ignoresCase = ignoresCase
    trueText = Self.spelling(of: true, in: map)
    falseText = Self.spelling(of: false, in: map)
  }

  private static func spelling(of value: Bool, in map: [String: Bool]) -> String {
    let preferred = value ? "true" : "false"
    if map[preferred] == value { return preferred }
    return KeyOrder.sorted(map.filter { $0.value == value }.keys).first ?? preferred
  }

  /// Reads `value` through the table of accepted spellings.
  /// - Throws: ``CodixError/transformFailed(_:)`` for a spelling not in the table.
  public func transform(_ value: String) throws -> Bool {
    if let bool = map[value] ?? (ignoresCase ? map[value.lowercased()] : nil) { return bool }
    let accepted = KeyOrder.sorted(map.keys).map { "\"\($0)\"" }.joined(separator: ", ")
    throw CodixError.transformFailed("Expected one of \(accepted) for a Bool.")
  }

  /// Writes the spelling of `value` (`"true"`/`"false"` for the default table).
  public func reverse(_ value: Bool) -> String { value ? trueText : falseText }

  /// What the transformer reads, for reports: `Bool (as a string)`.
  public var expectedDescription: String { "Bool (as a string)" }
}
