import CodixCore

/// Decodes and encodes models from their tables (see `ModelTable`).
enum WrapperEngine {
  /// Decodes `root`'s properties from `decoder`, which has `userInfo`;
  /// `collection` is the decode's error collection, if it collects. `root`
  /// is a blank instance (see `blank(_:)`).
  static func decode<Root: Dekodable>(
    into root: inout Root, table: ModelTable, from decoder: any Decoder,
    userInfo: [CodingUserInfoKey: Any], collection: ErrorCollection?
  ) throws(CodixError) {
    try Cursor.spelling(in: decoder) { () throws(CodixError) in
      func decodeProperties() throws(CodixError) {
        try ModelBase.withBase(of: &root, isClass: table.isClass) { (base) throws(CodixError) in
          try decode(
            table, into: base, from: decoder, userInfo: userInfo, collection: collection)
        }
      }
      // Path reads below the model reuse their containers until it is
      // decoded; a model of scalars makes none.
      if table.readsOnlyScalars {
        try decodeProperties()
      } else {
        try KeyedContainerCache.scope(below: decoder, decodeProperties)
      }
    }
  }

  // Everything below is non-generic: see `Field`.

  private static func decode(
    _ table: ModelTable, into base: UnsafeMutableRawPointer, from decoder: any Decoder,
    userInfo: [CodingUserInfoKey: Any], collection: ErrorCollection?
  ) throws(CodixError) {
    let context = DecodeContext(
      table: table, base: base, userInfo: userInfo, decoder: decoder, collection: collection,
      diagnostics: userInfo.isEmpty ? nil : userInfo[.codixDiagnostics] as? CodixDiagnostics)
    let mark = context.collection?.mark
    if table.printsJSON {
      CodixDebugOutput.current(in: context.userInfo).write(
        "Decoded JSON for type \(table.model):\n"
          + ValueRenderer.render(at: .root(decoder), .document))
    }
    // A model read from members of its object only (most are) steps into
    // it with no position, as `decodeMembers` steps into nested objects.
    if table.root.readsMembersOnly, let object = Cursor.object(of: decoder) {
      try attempt(context, order: table.root.firstOrder) {
        try decodeMembers(table.root, of: object, context)
      }
    } else {
      try decode(table.root, at: Cursor.root(decoder), context)
    }
    if let claimed = table.auditedKeys {
      try attempt(context, order: Int.max) {
        try checkKeys(claimed, table: table, decoder: decoder, context)
      }
    }
    // The model's failures, listed in the declaration order of their properties.
    if let mark { context.collection?.sortByOrder(since: mark) }
  }

  /// Runs `body`; when it fails during a decode that collects its errors
  /// (`ErrorCollection`), records the failure and goes on. Every failure
  /// recorded during `body` without a place yet (those of nested models and
  /// lossy reads too) is listed at `order`, the declaration order of the
  /// property it belongs to.
  @inline(__always)
  private static func attempt(
    _ context: DecodeContext, order: Int, _ body: () throws -> Void
  ) throws(CodixError) {
    guard let collection = context.collection else {
      do {
        try body()
      } catch {
        // safe: every step below throws a CodixError; anything else is wrapped.
        throw error as? CodixError ?? CodixError.wrap(error, at: .root)
      }
      return
    }
    let mark = collection.mark
    do {
      try body()
    } catch {
      collection.record(error as? CodixError ?? CodixError.wrap(error, at: .root), order: order)
    }
    collection.assignOrder(order, since: mark)
  }

  private static func checkKeys(
    _ claimed: Set<String>, table: ModelTable, decoder: any Decoder, _ context: DecodeContext
  ) throws(CodixError) {
    do {
      try KeyAudit.check(
        at: Cursor.root(decoder), claimed: claimed, policy: table.unknownKeys,
        model: table.model, userInfo: context.userInfo)
    } catch {
      throw error.attributed(to: nil, context)
    }
  }

  /// Decodes the properties at `cursor` and below. `cursor` is a position
  /// that reading does not consume (the decoder's value, or a key).
  private static func decode(_ node: FieldNode, at cursor: Cursor, _ context: DecodeContext)
    throws(CodixError)
  {
    for field in node.fields {
      try attempt(context, order: field.order) {
        var position = cursor
        try read(field, at: &position, context)
      }
    }
    try decodeChildren(of: node, at: cursor, context)
  }

