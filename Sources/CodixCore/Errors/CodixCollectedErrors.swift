import Foundation

/// Every failure of one decode, from
/// `decodeCollectingErrors(_:from:at:limit:)`: a payload
/// wrong in five places reports all five at once.
///
/// ```swift
/// do {
///   let page = try JSONDecoder().decodeCollectingErrors(Page.self, from: data)
/// } catch let errors as CodixCollectedErrors {
///   print(errors)  // 3 problems decoding Page: 1. … 2. … 3. …
/// }
/// ```
public struct CodixCollectedErrors: Error, Sendable, CustomStringConvertible {
  /// The failures kept (at most the limit): a wrapper model's in the
  /// declaration order of its properties, a path-style model's in the order
  /// it reads them.
  public let errors: [CodixError]
  /// How many failures there were, including those past the limit: more
  /// than `errors.count` when the limit cut the list.
  public let count: Int
  /// The name of the type the decode was asked for, as reports write it:
  /// `"Page"`, `"[Song]"`.
  public let typeName: String

  /// One line per failure, numbered, with each report's detail below it;
  /// "…and N more" past the limit.
  public var description: String {
    var lines = ["\(count) problem\(count == 1 ? "" : "s") decoding \(typeName):"]
    for (index, error) in errors.enumerated() {
      let report = error.description.split(separator: "\n", omittingEmptySubsequences: false)
      lines.append("\(index + 1). " + (report.first.map(String.init) ?? ""))
      lines.append(contentsOf: report.dropFirst().map(String.init))
    }
    if count > errors.count { lines.append("…and \(count - errors.count) more") }
    return lines.joined(separator: "\n")
  }
}

extension CodingUserInfoKey {
  /// The `userInfo` key under which `decodeCollectingErrors` hands its
  /// `ErrorCollection` to the decoder of its own decode, and to no other.
  // safe: the initializer accepts every string; it is failable only by its signature.
  package static let codixErrorCollection = CodingUserInfoKey(rawValue: "codix.errorCollection")!
}

/// The failures of a decode that collects them: set by
/// `decodeCollectingErrors` in the `userInfo` of the decoder of its decode
/// (``CodingUserInfoKey/codixErrorCollection``), so that any other decode,
/// even one on the same thread during it, throws as usual.
///
/// Failures are kept with an order: a wrapper model sorts those met while
/// decoding it by the declaration order of the properties they belong to
/// (see `WrapperEngine`), so the list reads in the model's order.
package final class ErrorCollection: @unchecked Sendable {
  // Unchecked: its state is guarded by `lock` (one decode uses it, on one
  // thread at a time; the lock keeps a shared decoder safe anyway).
  private let lock = NSLock()
  private var entries: [(error: CodixError, order: Int?)] = []
  private var suspensions = 0
  private let limit: Int

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// The collection of the decode `userInfo` belongs to, unless it is
  /// suspended (see `suspended(_:)`); `nil` for a decode that does not collect.
  package static func active(in userInfo: [CodingUserInfoKey: Any]) -> ErrorCollection? {
    guard !userInfo.isEmpty,
      let collection = userInfo[.codixErrorCollection] as? ErrorCollection
    else { return nil }
    return collection.withLock { collection.suspensions == 0 } ? collection : nil
  }

  private func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// The failures kept, at most the limit.
  var errors: [CodixError] { withLock { entries.prefix(limit).map(\.error) } }

  /// Records a failure; `order` places it among its model's failures.
  package func record(_ error: CodixError, order: Int? = nil) {
    withLock { entries.append((error, order)) }
  }

  /// Runs `body` with the collection suspended: failures inside it throw,
  /// for decodes whose failures are answers, such as trying candidates.
  package func suspended<R>(_ body: () throws -> R) rethrows -> R {
    withLock { suspensions += 1 }
    defer { withLock { suspensions -= 1 } }
    return try body()
  }

  /// How many failures there were: where the next one will go, the start
  /// of a span for `assignOrder(_:since:)` and `sortByOrder(since:)`.
  package var mark: Int { withLock { entries.count } }

  /// The collection in `userInfo`, suspended or not.
  package static func any(in userInfo: [CodingUserInfoKey: Any]) -> ErrorCollection? {
    userInfo.isEmpty ? nil : userInfo[.codixErrorCollection] as? ErrorCollection
  }

  /// Replaces each error recorded with `place(error)`: the top-level decode
  /// adds each one's place in the document.
  package func locate(_ place: (CodixError) -> CodixError) {
    withLock {
      for index in entries.indices { entries[index].error = place(entries[index].error) }
    }
  }

  /// Gives `order` to the failures since `mark` that have none yet.
  package func assignOrder(_ order: Int, since mark: Int) {
    withLock {
      guard mark < entries.count else { return }
      for index in mark..<entries.count where entries[index].order == nil {
        entries[index].order = order
      }
    }
  }

  /// Sorts the failures since `mark` by their order (stable; those without
  /// one last), then clears the orders: the span is one block for the
  /// enclosing model to place.
  package func sortByOrder(since mark: Int) {
    withLock {
      guard mark < entries.count - 1 else {
        if mark < entries.count { entries[mark].order = nil }
        return
      }
      let span = entries[mark...].enumerated().sorted {
        let left = $0.element.order ?? Int.max
        let right = $1.element.order ?? Int.max
        return left != right ? left < right : $0.offset < $1.offset
      }
      entries.replaceSubrange(
        mark..., with: span.map { (error: $0.element.error, order: Int?.none) })
    }
  }
}

extension CodixTopLevelDecoder {
  /// Decodes the value at `path` inside a whole document without stopping
  /// at the first failure: every wrapper model reports each failing
  /// property, arrays of them each failing element, nested models what fails
  /// inside; a path-style `init(from:)` stops at its own first failure and
  /// its siblings go on. Throws one ``CodixCollectedErrors`` that lists them all.
  ///
  /// Only this decode's failures are collected: any other decode during it
  /// (one inside a `didDecode`, say) throws as usual. The collection reaches
  /// the values through a copy of the decoder's `userInfo`, for a
  /// `JSONDecoder`, `CodixJSONDecoder` or `PropertyListDecoder`; with a
  /// decoder Codix cannot copy (a subclass, a decoder of your own) the list
  /// holds the first failure only.
  ///
  /// ```swift
  /// let page = try JSONDecoder().decodeCollectingErrors(Page.self, from: data)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The whole document.
  ///   - path: Where the value is in the document; the root by default.
  ///   - limit: How many failures to keep (all are counted).
  /// - Throws: ``CodixCollectedErrors`` when anything failed.
  public func decodeCollectingErrors<T: Decodable>(
    _ type: T.Type, from data: Data, at path: Path = .root, limit: Int = 100
  ) throws -> T {
    let collection = ErrorCollection(limit: limit)
    var value: T?
    do {
      value = try TopLevelDecoding.decode(
        type, from: data, at: path, using: self, adding: [.codixErrorCollection: collection])
    } catch {
      collection.record(CodixError.wrap(error, at: path))
    }
    guard collection.mark == 0, let value else {
      throw CodixCollectedErrors(
        errors: collection.errors, count: max(collection.mark, 1),
        typeName: TypeNames.display(T.self))
    }
    return value
  }
}
