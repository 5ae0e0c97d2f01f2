import CodixCore

/// Makes the `Field` of one stored property of a model, once per model type.
/// Generic code lives here: each field's `read` and `write` are specialised
/// for the property's type when the table is built.
enum FieldBuilder {
  /// The field of `property`; `nil` for a property the engine leaves alone
  /// (a `let`, a `weak` or `unowned` reference, a lazy property's storage, a
  /// type that is not `Decodable`).
  ///
  /// - Parameters:
  ///   - wrapper: The property's type as a wrapper type, when it is one.
  ///   - prototype: The base address of a blank instance, whose wrappers
  ///     carry their declarations' setup.
  ///   - keyStyle: How the model's property names become keys.
  ///   - isBlank: Whether `prototype` was made by `init()` for the table, so
  ///     that its values are the properties' defaults.
  static func field(
    for property: StoredProperty, wrapper: (any StorageWrapper.Type)?,
    in prototype: UnsafeRawPointer, keyStyle: KeyStyle, isBlank: Bool, kits: inout PlainKits,
    order: Int
  )
    throws(CodixError) -> Field?
  {
    if let wrapper {
      let name = property.name.hasPrefix("_") ? String(property.name.dropFirst()) : property.name
      if let field = optionless(
        kits.kit(for: wrapper), name: name, keyStyle: keyStyle, offset: property.offset,
        in: prototype, order: order)
      {
        return field
      }
      return try wrapped(
        wrapper, name: name, key: keyStyle.key(for: name), offset: property.offset, in: prototype,
        isBlank: isBlank, order: order)
    }
    guard property.isVar, property.isStrong, !property.name.hasPrefix("$"),
      let decodable = property.type as? any Decodable.Type
    else { return nil }
    return plain(
      decodable, name: property.name, key: keyStyle.key(for: property.name),
      offset: property.offset, order: order)
  }

  /// The field of a wrapper property declared without options or a codec of
  /// its own, at a path of keys and indexes: most properties. Made from its
  /// wrapper type's shared kit and the setup's type-free facts, read through
  /// the wrapper's memory, with no generic code per property: in this
  /// unspecialised code each generic type costs metadata lookups, which were
  /// most of a model's first decode. `nil` for every other property (and
  /// whatever it needs reported), which `wrapped` builds.
  private static func optionless(
    _ kit: PlainKit?, name: String, keyStyle: KeyStyle, offset: Int,
    in prototype: UnsafeRawPointer, order: Int
  ) -> Field? {
    guard let kit, let setupOffset = kit.setupOffset,
      let writes = kit.plainWrites,
      let facts = (prototype + offset + setupOffset).load(as: SetupFacts?.self), facts.isPlain
    else { return nil }
    let path = facts.key ?? Path.key(keyStyle.key(for: name))
    guard path.syntax == nil, !path.isRoot, path.wildcardSplit == nil else { return nil }
    return Field(
      order: order, name: name, path: path, expected: kit.expected,
      isRequired: !facts.hasDefault && !kit.isOptional, debugJSON: false, offset: offset,
      fast: kit.fast, fastWrite: kit.fast, read: facts.specialisedRead(kit) ?? kit.read,
      writing: writes)
  }