  private static func decodeChildren(
    of node: FieldNode, at cursor: Cursor, _ context: DecodeContext
  )
    throws(CodixError)
  {
    if !node.keyChildren.isEmpty {
      try attempt(context, order: node.firstOrder) { try decodeKeyed(node, at: cursor, context) }
    }
    try decodeIndexed(node, at: cursor, context)
  }

  /// Decodes the positions below `cursor` reached by a key.
  private static func decodeKeyed(_ node: FieldNode, at cursor: Cursor, _ context: DecodeContext)
    throws(CodixError)
  {
    guard let object = try object(at: cursor, of: node, context) else {
      return try objectAbsent(node, at: cursor, context)
    }
    try decodeMembers(node, of: object, context)
  }

  /// After the object at `cursor`, whose keys hold `node`'s children, was
  /// found missing or `null`: throws for its first required property, or
  /// reads the properties below it at their aliases.
  private static func objectAbsent(
    _ node: FieldNode, at cursor: Cursor, _ context: DecodeContext
  ) throws(CodixError) {
    if let required = node.firstRequiredInObject {
      throw Absence.ofObject(at: cursor).error(expected: required.expected)
        .attributed(to: required, context)
    }
    for field in node.aliasedInObject {
      try attempt(context, order: field.order) { try readAliases(field, context) }
    }
  }

  /// Decodes the positions below `node` reached by a key, in `object`, the
  /// object at `node`'s position.
  private static func decodeMembers(
    _ node: FieldNode, of object: ObjectCursor, _ context: DecodeContext
  ) throws(CodixError) {
    // Each leaf read where the node keeps it: a loop over copies of the
    // leaves would retain and release each one's field.
    let leaves = node.leaves
    for index in leaves.indices {
      if let fast = leaves[index].field.fast {
        let storage = leaves[index].field.storage(in: context.base)
        if let stored = try? fast.read(
          member: leaves[index].key.stringValue, underscored: leaves[index].underscored,
          of: object, into: storage, strict: leaves[index].strict)
        {
          if stored {
            leaves[index].field.overrides?(storage)
          } else {
            let (key, field, _, _) = leaves[index]
            try attempt(context, order: field.order) {
              var position = object.member(key.stringValue)
              try absent(field, at: &position, context)
            }
          }
          continue
        }
      }
      let (key, field, _, _) = leaves[index]
      try attempt(context, order: field.order) {
        var position = object.member(key.stringValue)
        try read(field, at: &position, context)
      }
    }
    for (key, child, underscored) in node.branches {
      try attempt(context, order: child.firstOrder) {
        // An object read for its members only is opened from this one, with
        // no position made unless the open fails (once: the position
        // explains the failure, as `decodeKeyed` would).
        guard child.readsMembersOnly,
          let opened = object.object(member: key.stringValue, underscored: underscored)
        else {
          return try decode(child, at: object.member(key.stringValue), context)
        }
        switch opened {
        case .success(let nested):
          try decodeMembers(child, of: nested, context)
        case .failure(let error):
          let cursor = object.member(key.stringValue)
          do throws(CodixError) {
            try Navigator.explainObjectFailure(error, at: cursor)
          } catch {
            throw error.attributed(to: child.ownerOfObject, context)
          }
          try objectAbsent(child, at: cursor, context)
        }
      }
    }
  }

  /// The object at `cursor`, whose keys hold `node`'s children.
  private static func object(at cursor: Cursor, of node: FieldNode, _ context: DecodeContext)
    throws(CodixError) -> ObjectCursor?
  {
    do {
      return try Navigator.object(at: cursor, sharing: false)
    } catch {
      // The model's own value is not an object: the model's error, no
      // property's. Deeper, the object holds the properties below it.
      let owner: Field? = cursor.isDecoderValue ? nil : node.ownerOfObject
      throw error.attributed(to: owner, context)
    }
  }

