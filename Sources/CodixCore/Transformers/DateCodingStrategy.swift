import Foundation

/// How a date is written in a document, chosen per property.
///
/// A reversible transformer, so it works with `decode(at:using:)`,
/// `@Coding(_:using:)` and `@CodableDate`:
///
/// ```swift
/// let created = try decoder.decode(at: "created", using: DateCodingStrategy.iso8601)
/// @CodableDate("rfc2822", .rfc2822) var rfc2822Date: Date
/// ```
///
/// | strategy | reads | writes |
/// |---|---|---|
/// | `.iso8601` (default) | `1996-12-19T16:39:57-08:00`, fractional seconds allowed | `1996-12-20T00:39:57Z` |
/// | `.iso8601WithMillisecondPrecision` | the same | `1996-12-20T00:39:57.000Z` |
/// | `.rfc2822` | `Thu, 19 Dec 1996 16:39:57 GMT` or `+0000` | `Thu, 19 Dec 1996 16:39:57 GMT` |
/// | `.rfc3339` | `1996-12-19T16:39:57-08:00` | `1996-12-20T00:39:57Z` |
/// | `.timestamp` | `978307200`, `978307200.5` or `"978307200"` (seconds) | `978307200` |
/// | `.format(f)` | text in format `f`, UTC, `en_US_POSIX` | the same format |
/// | `.custom(c)` | whatever `c` parses | whatever `c` prints |
///
/// Parsing is fast and thread-safe: whole-second ISO 8601 and RFC 3339 dates
/// and fixed-width numeric formats (`yyyy-MM-dd HH:mm:ss`) are read without
/// `DateFormatter`, with the same answers; other ISO 8601 dates use
/// Foundation's format style, and other formats formatters built once and
/// shared.
public enum DateCodingStrategy: ReversibleTransformer, Sendable {
  /// ISO 8601 with a time zone; reads fractional seconds, writes whole seconds in UTC.
  case iso8601
  /// ISO 8601 written with milliseconds (`.000Z`).
  case iso8601WithMillisecondPrecision
  /// RFC 2822, as in e-mail and HTTP headers.
  case rfc2822
  /// RFC 3339, the internet profile of ISO 8601.
  case rfc3339
  /// Seconds since 1970, as a number or a numeric string.
  case timestamp
  /// A `DateFormatter` format such as `"y-MM-dd"`, read in UTC with `en_US_POSIX`.
  case format(String)
  /// Your own parser and printer.
  case custom(any DateConvertible)

  /// Reads a date written in this strategy.
  /// - Throws: ``CodixError/transformFailed(_:)`` when `value` is not a date in this strategy.
  public func transform(_ value: RawDate) throws -> Date {
    switch (self, value) {
    case (.timestamp, .number(let seconds)):
      return try DateFromTimeIntervalSince1970().transform(seconds)
    case (.timestamp, .string(let text)):
      guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)) else {
        throw CodixError.transformFailed("Expected a number of seconds since 1970.")
      }
      return try DateFromTimeIntervalSince1970().transform(seconds)
    case (_, .number):
      throw CodixError.transformFailed("Expected a date string, found a number.")
    case (_, .string(let text)):
      guard let date = parse(text) else {
        throw CodixError.transformFailed(
          "Cannot read \(ValueRenderer.quote(text)) as \(strategyName).")
      }
      return date
    }
  }

  /// Writes `value` in this strategy.
  public func reverse(_ value: Date) throws -> RawDate {
    switch self {
    case .iso8601, .rfc3339:
      return .string(value.formatted(Self.iso8601Style))
    case .iso8601WithMillisecondPrecision:
      return .string(Self.millisecondText(of: value))
    case .rfc2822:
      return .string(Self.rfc2822Formatters[0].string(from: value))
    case .timestamp:
      return .number(value.timeIntervalSince1970)
    case .format(let format):
      return .string(DateFormatterCache.shared.formatter(format: format).string(from: value))
    case .custom(let convertible):
      return .string(convertible.string(from: value))
    }
  }

  /// What the strategy reads, for reports: `Date (ISO 8601)`, `Date (format y-MM-dd)`.
  public var expectedDescription: String { "Date (\(strategyName))" }

  /// Reads a date written as text in this strategy, as Kodable's strategies
  /// do; `nil` when `text` is not one. `.timestamp` reads a number of seconds.
  ///
  /// ```swift
  /// DateCodingStrategy.rfc2822.date(from: "Thu, 19 Dec 1996 16:39:57 GMT")  // 851013597
  /// ```
  public func date(from text: String) -> Date? {
    try? transform(.string(text))
  }

  /// Writes `date` as text in this strategy; `.timestamp` writes its number
  /// of seconds (`"978307200"`, or with a fraction when it has one).
  ///
  /// ```swift
  /// DateCodingStrategy.iso8601.string(from: Date(timeIntervalSince1970: 0))  // "1970-01-01T00:00:00Z"
  /// ```
  public func string(from date: Date) -> String {
    switch try? reverse(date) {
    case .string(let text)?:
      return text
    case .number(let seconds)?:
      return seconds == seconds.rounded() && abs(seconds) < 1e15
        ? String(Int64(seconds)) : String(seconds)
    case nil:
      return ""
    }
  }

  var strategyName: String {
    switch self {
    case .iso8601: "ISO 8601"
    case .iso8601WithMillisecondPrecision: "ISO 8601 with milliseconds"
    case .rfc2822: "RFC 2822"
    case .rfc3339: "RFC 3339"
    case .timestamp: "seconds since 1970"
    case .format(let format): "format \(format)"
    case .custom(let convertible): "custom \(type(of: convertible))"
    }
  }

  private func parse(_ text: String) -> Date? {
    switch self {
    case .iso8601, .iso8601WithMillisecondPrecision, .rfc3339:
      // The common shape (`2020-06-13T15:21:42Z`, `…+08:00`) is read by the
      // fixed-width reader; anything else by Foundation's ISO 8601 style.
      switch Self.iso8601WholeSeconds?.read(text) {
      case .date(let date)?: return date
      default: return try? Self.iso8601Style.parse(text)
      }
    case .rfc2822:
      for formatter in Self.rfc2822Formatters {
        if let date = formatter.date(from: text) { return date }
      }
      return nil
    case .timestamp:
      return nil
    case .format(let format):
      return DateFormatterCache.shared.formatter(format: format).date(from: text)
    case .custom(let convertible):
      return convertible.date(from: text)
    }
  }

  private static let iso8601Style = Date.ISO8601FormatStyle()
  static let iso8601WholeSeconds = FixedWidthDateFormat(pattern: "yyyy-MM-dd'T'HH:mm:ssXXXXX")
  /// ISO 8601 in UTC with exactly three fractional digits, rounded to the
  /// nearest millisecond. A `Date` holds a binary fraction of a second, so
  /// `…19.999Z` is stored as a hair under .999; cutting it (as formatters do)
  /// would write `…19.998Z`. Rounding writes back what was read.
  private static func millisecondText(of date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    let seconds = (milliseconds / 1000).rounded(.down)
    let fraction = Int(milliseconds - seconds * 1000)
    let whole = Date(timeIntervalSince1970: seconds).formatted(iso8601Style)
    guard whole.hasSuffix("Z") else { return whole }
    let digits = String(fraction + 1000).dropFirst()
    return whole.dropLast() + "." + digits + "Z"
  }
  private static let rfc2822Formatters = [
    "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss zzz",
    "dd MMM yyyy HH:mm:ss Z",
  ].map { DateFormatterCache.shared.formatter(format: $0) }
}
