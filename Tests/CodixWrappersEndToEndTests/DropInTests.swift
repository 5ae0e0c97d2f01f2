import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Code written for Kodable's current releases and for the original Codix's
// wrappers, as their users write it, against Codix.

private func json(_ text: String) -> Data { Data(text.utf8) }

// MARK: - Kodable's current @CodableDate spellings

private struct RFC2822Parser: DateConvertible {
  func date(from string: String) -> Date? { DateCodingStrategy.rfc2822.date(from: string) }
  func string(from date: Date) -> String { DateCodingStrategy.rfc2822.string(from: date) }
}

private let someDate = Date(timeIntervalSince1970: 0)

private struct KodableDates: Kodable {
  @CodableDate(.rfc2822, "rfc2822") var rfc: Date
  @CodableDate("iso8601") var iso: Date
  @CodableDate(.timestamp, "timestamp", .lossless) var stamp: Date
  @CodableDate(.custom(RFC2822Parser()), "custom_date") var custom: Date
  @CodableDate(.timestamp, "missing", default: someDate) var defaulted: Date
  @CodableDate(.enforceType) var plain: Date
  @CodableDate(.iso8601, "optional") var optional: Date?
}

@Test func kodablesCurrentDateSpellings() throws {
  let dates = try KodableDates.decode(
    from: json(
      #"{"rfc2822": "Thu, 19 Dec 1996 16:39:57 GMT", "iso8601": "1996-12-19T16:39:57-08:00", "timestamp": "978307200", "custom_date": "Thu, 19 Dec 1996 16:39:57 GMT", "plain": "2001-01-01T00:00:00Z"}"#
    ))
  #expect(dates.rfc == Date(timeIntervalSince1970: 851_013_597))
  #expect(dates.iso == Date(timeIntervalSince1970: 851_042_397))
  #expect(dates.stamp == Date(timeIntervalSince1970: 978_307_200))
  #expect(dates.custom == Date(timeIntervalSince1970: 851_013_597))
  #expect(dates.defaulted == someDate)
  #expect(dates.plain == Date(timeIntervalSince1970: 978_307_200))
  #expect(dates.optional == nil)
}

private struct Options: Kodable {
  @Coding("flag", .enforceType) var strict: Bool
  @Coding("list", .lossy) var list: [Int]
}

@Test func kodablesCurrentOptionNames() throws {
  let options = try Options.decode(from: json(#"{"flag": true, "list": [1, "x", 2]}"#))
  #expect(options.list == [1, 2])
  #expect(throws: CodixError.self) { try Options.decode(from: json(#"{"flag": 1, "list": []}"#)) }
}

@Test func dateStrategiesReadAndWriteText() {
  #expect(
    DateCodingStrategy.rfc2822.date(from: "Thu, 19 Dec 1996 16:39:57 GMT")
      == Date(timeIntervalSince1970: 851_013_597))
  #expect(
    DateCodingStrategy.iso8601.string(from: Date(timeIntervalSince1970: 0))
      == "1970-01-01T00:00:00Z")
  #expect(
    DateCodingStrategy.timestamp.string(from: Date(timeIntervalSince1970: 978_307_200))
      == "978307200")
  #expect(
    DateCodingStrategy.timestamp.date(from: "978307200.5")
      == Date(timeIntervalSince1970: 978_307_200.5))
  #expect(DateCodingStrategy.iso8601.date(from: "not a date") == nil)
}

// MARK: - Sorting arrays of optionals and by optional properties

private struct Person: Codable, Equatable, Sendable {
  var name: String?
  var age: Int
}

private struct Sorted: Kodable {
  @Coding(.ascending) var up: [Int?]
  @Coding(.descending) var down: [Int?]
  @Coding(.ascending(by: \Person.name)) var byName: [Person]
  @Coding(.descending(by: \Person.name)) var byNameDown: [Person]
}

@Test func sortingPutsNilLast() throws {
  let people = #"[{"name": "b", "age": 1}, {"age": 2}, {"name": "a", "age": 3}]"#
  let sorted = try Sorted.decode(
    from: json(
      #"{"up": [5, null, 3, 8, null], "down": [5, null, 3, 8], "byName": \#(people), "byNameDown": \#(people)}"#
    ))
  #expect(sorted.up == [3, 5, 8, nil, nil])
  #expect(sorted.down == [8, 5, 3, nil])
  #expect(sorted.byName.map(\.age) == [3, 1, 2])
  #expect(sorted.byNameDown.map(\.age) == [1, 3, 2])
}

