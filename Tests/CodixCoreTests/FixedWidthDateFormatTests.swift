import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// The fast reader of fixed-width date formats gives the same answers as the
// DateFormatter it replaces, on generated strings: valid dates, out-of-range
// fields (month 13, day 31 of April, 29 February of a common year, hour 24,
// minute or second 60), offsets up to ±14:00, fractions of every length the
// format has, and trailing garbage; and it writes what DateFormatter writes.

private let patterns = [
  "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy/MM/dd",
  "yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "dd.MM.yyyy",
  "yyyy-MM-dd'T'HH:mm:ssxxx", "HH:mm:ss dd/MM/yyyy", "yyyy-MM-dd'T'HH:mm:ss.SXX",
  "yyyy-MM-dd'T'HH:mm:ss.SSXX",
]

private var count: Int {
  Int(ProcessInfo.processInfo.environment["CODIX_FUZZ_COUNT"] ?? "") ?? 10_000
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

/// A string shaped by `format`'s tokens, its fields mostly valid; not
/// `canonical` when something was appended after the format's end.
private func generate(
  _ format: FixedWidthDateFormat, _ random: inout SplitMix64
) -> (text: String, canonical: Bool) {
  var text = ""
  for token in format.tokens {
    switch token {
    case .literal(let byte): text.append(Character(UnicodeScalar(byte)))
    case .field(let field):
      let wild = Int.random(in: 0..<12, using: &random) == 0
      switch field {
      case .year:
        text += String(Int.random(in: wild ? 1000...9999 : 1900...2100, using: &random))
      case .month:
        text += two(
          wild
            ? [0, 13, 19][Int.random(in: 0..<3, using: &random)]
            : Int.random(in: 1...12, using: &random))
      case .day:
        text += two(
          wild
            ? [0, 29, 30, 31, 32][Int.random(in: 0..<5, using: &random)]
            : Int.random(in: 1...28, using: &random))
      case .hour: text += two(wild ? 24 : Int.random(in: 0...23, using: &random))
      case .minute: text += two(wild ? 60 : Int.random(in: 0...59, using: &random))
      case .second: text += two(wild ? 60 : Int.random(in: 0...59, using: &random))
      case .fraction(let digits):
        for _ in 0..<digits { text += String(Int.random(in: 0...9, using: &random)) }
      case .offset(let extended, let zulu):
        if zulu, Int.random(in: 0..<4, using: &random) == 0 {
          text += "Z"
        } else {
          let hours = Int.random(in: 0...14, using: &random)
          let minutes = [0, 15, 30, 45][Int.random(in: 0..<4, using: &random)]
          text +=
            (Bool.random(using: &random) ? "+" : "-") + two(hours) + (extended ? ":" : "")
            + two(minutes)
        }
      }
    }
  }
  if Int.random(in: 0..<20, using: &random) == 0 {
    text += ["x", " ", "0", "Z"][Int.random(in: 0..<4, using: &random)]
    return (text, false)
  }
  return (text, true)
}

@Test(arguments: patterns)
func fastReadingAgreesWithDateFormatter(pattern: String) throws {
  let format = try #require(FixedWidthDateFormat(pattern: pattern))
  let reference = SharedDateFormatter(
    format: pattern, timeZone: DateFormatterCache.utc, locale: DateFormatterCache.posix,
    allowsFastPath: false)
  var random = SplitMix64(state: 0xDA7E)
  var disagreements: [String] = []
  var accepted = 0
  var lenient = 0
  for _ in 0..<count {
    let (text, canonical) = generate(format, &random)
    let expected = reference.date(from: text)
    switch format.read(text) {
    case .date(let date):
      accepted += 1
      if !canonical || expected.map({ abs($0.timeIntervalSince(date)) < 0.000_5 }) != true {
        disagreements.append(
          "\(text): fast \(date.timeIntervalSince1970), formatter \(String(describing: expected?.timeIntervalSince1970))"
        )
      }
    case .invalid:
      if let expected {
        // DateFormatter reads past the format's end (a trailing space, a
        // wider last field); the fast reader does not (Docs/Transformers.md).
        if canonical {
          disagreements.append(
            "\(text): fast rejects, formatter reads \(expected.timeIntervalSince1970)")
        } else {
          lenient += 1
        }
      }
    case .unsupported:
      break
    }
  }
  #expect(
    disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(5))")
  #expect(accepted > count / 2)
}

