import Foundation

/// Collects what a decode recovered from instead of failing: elements a lossy
/// array dropped, values a lossy rule coerced.
///
/// ```swift
/// let diagnostics = CodixDiagnostics()
/// let decoder = JSONDecoder()
/// decoder.userInfo[.codixDiagnostics] = diagnostics
/// let page = try decoder.decode(Page<Song>.self, from: data)
/// for warning in diagnostics.warnings { print(warning) }
/// // Song at results[1].id: key not found …
/// ```
///
/// Each warning is a ``CodixError`` with its full path. A diagnostics object
/// is safe to share between decodes on many threads.
public final class CodixDiagnostics: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [CodixError] = []

  /// Creates an empty collector.
  public init() {}

  /// The warnings recorded so far, in the order they happened.
  public var warnings: [CodixError] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Records a warning.
  public func record(_ warning: CodixError) {
    lock.lock()
    storage.append(warning)
    lock.unlock()
  }

  /// How many warnings were recorded: a mark for `attribute(since:model:property:)`.
  package var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return storage.count
  }

  /// Names `model` and `property` in the warnings recorded since `mark`
  /// that name no model yet: those of a property's read, recorded by code
  /// that cannot know which property it reads (a tagged enum's fallback, say).
  package func attribute(
    since mark: Int, model: @autoclosure () -> String, property: String
  ) {
    lock.lock()
    defer { lock.unlock() }
    guard mark < storage.count else { return }
    let model = model()
    for index in mark..<storage.count {
      storage[index].attribute(model: model, property: property)
    }
  }

  /// Forgets every warning.
  public func removeAll() {
    lock.lock()
    storage.removeAll()
    lock.unlock()
  }
}

extension CodingUserInfoKey {
  /// The `userInfo` key under which a decoder carries a ``CodixDiagnostics``.
  // safe: the initializer accepts every string; it is failable only by its signature.
  public static let codixDiagnostics = CodingUserInfoKey(rawValue: "codix.diagnostics")!
}

extension CodingUserInfoKey {
  /// The `userInfo` key that turns every recovery into an error: with
  /// `decoder.userInfo[.codixStrictDecoding] = true`, a lossy array's broken
  /// element, a coerced `Bool`, a fallback value, an unknown key under
  /// `UnknownKeys.warn`, … fail the decode instead of being recorded to
  /// ``CodixDiagnostics``. For tests and staging builds.
  /// Under `decodeCollectingErrors`, each is one failure of the list, and
  /// decoding goes on.
  // safe: the initializer accepts every string; it is failable only by its signature.
  public static let codixStrictDecoding = CodingUserInfoKey(rawValue: "codix.strictDecoding")!
}

extension CodixDiagnostics {
  /// Records that `error`'s value was replaced by a fallback, to the
  /// diagnostics in `userInfo`, if there are any; throws `error` instead
  /// when the decoder is strict (`.codixStrictDecoding`).
  package static func recoverWithFallback(
    _ error: CodixError, in userInfo: [CodingUserInfoKey: Any]
  ) throws(CodixError) {
    if userInfo[.codixStrictDecoding] as? Bool == true {
      // A collecting decode records the failure and goes on with the fallback.
      guard let collection = ErrorCollection.active(in: userInfo) else { throw error }
      collection.record(error)
      return
    }
    guard let diagnostics = userInfo[.codixDiagnostics] as? CodixDiagnostics else { return }
    var warning = error
    warning.becomeRecovery { .usedFallback(reason: $0) }
    diagnostics.record(warning)
  }

  /// Records a recovery, `warning`, to the diagnostics in `userInfo`, if
  /// there are any; throws it when the decoder is strict
  /// (`.codixStrictDecoding`).
  package static func recover(
    _ warning: @autoclosure () -> CodixError, in userInfo: [CodingUserInfoKey: Any]
  ) throws(CodixError) {
    if userInfo[.codixStrictDecoding] as? Bool == true {
      // A collecting decode records the failure and goes on as lossy decoding would.
      guard let collection = ErrorCollection.active(in: userInfo) else { throw refused(warning()) }
      collection.record(refused(warning()))
      return
    }
    report(warning(), in: userInfo)
  }

  /// A recovery's warning as the error of a strict decode: the failure
  /// itself, not what lossy decoding would have done with it.
  private static func refused(_ warning: CodixError) -> CodixError {
    var error = warning
    switch warning.detail {
    case .droppedElement(_, let reason)?, .droppedEntry(let reason)?:
      error.detail = reason.map(CodixError.Detail.thrown)
    case .lossyRead(let found, let expected, let value)?:
      error.detail = .thrown(
        "Lossy decoding would read \(found) as \(expected) \(value); strict decoding refuses it.")
    default:
      break
    }
    return error
  }

  /// Records `warning` to the diagnostics in `userInfo`, if there are any.
  package static func report(
    _ warning: @autoclosure () -> CodixError, in userInfo: [CodingUserInfoKey: Any]
  ) {
    guard let diagnostics = userInfo[.codixDiagnostics] as? CodixDiagnostics else { return }
    diagnostics.record(warning())
  }
}
