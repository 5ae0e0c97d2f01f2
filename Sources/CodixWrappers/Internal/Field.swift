import CodixCore

/// One property of a model, as the engine reads and writes it. Built once per
/// model type (see `ModelTable`).
///
/// Not generic: the engine's per-instance loop runs as unspecialized library
/// code, where every generic type costs metadata lookups. The property's type
/// lives only inside `read` and `write`, which were specialised when the table
/// was built. A class, so walking a table retains one reference per property.
final class Field {
  /// The property's name, without the `_` of a wrapper's backing storage.
  let name: String
  /// Where the property lives below the model's value.
  let path: Path
  /// Where encoding writes the property: `path`, unless `.encodingKey`.
  let writePath: Path
  /// What the property expects, for error reports. Named when a report
  /// needs it: naming types costs more than the rest of building the field.
  var expected: String { describeExpected() }
  private let describeExpected: () -> String
  /// Whether a missing or `null` value is an error (non-optional, no default).
  let isRequired: Bool
  /// The keys of the model's object the property reads, beyond the first
  /// key of its path: set for a property at the model's own value.
  let claims: Claims
  /// Where else the value may be (`.aliases`), tried in order when `path`
  /// holds none.
  let aliases: [Path]
  /// Whether an absent value at `path` alone is an error: required, with no
  /// aliases left to try.
  var failsAtOwnPath: Bool { isRequired && aliases.isEmpty }
  /// Whether a value that cannot be read keeps the property's default,
  /// reported (`.defaultOnFailure` on a property with a default or `nil`).
  let fallsBack: Bool
  /// Whether to print the JSON the property is read from.
  let debugJSON: Bool
  /// Whether the property is read when decoding (not `.encodeOnly`).
  let reads: Bool
  /// Whether the property is written when encoding (not `.decodeOnly`).
  let writes: Bool
  /// The property's place among its model's properties, in declaration
  /// order: collected failures are listed in this order.
  let order: Int
  /// The byte offset of the property's storage (the wrapper, or the plain
  /// value) from the model's base address (see `ModelBase`).
  let offset: Int
  /// For a standard scalar with no options but ones that leave reading
  /// alone (and `overrides`): a read straight into the storage. The engine
  /// falls back on `read` when it throws.
  let fast: FastRead?
  /// The property's modifiers, when they are all overrides, applied to the
  /// value a fast read stored (the slow read applies them itself).
  let overrides: ((UnsafeMutableRawPointer) -> Void)?
  /// The same, for writing: `nil` when the property has modifiers,
  /// `.encodeAsNullIfNil` or omit rules.
  let fastWrite: FastRead?
  /// Reads the value at the cursor into the property's storage at the
  /// pointer; `false` when it is absent.
  let read: FieldRead
  /// How the property is written. Shared by every option-less property of
  /// one wrapper type: the closures are handed the field they write.
  let writing: FieldWrites

  init(
    order: Int, name: String, path: Path, writePath: Path? = nil, aliases: [Path] = [],
    expected: @escaping () -> String,
    isRequired: Bool, fallsBack: Bool = false, debugJSON: Bool, claims: Claims = .pathOnly,
    reads: Bool = true, writes: Bool = true, offset: Int, fast: FastRead?,
    overrides: ((UnsafeMutableRawPointer) -> Void)? = nil, fastWrite: FastRead? = nil,
    read: @escaping FieldRead, writing: FieldWrites
  ) {
    self.order = order
    self.name = name
    self.path = path
    self.writePath = writePath ?? path
    self.describeExpected = expected
    self.isRequired = isRequired
    self.fallsBack = fallsBack
    self.aliases = aliases
    self.claims = claims
    self.debugJSON = debugJSON
    self.reads = reads
    self.writes = writes
    self.offset = offset
    self.fast = fast
    self.overrides = overrides
    self.fastWrite = fastWrite
    self.read = read
    self.writing = writing
  }

  /// Writes the property's storage at `storage` at `writePath` below `encoder`.
  @inline(__always)
  func write(_ storage: UnsafeRawPointer, to encoder: any Encoder) throws {
    try writing.path(storage, encoder, writePath, self)
  }

  /// Writes the property's storage at `storage` at `path` below `encoder`,
  /// an encoder already at a position of `writePath` (see `IndexedWrites`).
  @inline(__always)
  func write(_ storage: UnsafeRawPointer, to encoder: any Encoder, at path: Path) throws {
    try writing.path(storage, encoder, path, self)
  }

  /// Writes the property's storage at `storage` at `key` of an object the
  /// engine opened (a property whose path is made of keys).
  @inline(__always)
  func write(
    _ storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<CodixKey>,
    at key: CodixKey
  ) throws {
    try writing.keyed(storage, &container, key, self)
  }

  /// Whether encoding merges the property into its model's own object (a
  /// flattened Codix model, or extras) rather than writing it at a path.
  var mergesIntoModel: Bool {
    guard writePath.isRoot else { return false }
    switch claims {
    case .extras, .keysOf: return true
    case .pathOnly, .unknown: return false
    }
  }

  /// The property's storage inside the model at `base`: the one accessor the
  /// normal read, the fast read and encoding share.
  @inline(__always)
  func storage(in base: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    base + offset
  }
}

/// Reads the value at the cursor into a property's storage at the pointer;
/// `false` when it is absent.
@usableFromInline
typealias FieldRead = (UnsafeMutableRawPointer, inout Cursor, ReadContext) throws -> Bool
/// Writes a property's storage at a path below an encoder: the field's write
/// path, or the rest of it below an encoder already part of the way.
typealias PathWrite = (UnsafeRawPointer, any Encoder, Path, Field) throws -> Void
/// Writes a property's storage at a key of a keyed container.
typealias KeyedWrite = (
  UnsafeRawPointer, inout KeyedEncodingContainer<CodixKey>, CodixKey, Field
) throws -> Void

/// How a property is written, both at a key of an object the engine opened
/// and at its path below an encoder. The closures take the field they write
/// (its name for reports, its write path), so that one set serves every
/// option-less property of a wrapper type.
struct FieldWrites {
  let keyed: KeyedWrite
  /// Replaced for a flattened model, which is merged into its parent's object.
  var path: PathWrite
  /// Whether writing the property's storage at the pointer writes anything
  /// (`nil` without `.encodeAsNullIfNil` writes nothing).
  let writesValue: (UnsafeRawPointer) -> Bool
}

/// Which keys of its model's object a property reads (see `KeyAudit`).
enum Claims {
  /// The first key of its path and aliases.
  case pathOnly
  /// The keys no other property reads, given to it once its table is built.
  case extras(KeySet)
  /// The keys a flattened Codix model reads, or `nil` when it keeps extras.
  case keysOf(() throws(CodixError) -> Set<String>?)
  /// Unknown: a flattened value that is not a Codix model.
  case unknown
}

/// Keys set once while a table is built, then only read.
final class KeySet: @unchecked Sendable {
  // Unchecked: written before its table is published, read-only after.
  var keys: Set<String> = []
  /// Whether every key is read by some property (a flattened value that is
  /// not a Codix model): then there are no extras.
  var all = false
}
