import CodixCore

/// A property converted by a ``KodableTransform``; name it with a typealias:
///
/// ```swift
/// typealias CodingURL = KodableTransformable<URLTransform>
/// @CodingURL("html_url") var url: URL
/// ```
///
/// Keys, options, missing and `null` values behave as with ``Coding``.
@propertyWrapper
public struct KodableTransformable<T: KodableTransform> {
  @usableFromInline var storage: WrapperStorage<T.To>

  /// Reads the property at its own name.
  @inlinable
  public init() {
    storage = WrapperStorage(
      value: nil,
      setup: FieldSetup(
        key: nil, options: [], hasDefault: false, codec: TransformerCodec(transformer: T())))
  }

  /// Reads the property at `key` (its own name when `nil`).
  @inlinable
  public init(_ key: @autoclosure () -> Path? = nil, _ options: KodableOption<T.To>...) {
    storage = WrapperStorage(
      value: nil,
      setup: FieldSetup(
        key: key(), options: options, hasDefault: false, codec: TransformerCodec(transformer: T())))
  }

  /// Reads the property at `key`, keeping the initial value when it is missing or `null`.
  @inlinable
  public init(
    wrappedValue: T.To, _ key: @autoclosure () -> Path? = nil, _ options: KodableOption<T.To>...
  ) {
    storage = WrapperStorage(
      value: wrappedValue,
      setup: FieldSetup(
        key: key(), options: options, hasDefault: true, codec: TransformerCodec(transformer: T())))
  }

  /// A wrapper holding a value decoded outside a model's table.
  init(decoded value: T.To) {
    storage = WrapperStorage(
      value: value,
      setup: FieldSetup(
        key: nil, options: [], hasDefault: false, codec: TransformerCodec(transformer: T())))
  }

  /// The converted value.
  public var wrappedValue: T.To {
    get {
      guard let value = storage.current else { unsetWrapperRead("@\(T.self)", T.To.self) }
      return value
    }
    set { storage.value = newValue }
  }
}

extension KodableTransformable: Sendable where T.To: Sendable {}

extension KodableTransformable: Equatable where T.To: Equatable {
  public static func == (lhs: KodableTransformable, rhs: KodableTransformable) -> Bool {
    lhs.storage.current == rhs.storage.current
  }
}

extension KodableTransformable: Hashable where T.To: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(storage.current) }
}

extension KodableTransformable: StorageWrapper {
  static func defaultCodec() -> (any FieldCodec<T.To>)? { TransformerCodec(transformer: T()) }

  static var valueOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage.value) }

  static var setupOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage.setupBox) }
}