  /// Decodes the positions below `cursor` reached by an index. Each reader
  /// walks to the element anew: an element cursor is consumed by reading.
  private static func decodeIndexed(_ node: FieldNode, at cursor: Cursor, _ context: DecodeContext)
    throws(CodixError)
  {
    for (index, child) in node.indexChildren {
      for field in child.fields {
        try attempt(context, order: field.order) {
          switch try element(index, of: cursor, for: field, context) {
          case .present(var position): try read(field, at: &position, context)
          case .absent(let absence):
            if !field.aliases.isEmpty {
              try readAliases(field, context)
            } else if field.isRequired {
              throw absence.error(expected: field.expected).attributed(to: field, context)
            }
          }
        }
      }
      guard child.hasChildren else { continue }
      try attempt(context, order: child.firstOrder) {
        switch try element(index, of: cursor, for: child.owner, context) {
        case .present(let position):
          try decodeChildren(of: child, at: position, context)
        case .absent(let absence):
          if let required = child.firstRequired {
            throw absence.error(expected: required.expected).attributed(to: required, context)
          }
          for field in child.aliasedBelow {
            try attempt(context, order: field.order) { try readAliases(field, context) }
          }
        }
      }
    }
  }

  private static func element(
    _ index: Int, of cursor: Cursor, for field: Field?, _ context: DecodeContext
  ) throws(CodixError) -> Navigator.Step {
    do {
      return try Navigator.element(at: index, of: cursor)
    } catch {
      throw error.attributed(to: field, context, ownPath: nil)
    }
  }

  private static func read(_ field: Field, at cursor: inout Cursor, _ context: DecodeContext)
    throws(CodixError)
  {
    if try !readValue(field, at: &cursor, context) {
      try absent(field, at: &cursor, context)
    }
  }

  /// Reads `field` at `cursor`; `false` when the value there is absent.
  private static func readValue(
    _ field: Field, at cursor: inout Cursor, _ context: DecodeContext
  ) throws(CodixError) -> Bool {
    let readContext = ReadContext(
      userInfo: context.userInfo, modelType: context.table.modelType, property: field.name)
    if field.debugJSON {
      CodixDebugOutput.current(in: context.userInfo).write(
        "Decoded JSON for the \(field.name) property of type \(context.table.model):\n"
          + ValueRenderer.render(at: cursor, .document))
    }
    // Warnings recorded by the read that name no model are this property's.
    let mark = context.diagnostics?.count
    defer {
      if let mark {
        context.diagnostics?.attribute(
          since: mark, model: context.table.model, property: field.name)
      }
    }
    do {
      return try field.read(field.storage(in: context.base), &cursor, readContext)
    } catch {
      let failure = Navigator.enriched(error, at: cursor).attributed(
        to: field, context, ownPath: cursor.path)
      guard field.fallsBack, failure.kind != .invalidPath else { throw failure }
      // The storage still holds the default: reading failed before storing.
      try CodixDiagnostics.recoverWithFallback(failure, in: context.userInfo)
      return true
    }
  }

  /// After `field`'s own path, at `cursor`, held no value: reads it at its
  /// aliases, or throws when it is required.
  private static func absent(_ field: Field, at cursor: inout Cursor, _ context: DecodeContext)
    throws(CodixError)
  {
    if !field.aliases.isEmpty {
      try readAliases(field, context)
    } else if field.isRequired {
      throw missing(field, at: &cursor, context)
    }
  }

  /// Reads `field` at the first of its aliases that holds a value; throws,
  /// listing every path tried, when none does and it is required.
  private static func readAliases(_ field: Field, _ context: DecodeContext) throws(CodixError) {
    let start = Cursor.root(context.decoder)
    for alias in field.aliases {
      let step: Navigator.Step
      do {
        step = try Navigator.walk(alias, from: start)
      } catch {
        throw error.attributed(to: field, context)
      }
      if case .present(var position) = step, try readValue(field, at: &position, context) {
        return
      }
    }
    guard field.isRequired else { return }
    throw Navigator.noValue(
      atAnyOf: [field.path] + field.aliases, from: start, expected: field.expected
    ).attributed(to: field, context)
  }

  /// The error for a required property whose value is absent.
  private static func missing(_ field: Field, at cursor: inout Cursor, _ context: DecodeContext)
    -> CodixError
  {
    let absence = Absence.of(&cursor) ?? Absence(at: cursor, .null)
    return absence.error(expected: field.expected).attributed(to: field, context)
  }

  // MARK: - Encoding