  /// The field of a wrapper property (`@Coding`, `@CodableDate`, a `KodableTransformable`).
  private static func wrapped<W: StorageWrapper>(
    _ wrapper: W.Type, name: String, key: String, offset: Int, in prototype: UnsafeRawPointer,
    isBlank: Bool, order: Int
  ) throws(CodixError) -> Field {
    let stored = prototype.advanced(by: offset).assumingMemoryBound(to: W.self)
    guard let setup = stored.pointee.storage.setupBox?.setup else {
      throw CodixError(.dataCorrupted, at: .root, detail: .setupNotRecorded(property: name))
        .named(property: name)
    }
    if setup.isExtras { return try extras(W.self, name: name, offset: offset, order: order) }
    // Most properties share their wrapper type's kit; options or a codec of
    // their own make one for the property.
    let ownCodec = setup.codec
    let kit =
      if !setup.hasOptions && ownCodec == nil {
        WrapperKits.shared(by: W.self)
      } else {
        (ownCodec ?? W.defaultCodec()).map {
          WrapperKits.make(W.self, codec: $0, rules: setup.rules)
        }
      }
    guard let kit else {
      throw CodixError(
        .typeMismatch, at: .root,
        detail: .unreadableProperty(property: name, type: "\(W.Value.self)"),
        expected: "a Decodable type or a transformer"
      ).named(property: name)
    }
    let codec = kit.codec
    let path = setup.path ?? Path.key(key)
    let aliases = setup.aliases
    let writePath = setup.encodingPath ?? path
    var syntax = path.syntax
    if syntax == nil, setup.hasOptions {
      syntax = ([writePath] + aliases).lazy.compactMap(\.syntax).first
    }
    if let syntax {
      throw CodixError(
        .invalidPath, at: .root, detail: .invalidKey(property: name, syntax: syntax),
        expected: "a valid path", found: ValueRenderer.quote(syntax.text, limit: 80)
      ).named(property: name)
    }
    let isRequired = (!setup.hasDefault && !kit.isOptional) || setup.isRequired
    let spread = path.wildcardSplit.map { (array: Path.root, rest: $0.rest) }
    if spread != nil, !aliases.isEmpty {
      throw CodixError(
        .invalidPath, at: .root, detail: .wildcardOutsideArray(type: nil),
        expected: "a path with [*] and no aliases"
      ).named(property: name)
    }
    if spread != nil, !codec.isPlain {
      throw CodixError(
        .invalidPath, at: .root, detail: .wildcardOutsideArray(type: nil),
        expected: "a property without a transformer"
      ).named(property: name)
    }
    // Most properties have no options and read one value: their kit's read.
    // The rest (modifiers, omit rules) is worked out only for properties
    // that have options: in this unspecialised code, each of their generic
    // types costs lookups.
    // The modifiers and validations, in order: `nil` for most properties.
    let modifiers = setup.modifiers
    let read =
      if spread == nil && modifiers == nil {
        kit.read
      } else {
        customRead(
          W.self, kit: kit, spread: spread, isRequired: isRequired, modifiers: modifiers,
          name: name)
      }
    let omitted =
      setup.hasOptions
      ? try omission(
        setup, default: stored.pointee.storage.current, isBlank: isBlank, name: name) : nil
    // Without omit rules or `.encodeAsNullIfNil`, a shared kit's writes serve.
    var write =
      (omitted == nil && !setup.encodesNil ? kit.plainWrites : nil)
      ?? writes(
        W.self, codec: codec, writer: kit.writer, isNil: kit.isNil, encodesNil: setup.encodesNil,
        omitted: omitted)
    let readsPlainly = spread == nil && !setup.debugJSON
    let plainFast = readsPlainly && modifiers == nil ? kit.fast : nil
    // Overrides (`.trimmed`, `.clamping(to:)`) never fail: a scalar they
    // change is read fast too, then changed where it was stored.
    let overrides = readsPlainly ? modifiers.flatMap { overriding($0, of: kit) } : nil
    let fast = plainFast ?? (overrides == nil ? nil : kit.fast)
    var claims = Claims.pathOnly
    if path.isRoot {
      // Flattened: the model's own object, read as another model. An
      // optional model (`@Coding("") var meta: Meta?`) is the same model
      // when it is there, and writes nothing when it is `nil`.
      let optional = anyOptionalType(W.Value.self)
      let flattened = optional?.wrappedType ?? W.Value.self
      claims = flattenedClaims(of: flattened)
      if writePath.isRoot, case .keysOf = claims, let model = flattened as? any Encodable.Type {
        // A Codix model (`mergesIntoModel`): written into the same object,
        // merged with the other properties.
        write.path = mergedWrite(W.self, model: model, optional: optional != nil)
      }
    }
    return Field(
      order: order, name: name, path: path, writePath: writePath, aliases: aliases,
      expected: { codec.expected },
      isRequired: isRequired,
      fallsBack: setup.defaultOnFailure && (setup.hasDefault || kit.isOptional),
      debugJSON: setup.debugJSON, claims: claims, reads: setup.direction.reads,
      writes: setup.direction.writes,
      offset: offset, fast: fast, overrides: overrides,
      fastWrite: setup.encodesNil || omitted != nil ? nil : plainFast,
      read: read, writing: write)
  }

