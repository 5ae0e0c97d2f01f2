import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// twitter.json, citm_catalog.json and canada.json decoded end to end into
// full synthesized models, and into AnyValue, with both decoders; and the
// size of the reader's index of each.

// MARK: - twitter.json (snake-case keys, converted by the strategy)

private struct Twitter: Decodable, Equatable {
  var statuses: [Status]
  var searchMetadata: SearchMetadata
}

private struct SearchMetadata: Decodable, Equatable {
  var completedIn: Double
  var maxId: Int64
  var maxIdStr: String
  var nextResults: String
  var query: String
  var refreshUrl: String
  var count: Int
  var sinceId: Int
  var sinceIdStr: String
}

private final class Status: Decodable, Equatable {
  var metadata: [String: String]
  var createdAt: String
  var id: UInt64
  var idStr: String
  var text: String
  var source: String
  var truncated: Bool
  var inReplyToStatusId: Int64?
  var inReplyToStatusIdStr: String?
  var inReplyToUserId: Int64?
  var inReplyToUserIdStr: String?
  var inReplyToScreenName: String?
  var user: User
  var geo: String?
  var coordinates: String?
  var place: String?
  var contributors: String?
  var retweetCount: Int
  var favoriteCount: Int
  var entities: Entities
  var favorited: Bool
  var retweeted: Bool
  var lang: String
  var retweetedStatus: Status?
  var possiblySensitive: Bool?

  static func == (lhs: Status, rhs: Status) -> Bool {
    lhs.metadata == rhs.metadata && lhs.createdAt == rhs.createdAt && lhs.id == rhs.id
      && lhs.idStr == rhs.idStr && lhs.text == rhs.text && lhs.source == rhs.source
      && lhs.truncated == rhs.truncated && lhs.inReplyToStatusId == rhs.inReplyToStatusId
      && lhs.inReplyToStatusIdStr == rhs.inReplyToStatusIdStr
      && lhs.inReplyToUserId == rhs.inReplyToUserId
      && lhs.inReplyToUserIdStr == rhs.inReplyToUserIdStr
      && lhs.inReplyToScreenName == rhs.inReplyToScreenName && lhs.user == rhs.user
      && lhs.geo == rhs.geo && lhs.coordinates == rhs.coordinates && lhs.place == rhs.place
      && lhs.contributors == rhs.contributors && lhs.retweetCount == rhs.retweetCount
      && lhs.favoriteCount == rhs.favoriteCount && lhs.entities == rhs.entities
      && lhs.favorited == rhs.favorited && lhs.retweeted == rhs.retweeted && lhs.lang == rhs.lang
      && lhs.retweetedStatus == rhs.retweetedStatus
      && lhs.possiblySensitive == rhs.possiblySensitive
  }
}

private struct User: Decodable, Equatable {
  var id: Int
  var idStr: String
  var name: String
  var screenName: String
  var location: String
  var description: String
  var url: URL?
  var entities: UserEntities
  var protected: Bool
  var followersCount: Int
  var friendsCount: Int
  var listedCount: Int
  var createdAt: String
  var favouritesCount: Int
  var utcOffset: Int?
  var timeZone: String?
  var geoEnabled: Bool
  var verified: Bool
  var statusesCount: Int
  var lang: String
  var contributorsEnabled: Bool
  var isTranslator: Bool
  var isTranslationEnabled: Bool
  var profileBackgroundColor: String
  var profileBackgroundImageUrl: URL
  var profileBackgroundImageUrlHttps: URL
  var profileBackgroundTile: Bool
  var profileImageUrl: URL
  var profileImageUrlHttps: URL
  var profileBannerUrl: URL?
  var profileLinkColor: String
  var profileSidebarBorderColor: String
  var profileSidebarFillColor: String
  var profileTextColor: String
  var profileUseBackgroundImage: Bool
  var defaultProfile: Bool
  var defaultProfileImage: Bool
  var following: Bool
  var followRequestSent: Bool
  var notifications: Bool
}

private struct UserEntities: Decodable, Equatable {
  var url: URLs?
  var description: URLs

  struct URLs: Decodable, Equatable {
    var urls: [LinkEntity]
  }
}

private struct Entities: Decodable, Equatable {
  var hashtags: [Hashtag]
  var symbols: [Hashtag]
  var urls: [LinkEntity]
  var userMentions: [Mention]
  var media: [Media]?
}

private struct Hashtag: Decodable, Equatable {
  var text: String
  var indices: [Int]
}

private struct LinkEntity: Decodable, Equatable {
  var url: String
  var expandedUrl: String?
  var displayUrl: String?
  var indices: [Int]
}

private struct Mention: Decodable, Equatable {
  var screenName: String
  var name: String
  var id: Int
  var idStr: String
  var indices: [Int8]
}

private struct Media: Decodable, Equatable {
  var id: Int64
  var idStr: String
  var indices: [UInt16]
  var mediaUrl: URL
  var mediaUrlHttps: URL
  var url: URL
  var displayUrl: String
  var expandedUrl: URL
  var type: String
  var sizes: [String: Size]
  var sourceStatusId: Int?
  var sourceStatusIdStr: String?

  struct Size: Decodable, Equatable {
    var w: Int
    var h: Int
    var resize: String
  }
}

// MARK: - citm_catalog.json (camel-case keys)

private struct Catalog: Decodable, Equatable {
  var areaNames: [String: String]
  var audienceSubCategoryNames: [String: String]
  var blockNames: [String: String]
  var events: [String: Event]
  var performances: [Performance]
  var seatCategoryNames: [String: String]
  var subTopicNames: [String: String]
  var subjectNames: [String: String]
  var topicNames: [String: String]
  var topicSubTopics: [String: [Int]]
  var venueNames: [String: String]

