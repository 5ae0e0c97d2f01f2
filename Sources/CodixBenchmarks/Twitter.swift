import CodixCorpus
import CodixPath
import CodixWrappers
import Foundation

// twitter.json: 100 statuses, each with a nested user and entities.

struct HandStatus: Decodable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id, text, user, entities, lang
    case createdAt = "created_at"
    case retweetCount = "retweet_count"
    case favorited
    case replyTo = "in_reply_to_screen_name"
  }
  struct User: Decodable, Equatable {
    enum CodingKeys: String, CodingKey {
      case id
      case screenName = "screen_name"
      case followers = "followers_count"
    }
    var id: Int
    var screenName: String
    var followers: Int
  }
  struct Entities: Decodable, Equatable {
    struct Hashtag: Decodable, Equatable { var text: String }
    var hashtags: [Hashtag]
  }
  var id: Int
  var text: String
  var createdAt: String
  var retweetCount: Int
  var favorited: Bool
  var lang: String
  var replyTo: String?
  var user: User
  var entities: Entities
}

struct PathStatus: Decodable, Equatable {
  var id: Int
  var text: String
  var createdAt: String
  var retweetCount: Int
  var favorited: Bool
  var lang: String
  var replyTo: String?
  var userID: Int
  var screenName: String
  var followers: Int
  var hashtags: [String]

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    text = try decoder.decode(at: "text")
    createdAt = try decoder.decode(at: "created_at")
    retweetCount = try decoder.decode(at: "retweet_count")
    favorited = try decoder.decode(at: "favorited")
    lang = try decoder.decode(at: "lang")
    replyTo = try decoder.decodeIfPresent(at: "in_reply_to_screen_name")
    userID = try decoder.decode(at: "user.id")
    screenName = try decoder.decode(at: "user.screen_name")
    followers = try decoder.decode(at: "user.followers_count")
    hashtags = try decoder.decode([HandStatus.Entities.Hashtag].self, at: "entities.hashtags")
      .map(\.text)
  }
}

struct WrapperStatus: Kodable, Equatable {
  @Coding var id: Int
  @Coding var text: String
  @Coding("created_at") var createdAt: String
  @Coding("retweet_count") var retweetCount: Int
  @Coding var favorited: Bool
  @Coding var lang: String
  @Coding("in_reply_to_screen_name") var replyTo: String?
  @Coding("user.id") var userID: Int
  @Coding("user.screen_name") var screenName: String
  @Coding("user.followers_count") var followers: Int
  @Coding("entities.hashtags") var hashtags: [Tag]

  struct Tag: Kodable, Equatable {
    @Coding var text: String
  }
}

/// A corpus from the repository's `Tests/Data`, found from this source file.
func corpus(_ name: String) -> Data? {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return FileManager.default.contents(
    atPath: root.appendingPathComponent("Tests/Data/" + name).path)
}

// MARK: - Hand-written: the whole document through `HandStatus`

/// The whole document decoded by hand-written code: the statuses as
/// `HandStatus` (11 fields each), everything else skipped.
struct HandTimeline: Decodable, Equatable {
  enum CodingKeys: String, CodingKey { case statuses }
  var statuses: [HandStatus]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    statuses = try container.decode([HandStatus].self, forKey: .statuses)
  }
}

/// The statuses of twitter.json, for a plain `JSONDecoder().decode` of the
/// whole document.
struct Statuses<Status: Decodable>: Decodable {
  let statuses: [Status]
}
