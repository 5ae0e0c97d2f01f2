import Foundation

/// Reads a `Date` written with a date format, such as `"yyyy/MM/dd"`.
///
/// ```swift
/// birthdate = try decoder.decodeIfPresent(
///   at: "profile.birth_day", using: DateFromString(format: "yyyy/MM/dd"))  // "2000/08/12"
/// ```
///
/// The format is read in UTC with the `en_US_POSIX` locale unless you give a
/// time zone or locale. Formatters are expensive to create, so each distinct
/// format is built once and shared by every `DateFromString` that uses it,
/// from any thread; creating a `DateFromString` inside `init(from:)` is cheap.
public struct DateFromString: ReversibleTransformer {
  /// The date format, in Unicode (`DateFormatter`) syntax.
  public let format: String
  private let formatter: SharedDateFormatter

  /// Creates a transformer for `format`.
  /// - Parameters:
  ///   - format: A `DateFormatter` format such as `"yyyy/MM/dd"`.
  ///   - timeZone: The time zone of dates without one; UTC by default.
  ///   - locale: The locale of month and day names; `en_US_POSIX` by default.
  public init(format: String, timeZone: TimeZone? = nil, locale: Locale? = nil) {
    self.format = format
    self.formatter = DateFormatterCache.shared.formatter(
      format: format, timeZone: timeZone, locale: locale)
  }

  /// Creates a transformer that reads and writes dates with `formatter`, as
  /// configured now (its format, time zone and locale). Codix keeps a copy,
  /// so the transformer is safe to share between threads.
  ///
  /// ```swift
  /// let formatter = DateFormatter()
  /// formatter.dateFormat = "dd.MM.yyyy"
  /// formatter.timeZone = TimeZone(identifier: "Europe/Paris")
  /// let transformer = DateFromString(formatter: formatter)
  /// ```
  public init(formatter: DateFormatter) {
    self.format = formatter.dateFormat ?? ""
    self.formatter = SharedDateFormatter(copying: formatter)
  }

  /// Reads a date written in ``format``.
  /// - Throws: ``CodixError/transformFailed(_:)`` when `value` does not match the format.
  public func transform(_ value: String) throws -> Date {
    guard let date = formatter.date(from: value) else {
      throw CodixError.transformFailed(
        "Cannot read \(ValueRenderer.quote(value)) with format \(format).")
    }
    return date
  }

  /// Writes `value` in ``format``.
  public func reverse(_ value: Date) -> String {
    formatter.string(from: value)
  }

  /// What the transformer reads, for reports: `Date (format yyyy/MM/dd)`.
  public var expectedDescription: String { "Date (format \(format))" }
}