// The protocol that lets `.ascending` sort optionals is public, so a model
// can declare other conforming types: they sort without stopping the process.
private struct Level: Codable, Equatable, Sendable, OptionalComparable {
  typealias Wrapped = Int
  var value: Int
}

private struct SortedOthers: Kodable {
  @Coding(.ascending) var levels: [Level]
}

@Test func otherConformingTypesSortWithoutATrap() throws {
  let sorted = try SortedOthers.decode(
    from: json(
      #"{"levels": [{"value": 2}, {"value": 1}]}"#
    ))
  // Its values are no `Int?`: they sort as `nil`s do, and nothing traps.
  #expect(sorted.levels.map(\.value).sorted() == [1, 2])
}

// MARK: - Wrappers inside a synthesized Codable type

private struct LinkTransform: KodableTransform {
  struct InvalidURL: Error {}
  func transformFromJSON(value: String) throws -> URL {
    guard let url = URL(string: value) else { throw InvalidURL() }
    return url
  }
  func transformToJSON(value: URL) throws -> String { value.absoluteString }
}

private struct Song: Codable {
  @Coding var title: String
  @Coding var flag: Bool
  @Coding var rating: Int?
  @CodableDate var released: Date
  @CodableDate var updated: Date?
  @KodableTransformable<LinkTransform> var link: URL
}

