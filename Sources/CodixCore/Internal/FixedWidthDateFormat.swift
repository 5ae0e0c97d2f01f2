import Foundation

// Dates in the fixed-width numeric formats that APIs actually send, read and
// written without DateFormatter (which costs about 17 µs a parse here):
//
//     "yyyy-MM-dd'T'HH:mm:ssXXXXX"   2020-06-13T15:21:42+08:00
//     "yyyy/MM/dd"                   2000/08/12
//     "yyyy-MM-dd HH:mm:ss.SSS"      2021-08-30 18:35:19.999
//
// A format qualifies when it is made only of `yyyy`, `MM`, `dd`, `HH`, `mm`,
// `ss`, `S`…, the offsets `Z`/`ZZ`/`ZZZ`, `XX`/`XXX`/`XXXXX`, `xx`/`xxx`, and
// literal punctuation or quoted text, and is read in UTC with `en_US_POSIX`
// (Codix's defaults). Anything else (month or weekday names, eras, week-based
// years, another time zone or locale) keeps DateFormatter.
//
// Reading is strict where DateFormatter is lenient: every field has exactly
// its width (`2000/8/12` is not `yyyy/MM/dd`), the text ends where the format
// does, and years before 1583 go to DateFormatter (its calendar is Julian
// there). Every date both accept is the same instant, which
// `Tests/CodixCoreTests/FixedWidthDateFormatTests.swift` checks against
// DateFormatter on generated strings, both directions.

