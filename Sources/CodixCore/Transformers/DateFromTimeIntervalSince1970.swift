import Foundation

/// Reads a `Date` written as a Unix timestamp.
///
/// ```swift
/// created = try decoder.decode(at: "created", using: DateFromTimeIntervalSince1970())            // 978307200
/// updated = try decoder.decode(at: "updated", using: DateFromTimeIntervalSince1970(unit: .millisecond))
/// ```
public struct DateFromTimeIntervalSince1970: ReversibleTransformer {
  /// The unit of the timestamp.
  public enum Unit: Sendable, Hashable {
    /// Seconds since 1970-01-01 00:00:00 UTC (the default).
    case second
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    case millisecond
  }

  /// The name the original Codix gave ``Unit``.
  public typealias TimeIntervalUnit = Unit

  /// The unit of the timestamp.
  public let unit: Unit

  /// Creates a transformer for timestamps in `unit`.
  public init(unit: Unit = .second) {
    self.unit = unit
  }

  /// Reads a number of seconds (or milliseconds, per ``unit``) since 1970.
  /// - Throws: ``CodixError/transformFailed(_:)`` for a value that is not a finite number.
  public func transform(_ value: Double) throws -> Date {
    guard value.isFinite else {
      throw CodixError.transformFailed("A timestamp must be a finite number.")
    }
    return Date(timeIntervalSince1970: unit == .second ? value : value / 1000)
  }

  /// Writes `value` as a number of seconds (or milliseconds) since 1970.
  public func reverse(_ value: Date) -> Double {
    let seconds = value.timeIntervalSince1970
    return unit == .second ? seconds : (seconds * 1000).rounded()
  }

  /// What the transformer reads, for reports.
  public var expectedDescription: String {
    unit == .second ? "Date (seconds since 1970)" : "Date (milliseconds since 1970)"
  }
}
