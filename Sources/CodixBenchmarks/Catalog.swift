import Foundation

// citm_catalog.json, whole: an event catalogue of dictionaries keyed by
// numeric strings, arrays of ids and `null`s, with synthesized Codable.
// `blockNames` and `subjectNames` are empty in the file; every `description`,
// `subjectCode`, `subtitle`, performance `name` and `seatMapImage` is `null`.

struct Catalog: Codable, Equatable {
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

  struct Event: Codable, Equatable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
  }

  struct Performance: Codable, Equatable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var seatMapImage: String?
    var start: Int
    var venueCode: String
  }

  struct Price: Codable, Equatable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
  }

  struct SeatCategory: Codable, Equatable {
    var areas: [Area]
    var seatCategoryId: Int
  }

  struct Area: Codable, Equatable {
    var areaId: Int
    var blockIds: [Int]
  }
}
