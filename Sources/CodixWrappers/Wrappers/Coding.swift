import CodixCore

/// A property read from, and written to, a key or path of its model's document.
///
/// ```swift
/// struct User: Kodable {
///   var identifier: String = ""
///   @Coding("first_name") var firstName: String
///   @Coding var phone = "+1 123456789"
///   @Coding("address.zipCode") var zipCode: Int
///   @Coding("salary", using: SalaryTransformer()) var salary: Salary
///   @Coding(.trimmedNilIfEmpty) var nickname: String?
/// }
/// ```
///
/// - The key is a Codix `Path`: `"a.b[0].c"`, custom separators and quoted
///   keys included. Without one, the property's name is the key.
/// - Missing or `null`: an optional becomes `nil`, a default (the initial
///   value) is kept, anything else throws `.keyNotFound` / `.valueNotFound`.
/// - Lossy by default: a `Bool` is also read from `0`/`1` and
///   `"true"`/`"false"`, a `String` from a number, and an array drops the
///   elements that fail (each recorded to ``CodixDiagnostics``).
///   `.enforceTypeDecoding` turns that off.
///
/// A `Coding` is `Sendable`, `Equatable` and `Hashable` when its value is;
/// equality compares values only.
@propertyWrapper
public struct Coding<Value> {
  @usableFromInline var storage: WrapperStorage<Value>

  @inlinable
  init(
    value: Value?, key: @autoclosure () -> Path?, options: [KodableOption<Value>], hasDefault: Bool,
    codec: @autoclosure () -> (any FieldCodec<Value>)?
  ) {
    // The setup, codec included, is built only when it is recorded: not for
    // the instances made to decode into (see `SetupRecording`).
    storage = WrapperStorage(
      value: value,
      setup: FieldSetup(key: key(), options: options, hasDefault: hasDefault, codec: codec()))
  }

  /// Reads the property at its own name: `@Coding var name: String`.
  ///
  /// The property's type must be `Decodable` (checked when its model is first
  /// decoded), or the wrapper must be given a transformer with `using:`.
  @inlinable
  public init() {
    self.init(value: nil, key: nil, options: [], hasDefault: false, codec: nil)
  }

  /// The property's value.
  ///
  /// Reading a non-optional property that has no default before its model was
  /// decoded or the property was set stops the program with an explanation:
  /// that is a programming error, never something a document can cause.
  public var wrappedValue: Value {
    get {
      guard let value = storage.current else { unsetWrapperRead("@Coding", Value.self) }
      return value
    }
    set { storage.value = newValue }
  }
}

// MARK: - Decodable values

extension Coding where Value: Decodable {
  /// Reads the property at its own name, keeping the initial value when the
  /// key is missing or `null`: `@Coding var count: Int = 0`.
  @inlinable
  public init(wrappedValue: Value) {
    self.init(
      value: wrappedValue, key: nil, options: [], hasDefault: true, codec: nil)
  }

  /// Reads the property at `key`, a Codix path: `@Coding("address.zipCode") var zip: Int`.
  @inlinable
  public init(_ key: @autoclosure () -> Path, _ options: KodableOption<Value>...) {
    self.init(value: nil, key: key(), options: options, hasDefault: false, codec: nil)
  }

  /// Reads the property at its own name with options: `@Coding(.trimmed) var title: String`.
  @inlinable
  public init(_ options: KodableOption<Value>...) {
    self.init(value: nil, key: nil, options: options, hasDefault: false, codec: nil)
  }

  /// Reads the property at `key`, keeping the initial value when it is missing or `null`.
  @inlinable
  public init(
    wrappedValue: Value, _ key: @autoclosure () -> Path, _ options: KodableOption<Value>...
  ) {
    self.init(
      value: wrappedValue, key: key(), options: options, hasDefault: true, codec: nil)
  }

  /// Reads the property at its own name with options, keeping the initial value
  /// when it is missing or `null`.
  @inlinable
  public init(wrappedValue: Value, _ options: KodableOption<Value>...) {
    self.init(
      value: wrappedValue, key: nil, options: options, hasDefault: true, codec: nil)
  }

  /// Reads the property, using `default` when it is missing or `null`:
  /// `@Coding(default: "+1 123456789") var phone: String`, Kodable's spelling
  /// of `@Coding var phone = "+1 123456789"`.
  @inlinable
  public init(
    _ key: @autoclosure () -> Path? = nil, default: Value, _ options: KodableOption<Value>...
  ) {
    self.init(
      value: `default`, key: key(), options: options, hasDefault: true, codec: nil)
  }
}

