import CodixCore

/// Decodes and encodes models from their field tables.
enum WrapperEngine {
  static func decode<Root: Dekodable>(into root: inout Root, from decoder: any Decoder)
    throws(CodixError)
  {
    let table = try ModelTables.decodingTable(for: Root.self) {
      SetupRecording.run(skipping: false) { Root() }
    }
    try withUnsafeMutablePointer(to: &root) { (root) throws(CodixError) in
      try decode(table, into: UnsafeMutableRawPointer(root), from: decoder)
    }
  }

  // Everything below is non-generic: see `FieldEntry`.

  private static func decode(
    _ table: DecodingTable, into root: UnsafeMutableRawPointer, from decoder: any Decoder
  ) throws(CodixError) {
    let userInfo = decoder.userInfo
    if table.printsJSON {
      CodixDebugOutput.current(in: userInfo).write(
        "Decoded JSON for type \(table.model):\n" + JSONText.render(at: .root(decoder)))
    }
    if table.readsObject {
      let container: KeyedDecodingContainer<CodixKey>
      do {
        container = try decoder.container(keyedBy: CodixKey.self)
      } catch {
        var codix = Navigator.enriched(error, at: .root(decoder))
        if codix.typeName == nil { codix.typeName = table.model }
        codix.expected = codix.expected ?? "an object (\(table.model))"
        throw codix
      }
      try decode(table.group, from: container, into: root, table: table, userInfo: userInfo)
    }
    for entry in table.complex {
      try decodeComplex(entry, from: decoder, into: root, table: table, userInfo: userInfo)
    }
  }

  private static func decode(
    _ group: FieldGroup, from container: KeyedDecodingContainer<CodixKey>,
    into root: UnsafeMutableRawPointer, table: DecodingTable,
    userInfo: [CodingUserInfoKey: Any]
  ) throws(CodixError) {
    for (key, entry) in group.leaves {
      if let fast = entry.fast,
        let stored = try? fast.scalar.fastRead(
          container, key, into: root + entry.offset, nested: fast.nested)
      {
        if !stored, entry.isRequired {
          throw missing(at: .keyed(container, key), entry: entry, table: table)
        }
        continue
      }
      var cursor = Cursor.keyed(container, key)
      try read(entry, at: &cursor, into: root, table: table, userInfo: userInfo)
    }
    for (key, child) in group.children {
      let cursor = Cursor.keyed(container, key)
      let nested: KeyedDecodingContainer<CodixKey>
      do {
        guard container.contains(key), try !container.decodeNil(forKey: key) else {
          try absent(child.allEntries, at: cursor, table: table)
          continue
        }
        nested = try container.nestedContainer(keyedBy: CodixKey.self, forKey: key)
      } catch {
        throw failure(error, at: cursor, entry: child.allEntries.first, table: table)
      }
      try decode(child, from: nested, into: root, table: table, userInfo: userInfo)
    }
  }

  private static func decodeComplex(
    _ entry: FieldEntry, from decoder: any Decoder, into root: UnsafeMutableRawPointer,
    table: DecodingTable, userInfo: [CodingUserInfoKey: Any]
  ) throws(CodixError) {
    let found: Cursor?
    do {
      found = try Navigator.cursor(at: entry.path, from: .root(decoder), ifPresent: true)
    } catch {
      throw claimed(error, entry: entry, table: table)
    }
    guard var cursor = found else {
      guard entry.isRequired else { return }
      // Walk again strictly: the navigator names the step that is missing.
      do {
        _ = try Navigator.cursor(at: entry.path, from: .root(decoder), ifPresent: false)
      } catch {
        throw claimed(error, entry: entry, table: table)
      }
      return
    }
    try read(entry, at: &cursor, into: root, table: table, userInfo: userInfo)
  }

  private static func read(
    _ entry: FieldEntry, at cursor: inout Cursor, into root: UnsafeMutableRawPointer,
    table: DecodingTable, userInfo: [CodingUserInfoKey: Any]
  ) throws(CodixError) {
    let context = ReadContext(userInfo: userInfo, model: table.model, property: entry.name)
    if entry.debugJSON {
      CodixDebugOutput.current(in: userInfo).write(
        "Decoded JSON for the \(entry.name) property of type \(table.model):\n"
          + JSONText.render(at: cursor))
    }
    let stored: Bool
    do {
      stored = try entry.read(root, &cursor, context)
    } catch {
      throw failure(error, at: cursor, entry: entry, table: table)
    }
    if !stored, entry.isRequired {
      throw missing(at: cursor, entry: entry, table: table)
    }
  }

  /// Every required entry below a missing or `null` object fails at that object.
  private static func absent(_ entries: [FieldEntry], at cursor: Cursor, table: DecodingTable)
    throws(CodixError)
  {
    guard let required = entries.first(where: \.isRequired) else { return }
    throw missing(at: cursor, entry: required, table: table)
  }

  // MARK: - Errors

  private static func missing(at cursor: Cursor, entry: FieldEntry, table: DecodingTable)
    -> CodixError
  {
    var error = CodixError(
      kind: .valueNotFound, path: cursor.path, typeName: table.model, property: entry.name,
      expected: entry.expected, found: "null")
    if case .keyed(let container, let key) = cursor, !container.contains(key) {
      error.kind = .keyNotFound
      error.found = nil
      error.message = Navigator.keyNotFoundMessage(
        missing: key.stringValue, keys: container.allKeys.map(\.stringValue))
    }
    return error
  }

  private static func failure(
    _ error: any Error, at cursor: Cursor, entry: FieldEntry?, table: DecodingTable
  ) -> CodixError {
    var codix = Navigator.enriched(error, at: cursor)
    if codix.typeName == nil {
      codix.typeName = table.model
      codix.property = entry?.name
      if codix.path == cursor.path { codix.expected = codix.expected ?? entry?.expected }
    }
    return codix
  }

  private static func claimed(_ error: CodixError, entry: FieldEntry, table: DecodingTable)
    -> CodixError
  {
    var error = error
    if error.typeName == nil {
      error.typeName = table.model
      error.property = entry.name
    }
    return error
  }

  // MARK: - Encoding

  static func encode<Root: Enkodable>(_ root: Root, to encoder: any Encoder) throws(CodixError) {
    let table = try ModelTables.table(for: Root.self) {
      // A blank instance when there is one: `root` may come from decoding.
      guard let dekodable = Root.self as? any Dekodable.Type else { return root }
      return SetupRecording.run(skipping: false) { dekodable.init() } as? Root ?? root
    }
    for field in table.fields {
      let entry = field.entry
      guard let write = field.write else { continue }
      do {
        try write(root, encoder)
      } catch {
        var codix = CodixError.wrap(
          error, at: Path(codingPath: encoder.codingPath).appending(entry.path))
        if codix.typeName == nil {
          codix.typeName = table.model
          codix.property = entry.name
        }
        throw codix
      }
    }
  }

  /// Locates and names an error thrown by a model's `didDecode` / `didEncode`.
  static func hookFailure(_ error: any Error, model: Any.Type, codingPath: [any CodingKey])
    -> CodixError
  {
    var codix = CodixError.wrap(error, at: Path(codingPath: codingPath))
    if codix.typeName == nil { codix.typeName = String(describing: model) }
    return codix
  }
}
