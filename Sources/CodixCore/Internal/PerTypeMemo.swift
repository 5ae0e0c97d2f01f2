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
    lock.lock()
    if let answer = known[id] {
      lock.unlock()
      return answer
    }
    lock.unlock()
    let made = make()
    lock.lock()
    defer { lock.unlock() }
    if let winner = known[id] { return winner }
    known[id] = made
    return made
  }
}