  /// The read of a property with options or a path holding `[*]`: the value
  /// (at the array, each element reading the rest of the path), then the
  /// property's modifiers and validations in order.
  private static func customRead<W: StorageWrapper>(
    _: W.Type, kit: WrapperKit<W>, spread: (array: Path, rest: Path)?, isRequired: Bool,
    modifiers: [KodableModifier<W.Value>]?, name: String
  ) -> FieldRead {
    let reader = kit.reader
    return { storage, cursor, context in
      let decoded =
        if let spread {
          try Navigator.decodeSpread(W.Value.self, spread, from: cursor, ifPresent: !isRequired)
        } else {
          try reader.read(&cursor, context)
        }
      guard var value = decoded else { return false }
      if let modifiers {
        for modifier in modifiers {
          switch modifier.rule {
          case .override(let override):
            value = override(value)
          case .validation(let isValid):
            guard isValid(value) else {
              throw CodixError(
                .validationFailed, at: cursor.path, detail: .failedValidation(property: name),
                expected: "a value that passes the validation of \(name)",
                found: ValueRenderer.render(swiftValue: value))
            }
          }
        }
      }
      storage.assumingMemoryBound(to: W.self).pointee.storage.value = value
      return true
    }
  }

  /// A property's modifiers applied to the value a fast read of `kit`
  /// stored in its wrapper at the pointer, when they are all overrides;
  /// `nil` when the property has no fast read, or has a validation (which
  /// may fail, and is then reported by the read).
  private static func overriding<W: StorageWrapper>(
    _ modifiers: [KodableModifier<W.Value>], of kit: WrapperKit<W>
  ) -> ((UnsafeMutableRawPointer) -> Void)? {
    guard let valueOffset = kit.fast?.valueOffset else { return nil }
    var overrides: [@Sendable (W.Value) -> W.Value] = []
    for modifier in modifiers {
      guard case .override(let override) = modifier.rule else { return nil }
      overrides.append(override)
    }
    // The common value types get code specialised for them: in this
    // unspecialised code, a generic value costs metadata lookups per call.
    if let strings = overrides as? [@Sendable (String) -> String] {
      return overriding(strings, at: valueOffset)
    }
    if let strings = overrides as? [@Sendable (String?) -> String?] {
      return overriding(strings, at: valueOffset)
    }
    if let numbers = overrides as? [@Sendable (Int) -> Int] {
      return overriding(numbers, at: valueOffset)
    }
    return overriding(overrides, at: valueOffset)
  }

  private static func overriding<Value>(
    _ overrides: [@Sendable (Value) -> Value], at valueOffset: Int
  ) -> (UnsafeMutableRawPointer) -> Void {
    { storage in
      let slot = (storage + valueOffset).assumingMemoryBound(to: Value?.self)
      guard var value = slot.pointee else { return }
      for override in overrides { value = override(value) }
      slot.pointee = value
    }
  }

  /// The test that leaves a value out of encoding, from a property's
  /// `.omitIfDefault` / `.omit(when:)` options; `nil` when it has none.
  private static func omission<V>(
    _ setup: FieldSetup<V>, default: @autoclosure () -> V?, isBlank: Bool, name: String
  ) throws(CodixError) -> ((V) -> Bool)? {
    guard let rules = setup.omitRules else { return nil }
    if !isBlank, rules.contains(where: \.needsDefault) {
      throw CodixError(
        .dataCorrupted, at: .root,
        detail: .thrown(
          "Property \(name) uses .omitIfDefault, which compares with the default its model's "
            + "init() gives it; this model is encode-only, so Codix never sees that default. "
            + "Make the model Kodable, or use .omit(when:) with the value."),
        expected: "a Dekodable model for .omitIfDefault"
      ).named(property: name)
    }
    let defaultValue = setup.hasDefault ? `default`() : nil
    let tests: [(V) -> Bool] = rules.compactMap { rule in
      switch rule {
      case .matching(let test): return test
      case .equalToDefault(let equal):
        guard let value = defaultValue else { return nil }
        return { equal($0, value) }
      }
    }
    guard !tests.isEmpty else { return nil }
    return { value in tests.contains { $0(value) } }
  }

