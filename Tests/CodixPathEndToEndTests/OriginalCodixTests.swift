import CodixPath
import CodixTestSupport
import Foundation
import Testing

// Code written for the original Codix, as its users wrote it, against Codix.

private func json(_ text: String) -> Data { Data(text.utf8) }

// MARK: - Transformers it had

@Test func numberTransformersReadStrings() throws {
  let data = json(#"{"count": "42", "price": "9.5", "bad": "4x"}"#)
  #expect(try JSONDecoder().decode(from: data, at: "count", using: IntFromString()) == 42)
  #expect(try JSONDecoder().decode(from: data, at: "price", using: DoubleFromString()) == 9.5)
  do {
    _ = try JSONDecoder().decode(from: data, at: "bad", using: IntFromString())
    Issue.record("expected a transform failure")
  } catch let error as CodixError {
    #expect(error.kind == .transformFailed)
    #expect(error.path == "bad")
    #expect(error.found == #""4x""#)
  }
  #expect(IntFromString().reverse(7) == "7")
  #expect(DoubleFromString().reverse(2.5) == "2.5")
}

@Test func aTransparentTransformerPassesValuesThrough() throws {
  struct Tag: Codable {
    let id = 1
    let name: String?
    init(name: String?) { self.name = name }
    init(from decoder: any Decoder) throws {
      name = try decoder.decodeIfPresent(at: "name", using: TransparentTransformer<String>())
    }
    func encode(to encoder: any Encoder) throws {
      try encoder.encode(id, at: "id")
      try encoder.encodeIfPresent(name, at: "meta.name", using: TransparentTransformer<String>())
    }
  }
  #expect(try decodeOnEveryRoute(Tag.self, from: json(#"{"name": "a"}"#)).name == "a")
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  #expect(
    String(decoding: try encoder.encode(Tag(name: "b")), as: UTF8.self)
      == #"{"id":1,"meta":{"name":"b"}}"#)
  #expect(String(decoding: try encoder.encode(Tag(name: nil)), as: UTF8.self) == #"{"id":1}"#)
}

@Test func dateFromStringTakesAFormatterConfiguredByItsUser() throws {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(secondsFromGMT: 0)
  formatter.dateFormat = "dd.MM.yyyy"
  let transformer = DateFromString(formatter: formatter)
  formatter.dateFormat = "yyyy"  // later changes to the user's formatter do not reach Codix's copy
  let date = try JSONDecoder().decode(
    from: json(#"{"d": "01.01.2001"}"#), at: "d", using: transformer)
  #expect(date == Date(timeIntervalSince1970: 978_307_200))
  #expect(transformer.reverse(date) == "01.01.2001")
}

@Test func boolTransformersAsTheOriginalCodixReadThem() throws {
  struct User: Decodable {
    let active: Bool
    let male: Bool
    init(from decoder: any Decoder) throws {
      active = try decoder.decode(Bool.self, at: "active", using: BoolFromInt())
      male = try decoder.decode(
        Bool.self, at: "male", using: BoolFromString(map: ["yes": true, "no": false]))
    }
  }
  let user = try decodeOnEveryRoute(User.self, from: json(#"{"active": 2, "male": "yes"}"#))
  #expect(user.active)
  #expect(user.male)
  #expect(throws: CodixError.self) {
    try decodeOnEveryRoute(User.self, from: json(#"{"active": 0, "male": "YES"}"#))
  }
}

@Test func timestampsKeepTheOriginalUnitName() throws {
  let unit: DateFromTimeIntervalSince1970.TimeIntervalUnit = .millisecond
  let date = try JSONDecoder().decode(
    from: json(#"{"t": 1500}"#), at: "t", using: DateFromTimeIntervalSince1970(unit: unit))
  #expect(date == Date(timeIntervalSince1970: 1.5))
}

// MARK: - Top-level decoding with a transformer or a closure

@Test func topLevelDecodingWithATransformerOrAClosure() throws {
  let data = json(#"{"user": {"born": "2000/08/12", "male": "true"}}"#)
  let born = try JSONDecoder().decode(
    Date.self, from: data, at: "user.born", using: DateFromString(format: "yyyy/MM/dd"))
  #expect(born == Date(timeIntervalSince1970: 966_038_400))
  let male = try JSONDecoder().decode(
    Bool.self, from: data, at: "user.male", using: { (text: String) in text == "true" })
  #expect(male)
  do {
    _ = try JSONDecoder().decode(
      from: data, at: "user.born", using: DateFromString(format: "yyyy-MM-dd"))
    Issue.record("expected a transform failure")
  } catch let error as CodixError {
    #expect(error.kind == .transformFailed)
    #expect(error.path == "user.born")
    #expect(error.found == #""2000/08/12""#)
  }
}

// MARK: - Encoding as the original Codix encoded

private struct CentsToText: Transformer {
  func transform(_ cents: Int) -> String { "\(cents / 100).\(cents % 100)" }
}

@Test func encodingThroughOneWayTransformersAndClosures() throws {
  struct Price: Encodable {
    let cents: Int
    let isSale: Bool
    let discount: Int?
    func encode(to encoder: any Encoder) throws {
      try encoder.encode(cents, at: "price.text", using: CentsToText())
      try encoder.encode(isSale, at: "price.sale", using: { $0 ? "yes" : "no" })
      try encoder.encodeIfPresent(discount, at: "price.discount", using: CentsToText())
    }
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let text = String(
    decoding: try encoder.encode(Price(cents: 1250, isSale: true, discount: nil)), as: UTF8.self)
  #expect(text == #"{"price":{"sale":"yes","text":"12.50"}}"#)
}

@Test func reversibleTransformersStillEncodeInReverse() throws {
  struct Birthday: Encodable {
    let date: Date
    func encode(to encoder: any Encoder) throws {
      try encoder.encode(date, at: "born", using: DateFromString(format: "yyyy/MM/dd"))
      try encoder.encodeIfPresent(Optional(date), at: "again", using: DateCodingStrategy.timestamp)
    }
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let text = String(
    decoding: try encoder.encode(Birthday(date: Date(timeIntervalSince1970: 966_038_400))),
    as: UTF8.self)
  #expect(text == #"{"again":966038400,"born":"2000\/08\/12"}"#)
}

@Test func topLevelEncodingAtAPath() throws {
  struct Cat: Codable, Equatable {
    let id: Int
    let name: String
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let data = try encoder.encode(Cat(id: 1, name: "Tom"), at: "zoo.cats[1]")
  #expect(
    String(decoding: data, as: UTF8.self) == #"{"zoo":{"cats":[null,{"id":1,"name":"Tom"}]}}"#)
  #expect(
    try JSONDecoder().decode(Cat.self, from: data, at: "zoo.cats[1]") == Cat(id: 1, name: "Tom"))
  let plist = try PropertyListEncoder().encode(Cat(id: 2, name: "Kit"), at: "cats[0]")
  #expect(
    try PropertyListDecoder().decode(Cat.self, from: plist, at: "cats[0]")
      == Cat(id: 2, name: "Kit"))
  #expect(throws: CodixError.self) { try JSONEncoder().encode(1, at: "a[-1]") }
}
