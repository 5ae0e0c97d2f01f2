import Foundation

/// A date parser and printer for ``DateCodingStrategy/custom(_:)``.
///
/// `DateFormatter` conforms, so a configured formatter can be passed as is:
///
/// ```swift
/// let formatter = DateFormatter()
/// formatter.dateFormat = "dd.MM.yyyy HH:mm"
/// @CodableDate(.custom(formatter)) var start: Date
/// ```
public protocol DateConvertible: Sendable {
  /// Parses a date, or returns `nil` when `string` is not one.
  func date(from string: String) -> Date?
  /// Prints a date.
  func string(from date: Date) -> String
}

extension DateFormatter: DateConvertible {}
