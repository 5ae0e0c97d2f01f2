import CodixCore

/// What every option-less property of one wrapper type shares, built once
/// per wrapper type (`Coding<Int>`, `CodableDate<Date?>`) rather than once
/// per property of every model: the codec, its reader and writer, the nil
/// check and the fast read.
///
/// Building these runs generic code for a type known only at run time, where
/// each step looks its types' metadata up; a model's first decode used to
/// spend about a third of its table building here, for answers that are the
/// same for every `@Coding var name: String` in the app.
final class WrapperKit<W: StorageWrapper>: @unchecked Sendable {
  // Unchecked: immutable; its closures capture only immutable values.
  typealias Value = W.Value
  let codec: any FieldCodec<Value>
  let reader: FieldReader<Value>
  /// The read of a property without modifiers or `[*]`: the value, stored.
  let read: FieldRead
  let writer: FieldWriter<Value>?
  let isNil: ((Value) -> Bool)?
  let isOptional: Bool
  let fast: FastRead?

  fileprivate init(codec: any FieldCodec<Value>, rules: FieldRules, fast: FastRead?) {
    self.codec = codec
    self.reader = codec.makeReader(rules)
    self.read = Self.plainRead(reader)
    self.writer = codec.makeWriter()
    self.isNil = NilCheck.make(for: Value.self)
    self.isOptional = _isOptional(Value.self)
    self.fast = fast
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
    let kit = kits.value(for: W.self) {
      W.defaultCodec().map { make(W.self, codec: $0, rules: FieldRules()) }
    }
    return kit.map { unsafeDowncast($0, to: WrapperKit<W>.self) }
  }

  /// The kit of one property of wrapper type `W` with options or a codec of
  /// its own.
  static func make<W: StorageWrapper>(
    _: W.Type, codec: any FieldCodec<W.Value>, rules: FieldRules
  ) -> WrapperKit<W> {
    let fast =
      codec.isPlain ? W.valueOffset.flatMap { FastRead(for: W.Value.self, valueOffset: $0) } : nil
    return WrapperKit<W>(codec: codec, rules: rules, fast: fast)
  }
}
