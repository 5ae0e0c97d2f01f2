import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Properties that are not standard scalars (models, dictionaries, sets,
// enums, dates) are stored by a read each model's own code makes for the
// property's type. A value read replaces the blank's; an absent one leaves
// the default in place.

private enum Level: String, Codable, Equatable {
  case low, high
}

private struct Place: Kodable, Equatable {
  @Coding var city: String
  @Coding var zip: String?
}

private struct Mixed: Kodable, Equatable {
  @Coding var place: Place
  @Coding var fallback: Place = Place(city: "Lyon", zip: nil)
  @Coding var counts: [String: Int]
  @Coding var labels: Set<String>?
  @Coding var level: Level
  @Coding var history: [Place]
  @Coding var seen: Date?
}

extension Place {
  fileprivate init(city: String, zip: String?) {
    self.init()
    self.city = city
    self.zip = zip
  }
}

@Test func valuesThatAreNotScalarsAreStoredOnEveryRoute() throws {
  let data = Data(
    #"{"place":{"city":"Oslo","zip":"0150"},"counts":{"a":1,"b":2},"labels":["x"],"level":"high","history":[{"city":"Rome"}],"seen":0}"#
      .utf8)
  let mixed = try decodeOnEveryRoute(Mixed.self, from: data)
  #expect(mixed.place == Place(city: "Oslo", zip: "0150"))
  #expect(mixed.fallback == Place(city: "Lyon", zip: nil))
  #expect(mixed.counts == ["a": 1, "b": 2])
  #expect(mixed.labels == ["x"])
  #expect(mixed.level == .high)
  #expect(mixed.history == [Place(city: "Rome", zip: nil)])
  #expect(mixed.seen == Date(timeIntervalSinceReferenceDate: 0))

  let replaced = try decodeOnEveryRoute(
    Mixed.self,
    from: Data(
      #"{"place":{"city":"Oslo"},"fallback":{"city":"Nice","zip":"06000"},"counts":{},"labels":null,"level":"low","history":[]}"#
        .utf8))
  #expect(replaced.fallback == Place(city: "Nice", zip: "06000"))
  #expect(replaced.labels == nil)
  #expect(replaced.seen == nil)
  let written = try sortedJSON(replaced)
  #expect(try Mixed.decode(from: Data(written.utf8)) == replaced)
  let encoder = CodixJSONEncoder()
  encoder.outputFormatting = .sortedKeys
  #expect(String(decoding: try encoder.encode(replaced), as: UTF8.self) == written)
}

@Test func aNestedModelThatFailsIsReportedAtItsPath() throws {
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(
      Mixed.self,
      from: Data(
        #"{"place":{"zip":"1"},"counts":{},"level":"low","history":[]}"#.utf8))
  }
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "place.city")
}
