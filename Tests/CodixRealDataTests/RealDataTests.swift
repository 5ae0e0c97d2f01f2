import CodixPath
import CodixWrappers
import Foundation
import Testing

// The standard JSON corpora in Tests/Data, decoded end to end in both styles
// and checked against an independent parse (JSONSerialization). A missing
// file fails these tests: they never skip.

private func corpus(_ name: String) -> Data? {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Data")
  return FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
}

private let twitter = corpus("twitter.json")
private let citm = corpus("citm_catalog.json")

@Test func theCorporaAreInTheRepository() {
  #expect(twitter != nil, "Tests/Data/twitter.json is missing")
  #expect(citm != nil, "Tests/Data/citm_catalog.json is missing")
}

// MARK: - twitter.json

private struct PathStatus: Decodable {
  var id: Int
  var text: String
  var createdAt: Date
  var screenName: String
  var replyTo: String?
  var hashtags: [String]

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    text = try decoder.decode(at: "text")
    createdAt = try decoder.decode(
      at: "created_at", using: DateFromString(format: "EEE MMM dd HH:mm:ss Z yyyy"))
    screenName = try decoder.decode(at: "user.screen_name")
    replyTo = try decoder.decodeIfPresent(at: "in_reply_to_screen_name")
    hashtags = try decoder.decodeLossy([Hashtag].self, at: "entities.hashtags").map(\.text)
  }
}

private struct Hashtag: Decodable {
  var text: String
}

private struct WrapperStatus: Kodable {
  @Coding var id: Int
  @Coding var text: String
  @CodableDate("created_at", .format("EEE MMM dd HH:mm:ss Z yyyy")) var createdAt: Date
  @Coding("user.screen_name") var screenName: String
  @Coding("in_reply_to_screen_name") var replyTo: String?
  @Coding("entities.hashtags") var hashtags: [WrapperHashtag]
}

private struct WrapperHashtag: Kodable {
  @Coding var text: String
}

@Test func twitterDecodesInBothStylesAndMatchesAnIndependentParse() throws {
  let data = try #require(twitter)
  let reference = try #require(
    (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["statuses"]
      as? [[String: Any]])
  let viaPath = try JSONDecoder().decode([PathStatus].self, from: data, at: "statuses")
  let viaWrappers = try JSONDecoder().decode([WrapperStatus].self, from: data, at: "statuses")
  #expect(viaPath.count == 100)
  #expect(viaWrappers.count == 100)
  for (index, expected) in reference.enumerated() {
    let user = expected["user"] as? [String: Any]
    let tags = ((expected["entities"] as? [String: Any])?["hashtags"] as? [[String: Any]])?
      .compactMap { $0["text"] as? String }
    #expect(viaPath[index].id == (expected["id"] as? NSNumber)?.intValue)
    #expect(viaPath[index].text == expected["text"] as? String)
    #expect(viaPath[index].screenName == user?["screen_name"] as? String)
    #expect(viaPath[index].replyTo == expected["in_reply_to_screen_name"] as? String)
    #expect(viaPath[index].hashtags == tags)
    #expect(viaWrappers[index].id == viaPath[index].id)
    #expect(viaWrappers[index].createdAt == viaPath[index].createdAt)
    #expect(viaWrappers[index].hashtags.map(\.text) == viaPath[index].hashtags)
    #expect(viaWrappers[index].replyTo == viaPath[index].replyTo)
  }
  // "Sun Aug 31 00:29:15 +0000 2014"
  #expect(viaPath[0].createdAt == Date(timeIntervalSince1970: 1_409_444_955))
}

@Test func aPathFromAnErrorInRealDataPastesBack() throws {
  let data = try #require(twitter)
  do {
    _ = try JSONDecoder().decode([Int].self, from: data, at: "statuses[4].entities.hashtags")
    Issue.record("expected a type mismatch")
  } catch let error as CodixError {
    #expect(error.kind == .typeMismatch)
    #expect(error.path.description.hasPrefix("statuses[4].entities.hashtags["))
    let back = try JSONDecoder().decode(Hashtag.self, from: data, at: error.path)
    #expect(!back.text.isEmpty)
  }
}