  struct Event: Decodable, Equatable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
  }

  struct Performance: Decodable, Equatable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var seatMapImage: String?
    var start: Date
    var venueCode: String
  }

  struct Price: Decodable, Equatable {
    var amount: Decimal
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
  }

  struct SeatCategory: Decodable, Equatable {
    var areas: [Area]
    var seatCategoryId: Int
  }

  struct Area: Decodable, Equatable {
    var areaId: Int
    var blockIds: [Int]
  }
}

// MARK: - canada.json

private struct FeatureCollection: Decodable, Equatable {
  var type: String
  var features: [Feature]

  struct Feature: Decodable, Equatable {
    var type: String
    var properties: [String: String]
    var geometry: Geometry
  }

  struct Geometry: Decodable, Equatable {
    var type: String
    var coordinates: [[[Double]]]
  }
}

// MARK: - Tests

@Test func twitterDecodesAsWithJSONDecoder() throws {
  let data = try testData("twitter.json")
  let foundation = JSONDecoder()
  foundation.keyDecodingStrategy = .convertFromSnakeCase
  let expected = try foundation.decode(Twitter.self, from: data)
  let actual = try CodixJSONDecoder(foundation).decode(Twitter.self, from: data)
  #expect(actual.statuses.count == 100)
  #expect(actual == expected)
  #expect(actual.statuses.contains { $0.retweetedStatus != nil })
  #expect(actual.statuses.contains { $0.entities.media?.isEmpty == false })
  expectSameOutcome(AnyValue.self, data)
}

@Test func citmCatalogDecodesAsWithJSONDecoder() throws {
  let data = try testData("citm_catalog.json")
  let foundation = JSONDecoder()
  foundation.dateDecodingStrategy = .millisecondsSince1970
  let expected = try foundation.decode(Catalog.self, from: data)
  let actual = try CodixJSONDecoder(foundation).decode(Catalog.self, from: data)
  #expect(actual.performances.count == 243)
  #expect(actual.events.count == 184)
  #expect(actual == expected)
  expectSameOutcome(AnyValue.self, data)
}

@Test func canadaDecodesAsWithJSONDecoder() throws {
  let data = try testData("canada.json")
  let expected = try JSONDecoder().decode(FeatureCollection.self, from: data)
  let actual = try CodixJSONDecoder().decode(FeatureCollection.self, from: data)
  #expect(actual.features.first?.geometry.coordinates.count == 480)
  // Bit-identical coordinates, not merely equal.
  let bits = { (collection: FeatureCollection) in
    collection.features.flatMap { $0.geometry.coordinates.joined().joined().map(\.bitPattern) }
  }
  #expect(bits(actual) == bits(expected))
  #expect(bits(actual).count == 111_126)
  expectSameOutcome(AnyValue.self, data)
}

// MARK: - Byte flips

/// The outcome of a flipped document with both decoders, for a model that
/// reads every value of it: the same value, or the same error.
private func expectSameOutcomeOfFlips<T: Decodable & Equatable>(
  _ type: T.Type, _ name: String, count: Int, random: inout SplitMix64,
  configure: (JSONDecoder) -> Void
) throws {
  let original = try testData(name)
  let interesting: [UInt8] = Array(#"{}[]",:"\ 0123456789-+.eEtrufalsn"#.utf8) + [0, 0x80, 0xFF]
  for _ in 0..<count {
    // One byte per document: a second fault in the same dictionary would
    // let JSONDecoder's (unordered) reading of it pick either error.
    var bytes = [UInt8](original)
    let index = Int.random(in: 0..<bytes.count, using: &random)
    bytes[index] =
      Bool.random(using: &random)
      ? (interesting.randomElement(using: &random) ?? 0)
      : UInt8.random(in: 0...255, using: &random)
    expectSameOutcome(type, Data(bytes), configure: configure)
  }
}

@Test func byteFlipsInRealDocumentsMatchJSONDecoder() throws {
  // 150 documents with a byte changed by default (seeded).
  let count = max(2, fuzzCount(default: 15_000) / 100)
  var random = SplitMix64(state: 0xF11B_5EED)
  try expectSameOutcomeOfFlips(Twitter.self, "twitter.json", count: count * 2 / 3, random: &random)
  {
    $0.keyDecodingStrategy = .convertFromSnakeCase
  }
  try expectSameOutcomeOfFlips(Catalog.self, "citm_catalog.json", count: count / 3, random: &random)
  {
    $0.dateDecodingStrategy = .millisecondsSince1970
  }
}

// MARK: - The index

private struct IndexSize {
  let name: String
  let documentBytes: Int
  let usedBytes: Int
  let allocatedBytes: Int
}

private func indexSize(of name: String) throws -> IndexSize {
  let data = try testData(name)
  let document = try JSONDocument(data)
  return IndexSize(
    name: name, documentBytes: data.count,
    usedBytes: document.tape.count * MemoryLayout<UInt64>.stride,
    allocatedBytes: document.tape.byteCount)
}

@Test func theIndexIsSmallerThanTheDocument() throws {
  var lines: [String] = []
  for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
    let size = try indexSize(of: name)
    #expect(size.usedBytes <= size.documentBytes, "\(name)")
    #expect(size.allocatedBytes <= size.documentBytes, "\(name)")
    let ratio = { (bytes: Int) in String(format: "%.2f", Double(bytes) / Double(size.documentBytes))
    }
    lines.append(
      "| \(name) | \(size.documentBytes) | \(size.usedBytes) (\(ratio(size.usedBytes))) "
        + "| \(size.allocatedBytes) (\(ratio(size.allocatedBytes))) |")
  }
  if let path = ProcessInfo.processInfo.environment["CODIX_CONFORMANCE_TABLE"] {
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path + ".memory"))
  }
}
