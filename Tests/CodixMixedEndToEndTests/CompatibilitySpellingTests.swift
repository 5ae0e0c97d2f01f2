import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Every row of the compatibility table in Docs/Migration.md: the spelling
// kept for Kodable, the original Codix or Codix 0.1 gives the same value as
// the spelling the guides teach.

private func json(_ text: String) -> Data { Data(text.utf8) }

// MARK: - Kodable's wrapper spellings

private struct KeptWrappers: Kodable {
  @Coding(default: "none") var nickname: String
  @Coding("home", default: "Paris") var city: String
  @Coding(.key("user_id")) var id: Int
  @CodableDate(.rfc2822, .key("sent")) var sent: Date
  @CodableDate(.rfc2822, "received") var received: Date
  @CodableDate(.timestamp, "expires", default: .distantFuture) var expires: Date
  @Coding(.range(1...5)) var stars: Int
  @Coding(.modifier(KodableModifier { $0.uppercased() })) var code: String
  @Coding("lossy", .enforceTypeDecoding, .lossy) var flag: Bool
}

private struct TaughtWrappers: Kodable {
  @Coding var nickname = "none"
  @Coding("home") var city = "Paris"
  @Coding("user_id") var id: Int
  @CodableDate("sent", .rfc2822) var sent: Date
  @CodableDate("received", .rfc2822) var received: Date
  @CodableDate("expires", .timestamp) var expires = Date.distantFuture
  @Coding(.clamping(to: 1...5)) var stars: Int
  @Coding(.overrideValue { $0.uppercased() }) var code: String
  @Coding("lossy") var flag: Bool
}