  /// The field of an extras property (`.extras`): the model's object, less
  /// the keys the other properties read (known once the table is built).
  private static func extras<W: StorageWrapper>(
    _ wrapper: W.Type, name: String, offset: Int, order: Int
  ) throws(CodixError) -> Field {
    guard W.Value.self == [String: JSONValue].self else {
      throw CodixError(
        .typeMismatch, at: .root,
        detail: .unreadableProperty(property: name, type: "\(W.Value.self)"),
        expected: "[String: JSONValue] for .extras"
      ).named(property: name)
    }
    let claimed = KeySet()
    return Field(
      order: order, name: name, path: .root, expected: { "an object" }, isRequired: false,
      debugJSON: false,
      claims: .extras(claimed), offset: offset, fast: nil,
      read: { storage, cursor, _ in
        guard !claimed.all, cursor.isDecoderValue,
          let extras = try KeyAudit.extras(at: cursor, claimed: claimed.keys) as? W.Value
        else { return false }
        storage.assumingMemoryBound(to: W.self).pointee.storage.value = extras
        return true
      },
      writing: FieldWrites(
        keyed: { _, _, _, _ in },
        path: { storage, encoder, _, _ in
          guard
            let extras = storage.assumingMemoryBound(to: W.self).pointee.storage.current
              as? [String: JSONValue]
          else { return }
          try KeyAudit.write(extras, to: encoder)
        },
        writesValue: { _ in true }))
  }

  /// The write of a flattened model into its parent's object: the model's
  /// own encode, on the parent's encoder. `W.Value` is `M`, or `M?` when
  /// `optional` (then `nil` writes nothing). Worked out once per table, so
  /// that encoding an instance casts nothing.
  private static func mergedWrite<W: StorageWrapper>(
    _: W.Type, model: any Encodable.Type, optional: Bool
  ) -> PathWrite {
    func write<M: Encodable>(_: M.Type) -> PathWrite {
      // safe: the one caller reads `M` off `W.Value` (its wrapped type when
      // `optional`); checked once per table, in every build.
      precondition(
        optional ? W.Value.self == M?.self : W.Value.self == M.self,
        "a flattened model's type is not its wrapper's value")
      return { storage, encoder, _, _ in
        // The stored value, not `current`: an optional never set writes
        // nothing either way, and `current` would look its `nil` up.
        guard let value = storage.assumingMemoryBound(to: W.self).pointee.storage.value
        else { return }
        // safe: `W.Value` is `M`, or `M?` when `optional` (checked above).
        let model: M? =
          optional ? unsafeBitCast(value, to: M?.self) : unsafeBitCast(value, to: M.self)
        try model?.encode(to: encoder)
      }
    }
    return write(model)
  }

  /// The keys a flattened property of model type `type` reads from its model's object.
  private static func flattenedClaims(of type: Any.Type) -> Claims {
    guard let model = type as? any Dekodable.Type else { return .unknown }
    func keys<M: Dekodable>(_: M.Type) -> () throws(CodixError) -> Set<String>? {
      { () throws(CodixError) in try ModelTables.decodingTable(for: M.self).claimedKeys() }
    }
    return .keysOf(keys(model))
  }

  /// The field of a plain stored `var` of a `Decodable` type: read at its
  /// name, keeping its initial value when missing or `null`.
  private static func plain<V: Decodable>(
    _ type: V.Type, name: String, key: String, offset: Int, order: Int
  ) -> Field {
    let reader = ValueReaders.reader(for: V.self, rules: FieldRules())
    let path = Path.key(key)
    let write =
      ValueWriters.writer(for: V.self).map { writer in
        writing(
          encodesNil: false, omitted: nil,
          value: { $0.assumingMemoryBound(to: V.self).pointee }, using: writer,
          isNil: NilCheck.make(for: V.self))
      }
      ?? FieldWrites(keyed: { _, _, _, _ in }, path: { _, _, _, _ in }, writesValue: { _ in false })
    return Field(
      order: order, name: name, path: path, expected: { TypeNames.display(V.self) },
      isRequired: false,
      debugJSON: false, offset: offset, fast: nil,
      read: { storage, cursor, context in
        guard let value = try reader.read(&cursor, context) else { return false }
        storage.assumingMemoryBound(to: V.self).pointee = value
        return true
      },
      writing: write)
  }