// MARK: - Transformed values

extension Coding {
  /// Reads the raw value at `key` and converts it with `transformer`:
  /// `@Coding("salary", using: SalaryTransformer()) var salary: Salary`.
  ///
  /// Encoding the property needs a ``ReversibleTransformer``.
  @inlinable
  public init<F: Transformer>(
    _ key: @autoclosure () -> Path? = nil, using transformer: @autoclosure () -> F,
    _ options: KodableOption<Value>...
  )
  where F.To == Value, F.From: Decodable {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: TransformerCodec(transformer: transformer()))
  }

  /// Reads and converts the raw value at `key`, keeping the initial value when
  /// it is missing or `null`.
  @inlinable
  public init<F: Transformer>(
    wrappedValue: Value, _ key: @autoclosure () -> Path? = nil,
    using transformer: @autoclosure () -> F,
    _ options: KodableOption<Value>...
  ) where F.To == Value, F.From: Decodable {
    self.init(
      value: wrappedValue, key: key(), options: options, hasDefault: true,
      codec: TransformerCodec(transformer: transformer()))
  }

  /// Reads and converts the raw value at `key` into an optional property:
  /// `@Coding("birthday", using: DateCodingStrategy.format("yyyy/MM/dd")) var birthday: Date?`.
  @inlinable
  public init<F: Transformer>(
    _ key: @autoclosure () -> Path? = nil, using transformer: @autoclosure () -> F,
    _ options: KodableOption<Value>...
  )
  where Value == F.To?, F.From: Decodable {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: OptionalTransformerCodec(transformer: transformer()))
  }
  /// Reads the raw value at `key` with one transformer and writes it back with
  /// another: `decode` converts the document's value into the property's,
  /// `encode` converts the property's value into the document's.
  ///
  /// ```swift
  /// @Coding("price", decode: TextToCents(), encode: CentsToText()) var cents: Int
  /// ```
  @inlinable
  public init<D: Transformer, E: Transformer>(
    _ key: @autoclosure () -> Path? = nil, decode: @autoclosure () -> D,
    encode: @autoclosure () -> E, _ options: KodableOption<Value>...
  ) where D.To == Value, D.From: Decodable, E.From == Value, E.To: Encodable {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: TwoWayCodec(decode: decode(), encode: encode()))
  }

  /// Reads and writes through two transformers, keeping the initial value
  /// when the key is missing or `null`.
  @inlinable
  public init<D: Transformer, E: Transformer>(
    wrappedValue: Value, _ key: @autoclosure () -> Path? = nil, decode: @autoclosure () -> D,
    encode: @autoclosure () -> E,
    _ options: KodableOption<Value>...
  ) where D.To == Value, D.From: Decodable, E.From == Value, E.To: Encodable {
    self.init(
      value: wrappedValue, key: key(), options: options, hasDefault: true,
      codec: TwoWayCodec(decode: decode(), encode: encode()))
  }
}

// MARK: - Conformances

extension Coding: Sendable where Value: Sendable {}

extension Coding: Equatable where Value: Equatable {
  public static func == (lhs: Coding, rhs: Coding) -> Bool {
    lhs.storage.current == rhs.storage.current
  }
}

extension Coding: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.current)
  }
}

extension Coding: CustomStringConvertible {
  public var description: String {
    storage.current.map { String(describing: $0) } ?? "<unset>"
  }
}

extension Coding: StorageWrapper {
  static func defaultCodec() -> (any FieldCodec<Value>)? { PlainCodecs.codec(for: Value.self) }

  static var valueOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage.value) }

  static var setupOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage.setupBox) }
}

/// Explains a read of a wrapper that was never set. Only reachable through a
/// programming error (reading a model that was neither decoded nor filled in).
func unsetWrapperRead(_ wrapper: String, _ type: Any.Type) -> Never {
  let message = """
    A \(wrapper) property of type \(type) was read before it had a value. It is not optional \
    and has no default, and its model was neither decoded nor given a value for it. Decode \
    the model first, set the property, give it a default (`\(wrapper) var x: \(type) = …`), \
    or make it optional.
    """
  // safe: no document reaches this, only a read of a model the program never
  // filled; a collecting decode, which leaves failed properties unset, calls
  // no hook on such a model (`aHookIsNotCalledOnAModelWithFailedProperties`).
  fatalError(message)
}
