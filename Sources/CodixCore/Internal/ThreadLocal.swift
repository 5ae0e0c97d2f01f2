import Foundation

/// A value of `State` per thread, created on a thread's first use and
/// destroyed when the thread exits. `pointer` is plain memory the thread owns:
/// reading and writing it takes no lock and no exclusivity check, which is
/// what the per-decode caches need on their hot paths.
package final class ThreadLocal<State>: @unchecked Sendable {
  // Unchecked: `key` and `make` are immutable; each thread touches only its own state.
  private let key: pthread_key_t?
  private let make: @Sendable () -> State

  /// Creates the storage; `make` builds a thread's state on first use.
  package init(_ make: @escaping @Sendable () -> State) {
    self.make = make
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      let pointer: UnsafeMutableRawPointer? = pointer  // optional on Linux only
      guard let pointer else { return }
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
    self.key = status == 0 ? key : nil
  }

  /// This thread's state, created if needed; `nil` only when the system has
  /// no thread-local key left (then callers cache nothing).
  @inline(__always)
  package var pointer: UnsafeMutablePointer<State>? {
    guard let key else { return nil }
    if let raw = pthread_getspecific(key) {
      return Unmanaged<Holder>.fromOpaque(raw).takeUnretainedValue().pointer
    }
    let holder = Holder(make())
    guard pthread_setspecific(key, Unmanaged.passRetained(holder).toOpaque()) == 0 else {
      return nil
    }
    return holder.pointer
  }

  /// This thread's state if it was ever created.
  package var pointerIfPresent: UnsafeMutablePointer<State>? {
    guard let key, let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<Holder>.fromOpaque(raw).takeUnretainedValue().pointer
  }

  /// Owns one thread's state; released by the key's destructor at thread exit.
  private final class Holder {
    let pointer: UnsafeMutablePointer<State>

    init(_ state: State) {
      pointer = .allocate(capacity: 1)
      pointer.initialize(to: state)
    }

    deinit {
      pointer.deinitialize(count: 1)
      pointer.deallocate()
    }
  }
}
