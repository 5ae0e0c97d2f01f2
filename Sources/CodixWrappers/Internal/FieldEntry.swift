import CodixCore

/// One property of a model, as the engine reads it. Built once per model type
/// (see `ModelTable`). Not generic: the engine's per-instance loop runs as
/// unspecialized library code, where every generic type costs metadata
/// lookups; a class, so walking a table retains one reference per property.
final class FieldEntry {
  /// The property's name, without the `_` of a wrapper's backing storage.
  let name: String
  /// Where the property lives below the model's value.
  let path: Path
  let components: [PathComponent]
  /// What the property expects, for error reports.
  let expected: String
  /// Whether a missing or `null` value is an error (non-optional, no default).
  let isRequired: Bool
  /// Whether to print the JSON the property is read from.
  let debugJSON: Bool
  /// Reads the value at the cursor into the model at the pointer; `false`
  /// when it is absent.
  let read: (UnsafeMutableRawPointer, inout Cursor, ReadContext) throws -> Bool
  /// For a plain scalar property with no options: a non-generic read straight
  /// into the property's storage at `offset` bytes into the model. The engine
  /// falls back on `read` when it throws.
  var fast: FastRead?
  var offset = 0

  init(
    name: String, path: Path, components: [PathComponent], expected: String, isRequired: Bool,
    debugJSON: Bool,
    read: @escaping (UnsafeMutableRawPointer, inout Cursor, ReadContext) throws -> Bool
  ) {
    self.name = name
    self.path = path
    self.components = components
    self.expected = expected
    self.isRequired = isRequired
    self.debugJSON = debugJSON
    self.read = read
  }
}

/// A property of `Root`: how to read it, and how to write it back (`nil`
/// when its type cannot be encoded).
struct TableField<Root> {
  let entry: FieldEntry
  let write: ((Root, any Encoder) throws -> Void)?
}

extension TableField {
  /// The entry of a wrapper property (`@Coding`, `@CodableDate`, a `KodableTransformable`).
  static func wrapped<W: StorageWrapper>(
    name: String, keyPath: WritableKeyPath<Root, W>, setup: FieldSetup<W.Value>
  ) throws(CodixError) -> TableField? {
    guard let codec = setup.codec ?? W.defaultCodec() else {
      throw CodixError(
        kind: .typeMismatch, property: name, expected: "a Decodable type or a transformer",
        message:
          "Property \(name) of type \(W.Value.self) cannot be read by its wrapper: @Coding needs "
          + "a Decodable type or a transformer (@Coding(\"key\", using: MyTransformer())), and "
          + "@CodableDate needs Date or Date?.")
    }
    let path = setup.path ?? Path([.key(name)])
    let components: [PathComponent]
    do {
      components = try path.validComponents()
    } catch {
      var error = error
      error.property = name
      error.message = "The key of property \(name) is not a valid path. " + (error.message ?? "")
      throw error
    }
    let reader = codec.makeReader(setup.rules)
    let modifiers = setup.modifiers
    let isOptional = W.Value.self is any OptionalDescribing.Type
    let read: (UnsafeMutableRawPointer, inout Cursor, ReadContext) throws -> Bool = {
      root, cursor, context in
      guard var value = try reader.read(&cursor, context) else { return false }
      for modifier in modifiers {
        switch modifier.rule {
        case .override(let override):
          value = override(value)
        case .validation(let isValid):
          guard isValid(value) else {
            throw CodixError(
              kind: .validationFailed, path: cursor.path, typeName: context.model, property: name,
              expected: "a value that passes the validation of \(name)",
              found: FoundRenderer.render(swiftValue: value),
              message: "The decoded value of \(name) failed its validation.")
          }
        }
      }
      root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath].storage.value = value
      return true
    }
    let write: (Root, any Encoder) throws -> Void
    if let writer = codec.makeWriter() {
      write = writing(
        name: name, path: path, encodesNil: setup.encodesNil, isOptional: isOptional,
        value: { root in root[keyPath: keyPath].storage.current }, using: writer)
    } else {
      let expected = codec.expected
      write = { _, encoder in
        throw CodixError(
          kind: .typeMismatch, path: Path(codingPath: encoder.codingPath).appending(path),
          typeName: String(describing: Root.self), property: name,
          expected: "an Encodable value or a ReversibleTransformer",
          message:
            "Property \(name) (\(expected)) cannot be encoded: its type is not Encodable or its "
            + "transformer cannot convert back. Use a ReversibleTransformer to encode it.")
      }
    }
    let entry = FieldEntry(
      name: name, path: path, components: components, expected: codec.expected,
      isRequired: !setup.hasDefault && !isOptional, debugJSON: setup.debugJSON, read: read)
    if modifiers.isEmpty, !setup.debugJSON, codec is any PlainCodecMarker,
      let fast = FastRead(for: W.Value.self),
      let wrapperOffset = MemoryLayout<Root>.offset(of: keyPath),
      let valueOffset = W.valueOffset
    {
      entry.fast = fast
      entry.offset = wrapperOffset + valueOffset
    }
    return TableField(entry: entry, write: write)
  }

  /// The entry of a plain stored `var` of a `Decodable` type: read at its
  /// name, keeping its initial value when missing or `null`.
  static func plain<V: Decodable>(name: String, keyPath: WritableKeyPath<Root, V>) -> TableField {
    let reader = ValueReaders.reader(for: V.self, rules: FieldRules())
    let path = Path([.key(name)])
    let write = ValueWriters.writer(for: V.self).map { writer in
      writing(
        name: name, path: path, encodesNil: false,
        isOptional: V.self is any OptionalDescribing.Type,
        value: { root in root[keyPath: keyPath] }, using: writer)
    }
    let entry = FieldEntry(
      name: name, path: path, components: [.key(name)], expected: TypeNames.display(V.self),
      isRequired: false, debugJSON: false,
      read: { root, cursor, context in
        guard let value = try reader.read(&cursor, context) else { return false }
        root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value
        return true
      })
    return TableField(entry: entry, write: write)
  }

  private static func writing<V>(
    name: String, path: Path, encodesNil: Bool, isOptional: Bool, value: @escaping (Root) -> V?,
    using writer: FieldWriter<V>
  ) -> (Root, any Encoder) throws -> Void {
    { root, encoder in
      guard let current = value(root) else {
        if isOptional {
          if encodesNil { try EncodingNavigator.encodeNil(at: path, in: encoder) }
          return
        }
        throw CodixError(
          kind: .valueNotFound, path: Path(codingPath: encoder.codingPath).appending(path),
          typeName: String(describing: Root.self), property: name, expected: "a value to encode",
          message: "Property \(name) has no value: it was never decoded or set.")
      }
      if let optional = current as? any OptionalValue, optional.isNone {
        if encodesNil { try EncodingNavigator.encodeNil(at: path, in: encoder) }
        return
      }
      try writer.write(current, path, encoder)
    }
  }
}