// MARK: - citm_catalog.json

private struct Event: Kodable, Equatable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var subTopicIds: [Int]
  @Coding var topicIds: [Int]
  @Coding var description: String?
}

private struct Performance: Decodable {
  var id: Int
  var eventId: Int
  var start: Date
  var seatCategoryIds: [Int]

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    eventId = try decoder.decode(at: "eventId")
    start = try decoder.decode(
      at: "start", using: DateFromTimeIntervalSince1970(unit: .millisecond))
    seatCategoryIds = try decoder.decode([SeatCategory].self, at: "seatCategories").map(
      \.seatCategoryId)
  }
}

private struct SeatCategory: Decodable {
  var seatCategoryId: Int
}

@Test func citmCatalogDecodesInBothStyles() throws {
  let data = try #require(citm)
  let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let events = try JSONDecoder().decode([String: Event].self, from: data, at: "events")
  let performances = try JSONDecoder().decode([Performance].self, from: data, at: "performances")
  #expect(events.count == (reference["events"] as? [String: Any])?.count)
  #expect(performances.count == (reference["performances"] as? [Any])?.count)
  let first = try #require(events["138586341"])
  #expect(first.name == "30th Anniversary Tour")
  #expect(first.subTopicIds == [337_184_269, 337_184_283])
  #expect(first.description == nil)
  let name = try JSONDecoder().decode(String.self, from: data, at: "areaNames.205705993")
  #expect(name == (reference["areaNames"] as? [String: Any])?["205705993"] as? String)
  #expect(performances.allSatisfy { events[String($0.eventId)] != nil })
}

// MARK: - Whole documents as JSONValue

/// twitter.json read once as a JSONValue (a few seconds in a debug build).
private let twitterValue = twitter.flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }

@Test func aWholeCorpusReadsAsJSONValueAndRoundTrips() throws {
  let data = try #require(twitter)
  let value = try #require(twitterValue)
  #expect(same(value, try JSONSerialization.jsonObject(with: data)))
  // Written back (as JSON and as its description), five statuses read the same.
  let statuses = JSONValue.array(Array(try #require(value["statuses"]?.arrayValue).prefix(5)))
  let written = try JSONEncoder().encode(statuses)
  #expect(try JSONDecoder().decode(JSONValue.self, from: written) == statuses)
  #expect(
    try JSONDecoder().decode(JSONValue.self, from: Data(statuses.description.utf8)) == statuses)
}

@Test func pathsIntoAJSONValueOfTwitter() throws {
  let value = try #require(twitterValue)
  #expect(value[path: "statuses[0].user.screen_name"] == "ayuu0123")
  #expect(value[path: "statuses[-1].metadata.result_type"] == "recent")
  #expect(value[path: "search_metadata.count"] == 100)
}

/// Whether `value` holds what JSONSerialization read: every member and
/// element, numbers by value.
private func same(_ value: JSONValue, _ reference: Any) -> Bool {
  switch (value, reference) {
  case (.null, is NSNull): return true
  case (.string(let string), let other as String): return string == other
  case (.array(let elements), let other as [Any]):
    return elements.count == other.count && zip(elements, other).allSatisfy(same)
  case (.object(let members), let other as [String: Any]):
    return members.count == other.count
      && members.allSatisfy { key, member in other[key].map { same(member, $0) } ?? false }
  case (_, let number as NSNumber):
    // JSONSerialization's booleans are NSNumbers of type `c`: a boolean must
    // meet a boolean, a number a number (`true` is not `1`).
    let isBool = String(cString: number.objCType) == "c"
    if case .bool(let bool) = value { return isBool && number.boolValue == bool }
    guard !isBool, let double = value.doubleValue else { return false }
    return double == number.doubleValue
  default: return false
  }
}
