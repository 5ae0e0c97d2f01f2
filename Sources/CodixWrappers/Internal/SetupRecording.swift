import CodixCore
import Foundation

/// Whether wrappers being created record their setup.
///
/// A wrapper's key, options and transformer are needed once per model type,
/// to build its table from a blank prototype. The instances the engine makes
/// to decode into skip them: each would cost a `SetupBox` allocated and
/// freed per wrapper and decode. The engine skips them only for a model
/// whose `init()` creates no wrappers but its own (counted when its table
/// is built): a wrapper made by any other code always keeps its setup, so
/// every instance a program makes can be encoded, whoever made it.
///
/// Every wrapper's initializer asks, so the question is one thread-local
/// read of the thread's `State`, made on the thread's first skip or count
/// (none: record, the default) and freed when the thread exits.
@usableFromInline
enum SetupRecording {
  fileprivate struct State {
    var skipping = false
    /// Wrappers that recorded their setup, for `counting(_:)`.
    var created = 0
  }

  /// The slot of each thread's `State`: `nil` when the system has no key
  /// left (every wrapper then records, and nothing is skipped or counted).
  private static let key: pthread_key_t? = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
      let raw: UnsafeMutableRawPointer? = raw  // optional on Linux only
      // safe: the slot holds only the memory `state()` allocated for this
      // thread, freed here once, when the thread exits.
      raw?.assumingMemoryBound(to: State.self).deallocate()
    }
    return status == 0 ? key : nil
  }()

  /// This thread's state, made on first use; `nil` without a key.
  private static func state() -> UnsafeMutablePointer<State>? {
    guard let key else { return nil }
    // safe: see `recordsSetup()`.
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: State.self) }
    let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    state.initialize(to: State())
    guard pthread_setspecific(key, state) == 0 else {
      state.deallocate()
      return nil
    }
    return state
  }

  /// Whether a wrapper being created now on this thread records its setup;
  /// counts the wrappers that do.
  @usableFromInline
  static func recordsSetup() -> Bool {
    guard let key, let raw = pthread_getspecific(key) else { return true }
    // safe: the slot holds nothing or the `State` `state()` made for this
    // thread, which lives until the thread exits; no other thread reads it.
    let state = raw.assumingMemoryBound(to: State.self)
    if state.pointee.skipping { return false }
    state.pointee.created &+= 1
    return true
  }

  /// What `endSkipping(_:)` puts back.
  struct Skip {
    fileprivate let state: UnsafeMutablePointer<State>?
    fileprivate let wasSkipping: Bool
  }

  /// Turns recording off on this thread until `endSkipping(_:)` is given
  /// what this returns: wrappers created in between keep no setup.
  static func beginSkipping() -> Skip {
    guard let state = state() else { return Skip(state: nil, wasSkipping: false) }
    let skip = Skip(state: state, wasSkipping: state.pointee.skipping)
    state.pointee.skipping = true
    return skip
  }

  /// Puts back the recording `beginSkipping()` turned off, on its thread.
  static func endSkipping(_ skip: Skip) {
    skip.state?.pointee.skipping = skip.wasSkipping
  }

  /// Runs `body` with recording on; returns its result and how many wrappers it created.
  static func counting<T>(_ body: () throws -> T) rethrows -> (value: T, wrappers: Int) {
    guard let state = state() else { return (try body(), 0) }
    let previous = state.pointee
    state.pointee = State()
    defer { state.pointee = previous }
    let value = try body()
    return (value, state.pointee.created)
  }
}
