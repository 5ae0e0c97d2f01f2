import CodixCore

/// A property wrapper the engine reads and writes through its storage:
/// `Coding`, `CodableDate`, `KodableTransformable`.
protocol StorageWrapper {
  associatedtype Value
  var storage: WrapperStorage<Value> { get set }
  /// The byte offset of `storage.value` inside the wrapper.
  static var valueOffset: Int? { get }
  /// The byte offset of `storage.setupBox` inside the wrapper.
  static var setupOffset: Int? { get }
  /// The codec of a wrapper declared without one.
  static func defaultCodec() -> (any FieldCodec<Value>)?
}
