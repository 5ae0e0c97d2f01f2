import Foundation
import Testing

@testable import CodixCore

// The styles' way in (JSONMemberWriter): members written straight into the
// object CodixJSONEncoder is writing give what the containers give.

/// A value whose encode(to:) is the closure it holds, of a type of its own:
/// the type `Custom` of other tests goes to the tree once one of its values
/// needs it, and a tree's encoder has no member writer.
private struct Direct: Encodable {
  let body: @Sendable (any Encoder) throws -> Void
  init(_ body: @escaping @Sendable (any Encoder) throws -> Void) { self.body = body }
  func encode(to encoder: any Encoder) throws { try body(encoder) }
}

@Test func theMemberWriterWritesWhatTheContainersWrite() throws {
  let direct = Direct { encoder in
    var object = try #require(JSONMemberWriter(encoder))
    try object.write("Ada", forKey: "name")
    try object.write(36, forKey: "age")
    try object.write(1.5, forKey: "score")
    try object.write(Float(0.1), forKey: "small")
    try object.write(true, forKey: "active")
    try object.write(UInt64.max, forKey: "big")
    try object.writeNil(forKey: "nothing")
    var address = object.nestedObject(forKey: "address")
    try address.write("1 Main St", forKey: "street")
    var again = object.nestedObject(forKey: "address")
    try again.write("London", forKey: "city")
    try object.write([1, 2], forKey: "list")
    try object.write(["b": 2, "a": 1], forKey: "map")
    try object.writeJSON(Array(#"{"raw":[true]}"#.utf8), forKey: "raw")
    try object.write("late", forKey: "name")
  }
  let viaContainers = Custom { encoder in
    var object = encoder.container(keyedBy: AnyKey.self)
    try object.encode("Ada", forKey: AnyKey("name"))
    try object.encode(36, forKey: AnyKey("age"))
    try object.encode(1.5, forKey: AnyKey("score"))
    try object.encode(Float(0.1), forKey: AnyKey("small"))
    try object.encode(true, forKey: AnyKey("active"))
    try object.encode(UInt64.max, forKey: AnyKey("big"))
    try object.encodeNil(forKey: AnyKey("nothing"))
    var address = object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("address"))
    try address.encode("1 Main St", forKey: AnyKey("street"))
    try address.encode("London", forKey: AnyKey("city"))
    try object.encode([1, 2], forKey: AnyKey("list"))
    try object.encode(["b": 2, "a": 1], forKey: AnyKey("map"))
    try object.encode(["raw": [true]], forKey: AnyKey("raw"))
    try object.encode("late", forKey: AnyKey("name"))
  }
  // (Raw JSON is written as it is: not pretty-printed.)
  for formatting in allFormattings where !formatting.contains(.prettyPrinted) {
    #expect(try codixText(direct, formatting) == codixText(viaContainers, formatting))
  }
  #expect(
    try codixText(direct)
      == #"{"name":"late","age":36,"score":1.5,"small":0.1,"active":true,"big":18446744073709551615,"nothing":null,"address":{"street":"1 Main St","city":"London"},"list":[1,2],"map":{"a":1,"b":2},"raw":{"raw":[true]}}"#
  )
  // Keys go through the key strategy.
  #expect(
    try codixText(direct) { $0.keyEncodingStrategy = .convertToSnakeCase }
      == codixText(viaContainers) { $0.keyEncodingStrategy = .convertToSnakeCase })
}

/// Writes whether its encoder has a member writer (through the writer
/// when there is one).
private struct Sample: Encodable {
  func encode(to encoder: any Encoder) throws {
    if var object = JSONMemberWriter(encoder) {
      try object.write(true, forKey: "direct")
    } else {
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(false, forKey: AnyKey("direct"))
    }
  }
}

@Test func theMemberWriterIsOnlyCodixJSONEncoders() throws {
  #expect(try codixText(Sample()) == #"{"direct":true}"#)
  #expect(
    String(decoding: try JSONEncoder().encode(Sample()), as: UTF8.self) == #"{"direct":false}"#)
}

@Test func theMemberWriterThrowsJSONEncodersErrors() throws {
  let value = Direct { encoder in
    var object = try #require(JSONMemberWriter(encoder))
    try object.write(Double.nan, forKey: "bad")
  }
  #expect(throws: EncodingError.self) { try codixText(["outer": value]) }
  let converted = try codixText(["outer": value]) {
    $0.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+", negativeInfinity: "-", nan: "n")
  }
  #expect(converted == #"{"outer":{"bad":"n"}}"#)
}
