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

  /// Runs `body` with recording on; returns its result and how many wrappers it created.
  static func counting<T>(_ body: () throws -> T) rethrows -> (value: T, wrappers: Int) {
    guard let state = state.pointer else { return (try body(), 0) }
    let previous = state.pointee
    state.pointee = State()
    defer { state.pointee = previous }
    let value = try body()
    return (value, state.pointee.created)
  }
}
