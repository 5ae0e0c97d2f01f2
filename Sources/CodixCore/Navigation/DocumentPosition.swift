// The seam between navigation and the documents it reads.
//
//     both styles, aliases, wildcards, lossy reads, key audits, reports
//                              │
//                     Navigator, Absence        written once, against Cursor
//                              │
//                   Cursor, ObjectCursor        (Seam.swift: the one choice)
//                 ┌────────────┴─────────────┐
//        DecoderPosition                 NativeSpot
//   any Decoder, through the       CodixJSONDecoder's tape
//   public Codable API             (JSON/Internal/NativeSpot.swift)
//   (DecoderPosition.swift)
//
// A position is a value in a document, or a member an object lacks. An
// engine implements the two protocols below; navigation never asks which
// engine it holds. Errors thrown by a position are the `DecodingError`s
// `JSONDecoder` throws; navigation turns them into reports.

/// A value in a document as navigation reads it: one engine's position.
package protocol DocumentPosition {
  /// The engine's object, whose members are positions of the same engine.
  associatedtype Object: DocumentObject where Object.Position == Self

  /// The absolute coding path of the value (error path only).
  var codingPath: [any CodingKey] { get }

  /// Why the value is absent: a member the object lacks, or `null`; `nil`
  /// when it is there. On an array element that is `null`, the element is
  /// consumed.
  mutating func absence() -> Absence.Reason?

  /// Decodes the value as `T`.
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T

  /// Decodes the value as `T`; `nil` when it is missing or `null`.
  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T?

  /// Reads the value, a standard scalar, into the `T?` storage at `pointer`
  /// (`T??` when `nested`); `false` when it is missing or `null`. `strict`:
  /// its absence is an error, thrown rather than answered (see
  /// `StandardScalar.read`).
  mutating func read(
    _ scalar: StandardScalar, into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool
  ) throws -> Bool

  /// A decoder at the value, for a type's own `init(from:)`.
  mutating func decoder() throws -> any Decoder

  /// The value as a keyed container, for code that reads containers.
  func keyedContainer() throws -> KeyedDecodingContainer<CodixKey>

  /// The value as an unkeyed container.
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer

  /// The value as an object to step into. `sharing`: a decoder's own
  /// value may come from a cache kept for repeated path reads.
  func object(sharing: Bool) throws -> Object

  /// The element at `index` of the array the value is (a negative index
  /// counts from the end).
  func element(_ index: Int) throws -> ElementStep<Self>

  /// The value at `path`, a path of keys only, found without a walk; `nil`
  /// when the engine cannot tell at once (the walk then does, and says why).
  func find(_ path: Path) -> Self?

  /// For a member its object lacks: the key, and the keys the object has.
  var missingMember: (key: String, keys: [String])? { get }

  /// For a member of an object: the keys of that object (for reports).
  var memberKeys: [String]? { get }

  /// Whether the value is one a scan along a path skipped: only a read of
  /// the whole document holds it.
  var isSkipped: Bool { get }
}

/// What an index step found.
package enum ElementStep<Position> {
  case present(Position)
  /// The array holds `count` elements; the index is not one of them.
  case outOfRange(count: Int)
}

/// An object of a document, opened for its members.
package protocol DocumentObject {
  associatedtype Position: DocumentPosition

  /// The member at `key` (a missing member when there is none).
  func member(_ key: String) -> Position

  /// Reads the member at `key`, a standard scalar, as `member(key).read`
  /// would: the wrapper engine's hot loop, which needs no position unless
  /// the read fails (any error sends it to the general read, which reports).
  /// `underscored`: whether `key` holds an underscore, worked out once by
  /// the caller (see `KeySpelling.mayRespell`). `array`: the member is an
  /// array of the scalar (see `StandardScalar.read`).
  func read(
    member key: String, underscored: Bool, _ scalar: StandardScalar,
    into pointer: UnsafeMutableRawPointer, nested: Bool, strict: Bool, array: Bool
  ) throws -> Bool

  /// The object at `key`, opened as `member(key).object(sharing: false)`
  /// opens it, or what that throws (a missing member, `null`, another kind
  /// of value), for the caller to explain at `member(key)` (see
  /// `Navigator.explainObjectFailure`); `nil` when only the member's
  /// position opens it as it would (a key the decoder may spell otherwise).
  /// The wrapper engine's step into a nested object, with no position made.
  /// `underscored`: as for `read(member:…)`.
  func object(member key: String, underscored: Bool) -> Result<Position.Object, any Error>?

  /// The object's keys as the decoder spells them.
  var keys: [String] { get }

  /// The keys no key of `claimed` finds, sorted.
  func unclaimedKeys(_ claimed: Set<String>) -> [String]
}