@Test(arguments: patterns)
func fastWritingAgreesWithDateFormatter(pattern: String) throws {
  let format = try #require(FixedWidthDateFormat(pattern: pattern))
  let reference = SharedDateFormatter(
    format: pattern, timeZone: DateFormatterCache.utc, locale: DateFormatterCache.posix,
    allowsFastPath: false)
  var random = SplitMix64(state: 0x517E)
  for _ in 0..<count {
    // 1601 to 9998, with milliseconds and sometimes a finer fraction.
    let seconds = Double(Int64.random(in: -11_600_000_000...253_370_000_000, using: &random))
    let date = Date(
      timeIntervalSince1970: seconds + Double(Int.random(in: 0..<1_000_000, using: &random))
        / 1_000_000)
    let written = try #require(format.string(from: date))
    #expect(written == reference.string(from: date), "\(date.timeIntervalSince1970)")
    if written != reference.string(from: date) { break }
  }
}

@Test func formatsTheFastReaderLeavesToDateFormatter() {
  for pattern in [
    "yyyy-MMM-dd", "EEE, dd MMM yyyy", "yy/MM/dd", "yyyyMMdd", "y-MM-dd",
    "yyyy-MM-dd'T'HH:mm:ss.SSSSSS", "yyyy-MM-dd G", "YYYY-MM-dd",
  ] {
    #expect(FixedWidthDateFormat(pattern: pattern) == nil, "\(pattern)")
  }
}

@Test func theFastReaderIsStrictWhereDateFormatterIsLenient() throws {
  let format = try #require(FixedWidthDateFormat(pattern: "yyyy/MM/dd"))
  #expect(format.read("2000/8/12") == .invalid)
  #expect(format.read("2000/08/12 ") == .invalid)
  #expect(format.read("2000/02/29") == .date(Date(timeIntervalSince1970: 951_782_400)))
  #expect(format.read("1900/02/29") == .invalid)
  #expect(format.read("1500/01/01") == .unsupported)
}

// The ISO 8601 strategies read their common shape with the fixed-width
// reader: every string it accepts must be the instant Foundation's ISO 8601
// style reads, and nothing Foundation rejects.
@Test func theISO8601ShortcutAgreesWithFoundation() throws {
  let format = try #require(DateCodingStrategy.iso8601WholeSeconds)
  var random = SplitMix64(state: 0x150)
  var accepted = 0
  for _ in 0..<count {
    let (text, _) = generate(format, &random)
    guard case .date(let date) = format.read(text) else { continue }
    accepted += 1
    let expected = try? Date.ISO8601FormatStyle().parse(text)
    #expect(expected == date, "\(text)")
    if expected != date { break }
  }
  #expect(accepted > count / 2)
  // Offsets beyond the ±14:00 real zones use are left to Foundation; zero
  // offsets, either sign, are read, as Foundation reads them.
  for offset in ["+15:00", "-18:30", "+23:59"] {
    #expect(format.read("2020-06-13T15:21:42" + offset) == .unsupported, "\(offset)")
  }
  for offset in ["+00:00", "-00:00"] {
    let text = "2020-06-13T15:21:42" + offset
    let date = try #require(try? Date.ISO8601FormatStyle().parse(text))
    #expect(format.read(text) == .date(date), "\(text)")
  }
}

// The table in Docs/Transformers.md ("Fixed-width formats skip DateFormatter"),
// row by row: what DateFormatter reads and what the fast reader answers.
@Test(
  arguments: [
    ("yyyy/MM/dd", "2000/8/12", "2000-08-12", FixedWidthDateFormat.Reading.invalid),
    ("yyyy/MM/dd", "02000/08/12", "2000-08-12", .invalid),
    ("yyyy/MM/dd", "2000/08/12 ", "2000-08-12", .invalid),
    ("yyyy/MM/dd", "2000/08/12 trailing", nil, .invalid),
    ("yyyy/MM/dd", "2000/13/01", nil, .invalid),
    ("yyyy/MM/dd", "2000/02/30", nil, .invalid),
    ("yyyy/MM/dd", "1582/10/10", "1582-10-20", .unsupported),
    ("yyyy-MM-dd'T'HH:mm:ssXXXXX", "2000-01-01T00:00:00+15:00", "1999-12-31", .unsupported),
  ] as [(String, String, String?, FixedWidthDateFormat.Reading)])
func theDocumentedLeniencyTable(
  pattern: String, text: String, formatterDay: String?, fast: FixedWidthDateFormat.Reading
) throws {
  let format = try #require(FixedWidthDateFormat(pattern: pattern))
  let reference = SharedDateFormatter(
    format: pattern, timeZone: DateFormatterCache.utc, locale: DateFormatterCache.posix,
    allowsFastPath: false)
  let day = reference.date(from: text).map {
    $0.formatted(Date.ISO8601FormatStyle().year().month().day())
  }
  #expect(day == formatterDay)
  #expect(format.read(text) == fast)
}