  static func encode<Root: Enkodable>(_ root: Root, to encoder: any Encoder) throws(CodixError) {
    let (table, plan) = try ModelTables.encodingTable(for: root)
    if let conflict = plan.conflict {
      var error = conflict
      error.path = Path(codingPath: encoder.codingPath).appending(conflict.path)
      error.attribute(model: table.model, property: nil)
      throw error
    }
    var model = root
    try ModelBase.withBase(of: &model, isClass: table.isClass) { (base) throws(CodixError) in
      // Extras and flattened models first: a key the model's own properties
      // also write is written again by them, and theirs wins.
      for field in plan.mergeWrites {
        do {
          try field.write(field.storage(in: base), to: encoder)
        } catch {
          throw encodingFailure(error, of: field, at: encoder.codingPath, table: table)
        }
      }
      if plan.root.hasChildren {
        var container = encoder.container(keyedBy: CodixKey.self)
        try encode(plan.root, into: &container, base: base, table: table, encoder: encoder)
      }
      if let tree = plan.indexedWrites, writesSomething(below: tree, base: base) {
        let writer = IndexedWriter(base: base, table: table, codingPath: encoder.codingPath)
        if tree.isArray {
          var container = encoder.unkeyedContainer()
          try writer.write(tree, into: &container)
        } else {
          var container = encoder.container(keyedBy: CodixKey.self)
          try writer.write(tree, into: &container)
        }
      }
      for field in plan.pathWrites {
        do {
          try field.write(field.storage(in: base), to: encoder)
        } catch {
          throw encodingFailure(error, of: field, at: encoder.codingPath, table: table)
        }
      }
    }
  }

  /// Writes the properties with indexed paths (see `IndexedWrites`): each
  /// position once, so that properties sharing an indexed prefix land in one
  /// element. Elements before an index are `null`, as a single path writes them.
  private struct IndexedWriter {
    let base: UnsafeMutableRawPointer
    let table: ModelTable
    let codingPath: [any CodingKey]

    func write(_ node: IndexedWrites, into container: inout KeyedEncodingContainer<CodixKey>)
      throws(CodixError)
    {
      for (component, child) in node.children {
        guard case .key(let name) = component else { throw mixed(below: container.codingPath) }
        guard WrapperEngine.writesSomething(below: child, base: base) else { continue }
        let key = CodixKey(name)
        if let field = child.field {
          do {
            try field.write(field.storage(in: base), into: &container, at: key)
          } catch {
            throw WrapperEngine.encodingFailure(error, of: field, at: codingPath, table: table)
          }
        } else if child.isArray {
          var nested = container.nestedUnkeyedContainer(forKey: key)
          try write(child, into: &nested)
        } else {
          var nested = container.nestedContainer(keyedBy: CodixKey.self, forKey: key)
          try write(child, into: &nested)
        }
      }
    }

    func write(_ node: IndexedWrites, into container: inout any UnkeyedEncodingContainer)
      throws(CodixError)
    {
      for (component, child) in node.children {
        guard case .index(let index) = component else { throw mixed(below: container.codingPath) }
        guard WrapperEngine.writesSomething(below: child, base: base) else { continue }
        let here = Path(codingPath: container.codingPath).appending(component: .index(index))
        guard index >= 0 else {
          throw CodixError(
            .invalidPath, at: here, detail: .negativeIndexWhenEncoding,
            expected: "an index of 0 or more")
        }
        do {
          while container.count < index { try container.encodeNil() }
        } catch {
          throw EncodingNavigator.located(error, at: here)
        }
        if let field = child.field {
          let element = container.superEncoder()
          do {
            try field.write(field.storage(in: base), to: element, at: .root)
          } catch {
            throw failure(error, of: field, in: element, at: here)
          }
        } else if child.isArray {
          var nested = container.nestedUnkeyedContainer()
          try write(child, into: &nested)
        } else {
          var nested = container.nestedContainer(keyedBy: CodixKey.self)
          try write(child, into: &nested)
        }
      }
    }

    /// The error of `field` written through `element`, the encoder of the
    /// element at `here`: placed below `here`, whatever coding path the
    /// element's encoder reports (Foundation's leaves out the keys above the array).
    private func failure(
      _ error: any Error, of field: Field, in element: any Encoder, at here: Path
    ) -> CodixError {
      var codix = EncodingNavigator.located(error, at: here)
      let reported = Path(codingPath: element.codingPath).components
      if codix.path.components.starts(with: reported) {
        codix.path = here.appending(Path(Array(codix.path.components.dropFirst(reported.count))))
      }
      codix.attribute(model: table.model, property: field.name)
      return codix
    }