@Test func kodableSpellingsGiveTheTaughtValues() throws {
  let data = json(
    #"""
    {"user_id": 7, "sent": "Thu, 19 Dec 1996 16:39:57 GMT",
     "received": "Thu, 19 Dec 1996 16:39:57 GMT", "stars": 9, "code": "ab", "lossy": "true"}
    """#)
  let kept = try KeptWrappers.decode(from: data)
  let taught = try TaughtWrappers.decode(from: data)
  #expect(kept.nickname == taught.nickname && kept.nickname == "none")
  #expect(kept.city == taught.city && kept.city == "Paris")
  #expect(kept.id == taught.id && kept.id == 7)
  #expect(kept.sent == taught.sent && kept.sent == Date(timeIntervalSince1970: 851_013_597))
  #expect(kept.received == taught.received)
  #expect(kept.expires == taught.expires && kept.expires == .distantFuture)
  #expect(kept.stars == taught.stars && kept.stars == 5)
  #expect(kept.code == taught.code && kept.code == "AB")
  #expect(kept.flag == taught.flag && kept.flag)
}

private struct KeptStrict: Kodable {
  @Coding(.enforceType) var flag: Bool
}

private struct TaughtStrict: Kodable {
  @Coding(.enforceTypeDecoding) var flag: Bool
}

@Test func enforceTypeIsEnforceTypeDecoding() throws {
  let lossy = json(#"{"flag": 1}"#)
  let kept = #expect(throws: CodixError.self) { try KeptStrict.decode(from: lossy) }
  let taught = #expect(throws: CodixError.self) { try TaughtStrict.decode(from: lossy) }
  #expect(kept?.kind == taught?.kind && kept?.kind == .typeMismatch)
  #expect(try KeptStrict.decode(from: json(#"{"flag": true}"#)).flag)
}

// MARK: - Kodable's custom wrappers

private struct URLTransform: KodableTransform {
  struct InvalidURL: Error {}

  func transformFromJSON(value: String) throws -> URL {
    guard let url = URL(string: value) else { throw InvalidURL() }
    return url
  }

  func transformToJSON(value: URL) throws -> String { value.absoluteString }
}

private typealias CodingURL = KodableTransformable<URLTransform>

private struct Links: Kodable {
  @CodingURL("kept") var kept: URL
  @Coding("taught", using: URLTransform()) var taught: URL
}

@Test func aKodableTransformIsATransformer() throws {
  let links = try Links.decode(
    from: json(#"{"kept": "https://swift.org", "taught": "https://swift.org"}"#))
  #expect(links.kept == links.taught)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  #expect(
    String(decoding: try encoder.encode(links), as: UTF8.self)
      == #"{"kept":"https:\/\/swift.org","taught":"https:\/\/swift.org"}"#)
}

// MARK: - The original Codix's spellings

private struct TextToCents: Transformer {
  func transform(_ text: String) throws -> Int {
    guard let value = Double(text) else { throw CodixError.transformFailed("Not a price.") }
    return Int((value * 100).rounded())
  }
}

private struct CentsToText: Transformer {
  func transform(_ cents: Int) -> String { String(format: "%d.%02d", cents / 100, cents % 100) }
}

private struct Price: ReversibleTransformer {
  func transform(_ text: String) throws -> Int { try TextToCents().transform(text) }
  func reverse(_ cents: Int) -> String { CentsToText().transform(cents) }
}

private struct Item: Kodable {
  @Coding("kept", decode: TextToCents(), encode: CentsToText()) var kept: Int
  @Coding("taught", using: Price()) var taught: Int
}

@Test func twoOneWayTransformersAreOneReversibleTransformer() throws {
  let item = try Item.decode(from: json(#"{"kept": "12.5", "taught": "12.5"}"#))
  #expect(item.kept == item.taught && item.kept == 1250)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  #expect(
    String(decoding: try encoder.encode(item), as: UTF8.self)
      == #"{"kept":"12.50","taught":"12.50"}"#)
}

private let dotted: DateFormatter = {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
  formatter.dateFormat = "yyyy-MM-dd HH:mm"
  return formatter
}()

private struct PathSpellings: Codable {
  var keptFlag: Bool
  var taughtFlag: Bool
  var keptDay: Date
  var taughtDay: Date
  var keptMeeting: Date
  var taughtMeeting: Date
  var keptStamp: Date
  var taughtStamp: Date
  var keptUnit: DateFromTimeIntervalSince1970.TimeIntervalUnit
  var keptRaw: DateValue

  init(from decoder: any Decoder) throws {
    keptFlag = try decoder.decode(at: "flag", using: { (text: String) in text == "true" })
    taughtFlag = try decoder.decode(at: "flag", using: BoolFromString())
    keptDay = try decoder.decode(at: "day", using: DateFromString(format: "yyyy/MM/dd"))
    taughtDay = try decoder.decode(at: "day", using: DateCodingStrategy.format("yyyy/MM/dd"))
    keptMeeting = try decoder.decode(
      at: "meeting",
      using: DateFromString(
        format: "yyyy-MM-dd HH:mm", timeZone: TimeZone(secondsFromGMT: 9 * 3600)))
    taughtMeeting = try decoder.decode(at: "meeting", using: DateCodingStrategy.custom(dotted))
    keptStamp = try decoder.decode(at: "stamp", using: DateFromTimeIntervalSince1970())
    taughtStamp = try decoder.decode(at: "stamp", using: DateCodingStrategy.timestamp)
    keptUnit = .second
    keptRaw = try decoder.decode(at: "day")
  }

  func encode(to encoder: any Encoder) throws {
    // A one-way transformer from the model's value, and a reversible one.
    try encoder.encode(1250, at: "kept", using: CentsToText())
    try encoder.encode(1250, at: "taught", using: Price())
  }
}

@Test func originalCodixSpellingsGiveTheTaughtValues() throws {
  let spellings = try decodeOnEveryRoute(
    PathSpellings.self,
    from: json(
      #"{"flag": "true", "day": "2000/08/12", "meeting": "2001-01-01 09:00", "stamp": 978307200}"#))
  #expect(spellings.keptFlag == spellings.taughtFlag && spellings.keptFlag)
  #expect(spellings.keptDay == spellings.taughtDay)
  #expect(spellings.keptDay == Date(timeIntervalSince1970: 966_038_400))
  #expect(spellings.keptMeeting == spellings.taughtMeeting)
  #expect(spellings.keptMeeting == Date(timeIntervalSince1970: 978_307_200))
  #expect(spellings.keptStamp == spellings.taughtStamp)
  #expect(spellings.keptUnit == DateFromTimeIntervalSince1970.Unit.second)
  #expect(spellings.keptRaw == RawDate.string("2000/08/12"))
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  #expect(
    String(decoding: try encoder.encode(spellings), as: UTF8.self)
      == #"{"kept":"12.50","taught":"12.50"}"#)
}