package struct FixedWidthDateFormat: Sendable {
  enum Field: Equatable, Sendable {
    case year, month, day, hour, minute, second
    /// `digits` digits of a second's fraction.
    case fraction(digits: Int)
    /// A UTC offset: `+HHMM` (basic) or `+HH:MM` (extended); `Z` for zero
    /// when `zulu`.
    case offset(extended: Bool, zulu: Bool)
  }

  enum Token: Equatable, Sendable {
    case literal(UInt8)
    case field(Field)
  }

  let tokens: [Token]

  /// The fast format of a DateFormatter `pattern`, or `nil` when it has
  /// anything this reader does not handle.
  package init?(pattern: String) {
    var tokens: [Token] = []
    let characters = Array(pattern.utf8)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      var run = 1
      while index + run < characters.count, characters[index + run] == character { run += 1 }
      switch character {
      case UInt8(ascii: "y"):
        guard run == 4 else { return nil }
        tokens.append(.field(.year))
      case UInt8(ascii: "M"):
        guard run == 2 else { return nil }
        tokens.append(.field(.month))
      case UInt8(ascii: "d"):
        guard run == 2 else { return nil }
        tokens.append(.field(.day))
      case UInt8(ascii: "H"):
        guard run == 2 else { return nil }
        tokens.append(.field(.hour))
      case UInt8(ascii: "m"):
        guard run == 2 else { return nil }
        tokens.append(.field(.minute))
      case UInt8(ascii: "s"):
        guard run == 2 else { return nil }
        tokens.append(.field(.second))
      case UInt8(ascii: "S"):
        guard run <= 3 else { return nil }
        tokens.append(.field(.fraction(digits: run)))
      case UInt8(ascii: "Z"):
        guard run <= 3 else { return nil }
        tokens.append(.field(.offset(extended: false, zulu: false)))
      case UInt8(ascii: "X"):
        guard run == 2 || run == 3 || run == 5 else { return nil }
        tokens.append(.field(.offset(extended: run != 2, zulu: true)))
      case UInt8(ascii: "x"):
        guard run == 2 || run == 3 else { return nil }
        tokens.append(.field(.offset(extended: run == 3, zulu: false)))
      case UInt8(ascii: "'"):
        // Quoted text: '' is a quote; 'T' is the letter T.
        var end = index + 1
        if end < characters.count, characters[end] == UInt8(ascii: "'") {
          tokens.append(.literal(UInt8(ascii: "'")))
          index += 2
          continue
        }
        while end < characters.count, characters[end] != UInt8(ascii: "'") {
          guard characters[end] < 0x80 else { return nil }
          tokens.append(.literal(characters[end]))
          end += 1
        }
        guard end < characters.count else { return nil }
        index = end + 1
        continue
      default:
        let isLetter =
          (character >= UInt8(ascii: "a") && character <= UInt8(ascii: "z"))
          || (character >= UInt8(ascii: "A") && character <= UInt8(ascii: "Z"))
        guard !isLetter, character < 0x80, character >= 0x20 else {
          return nil
        }
        for _ in 0..<run { tokens.append(.literal(character)) }
      }
      index += run
    }
    // Every field at most once, and a date at least (year, month, day).
    let fields = tokens.compactMap { token -> Field? in
      if case .field(let field) = token { return field }
      return nil
    }
    let kinds = fields.map(Self.kind)
    guard Set(kinds).count == kinds.count, kinds.contains(0), kinds.contains(1), kinds.contains(2)
    else { return nil }
    // Two numeric fields side by side would need DateFormatter's splitting
    // (an offset starts with a sign or `Z`, so it may follow one).
    for (left, right) in zip(tokens, tokens.dropFirst()) {
      if case .field(let first) = left, case .field(let second) = right,
        Self.kind(first) != 7, Self.kind(second) != 7
      {
        return nil
      }
    }
    self.tokens = tokens
  }

  private static func kind(_ field: Field) -> Int {
    switch field {
    case .year: 0
    case .month: 1
    case .day: 2
    case .hour: 3
    case .minute: 4
    case .second: 5
    case .fraction: 6
    case .offset: 7
    }
  }

  /// What reading a text gave.
  package enum Reading: Equatable, Sendable {
    case date(Date)
    /// The text is not a date in this format.
    case invalid
    /// A date this reader leaves to DateFormatter (a year before 1583, an
    /// offset beyond ±14:00).
    case unsupported
  }

  /// Reads `text`, strictly.
  package func read(_ text: String) -> Reading {
    var text = text
    return text.withUTF8 { read(bytes: $0) }
  }

  private func read(bytes: UnsafeBufferPointer<UInt8>) -> Reading {
    var position = 0
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    var nanoseconds = 0
    var offsetSeconds = 0
    var unusualOffset = false

    func digits(_ count: Int) -> Int? {
      guard position + count <= bytes.count else { return nil }
      var value = 0
      for index in position..<(position + count) {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      position += count
      return value
    }

    for token in tokens {
      switch token {
      case .literal(let byte):
        guard position < bytes.count, bytes[position] == byte else { return .invalid }
        position += 1
      case .field(let field):
        switch field {
        case .year:
          guard let value = digits(4) else { return .invalid }
          year = value
        case .month:
          guard let value = digits(2), (1...12).contains(value) else { return .invalid }
          month = value
        case .day:
          guard let value = digits(2), value >= 1 else { return .invalid }
          day = value
        case .hour:
          guard let value = digits(2), value <= 23 else { return .invalid }
          hour = value
        case .minute:
          guard let value = digits(2), value <= 59 else { return .invalid }
          minute = value
        case .second:
          guard let value = digits(2), value <= 59 else { return .invalid }
          second = value
        case .fraction(let count):
          guard let value = digits(count) else { return .invalid }
          var scale = 1_000_000_000
          for _ in 0..<count { scale /= 10 }
          nanoseconds = value * scale
        case .offset(let extended, let zulu):
          guard position < bytes.count else { return .invalid }
          let sign = bytes[position]
          if zulu, sign == UInt8(ascii: "Z") {
            position += 1
            offsetSeconds = 0
            continue
          }
          guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return .invalid }
          position += 1
          guard let hours = digits(2), hours <= 23 else { return .invalid }
          if extended {
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
              return .invalid
            }
            position += 1
          }
          guard let minutes = digits(2), minutes <= 59 else { return .invalid }
          offsetSeconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
          // Beyond the ±14:00 that real zones use, readers disagree: leave
          // such a text to the reader this one stands in for.
          if abs(offsetSeconds) > 14 * 3600 { unusualOffset = true }
        }
      }
    }
    guard position == bytes.count else { return .invalid }
    guard year >= 1583, !unusualOffset else { return .unsupported }
    guard day <= Self.days(inMonth: month, year: year) else { return .invalid }
    let days = Self.daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return .date(
      Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000))
  }

  /// Writes `date` in this format, in UTC; `nil` for a year this writer does
  /// not handle (before 1583 or after 9999).
  package func string(from date: Date) -> String? {
    // The nearest whole millisecond, as DateFormatter takes it; a shorter
    // fraction (`S`, `SS`) then cuts the milliseconds, as it does.
    let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
    guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
    let totalMilliseconds = Int(milliseconds)
    var seconds = totalMilliseconds / 1000
    var fraction = totalMilliseconds % 1000
    if fraction < 0 {
      fraction += 1000
      seconds -= 1
    }
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let (year, month, day) = Self.civil(fromDays: days)
    guard (1583...9999).contains(year) else { return nil }
    var text: [UInt8] = []
    text.reserveCapacity(32)
    func append(_ value: Int, width: Int) {
      var digits: [UInt8] = []
      var rest = value
      for _ in 0..<width {
        digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      }
      text.append(contentsOf: digits.reversed())
    }
    for token in tokens {
      switch token {
      case .literal(let byte): text.append(byte)
      case .field(let field):
        switch field {
        case .year: append(year, width: 4)
        case .month: append(month, width: 2)
        case .day: append(day, width: 2)
        case .hour: append(secondOfDay / 3600, width: 2)
        case .minute: append(secondOfDay % 3600 / 60, width: 2)
        case .second: append(secondOfDay % 60, width: 2)
        case .fraction(let count):
          var value = fraction
          for _ in count..<3 { value /= 10 }
          append(value, width: count)
        case .offset(let extended, let zulu):
          if zulu {
            text.append(UInt8(ascii: "Z"))
          } else {
            text.append(contentsOf: Array((extended ? "+00:00" : "+0000").utf8))
          }
        }
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  // MARK: - The proleptic Gregorian calendar

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a number of days from 1970-01-01.
  private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