    /// The error for a position that properties write both as an object
    /// (a key below it) and as an array (an index below it).
    private func mixed(below codingPath: [any CodingKey]) -> CodixError {
      var error = CodixError(
        .invalidPath, at: Path(codingPath: codingPath),
        detail: .thrown(
          "Properties write this value both as an object (a key below it) and as an array "
            + "(an index below it). Give them paths that agree."),
        expected: "an object or an array, not both")
      error.attribute(model: table.model, property: nil)
      return error
    }
  }

  /// Whether anything is written at or below `node`.
  private static func writesSomething(below node: IndexedWrites, base: UnsafeMutableRawPointer)
    -> Bool
  {
    if let field = node.field { return field.writing.writesValue(field.storage(in: base)) }
    return node.children.contains { writesSomething(below: $0.node, base: base) }
  }

  /// Writes the properties of `node` into the object `container` is, in
  /// declaration order; an object below is opened only when something will
  /// be written in it.
  private static func encode(
    _ node: FieldNode, into container: inout KeyedEncodingContainer<CodixKey>,
    base: UnsafeMutableRawPointer, table: ModelTable, encoder: any Encoder
  ) throws(CodixError) {
    // Each child and field read where the node keeps it, as `decodeKeyed`
    // reads its leaves: a loop over copies would retain and release each.
    let children = node.keyChildren
    for index in children.indices {
      let fields = children[index].node.fields
      for fieldIndex in fields.indices {
        do {
          let storage = fields[fieldIndex].storage(in: base)
          if let fast = fields[fieldIndex].fastWrite,
            try fast.write(&container, children[index].key, from: storage)
          {
            continue
          }
          try fields[fieldIndex].write(storage, into: &container, at: children[index].key)
        } catch {
          throw encodingFailure(error, of: fields[fieldIndex], at: encoder.codingPath, table: table)
        }
      }
      let child = children[index].node
      guard child.hasChildren, writesSomething(below: child, base: base) else { continue }
      var nested = container.nestedContainer(keyedBy: CodixKey.self, forKey: children[index].key)
      try encode(child, into: &nested, base: base, table: table, encoder: encoder)
    }
  }

  private static func writesSomething(below node: FieldNode, base: UnsafeMutableRawPointer) -> Bool
  {
    node.keyChildren.contains { _, child in
      child.fields.contains { $0.writing.writesValue($0.storage(in: base)) }
        || writesSomething(below: child, base: base)
    }
  }

  private static func encodingFailure(
    _ error: any Error, of field: Field, at codingPath: [any CodingKey], table: ModelTable
  ) -> CodixError {
    var codix = EncodingNavigator.located(
      error, at: Path(codingPath: codingPath).appending(field.writePath))
    codix.attribute(model: table.model, property: field.name)
    return codix
  }

  /// Locates and names an error thrown by a model's `didDecode` / `didEncode`.
  static func hookFailure(_ error: any Error, model: Any.Type, codingPath: [any CodingKey])
    -> CodixError
  {
    var codix = CodixError.wrap(error, at: Path(codingPath: codingPath))
    codix.attribute(model: String(describing: model), property: nil)
    return codix
  }
}

/// What every step of one instance's decode shares.
private struct DecodeContext {
  let table: ModelTable
  let base: UnsafeMutableRawPointer
  let userInfo: [CodingUserInfoKey: Any]
  /// The model's decoder: aliases are walked from its value.
  let decoder: any Decoder
  /// The failures of the decode, when it collects them (see `ErrorCollection`).
  let collection: ErrorCollection?
  /// Where warnings go, if anywhere.
  let diagnostics: CodixDiagnostics?
}

extension CodixError {
  /// This error, claimed by `field` of the model being decoded (see
  /// `attribute(model:property:expected:ownPath:)`).
  fileprivate func attributed(
    to field: Field?, _ context: DecodeContext, ownPath: Path? = nil
  ) -> CodixError {
    var error = self
    error.attribute(
      model: context.table.model, property: field?.name, expected: field?.expected,
      ownPath: ownPath)
    return error
  }
}
