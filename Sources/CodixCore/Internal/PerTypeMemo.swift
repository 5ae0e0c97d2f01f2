import Foundation

/// Answers worked out once per type for all threads: looked up under a lock,
/// made outside it (making one may decode, and come back here). When two
/// threads race on a type's first use, both make it and the first stored wins,
/// so every caller gets the same answer.
package final class PerTypeMemo<Value>: @unchecked Sendable {
  // Unchecked: `known` is touched only while holding `lock`.
  private let lock = NSLock()
  private var known: [ObjectIdentifier: Value] = [:]

  package init() {}

  /// The answer for `type`, made by `make` on its first use.
  package func value(for type: Any.Type, make: () -> Value) -> Value {
    let id = ObjectIdentifier(type)
    return lock.firstStored(read: { known[id] }, make: make, store: { known[id] = $0 })
  }
}

/// One value worked out at its first use and shared by every thread after,
/// made and stored as ``PerTypeMemo`` makes and stores its answers.
package final class OnceValue<Value>: @unchecked Sendable {
  // Unchecked: `made` is touched only while holding `lock`; `make` is
  // immutable.
  private let lock = NSLock()
  private var made: Value?
  private let make: () -> Value

  package init(_ make: @escaping () -> Value) {
    self.make = make
  }

  /// The value, made by this call when no call made it before.
  package var value: Value {
    lock.firstStored(read: { made }, make: make, store: { made = $0 })
  }
}

extension NSLock {
  /// What `read` finds while holding the lock; else a value made by `make`
  /// without it and kept by `store`, unless another thread stored one
  /// meanwhile: then that one.
  fileprivate func firstStored<Value>(
    read: () -> Value?, make: () -> Value, store: (Value) -> Void
  ) -> Value {
    lock()
    if let known = read() {
      unlock()
      return known
    }
    unlock()
    let candidate = make()
    lock()
    defer { unlock() }
    if let winner = read() { return winner }
    store(candidate)
    return candidate
  }
}
