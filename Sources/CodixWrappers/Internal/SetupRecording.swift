import CodixCore

/// Whether wrappers being created record their setup.
///
/// A wrapper's key, options and transformer are needed once per model type,
/// to build its table from a blank prototype. The instances the engine makes
/// to decode into skip them: storing them made every wrapper about 64 bytes,
/// and models several times the size of their values, which costs time in
/// every copy. The engine skips them only for a model whose `init()` creates
/// no wrappers but its own (counted when its table is built): a wrapper made
/// by any other code always keeps its setup, so every instance a program
/// makes can be encoded, whoever made it.
@usableFromInline
enum SetupRecording {
  private struct State {
    var skipping = false
    var created = 0
    /// Whether `counting` runs: then the setups made are kept in `made`.
    var keeps = false
    var made: [SetupFacts] = []
  }

  private static let state = ThreadLocal { State() }

  /// Whether a wrapper being created now on this thread records its setup;
  /// counts the wrappers that do.
  @usableFromInline
  static func recordsSetup() -> Bool {
    guard let state = state.pointerIfPresent else { return true }
    if state.pointee.skipping { return false }
    state.pointee.created += 1
    return true
  }

  /// Runs `body` with recording off: wrappers it creates keep no setup.
  static func skipping<T>(_ body: () throws -> T) rethrows -> T {
    guard let state = state.pointer else { return try body() }
    let previous = state.pointee.skipping
    state.pointee.skipping = true
    defer { state.pointee.skipping = previous }
    return try body()
  }

  /// Keeps `setup` when `counting` runs on this thread.
  @usableFromInline
  static func record(_ setup: SetupFacts) {
    guard let state = state.pointerIfPresent, state.pointee.keeps else { return }
    state.pointee.made.append(setup)
  }

  /// Runs `body` with recording on; returns its result, how many wrappers it
  /// created and their setups, in the order they were made.
  static func counting<T>(_ body: () throws -> T) rethrows -> (
    value: T, wrappers: Int, setups: [SetupFacts]
  ) {
    guard let state = state.pointer else { return (try body(), 0, []) }
    let previous = state.pointee
    state.pointee = State()
    state.pointee.keeps = true
    defer { state.pointee = previous }
    let value = try body()
    return (value, state.pointee.created, state.pointee.made)
  }
}
