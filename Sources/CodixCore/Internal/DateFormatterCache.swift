import Foundation

/// A configured `DateFormatter` shared across threads. `DateFormatter` is safe
/// to use from several threads once configured; it is never reconfigured after
/// it is built.
package final class SharedDateFormatter: @unchecked Sendable {
  private let formatter: DateFormatter

  init(format: String, timeZone: TimeZone, locale: Locale) {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateFormat = format
    self.formatter = formatter
  }

  package func date(from string: String) -> Date? { formatter.date(from: string) }
  package func string(from date: Date) -> String { formatter.string(from: date) }
}

/// Builds each distinct formatter once. The cache is filled under a lock, so
/// racing first uses of a format build it once and share it.
package final class DateFormatterCache: @unchecked Sendable {
  package static let shared = DateFormatterCache()

  private struct Key: Hashable {
    let format: String
    let timeZone: String
    let locale: String
  }

  private let lock = NSLock()
  private var formatters: [Key: SharedDateFormatter] = [:]

  package static let utc = TimeZone(secondsFromGMT: 0) ?? .current
  package static let posix = Locale(identifier: "en_US_POSIX")

  package func formatter(format: String, timeZone: TimeZone? = nil, locale: Locale? = nil)
    -> SharedDateFormatter
  {
    let timeZone = timeZone ?? Self.utc
    let locale = locale ?? Self.posix
    let key = Key(format: format, timeZone: timeZone.identifier, locale: locale.identifier)
    lock.lock()
    defer { lock.unlock() }
    if let existing = formatters[key] { return existing }
    let formatter = SharedDateFormatter(format: format, timeZone: timeZone, locale: locale)
    formatters[key] = formatter
    return formatter
  }
}
