import Foundation

// twitter.json as a whole: every field of the search response, its statuses,
// their users, entities and retweeted statuses, with synthesized Codable, as
// an app that models the API declares it. Fields that are `null` in every
// status of the file (`geo`, `coordinates`, `place`, `contributors`) have the
// types the API documents, so a non-null value would decode too.

// MARK: - Synthesized model of the whole document

struct Timeline: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case statuses
    case searchMetadata = "search_metadata"
  }
  var statuses: [Tweet]
  var searchMetadata: SearchMetadata
}

struct SearchMetadata: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case completedIn = "completed_in"
    case maxID = "max_id"
    case maxIDString = "max_id_str"
    case nextResults = "next_results"
    case query
    case refreshURL = "refresh_url"
    case count
    case sinceID = "since_id"
    case sinceIDString = "since_id_str"
  }
  var completedIn: Double
  var maxID: Int
  var maxIDString: String
  var nextResults: String
  var query: String
  var refreshURL: String
  var count: Int
  var sinceID: Int
  var sinceIDString: String
}

struct Tweet: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case metadata
    case createdAt = "created_at"
    case id
    case idString = "id_str"
    case text, source, truncated
    case inReplyToStatusID = "in_reply_to_status_id"
    case inReplyToStatusIDString = "in_reply_to_status_id_str"
    case inReplyToUserID = "in_reply_to_user_id"
    case inReplyToUserIDString = "in_reply_to_user_id_str"
    case inReplyToScreenName = "in_reply_to_screen_name"
    case user, geo, coordinates, place, contributors
    case retweetedStatus = "retweeted_status"
    case retweetCount = "retweet_count"
    case favoriteCount = "favorite_count"
    case entities, favorited, retweeted
    case possiblySensitive = "possibly_sensitive"
    case lang
  }
  var metadata: TweetMetadata
  var createdAt: String
  var id: Int
  var idString: String
  var text: String
  var source: String
  var truncated: Bool
  var inReplyToStatusID: Int?
  var inReplyToStatusIDString: String?
  var inReplyToUserID: Int?
  var inReplyToUserIDString: String?
  var inReplyToScreenName: String?
  var user: TwitterUser
  var geo: Coordinates?
  var coordinates: Coordinates?
  var place: Place?
  var contributors: [Int]?
  var retweetedStatus: Retweet?
  var retweetCount: Int
  var favoriteCount: Int
  var entities: TweetEntities
  var favorited: Bool
  var retweeted: Bool
  var possiblySensitive: Bool?
  var lang: String
}

/// A retweeted status: a status's fields but the retweet (a struct cannot
/// hold itself).
struct Retweet: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case metadata
    case createdAt = "created_at"
    case id
    case idString = "id_str"
    case text, source, truncated
    case inReplyToStatusID = "in_reply_to_status_id"
    case inReplyToStatusIDString = "in_reply_to_status_id_str"
    case inReplyToUserID = "in_reply_to_user_id"
    case inReplyToUserIDString = "in_reply_to_user_id_str"
    case inReplyToScreenName = "in_reply_to_screen_name"
    case user, geo, coordinates, place, contributors
    case retweetCount = "retweet_count"
    case favoriteCount = "favorite_count"
    case entities, favorited, retweeted
    case possiblySensitive = "possibly_sensitive"
    case lang
  }
  var metadata: TweetMetadata
  var createdAt: String
  var id: Int
  var idString: String
  var text: String
  var source: String
  var truncated: Bool
  var inReplyToStatusID: Int?
  var inReplyToStatusIDString: String?
  var inReplyToUserID: Int?
  var inReplyToUserIDString: String?
  var inReplyToScreenName: String?
  var user: TwitterUser
  var geo: Coordinates?
  var coordinates: Coordinates?
  var place: Place?
  var contributors: [Int]?
  var retweetCount: Int
  var favoriteCount: Int
  var entities: TweetEntities
  var favorited: Bool
  var retweeted: Bool
  var possiblySensitive: Bool?
  var lang: String
}

struct TweetMetadata: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case resultType = "result_type"
    case isoLanguageCode = "iso_language_code"
  }
  var resultType: String
  var isoLanguageCode: String
}

