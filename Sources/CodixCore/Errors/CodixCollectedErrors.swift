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
  /// The failures kept, in the order decoding met them (at most the limit).
  public let errors: [CodixError]
  /// How many failures there were, including those past the limit.
  public let count: Int
  /// The decoded type's name.
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

/// The failures of a decode that collects them, per thread: set by
/// `decodeCollectingErrors` for the span of its decode. Looked up only when
/// a failure happens, so decoding that does not collect pays nothing.
package final class ErrorCollection {
  private static let storage = ThreadLocal<ErrorCollection?> { nil }

  /// This thread's collection, if a collecting decode is running.
  package static var current: ErrorCollection? {
    storage.pointerIfPresent?.pointee ?? nil
  }

  private(set) var errors: [CodixError] = []
  private(set) var count = 0
  private let limit: Int

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// Records a failure.
  package func record(_ error: CodixError) {
    count += 1
    if errors.count < limit { errors.append(error) }
  }

  /// Runs `body` with `collection` as this thread's collection (`nil`: none,
  /// for decodes whose failures are answers, such as trying candidates).
  package static func with<R>(_ collection: ErrorCollection?, _ body: () throws -> R) rethrows
    -> R
  {
    guard let pointer = storage.pointer else { return try body() }
    let previous = pointer.pointee
    pointer.pointee = collection
    defer { pointer.pointee = previous }
    return try body()
  }
}

extension CodixTopLevelDecoder {
  /// Decodes the value at `path` inside a whole document without stopping
  /// at the first failure: every wrapper model reports each failing
  /// property, arrays of them each failing element, nested models what fails
  /// inside; a path-style `init(from:)` stops at its own first failure and
  /// its siblings go on. Throws one ``CodixCollectedErrors`` that lists them all.
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
      value = try ErrorCollection.with(collection) {
        try TopLevelDecoding.decode(type, from: data, at: path, using: self)
      }
    } catch {
      collection.record(CodixError.wrap(error, at: path))
    }
    guard collection.count == 0, let value else {
      throw CodixCollectedErrors(
        errors: collection.errors, count: max(collection.count, 1),
        typeName: TypeNames.display(T.self))
    }
    return value
  }
}