// MARK: - Finding the fields of a model

/// A wrapper the engine can turn into a field entry.
protocol StorageWrapper: WrapperField {
  associatedtype Value
  var storage: WrapperStorage<Value> { get set }
  /// The byte offset of `storage.value` inside the wrapper.
  static var valueOffset: Int? { get }
  /// The codec of a wrapper declared without one.
  static func defaultCodec() -> (any FieldCodec<Value>)?
}

extension StorageWrapper {
  func makeEntry<Root>(name: String, keyPath: AnyKeyPath, root: Root.Type) throws -> TableField<
    Root
  >? {
    guard let keyPath = keyPath as? WritableKeyPath<Root, Self> else { return nil }
    guard let setup = storage.setupBox?.setup else {
      throw CodixError(
        kind: .dataCorrupted, property: name, expected: ModelTables.instanceMadeWhileDecoding,
        message:
          "Property \(name) comes from an instance made while another model was being decoded "
          + "(a default value in its init()), which does not keep its keys and options. Encode "
          + "an instance made by your own code first, or make the type Dekodable.")
    }
    return try TableField.wrapped(name: name, keyPath: keyPath, setup: setup)
  }
}

/// A writable key path to a plain `Decodable` stored property.
protocol PlainFieldKeyPath {
  func makePlainEntry(name: String) -> Any
}

extension WritableKeyPath: PlainFieldKeyPath where Value: Decodable {
  func makePlainEntry(name: String) -> Any {
    TableField<Root>.plain(name: name, keyPath: self)
  }
}

/// Makes the plain codec of a type known to be `Decodable` only at run time.
enum PlainCodecs {
  static func codec<Value>(for type: Value.Type) -> (any FieldCodec<Value>)? {
    guard let decodable = type as? any Decodable.Type else { return nil }
    return make(decodable) as? any FieldCodec<Value>
  }

  private static func make<D: Decodable>(_ type: D.Type) -> Any {
    PlainCodec<D>()
  }
}

// MARK: - Fast scalar reads

/// A standard scalar that a plain property reads straight into its storage.
/// Each conformance is concrete, so a read is one witness call into code
/// specialised for the type: no closure thunks, no generic metadata.
protocol FastScalar {
  /// Reads a present value into the `Self?` storage at the pointer (`Self??`
  /// when `nested`); `false` when the key is missing or `null`.
  static func fastRead(
    _ container: KeyedDecodingContainer<CodixKey>, _ key: CodixKey,
    into pointer: UnsafeMutableRawPointer, nested: Bool
  ) throws -> Bool
}

extension FastScalar where Self: Decodable {
  // One body for every conformance; each conformance's witness gets its own
  // specialised copy (the types are concrete in this module).
  static func fastRead(
    _ container: KeyedDecodingContainer<CodixKey>, _ key: CodixKey,
    into pointer: UnsafeMutableRawPointer, nested: Bool
  ) throws -> Bool {
    guard let value = try container.codixDecodeIfPresent(Self.self, forKey: key) else {
      return false
    }
    if nested {
      pointer.assumingMemoryBound(to: Self??.self).pointee = .some(value)
    } else {
      pointer.assumingMemoryBound(to: Self?.self).pointee = value
    }
    return true
  }
}

extension Int: FastScalar {}
extension String: FastScalar {}
extension Double: FastScalar {}
extension Bool: FastScalar {}
extension Int64: FastScalar {}
extension Float: FastScalar {}

/// How a plain scalar property is read fast: its scalar type, and whether the
/// property itself is optional (storage `T??`).
struct FastRead {
  let scalar: any FastScalar.Type
  let nested: Bool

  /// The fast read of a property of type `type` (`T` or `T?` of a `FastScalar`).
  init?(for type: Any.Type) {
    if let scalar = type as? any FastScalar.Type {
      self.init(scalar: scalar, nested: false)
    } else if let optional = type as? any OptionalDescribing.Type,
      let scalar = optional.wrappedType as? any FastScalar.Type
    {
      self.init(scalar: scalar, nested: true)
    } else {
      return nil
    }
  }

  private init(scalar: any FastScalar.Type, nested: Bool) {
    self.scalar = scalar
    self.nested = nested
  }
}
