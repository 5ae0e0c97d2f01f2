import Foundation
import Testing

@testable import CodixCore

@Test func dateFromStringParsesInUTCAndRejectsOtherLayouts() throws {
  let transformer = DateFromString(format: "yyyy/MM/dd")
  #expect(try transformer.transform("2000/08/12") == Date(timeIntervalSince1970: 966_038_400))
  #expect(transformer.reverse(Date(timeIntervalSince1970: 966_038_400)) == "2000/08/12")
  #expect(throws: CodixError.self) { try transformer.transform("2000-08-12") }
  #expect(throws: CodixError.self) { try transformer.transform("yesterday") }
  #expect(transformer.expectedDescription == "Date (format yyyy/MM/dd)")
}

@Test func dateFromStringHonoursTimeZones() throws {
  let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
  let transformer = DateFromString(format: "yyyy-MM-dd HH:mm", timeZone: tokyo)
  #expect(try transformer.transform("2001-01-01 09:00") == Date(timeIntervalSince1970: 978_307_200))
}

@Test func timestamps() throws {
  #expect(
    try DateFromTimeIntervalSince1970().transform(978_307_200)
      == Date(timeIntervalSince1970: 978_307_200))
  let millis = DateFromTimeIntervalSince1970(unit: .millisecond)
  #expect(try millis.transform(978_307_200_500) == Date(timeIntervalSince1970: 978_307_200.5))
  #expect(millis.reverse(Date(timeIntervalSince1970: 1.5)) == 1500)
  #expect(throws: CodixError.self) { try DateFromTimeIntervalSince1970().transform(.nan) }
}

@Test func booleans() throws {
  #expect(try BoolFromInt().transform(1) == true)
  #expect(try BoolFromInt().transform(0) == false)
  #expect(try BoolFromInt().transform(2) == true)  // any non-zero number, as in the original Codix
  #expect(try BoolFromInt().transform(-1) == true)
  #expect(BoolFromInt().reverse(true) == 1)
  #expect(try BoolFromString().transform("TRUE") == true)
  #expect(try BoolFromString().transform("no") == false)
  #expect(throws: CodixError.self) { try BoolFromString().transform("maybe") }
  #expect(BoolFromString().reverse(false) == "false")
  let custom = BoolFromString(map: ["Y": true, "N": false])
  #expect(try custom.transform("Y") == true)
  #expect(custom.reverse(false) == "N")
  // A map given is used exactly as written: no case folding.
  #expect(throws: CodixError.self) { try custom.transform("y") }
  #expect(throws: CodixError.self) { try BoolFromString(map: ["true": true]).transform("TRUE") }
}

@Test(arguments: [
  (DateCodingStrategy.iso8601, RawDate.string("1996-12-19T16:39:57-08:00"), 851_042_397.0),
  (.iso8601WithMillisecondPrecision, .string("1996-12-20T00:39:57.250Z"), 851_042_397.25),
  (.rfc2822, .string("Thu, 19 Dec 1996 16:39:57 GMT"), 851_013_597),
  (.rfc2822, .string("Thu, 19 Dec 1996 16:39:57 +0000"), 851_013_597),
  (.rfc3339, .string("1996-12-19T16:39:57-08:00"), 851_042_397),
  (.timestamp, .number(978_307_200), 978_307_200),
  (.timestamp, .string("978307200"), 978_307_200),
  (.format("y-MM-dd"), .string("2001-01-01"), 978_307_200),
])
func dateStrategiesRead(strategy: DateCodingStrategy, raw: RawDate, seconds: Double) throws {
  #expect(try strategy.transform(raw).timeIntervalSince1970 == seconds)
}

@Test func dateStrategiesWrite() throws {
  let date = Date(timeIntervalSince1970: 851_042_397)
  #expect(try DateCodingStrategy.iso8601.reverse(date) == .string("1996-12-20T00:39:57Z"))
  #expect(
    try DateCodingStrategy.iso8601WithMillisecondPrecision.reverse(date)
      == .string("1996-12-20T00:39:57.000Z"))
  #expect(
    try DateCodingStrategy.rfc2822.reverse(Date(timeIntervalSince1970: 851_013_597))
      == .string("Thu, 19 Dec 1996 16:39:57 GMT"))
  #expect(try DateCodingStrategy.timestamp.reverse(date) == .number(851_042_397))
  #expect(try DateCodingStrategy.format("y-MM-dd").reverse(date) == .string("1996-12-20"))
}

@Test func dateStrategiesRejectGarbage() {
  #expect(throws: CodixError.self) {
    try DateCodingStrategy.iso8601.transform(.string("12/19/1996"))
  }
  #expect(throws: CodixError.self) { try DateCodingStrategy.iso8601.transform(.number(5)) }
  #expect(throws: CodixError.self) { try DateCodingStrategy.timestamp.transform(.string("soon")) }
  #expect(throws: CodixError.self) {
    try DateCodingStrategy.timestamp.transform(.number(.infinity))
  }
}

@Test func customDateConvertible() throws {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(secondsFromGMT: 0)
  formatter.dateFormat = "dd.MM.yyyy"
  let strategy = DateCodingStrategy.custom(formatter)
  #expect(try strategy.transform(.string("01.01.2001")) == Date(timeIntervalSince1970: 978_307_200))
  #expect(try strategy.reverse(Date(timeIntervalSince1970: 978_307_200)) == .string("01.01.2001"))
}

@Test func formattersAreSharedAcrossThreads() async {
  let transformer = DateFromString(format: "yyyy/MM/dd")
  await withTaskGroup(of: Bool.self) { group in
    for day in 1...200 {
      group.addTask {
        let dayOfMonth = (day % 28) + 1
        let text = String(format: "2000/01/%02d", dayOfMonth)
        // 2000-01-01 UTC is 946,684,800 s after 1970; a day is 86,400 s.
        let expected = Date(timeIntervalSince1970: 946_684_800 + Double(dayOfMonth - 1) * 86_400)
        return (try? transformer.transform(text)) == expected
      }
    }
    for await same in group { #expect(same) }
  }
}

/// A formatter whose copy is not a formatter: `DateFromString(formatter:)`
/// must still read with its settings.
private final class StrangeFormatter: DateFormatter, @unchecked Sendable {
  override func copy(with zone: NSZone? = nil) -> Any { NSObject() }
}

@Test func aFormatterWhoseCopyIsNotAFormatterStillReads() throws {
  let formatter = StrangeFormatter()
  formatter.dateFormat = "dd.MM.yyyy"
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.locale = Locale(identifier: "en_US_POSIX")
  try #require(!(formatter.copy() is DateFormatter))
  let transformer = DateFromString(formatter: formatter)
  let date = try transformer.transform("06.05.2024")
  #expect(date == Date(timeIntervalSince1970: 1_714_953_600))
  #expect(transformer.reverse(date) == "06.05.2024")
}
