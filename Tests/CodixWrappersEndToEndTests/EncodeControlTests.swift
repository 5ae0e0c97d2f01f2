import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// What encoding writes: properties left out when they equal their default or
// a given value (PATCH bodies), and a key for encoding other than the key read.

private struct Patch: Kodable, Equatable {
  @Coding("nickname", .omitIfDefault) var nickname = ""
  @Coding(.omit(when: 0)) var retries: Int = 3
  @Coding("tags", default: [], .omitIfDefault) var tags: [String]
  @Coding("user_id", .encodingKey("userId")) var id: Int = 0
  @Coding("profile.city", .encodingKey("city"), .omitIfDefault) var city: String = "Paris"
  @Coding(.omitIfDefault) var required: String
}

@Test func defaultsAndGivenValuesAreLeftOut() throws {
  var patch = try decodeOnEveryRoute(
    Patch.self, from: Data(#"{"user_id": 5, "required": "x", "retries": 0}"#.utf8))
  #expect(patch.retries == 0)
  #expect(try sortedJSON(patch) == #"{"required":"x","userId":5}"#)

  patch.nickname = "Bo"
  patch.retries = 2
  patch.tags = ["a"]
  patch.city = "Lyon"
  #expect(
    try sortedJSON(patch)
      == #"{"city":"Lyon","nickname":"Bo","required":"x","retries":2,"tags":["a"],"userId":5}"#)
}

@Test func theEncodingKeyIsWrittenAndTheDecodingKeyRead() throws {
  let patch = try decodeOnEveryRoute(
    Patch.self,
    from: Data(#"{"user_id": 9, "userId": 1, "required": "", "profile": {"city": "Nice"}}"#.utf8))
  #expect(patch.id == 9)
  #expect(patch.city == "Nice")
  let json = try sortedJSON(patch)
  #expect(json == #"{"city":"Nice","required":"","retries":3,"userId":9}"#)
  // The encoded form is read back through the decoding keys only.
  let back = try decodeOnEveryRoute(Patch.self, from: Data(json.utf8))
  #expect(back.id == 0)
  #expect(back.city == "Paris")
}

@Test func aBadEncodingKeyIsReportedWhenTheModelIsFirstUsed() throws {
  struct Broken: Kodable {
    @Coding("id", .encodingKey("a[")) var id: Int = 0
  }
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Broken.self, from: Data("{}".utf8))
  }
  #expect(error.kind == .invalidPath)
  #expect(error.property == "id")
}

// Properties that share an indexed prefix are written into one element.

private struct Leg: Kodable, Equatable {
  @Coding("rows[2].elements[5].duration.value") var seconds: Int
  @Coding("rows[2].elements[5].distance.text") var distance: String
  @Coding("rows[2].elements[1]") var first: String?
  @Coding("rows[0].status") var status: String
  @Coding("origin") var origin: String
}

@Test func propertiesSharingAnIndexedPrefixEncodeIntoOneElement() throws {
  let written =
    #"{"origin":"A","rows":[{"status":"OK"},null,{"elements":[null,"x",null,null,null,{"distance":{"text":"9 km"},"duration":{"value":600}}]}]}"#
  let data = Data(written.utf8)
  var leg = try decodeOnEveryRoute(Leg.self, from: data)
  #expect(leg.seconds == 600)
  #expect(leg.distance == "9 km")
  #expect(try Leg.decode(from: data) == leg)
  #expect(try CodixJSONDecoder().decode(Leg.self, from: data) == leg)
  let json = try sortedJSON(leg)
  #expect(json == written)
  #expect(try decodeOnEveryRoute(Leg.self, from: Data(json.utf8)) == leg)
  #expect(try Leg.decode(from: Data(json.utf8)) == leg)

  // An optional left out writes nothing, and no `null`s for it either.
  leg.first = nil
  let shortJSON = try sortedJSON(leg)
  #expect(
    shortJSON
      == #"{"origin":"A","rows":[{"status":"OK"},null,{"elements":[null,null,null,null,null,{"distance":{"text":"9 km"},"duration":{"value":600}}]}]}"#
  )
  #expect(try decodeOnEveryRoute(Leg.self, from: Data(shortJSON.utf8)) == leg)
}