@Test func wrappersWorkInsideSynthesizedCodableTypes() throws {
  let song = try decodeOnEveryRoute(
    Song.self,
    from: json(
      #"{"title": "T", "flag": 1, "released": "2001-01-01T00:00:00Z", "link": "https://example.com/s"}"#
    ))
  #expect(song.title == "T")
  #expect(song.flag == true)  // the lossy rules apply
  #expect(song.rating == nil)
  #expect(song.released == Date(timeIntervalSince1970: 978_307_200))
  #expect(song.updated == nil)
  #expect(song.link == URL(string: "https://example.com/s"))
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let text = String(decoding: try encoder.encode(song), as: UTF8.self)
  #expect(
    text
      == #"{"flag":true,"link":"https:\/\/example.com\/s","released":"2001-01-01T00:00:00Z","title":"T"}"#
  )
  do {
    _ = try decodeOnEveryRoute(Song.self, from: json(#"{"flag": true}"#))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "title")
  }
}

// MARK: - .lossless on arrays

private struct Texts: Kodable {
  @Coding("a", .lossless) var a: [String]?
  @Coding("n", .lossless) var numbers: [Int]
}

@Test func losslessAppliesToArrayElements() throws {
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let texts = try Texts.decode(
    from: json(#"{"a": ["1", 1.5, "2", true, "3", null, 4], "n": ["1", 2, "x", "3"]}"#),
    using: decoder)
  #expect(texts.a == ["1", "1.5", "2", "true", "3", "4"])
  #expect(texts.numbers == [1, 2, 3])
  #expect(diagnostics.warnings.map(\.path).contains("a[5]"))
  #expect(diagnostics.warnings.map(\.path).contains("n[2]"))
}

// MARK: - Milliseconds round-trip exactly

private struct Stamped: Kodable, Equatable {
  @CodableDate(.iso8601WithMillisecondPrecision, "at") var at: Date
}

@Test(arguments: [
  "2021-08-30T18:35:19.999Z", "2021-08-30T18:35:19.001Z", "1969-12-31T23:59:59.500Z",
])
func millisecondsRoundTripExactly(text: String) throws {
  let model = try Stamped.decode(from: json(#"{"at": "\#(text)"}"#))
  let encoded = try JSONEncoder().encode(model)
  #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":"\#(text)"}"#)
  #expect(try Stamped.decode(from: encoded) == model)
}

// MARK: - Reports name the real collection type

private struct Numbers: Kodable {
  @Coding(.enforceTypeDecoding) var values: [Int]
  @Coding var lossy: [Int]?
}

@Test func reportsNameTheCollectionType() throws {
  do {
    _ = try Numbers.decode(from: json(#"{"values": "1,2"}"#))
    Issue.record("expected a type mismatch")
  } catch let error as CodixError {
    #expect(error.kind == .typeMismatch)
    #expect(error.expected == "[Int]")
    #expect(error.found == #""1,2""#)
  }
  do {
    _ = try Numbers.decode(from: json(#"{"values": [], "lossy": {"a": 1}}"#))
    Issue.record("expected a type mismatch")
  } catch let error as CodixError {
    #expect(error.expected == "[Int]?")
    #expect(error.property == "lossy")
  }
}

// MARK: - The original Codix's wrappers, as @Coding options

private struct TextToCents: Transformer {
  func transform(_ text: String) throws -> Int {
    guard let value = Double(text) else { throw CodixError.transformFailed("not a price") }
    return Int((value * 100).rounded())
  }
}

private struct CentsToText: Transformer {
  func transform(_ cents: Int) -> String { String(format: "%d.%02d", cents / 100, cents % 100) }
}

private struct Account: Kodable {
  @Coding("id", .required) var id: Int = 0
  @Coding("token", .decodeOnly) var token: String = ""
  @Coding("client", .encodeOnly) var client: String = "ios"
  @Coding("price", decode: TextToCents(), encode: CentsToText()) var cents: Int
  @Coding("fee", decode: TextToCents(), encode: CentsToText()) var fee: Int = 0
}

@Test func originalCodixWrapperFeaturesMapOntoCoding() throws {
  let account = try Account.decode(
    from: json(#"{"id": 7, "token": "secret", "client": "web", "price": "12.5"}"#))
  #expect(account.id == 7)
  #expect(account.token == "secret")  // decoded …
  #expect(account.client == "ios")  // never read: the initial value stays
  #expect(account.cents == 1250)
  #expect(account.fee == 0)
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let text = String(decoding: try encoder.encode(account), as: UTF8.self)
  // … but never written; the encode-only property is.
  #expect(text == #"{"client":"ios","fee":"0.00","id":7,"price":"12.50"}"#)
  do {
    _ = try Account.decode(from: json(#"{"price": "1"}"#))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.property == "id")  // required despite its initial value
  }
}

// A wrapper whose value type is generic: the synthesized code reaches the
// general overloads, which still treat an optional as optional.
private struct Boxed<T: Codable & Equatable>: Codable, Equatable {
  @Coding var value: T
}

@Test func genericWrappersInSynthesizedTypesKeepOptionalsOptional() throws {
  for document in [#"{}"#, #"{"value": null}"#] {
    let boxed = try decodeOnEveryRoute(Boxed<Int?>.self, from: json(document))
    #expect(boxed.value == nil)
    #expect(String(decoding: try JSONEncoder().encode(boxed), as: UTF8.self) == "{}")
  }
  let some = try decodeOnEveryRoute(Boxed<Int?>.self, from: json(#"{"value": 3}"#))
  #expect(some.value == 3)
  #expect(String(decoding: try JSONEncoder().encode(some), as: UTF8.self) == #"{"value":3}"#)
  #expect(throws: CodixError.self) {
    try decodeOnEveryRoute(Boxed<Int>.self, from: json(#"{"value": null}"#))
  }
}

@Test func nullOptionalWrappersInSynthesizedTypesAreNil() throws {
  let song = try decodeOnEveryRoute(
    Song.self,
    from: json(
      #"{"title": "T", "flag": true, "rating": null, "released": "2001-01-01T00:00:00Z", "updated": null, "link": "https://example.com/s"}"#
    ))
  #expect(song.rating == nil)
  #expect(song.updated == nil)
  // Decoded twice on one thread: the second decode reuses the cached readers.
  let again = try decodeOnEveryRoute(
    Song.self,
    from: json(
      #"{"title": "U", "flag": 0, "rating": 4, "released": "2001-01-01T00:00:00Z", "link": "https://example.com/u"}"#
    ))
  #expect(again.title == "U")
  #expect(again.flag == false)
  #expect(again.rating == 4)
  #expect(again.link == URL(string: "https://example.com/u"))
  do {
    _ = try decodeOnEveryRoute(
      Song.self, from: json(#"{"title": "T", "flag": 1, "released": "2001-01-01T00:00:00Z"}"#))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "link")
  }
}
