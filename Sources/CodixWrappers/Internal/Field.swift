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
  /// What the property expects, for error reports.
  let expected: String
  /// Whether a missing or `null` value is an error (non-optional, no default).
  let isRequired: Bool
  /// Whether to print the JSON the property is read from.
  let debugJSON: Bool
  /// Whether the property is read when decoding (not `.encodeOnly`).
  let reads: Bool
  /// Whether the property is written when encoding (not `.decodeOnly`).
  let writes: Bool
  /// The byte offset of the property's storage (the wrapper, or the plain
  /// value) from the model's base address (see `ModelBase`).
  let offset: Int
  /// For a plain scalar with no options: a read straight into the storage.
  /// The engine falls back on `read` when it throws.
  let fast: FastRead?
  /// Reads the value at the cursor into the property's storage at the
  /// pointer; `false` when it is absent.
  let read: (UnsafeMutableRawPointer, inout Cursor, ReadContext) throws -> Bool
  /// Writes the property's storage at the pointer at `path` below the encoder.
  let write: (UnsafeRawPointer, any Encoder) throws -> Void

  init(
    name: String, path: Path, expected: String, isRequired: Bool, debugJSON: Bool,
    reads: Bool = true, writes: Bool = true, offset: Int, fast: FastRead?,
    read: @escaping (UnsafeMutableRawPointer, inout Cursor, ReadContext) throws -> Bool,
    write: @escaping (UnsafeRawPointer, any Encoder) throws -> Void
  ) {
    self.name = name
    self.path = path
    self.expected = expected
    self.isRequired = isRequired
    self.debugJSON = debugJSON
    self.reads = reads
    self.writes = writes
    self.offset = offset
    self.fast = fast
    self.read = read
    self.write = write
  }

  /// The property's storage inside the model at `base`: the one accessor the
  /// normal read, the fast read and encoding share.
  @inline(__always)
  func storage(in base: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    base + offset
  }
}
