import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// JSONValue as a property type, in both styles.

private struct PathEvent: Decodable, Equatable {
  let kind: String
  let payload: JSONValue
  let extra: JSONValue?

  init(from decoder: any Decoder) throws {
    kind = try decoder.decode(at: "kind")
    payload = try decoder.decode(at: "payload")
    extra = try decoder.decodeIfPresent(at: "extra")
  }
}

private struct WrapperEvent: Kodable, Equatable {
  @Coding var kind: String
  @Coding var payload: JSONValue
  @Coding("payload.items[0]", .decodeOnly) var firstItem: JSONValue?
}

private let data = Data(
  #"{"kind": "order", "payload": {"id": 7, "items": [{"sku": "A1"}, "gift", null], "note": null}}"#
    .utf8)

@Test func jsonValuePropertiesDecodeInBothStyles() throws {
  let path = try decodeOnEveryRoute(PathEvent.self, from: data)
  let wrapper = try WrapperEvent.decode(from: data)
  let expected: JSONValue = ["id": 7, "items": [["sku": "A1"], "gift", .null], "note": .null]
  #expect(path.payload == expected)
  #expect(path.extra == nil)
  #expect(wrapper.payload == expected)
  #expect(wrapper.firstItem == ["sku": "A1"])
}

@Test func aWrapperModelWithJSONValueRoundTrips() throws {
  let event = try WrapperEvent.decode(from: data)
  let again = try WrapperEvent.decode(from: try JSONEncoder().encode(event))
  #expect(again == event)
}

@Test func aMissingJSONValueIsReported() throws {
  do {
    _ = try WrapperEvent.decode(from: Data(#"{"kind": "order"}"#.utf8))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.property == "payload")
    #expect(error.path == "payload")
  }
}
