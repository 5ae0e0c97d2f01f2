import Foundation

// twitter.json as a whole: every field of the search response, its statuses,
// their users, entities and retweeted statuses, with synthesized Codable, as
// an app that models the API declares it. Fields that are `null` in every
// status of the file (`geo`, `coordinates`, `place`, `contributors`) have the
// types the API documents, so a non-null value would decode too.

// MARK: - Synthesized model of the whole document

package struct Timeline: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case statuses
    case searchMetadata = "search_metadata"
  }
  package var statuses: [Tweet]
  package var searchMetadata: SearchMetadata
}

package struct SearchMetadata: Codable, Equatable {
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
  package var completedIn: Double
  package var maxID: Int
  package var maxIDString: String
  package var nextResults: String
  package var query: String
  package var refreshURL: String
  package var count: Int
  package var sinceID: Int
  package var sinceIDString: String
}

package struct Tweet: Codable, Equatable {
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
  package var metadata: TweetMetadata
  package var createdAt: String
  package var id: Int
  package var idString: String
  package var text: String
  package var source: String
  package var truncated: Bool
  package var inReplyToStatusID: Int?
  package var inReplyToStatusIDString: String?
  package var inReplyToUserID: Int?
  package var inReplyToUserIDString: String?
  package var inReplyToScreenName: String?
  package var user: TwitterUser
  package var geo: Coordinates?
  package var coordinates: Coordinates?
  package var place: Place?
  package var contributors: [Int]?
  package var retweetedStatus: Retweet?
  package var retweetCount: Int
  package var favoriteCount: Int
  package var entities: TweetEntities
  package var favorited: Bool
  package var retweeted: Bool
  package var possiblySensitive: Bool?
  package var lang: String
}

/// A retweeted status: a status's fields but the retweet (a struct cannot
/// hold itself).
package struct Retweet: Codable, Equatable {
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
  package var metadata: TweetMetadata
  package var createdAt: String
  package var id: Int
  package var idString: String
  package var text: String
  package var source: String
  package var truncated: Bool
  package var inReplyToStatusID: Int?
  package var inReplyToStatusIDString: String?
  package var inReplyToUserID: Int?
  package var inReplyToUserIDString: String?
  package var inReplyToScreenName: String?
  package var user: TwitterUser
  package var geo: Coordinates?
  package var coordinates: Coordinates?
  package var place: Place?
  package var contributors: [Int]?
  package var retweetCount: Int
  package var favoriteCount: Int
  package var entities: TweetEntities
  package var favorited: Bool
  package var retweeted: Bool
  package var possiblySensitive: Bool?
  package var lang: String
}

package struct TweetMetadata: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case resultType = "result_type"
    case isoLanguageCode = "iso_language_code"
  }
  package var resultType: String
  package var isoLanguageCode: String
}

package struct Coordinates: Codable, Equatable {
  package var type: String
  package var coordinates: [Double]
}

package struct Place: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id, url, name, country
    case placeType = "place_type"
    case fullName = "full_name"
    case countryCode = "country_code"
  }
  package var id: String
  package var url: String
  package var placeType: String
  package var name: String
  package var fullName: String
  package var countryCode: String
  package var country: String
}

package struct TwitterUser: Codable, Equatable {
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
  package var id: Int
  package var idString: String
  package var name: String
  package var screenName: String
  package var location: String
  package var description: String
  package var url: String?
  package var entities: UserEntities
  package var protected: Bool
  package var followersCount: Int
  package var friendsCount: Int
  package var listedCount: Int
  package var createdAt: String
  package var favouritesCount: Int
  package var utcOffset: Int?
  package var timeZone: String?
  package var geoEnabled: Bool
  package var verified: Bool
  package var statusesCount: Int
  package var lang: String
  package var contributorsEnabled: Bool
  package var isTranslator: Bool
  package var isTranslationEnabled: Bool
  package var profileBackgroundColor: String
  package var profileBackgroundImageURL: String
  package var profileBackgroundImageURLHTTPS: String
  package var profileBackgroundTile: Bool
  package var profileImageURL: String
  package var profileImageURLHTTPS: String
  package var profileBannerURL: String?
  package var profileLinkColor: String
  package var profileSidebarBorderColor: String
  package var profileSidebarFillColor: String
  package var profileTextColor: String
  package var profileUseBackgroundImage: Bool
  package var defaultProfile: Bool
  package var defaultProfileImage: Bool
  package var following: Bool
  package var followRequestSent: Bool
  package var notifications: Bool
}

package struct UserEntities: Codable, Equatable {
  package var url: URLEntities?
  package var description: URLEntities
}

package struct URLEntities: Codable, Equatable {
  package var urls: [URLEntity]
}

package struct URLEntity: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case url
    case expandedURL = "expanded_url"
    case displayURL = "display_url"
    case indices
  }
  package var url: String
  package var expandedURL: String
  package var displayURL: String
  package var indices: [Int]
}

package struct TweetEntities: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case hashtags, symbols, urls, media
    case userMentions = "user_mentions"
  }
  package var hashtags: [Hashtag]
  package var symbols: [Hashtag]
  package var urls: [URLEntity]
  package var userMentions: [UserMention]
  package var media: [Media]?
}

package struct Hashtag: Codable, Equatable {
  package var text: String
  package var indices: [Int]
}

package struct UserMention: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case screenName = "screen_name"
    case name, id
    case idString = "id_str"
    case indices
  }
  package var screenName: String
  package var name: String
  package var id: Int
  package var idString: String
  package var indices: [Int]
}

package struct Media: Codable, Equatable {
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
  package struct Size: Codable, Equatable {
    package var w: Int
    package var h: Int
    package var resize: String
  }
  package struct Sizes: Codable, Equatable {
    package var medium: Size
    package var small: Size
    package var thumb: Size
    package var large: Size
  }
  package var id: Int
  package var idString: String
  package var indices: [Int]
  package var mediaURL: String
  package var mediaURLHTTPS: String
  package var url: String
  package var displayURL: String
  package var expandedURL: String
  package var type: String
  package var sizes: Sizes
  package var sourceStatusID: Int?
  package var sourceStatusIDString: String?
}
