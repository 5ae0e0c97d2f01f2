import CodixCore
import Foundation

/// A `Date` (or `Date?`) property with its own date format.
///
/// ```swift
/// struct Dates: Kodable {
///   @CodableDate var iso8601: Date
///   @CodableDate("simple_date", .format("y-MM-dd")) var simpleDate: Date
///   @CodableDate("rfc2822", .rfc2822) var rfc2822Date: Date
///   @CodableDate("timestamp", .timestamp) var timestamp: Date
///   @CodableDate("updated_at", .rfc3339) var updated: Date?
/// }
/// ```
///
/// The strategy is ``DateCodingStrategy/iso8601`` unless given; encoding writes
/// the date back in the same strategy. The JSON decoder's own
/// `dateDecodingStrategy` is not used for these properties.
@propertyWrapper
public struct CodableDate<Value> {
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

  /// An ISO 8601 date at the property's name: `@CodableDate var created: Date`.
  @inlinable
  public init() {
    // No codec: the table resolves ISO 8601 for `Date` or `Date?` once per
    // type (`defaultCodec()`).
    self.init(value: nil, key: nil, options: [], hasDefault: false, codec: nil)
  }

  /// The date.
  public var wrappedValue: Value {
    get {
      guard let value = storage.current else { unsetWrapperRead("@CodableDate", Value.self) }
      return value
    }
    set { storage.value = newValue }
  }
}

extension CodableDate where Value == Date {
  /// A date in `strategy` at the property's name, or at a `.key(...)` option.
  @inlinable
  public init(_ strategy: DateCodingStrategy = .iso8601, _ options: KodableOption<Date>...) {
    self.init(
      value: nil, key: nil, options: options, hasDefault: false,
      codec: TransformerCodec(transformer: strategy))
  }

  /// A date in `strategy` at `key`.
  @inlinable
  public init(
    _ key: @autoclosure () -> Path, _ strategy: DateCodingStrategy = .iso8601,
    _ options: KodableOption<Date>...
  ) {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: TransformerCodec(transformer: strategy))
  }

  /// A date in `strategy`, keeping the initial value when it is missing or `null`.
  @inlinable
  public init(
    wrappedValue: Date, _ strategy: DateCodingStrategy = .iso8601, _ options: KodableOption<Date>...
  ) {
    self.init(
      value: wrappedValue, key: nil, options: options, hasDefault: true,
      codec: TransformerCodec(transformer: strategy))
  }

  /// A date in `strategy` at `key`, keeping the initial value when it is
  /// missing or `null`: `@CodableDate("expires", .timestamp) var expires = Date.distantFuture`.
  @inlinable
  public init(
    wrappedValue: Date, _ key: @autoclosure () -> Path,
    _ strategy: DateCodingStrategy = .iso8601, _ options: KodableOption<Date>...
  ) {
    self.init(
      value: wrappedValue, key: key(), options: options, hasDefault: true,
      codec: TransformerCodec(transformer: strategy))
  }

  /// A date in `strategy` at `key`, strategy first as current Kodable writes
  /// it: `@CodableDate(.rfc2822, "rfc2822") var date: Date`.
  @inlinable
  public init(
    _ strategy: DateCodingStrategy, _ key: @autoclosure () -> Path,
    _ options: KodableOption<Date>...
  ) {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: TransformerCodec(transformer: strategy))
  }

  /// A date in `strategy` at `key`, using `default` when it is missing or
  /// `null`: `@CodableDate(.timestamp, "created", default: .distantPast)`,
  /// Kodable's spelling of `@CodableDate("created", .timestamp) var created = Date.distantPast`.
  @inlinable
  public init(
    _ strategy: DateCodingStrategy = .iso8601, _ key: @autoclosure () -> Path, default: Date,
    _ options: KodableOption<Date>...
  ) {
    self.init(
      value: `default`, key: key(), options: options, hasDefault: true,
      codec: TransformerCodec(transformer: strategy))
  }

  /// An ISO 8601 date at the property's name with options:
  /// `@CodableDate(.debugJSON) var created: Date`.
  @inlinable
  public init(_ options: KodableOption<Date>...) {
    self.init(
      value: nil, key: nil, options: options, hasDefault: false,
      codec: TransformerCodec(transformer: DateCodingStrategy.iso8601))
  }
}

extension CodableDate where Value == Date? {
  /// An optional date in `strategy`: `nil` when missing or `null`.
  @inlinable
  public init(_ strategy: DateCodingStrategy = .iso8601, _ options: KodableOption<Date?>...) {
    self.init(
      value: nil, key: nil, options: options, hasDefault: false,
      codec: OptionalTransformerCodec(transformer: strategy))
  }

  /// An optional date in `strategy` at `key`.
  @inlinable
  public init(
    _ key: @autoclosure () -> Path, _ strategy: DateCodingStrategy = .iso8601,
    _ options: KodableOption<Date?>...
  ) {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: OptionalTransformerCodec(transformer: strategy))
  }

  /// An optional date in `strategy` at `key`, strategy first as current
  /// Kodable writes it: `@CodableDate(.iso8601, "updated") var updated: Date?`.
  @inlinable
  public init(
    _ strategy: DateCodingStrategy, _ key: @autoclosure () -> Path,
    _ options: KodableOption<Date?>...
  ) {
    self.init(
      value: nil, key: key(), options: options, hasDefault: false,
      codec: OptionalTransformerCodec(transformer: strategy))
  }

  /// An optional ISO 8601 date at the property's name with options.
  @inlinable
  public init(_ options: KodableOption<Date?>...) {
    self.init(
      value: nil, key: nil, options: options, hasDefault: false,
      codec: OptionalTransformerCodec(transformer: DateCodingStrategy.iso8601))
  }
}

extension CodableDate: Sendable where Value: Sendable {}

extension CodableDate: Equatable where Value: Equatable {
  public static func == (lhs: CodableDate, rhs: CodableDate) -> Bool {
    lhs.storage.current == rhs.storage.current
  }
}

extension CodableDate: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(storage.current) }
}

extension CodableDate: StorageWrapper {
  static func defaultCodec() -> (any FieldCodec<Value>)? {
    FieldCodecs.same(TransformerCodec(transformer: DateCodingStrategy.iso8601), as: Value.self)
      ?? FieldCodecs.same(
        OptionalTransformerCodec(transformer: DateCodingStrategy.iso8601), as: Value.self)
  }

  static var valueOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage.value) }

  static var setupOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage.setupBox) }
}
