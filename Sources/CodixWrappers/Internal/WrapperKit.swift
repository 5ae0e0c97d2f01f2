import CodixCore

/// What every option-less property of one wrapper type shares, seen without
/// its generic type: the table builder makes such a property's field from
/// this alone, with no generic code per property (see `FieldBuilder.optionless`).
class PlainKit: @unchecked Sendable {
  // Unchecked: immutable; its closures capture only immutable values.
  /// The read of a property without modifiers or `[*]`: the value, stored.
  let read: FieldRead
  /// The fast read, for a standard scalar or an optional one.
  let fast: FastRead?
  /// Whether the wrapper's value is optional (absent reads as `nil`).
  let isOptional: Bool
  /// What the property expects, for reports.
  let expected: () -> String
  /// The byte offset of the wrapper's setup box inside the wrapper; `nil`
  /// when the wrapper's layout does not say (then the generic builder runs).
  let setupOffset: Int?
  /// How an option-less property is written; `nil` for a kit made for one
  /// property with options.
  let plainWrites: FieldWrites?

  init(
    read: @escaping FieldRead, fast: FastRead?, isOptional: Bool,
    expected: @escaping () -> String, setupOffset: Int?, plainWrites: FieldWrites?
  ) {
    self.read = read
    self.fast = fast
    self.isOptional = isOptional
    self.expected = expected
    self.setupOffset = setupOffset
    self.plainWrites = plainWrites
  }
}

/// A kit seen with its value type but not its wrapper type: what a setup,
/// which knows only its value type, needs to make its property's read
/// (`SetupFacts.specialisedRead`).
class ValueKit<Value>: PlainKit, @unchecked Sendable {
  // Unchecked: immutable; its closures capture only immutable values.
  let reader: FieldReader<Value>
  /// The byte offset of the wrapper's `Value?` inside the wrapper; `nil`
  /// when the wrapper's layout does not say.
  let valueOffset: Int?

  init(
    reader: FieldReader<Value>, valueOffset: Int?, read: @escaping FieldRead, fast: FastRead?,
    isOptional: Bool, expected: @escaping () -> String, setupOffset: Int?,
    plainWrites: FieldWrites?
  ) {
    self.reader = reader
    self.valueOffset = valueOffset
    super.init(
      read: read, fast: fast, isOptional: isOptional, expected: expected,
      setupOffset: setupOffset, plainWrites: plainWrites)
  }
}

/// What every option-less property of one wrapper type shares, built once
/// per wrapper type (`Coding<Int>`, `CodableDate<Date?>`) rather than once
/// per property of every model: the codec, its reader and writer, the nil
/// check, the fast read and the writes.
///
/// Building these runs generic code for a type known only at run time, where
/// each step looks its types' metadata up; a model's first decode used to
/// spend about a third of its table building here, for answers that are the
/// same for every `@Coding var name: String` in the app.
final class WrapperKit<W: StorageWrapper>: ValueKit<W.Value>, @unchecked Sendable {
  // Unchecked: immutable; its closures capture only immutable values.
  typealias Value = W.Value
  let codec: any FieldCodec<Value>
  let writer: FieldWriter<Value>?
  let isNil: ((Value) -> Bool)?

  fileprivate init(codec: any FieldCodec<Value>, rules: FieldRules, fast: FastRead?, plain: Bool) {
    self.codec = codec
    let reader = codec.makeReader(rules)
    let writer = codec.makeWriter()
    self.writer = writer
    let isNil = NilCheck.make(for: Value.self)
    self.isNil = isNil
    super.init(
      reader: reader, valueOffset: W.valueOffset,
      read: Self.plainRead(reader), fast: fast, isOptional: _isOptional(Value.self),
      expected: { codec.expected }, setupOffset: W.setupOffset,
      plainWrites: plain
        ? FieldBuilder.writes(
          W.self, codec: codec, writer: writer, isNil: isNil, encodesNil: false, omitted: nil)
        : nil)
  }

  /// Reads with `reader` into a `W`'s storage.
  static func plainRead(_ reader: FieldReader<Value>) -> FieldRead {
    { storage, cursor, context in
      guard let value = try reader.read(&cursor, context) else { return false }
      storage.assumingMemoryBound(to: W.self).pointee.storage.value = value
      return true
    }
  }
}

/// The kits of option-less properties, one per wrapper type.
enum WrapperKits {
  private static let kits = PerTypeMemo<AnyObject?>()

  /// The kit of `W`'s properties declared without options or a codec of
  /// their own, shared by all of them; `nil` when `W`'s value has no default
  /// codec (it is not `Decodable`).
  static func shared<W: StorageWrapper>(by _: W.Type) -> WrapperKit<W>? {
    plain(for: W.self).map { unsafeDowncast($0, to: WrapperKit<W>.self) }
  }

  /// The same kit, seen without its generic type.
  static func plain(for wrapper: any StorageWrapper.Type) -> PlainKit? {
    func make<W: StorageWrapper>(_: W.Type) -> AnyObject? {
      W.defaultCodec().map { WrapperKits.make(W.self, codec: $0, rules: FieldRules(), plain: true) }
    }
    return kits.value(for: wrapper) { make(wrapper) }.map { unsafeDowncast($0, to: PlainKit.self) }
  }

  /// The kit of one property of wrapper type `W` with options or a codec of
  /// its own (`plain: false`), or of all its option-less ones.
  static func make<W: StorageWrapper>(
    _: W.Type, codec: any FieldCodec<W.Value>, rules: FieldRules, plain: Bool = false
  ) -> WrapperKit<W> {
    let fast =
      codec.isPlain ? W.valueOffset.flatMap { FastRead(for: W.Value.self, valueOffset: $0) } : nil
    return WrapperKit<W>(codec: codec, rules: rules, fast: fast, plain: plain)
  }
}

/// The kits one table build has looked up: a model's properties share a few
/// wrapper types, and a look-up here is a pointer comparison where the shared
/// memo takes a lock.
struct PlainKits {
  private var known: [(type: ObjectIdentifier, kit: PlainKit?)] = []

  /// The shared kit of `wrapper` (see `WrapperKits.plain(for:)`).
  mutating func kit(for wrapper: any StorageWrapper.Type) -> PlainKit? {
    let id = ObjectIdentifier(wrapper)
    for entry in known where entry.type == id { return entry.kit }
    let kit = WrapperKits.plain(for: wrapper)
    known.append((id, kit))
    return kit
  }
}