struct Coordinates: Codable, Equatable {
  var type: String
  var coordinates: [Double]
}

struct Place: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id, url, name, country
    case placeType = "place_type"
    case fullName = "full_name"
    case countryCode = "country_code"
  }
  var id: String
  var url: String
  var placeType: String
  var name: String
  var fullName: String
  var countryCode: String
  var country: String
}

struct TwitterUser: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id
    case idString = "id_str"
    case name
    case screenName = "screen_name"
    case location, description, url, entities, protected
    case followersCount = "followers_count"
    case friendsCount = "friends_count"
    case listedCount = "listed_count"
    case createdAt = "created_at"
    case favouritesCount = "favourites_count"
    case utcOffset = "utc_offset"
    case timeZone = "time_zone"
    case geoEnabled = "geo_enabled"
    case verified
    case statusesCount = "statuses_count"
    case lang
    case contributorsEnabled = "contributors_enabled"
    case isTranslator = "is_translator"
    case isTranslationEnabled = "is_translation_enabled"
    case profileBackgroundColor = "profile_background_color"
    case profileBackgroundImageURL = "profile_background_image_url"
    case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
    case profileBackgroundTile = "profile_background_tile"
    case profileImageURL = "profile_image_url"
    case profileImageURLHTTPS = "profile_image_url_https"
    case profileBannerURL = "profile_banner_url"
    case profileLinkColor = "profile_link_color"
    case profileSidebarBorderColor = "profile_sidebar_border_color"
    case profileSidebarFillColor = "profile_sidebar_fill_color"
    case profileTextColor = "profile_text_color"
    case profileUseBackgroundImage = "profile_use_background_image"
    case defaultProfile = "default_profile"
    case defaultProfileImage = "default_profile_image"
    case following
    case followRequestSent = "follow_request_sent"
    case notifications
  }
  var id: Int
  var idString: String
  var name: String
  var screenName: String
  var location: String
  var description: String
  var url: String?
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
  var profileBackgroundImageURL: String
  var profileBackgroundImageURLHTTPS: String
  var profileBackgroundTile: Bool
  var profileImageURL: String
  var profileImageURLHTTPS: String
  var profileBannerURL: String?
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

struct UserEntities: Codable, Equatable {
  var url: URLEntities?
  var description: URLEntities
}

struct URLEntities: Codable, Equatable {
  var urls: [URLEntity]
}

struct URLEntity: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case url
    case expandedURL = "expanded_url"
    case displayURL = "display_url"
    case indices
  }
  var url: String
  var expandedURL: String
  var displayURL: String
  var indices: [Int]
}

struct TweetEntities: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case hashtags, symbols, urls, media
    case userMentions = "user_mentions"
  }
  var hashtags: [Hashtag]
  var symbols: [Hashtag]
  var urls: [URLEntity]
  var userMentions: [UserMention]
  var media: [Media]?
}

struct Hashtag: Codable, Equatable {
  var text: String
  var indices: [Int]
}

struct UserMention: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case screenName = "screen_name"
    case name, id
    case idString = "id_str"
    case indices
  }
  var screenName: String
  var name: String
  var id: Int
  var idString: String
  var indices: [Int]
}

struct Media: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id
    case idString = "id_str"
    case indices
    case mediaURL = "media_url"
    case mediaURLHTTPS = "media_url_https"
    case url
    case displayURL = "display_url"
    case expandedURL = "expanded_url"
    case type, sizes
    case sourceStatusID = "source_status_id"
    case sourceStatusIDString = "source_status_id_str"
  }
  struct Size: Codable, Equatable {
    var w: Int
    var h: Int
    var resize: String
  }
  struct Sizes: Codable, Equatable {
    var medium: Size
    var small: Size
    var thumb: Size
    var large: Size
  }
  var id: Int
  var idString: String
  var indices: [Int]
  var mediaURL: String
  var mediaURLHTTPS: String
  var url: String
  var displayURL: String
  var expandedURL: String
  var type: String
  var sizes: Sizes
  var sourceStatusID: Int?
  var sourceStatusIDString: String?
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
