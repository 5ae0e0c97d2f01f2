import Foundation

// canada.json, whole: a GeoJSON feature collection of one polygon, about
// 111,000 numbers in rings of `[longitude, latitude]` pairs, with synthesized
// Codable. The number-parsing stress case.

package struct FeatureCollection: Codable, Equatable {
  package var type: String
  package var features: [Feature]

  package struct Feature: Codable, Equatable {
    package var type: String
    package var properties: Properties
    package var geometry: Polygon
  }

  package struct Properties: Codable, Equatable {
    package var name: String
  }

  /// Rings of points, each point `[longitude, latitude]`.
  package struct Polygon: Codable, Equatable {
    package var type: String
    package var coordinates: [[[Double]]]
  }
}
