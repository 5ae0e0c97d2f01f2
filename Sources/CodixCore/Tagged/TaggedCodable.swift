// Tagged enums: an enum with one case per kind of payload, decoded and
// encoded from a table of its cases, with no init(from:) to write.
//
//     enum Target: TaggedCodable {
//       case song(Song), user(User)
//       static let tagging = TagStyle.internal(tag: "type")
//       static let variants: [TaggedVariant<Target>] = [
//         TaggedVariant("song", Target.song) { if case .song(let v) = $0 { v } else { nil } },
//         TaggedVariant("user", Target.user) { if case .user(let v) = $0 { v } else { nil } },
//       ]
//     }
//
//     internal   {"type": "song", "id": 1, "title": "…"}   payload and tag in one object
//     adjacent   {"type": "song", "data": {"id": 1, …}}    payload under its own key
//     untagged   {"id": 1, "title": "…"}                   the first payload that decodes
//
// Decoding reads the tag (a string) and decodes the matching variant's
// payload from the same decoder (internal), from the content key
// (adjacent), or tries every variant in order (untagged). Encoding finds the
// variant whose `extract` accepts the value and writes its payload and tag.

/// How a ``TaggedCodable`` enum's JSON says which case it holds.
public enum TagStyle: Sendable, Hashable {
  /// The tag is a key of the payload's own object:
  /// `{"type": "song", "id": 1}`.
  case `internal`(tag: Path)
  /// The tag and the payload sit side by side:
  /// `{"type": "song", "data": {"id": 1}}`.
  case adjacent(tag: Path, content: Path)
  /// No tag: the first variant whose payload decodes wins.
  case untagged
}

/// One case of a ``TaggedCodable`` enum: its tag, how to make it from its
/// payload, and how to get the payload back.
public struct TaggedVariant<Enum>: @unchecked Sendable {
  // Unchecked: immutable; its closures capture only the `@Sendable`
  // closures it was given and the payload's type.
  /// The tag that names the case in JSON.
  public let tag: String
  let payloadType: String
  /// Whether the case carries a payload.
  let hasPayload: Bool
  let decode: (any Decoder) throws -> Enum
  /// Whether a value is this case.
  let matches: (Enum) -> Bool
  /// Writes a value of this case's payload.
  let encode: (Enum, any Encoder) throws -> Void

  /// A case with a payload: `TaggedVariant("song", Target.song) { if case .song(let v) = $0 { v } else { nil } }`.
  ///
  /// - Parameters:
  ///   - tag: The tag that names the case in JSON.
  ///   - embed: Makes the case from its payload: the case itself, `Target.song`.
  ///   - extract: The payload of a value of this case; `nil` for another case.
  public init<Payload: Codable>(
    _ tag: String, _ embed: @escaping @Sendable (Payload) -> Enum,
    extract: @escaping @Sendable (Enum) -> Payload?
  ) {
    self.tag = tag
    payloadType = TypeNames.display(Payload.self)
    hasPayload = true
    decode = { decoder in embed(try Payload(from: decoder)) }
    self.matches = { extract($0) != nil }
    encode = { value, encoder in try extract(value)?.encode(to: encoder) }
  }

  /// A case without a payload: `TaggedVariant("none", .none) { if case .none = $0 { true } else { false } }`.
  ///
  /// Its JSON is the tag alone (internal tagging), or the tag with an empty
  /// object as content (adjacent); untagged, it matches an empty object.
  public init(
    _ tag: String, _ value: @autoclosure @escaping @Sendable () -> Enum,
    matches: @escaping @Sendable (Enum) -> Bool
  ) {
    self.tag = tag
    payloadType = "no payload"
    hasPayload = false
    decode = { _ in value() }
    self.matches = matches
    encode = { _, encoder in _ = encoder.container(keyedBy: CodixKey.self) }
  }
}

/// An enum decoded and encoded from a table of its cases.
///
/// Internal tagging writes the tag into the payload's own object, so its
/// payloads must be models (objects); adjacent and untagged take any
/// `Codable` payload.
///
/// ```swift
/// enum Target: TaggedCodable {
///   case song(Song)
///   case user(User)
///
///   static let tagging = TagStyle.internal(tag: "type")
///   static let variants: [TaggedVariant<Target>] = [
///     TaggedVariant("song", Target.song) { if case .song(let v) = $0 { v } else { nil } },
///     TaggedVariant("user", Target.user) { if case .user(let v) = $0 { v } else { nil } },
///   ]
/// }
/// ```
///
/// An unknown tag throws a ``CodixError`` that lists the known tags, unless
/// ``fallback`` gives a value to use instead (recorded to
/// ``CodixDiagnostics``). Untagged, a value no variant decodes throws an
/// error that lists every variant tried and why it failed.
public protocol TaggedCodable: Codable {
  /// Where the tag is.
  static var tagging: TagStyle { get }
  /// The cases, in the order untagged decoding tries them.
  static var variants: [TaggedVariant<Self>] { get }
  /// The value for an unknown tag (or, untagged, a value no variant
  /// decodes); `nil` (the default) makes it an error.
  static var fallback: Self? { get }
}

extension TaggedCodable {
  /// No fallback: an unknown tag is an error.
  public static var fallback: Self? { nil }

  /// Decodes the case the tag names (or, untagged, the first that decodes).
  public init(from decoder: any Decoder) throws {
    self = try TaggedCoding.decode(Self.self, from: decoder)
  }

  /// Encodes the payload and the tag of the case this value is.
  public func encode(to encoder: any Encoder) throws {
    try TaggedCoding.encode(self, to: encoder)
  }
}
