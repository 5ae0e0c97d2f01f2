import Foundation

/// A value worked out once per type, for all threads (decoder and encoder
/// kinds: found when a type is first met, read on slow paths only).
final class PerTypeMemo<Value>: @unchecked Sendable {
  // Unchecked: every access to `known` holds `lock`.
  private let lock = NSLock()
  private var known: [ObjectIdentifier: Value] = [:]
  private let make: (Any.Type) -> Value

  init(_ make: @escaping (Any.Type) -> Value) {
    self.make = make
  }

  /// The value for `type`, made on the first call with it.
  func value(for type: Any.Type) -> Value {
    let id = ObjectIdentifier(type)
    lock.lock()
    defer { lock.unlock() }
    if let value = known[id] { return value }
    let value = make(type)
    known[id] = value
    return value
  }
}