  /// How a property of wrapper type `W` is written: with `writer`, or, when
  /// its value cannot be written (no `Encodable` value, a one-way
  /// transformer), by throwing that error.
  static func writes<W: StorageWrapper>(
    _: W.Type, codec: any FieldCodec<W.Value>, writer: FieldWriter<W.Value>?,
    isNil: ((W.Value) -> Bool)?, encodesNil: Bool, omitted: ((W.Value) -> Bool)?
  ) -> FieldWrites {
    if let writer {
      return writing(
        encodesNil: encodesNil, omitted: omitted,
        value: { $0.assumingMemoryBound(to: W.self).pointee.storage.current }, using: writer,
        isNil: isNil)
    }
    let refusal = { (field: Field, at: Path) in
      CodixError(
        .typeMismatch, at: at,
        detail: .unwritableProperty(property: field.name, expected: codec.expected),
        expected: "an Encodable value or a ReversibleTransformer")
    }
    return FieldWrites(
      keyed: { _, container, key, field in
        throw refusal(field, Path(codingPath: container.codingPath + [key]))
      },
      path: { _, encoder, path, field in
        throw refusal(field, Path(codingPath: encoder.codingPath).appending(path))
      },
      writesValue: { _ in true })
  }

  /// How a property's value is written, both at a key of an object the
  /// engine opened and at a path below an encoder: `nil` is left out (or
  /// written as `null` with `encodesNil`); an unset required value throws.
  private static func writing<V>(
    encodesNil: Bool, omitted: ((V) -> Bool)?,
    value: @escaping (UnsafeRawPointer) -> V?, using writer: FieldWriter<V>,
    isNil: ((V) -> Bool)?
  ) -> FieldWrites {
    let writes: (UnsafeRawPointer) -> Bool = { storage in
      // Most properties write whatever they hold: no copy of the value.
      if omitted == nil, encodesNil || isNil == nil { return true }
      guard let current = value(storage) else { return true }
      if let omitted, omitted(current) { return false }
      guard !encodesNil, let isNil else { return true }
      return !isNil(current)
    }
    let keyed: KeyedWrite = { storage, container, key, field in
      guard let current = value(storage) else {
        throw CodixError(
          .valueNotFound, at: Path(codingPath: container.codingPath + [key]),
          detail: .unsetProperty(property: field.name), expected: "a value to encode")
      }
      if let omitted, omitted(current) { return }
      if let isNil, isNil(current) {
        if encodesNil { try container.encodeNil(forKey: key) }
        return
      }
      try writer.keyed(current, &container, key)
    }
    let atPath: PathWrite = { storage, encoder, path, field in
      guard let current = value(storage) else {
        throw CodixError(
          .valueNotFound, at: Path(codingPath: encoder.codingPath).appending(path),
          detail: .unsetProperty(property: field.name), expected: "a value to encode")
      }
      if let omitted, omitted(current) { return }
      if let isNil, isNil(current) {
        if encodesNil { try EncodingNavigator.encodeNil(at: path, in: encoder) }
        return
      }
      try writer.path(current, path, encoder)
    }
    return FieldWrites(keyed: keyed, path: atPath, writesValue: writes)
  }
}

/// Tells `nil` from a value of an optional type known only at run time,
/// with a check made once per type: no cast per value.
enum NilCheck {
  static func make<V>(for type: V.Type) -> ((V) -> Bool)? {
    guard let optional = anyOptionalType(V.self) else { return nil }
    func check<Wrapped>(_: Wrapped.Type) -> Any {
      { (value: Wrapped?) in value == nil }
    }
    return _openExistential(optional.wrappedType, do: check) as? (V) -> Bool
  }
}

extension CodixError {
  /// This error, naming `property`.
  fileprivate func named(property: String) -> CodixError {
    var named = self
    named.property = property
    return named
  }
}
