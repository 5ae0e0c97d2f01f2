import Foundation

// canada.json, whole: a GeoJSON feature collection of one polygon, about
// 111,000 numbers in rings of `[longitude, latitude]` pairs, with synthesized
// Codable. The number-parsing stress case.

struct FeatureCollection: Codable, Equatable {
  var type: String
  var features: [Feature]

  struct Feature: Codable, Equatable {
    var type: String
    var properties: Properties
    var geometry: Polygon
  }

  struct Properties: Codable, Equatable {
    var name: String
  }

  /// Rings of points, each point `[longitude, latitude]`.
  struct Polygon: Codable, Equatable {
    var type: String
    var coordinates: [[[Double]]]
  }
}
