import Foundation

/// A configured `DateFormatter` shared across threads. `DateFormatter` is safe
/// to use from several threads once configured; it is never reconfigured after
/// it is built.
///
/// ICU's parser accepts other separators than the format's (`"2000-08-12"` for
/// `yyyy/MM/dd`), so a parse is accepted only when the text holds the format's
/// separators in order: a date in another layout is an error, not a guess.
///
/// A fixed-width numeric format read in UTC with `en_US_POSIX` (Codix's
/// defaults) is read and written by `FixedWidthDateFormat` instead, about
/// thirty times faster; the formatter stays for what that reader leaves to it.
package final class SharedDateFormatter: @unchecked Sendable {
  private let formatter: DateFormatter
  private let separators: [Character]
  private let fast: FixedWidthDateFormat?

  init(format: String, timeZone: TimeZone, locale: Locale, allowsFastPath: Bool = true) {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.dateFormat = format
    formatter.isLenient = false
    self.formatter = formatter
    self.separators = Self.separators(of: format)
    let isDefault =
      timeZone.secondsFromGMT() == 0 && ["GMT", "UTC"].contains(timeZone.identifier)
      && locale.identifier == "en_US_POSIX"
    fast = allowsFastPath && isDefault ? FixedWidthDateFormat(pattern: format) : nil
  }

  /// Shares a copy of a formatter configured by the caller (its format, time
  /// zone, locale and leniency as they are now; later changes to the original
  /// do not reach the copy).
  package init(copying formatter: DateFormatter) {
    // A subclass may answer `copy()` with something else: then a plain
    // formatter with the settings a date's text depends on.
    self.formatter = formatter.copy() as? DateFormatter ?? Self.rebuilt(formatter)
    self.separators = Self.separators(of: formatter.dateFormat ?? "")
    fast = nil
  }

  /// A new formatter with `formatter`'s format, locale, time zone, calendar
  /// and leniency.
  private static func rebuilt(_ formatter: DateFormatter) -> DateFormatter {
    let rebuilt = DateFormatter()
    rebuilt.calendar = formatter.calendar
    rebuilt.locale = formatter.locale
    rebuilt.timeZone = formatter.timeZone
    rebuilt.isLenient = formatter.isLenient
    rebuilt.twoDigitStartDate = formatter.twoDigitStartDate
    rebuilt.dateFormat = formatter.dateFormat
    return rebuilt
  }

  /// The punctuation a format writes literally: `["/", "/"]` for `yyyy/MM/dd`.
  private static func separators(of format: String) -> [Character] {
    var result: [Character] = []
    var quoted = false
    for character in format {
      if character == "'" {
        quoted.toggle()
      } else if character.isPunctuation || character.isSymbol {
        result.append(character)
      } else if !quoted, !character.isLetter, !character.isWhitespace, !character.isNumber {
        result.append(character)
      }
    }
    return result
  }

  package func date(from string: String) -> Date? {
    if let fast {
      switch fast.read(string) {
      case .date(let date): return date
      case .invalid: return nil
      case .unsupported: break
      }
    }
    guard let date = formatter.date(from: string) else { return nil }
    var remaining = separators[...]
    for character in string where character == remaining.first {
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty ? date : nil
  }
  package func string(from date: Date) -> String {
    fast?.string(from: date) ?? formatter.string(from: date)
  }
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
