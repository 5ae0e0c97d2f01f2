import Foundation
import Testing

@testable import CodixCore

/// Records whether the encoder's containers are kept between path-style writes.
private struct KeepsContainers: Encodable {
  final class Answer: @unchecked Sendable {
    var keeps: Bool?
  }
  let answer: Answer
  func encode(to encoder: any Encoder) throws {
    answer.keeps = EncodingContainerCache.keepsContainers(of: encoder)
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

// If Foundation's JSON encoder changes shape, path-style writes open a
// container per call again: still correct, slower. This test says so.
@Test func foundationsJSONEncoderContainersAreKept() throws {
  let answer = KeepsContainers.Answer()
  _ = try JSONEncoder().encode(KeepsContainers(answer: answer))
  #expect(answer.keeps == true)
}

@Test func otherEncodersGetAContainerPerWrite() throws {
  let answer = KeepsContainers.Answer()
  _ = try PropertyListEncoder().encode([KeepsContainers(answer: answer)])
  #expect(answer.keeps == false)
}

/// The type of the encoder objects a `JSONEncoder` hands to `encode(to:)`.
private struct EncoderType: Encodable {
  final class Box: @unchecked Sendable {
    var type: (any Encoder.Type)?
  }
  let box: Box
  func encode(to encoder: any Encoder) throws {
    box.type = Swift.type(of: encoder)
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

// The probe of the object an encoder writes is proven on a canned document;
// a probe reading any other field is refused.
@Test func aProbeOfTheEncodersOtherFieldsIsRefused() throws {
  let box = EncoderType.Box()
  _ = try JSONEncoder().encode(EncoderType(box: box))
  let type = try #require(box.type)
  let probe = try #require(
    NodeProbe(type, field: "object", typeNameSuffix: "JSONFuture.RefObject>"))
  #expect(probe.provenOnJSONEncoder(type) != nil)
  let others = Reflection.storedProperties(of: type).filter {
    $0.name != "object" && $0.offset % MemoryLayout<UInt>.alignment == 0
  }
  #expect(!others.isEmpty)
  for field in others {
    let wrong = NodeProbe(offset: field.offset, reading: field.type)
    #expect(wrong.provenOnJSONEncoder(type) == nil, "field \(field.name)")
  }
}

/// A model written field by field through the cached containers.
private struct Row: Encodable {
  let id: Int
  let city: String
  let zip: String
  func encode(to encoder: any Encoder) throws {
    try EncodingNavigator.encodeAtKeys(id, at: "id", in: encoder)
    try EncodingNavigator.encodeAtKeys(city, at: "address.city", in: encoder)
    try EncodingNavigator.encodeAtKeys(Child(n: id), at: "child", in: encoder)
    try EncodingNavigator.encodeAtKeys(zip, at: "address.zip", in: encoder)
  }
}

/// Written at a key of its parent, through the same cache.
private struct Child: Encodable {
  let n: Int
  func encode(to encoder: any Encoder) throws {
    try EncodingNavigator.encodeAtKeys(n, at: "inner.n", in: encoder)
  }
}

private func sortedJSON<T: Encodable>(_ value: T) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

// Consecutive elements (one reused encoder object in Foundation) and a
// nested model written between two fields of its parent each land in their
// own object.
@Test func keptContainersWriteEachValueIntoItsOwnObject() throws {
  let rows = [Row(id: 1, city: "A", zip: "1"), Row(id: 2, city: "B", zip: "2")]
  #expect(
    try sortedJSON(rows)
      == #"[{"address":{"city":"A","zip":"1"},"child":{"inner":{"n":1}},"id":1},"#
      + #"{"address":{"city":"B","zip":"2"},"child":{"inner":{"n":2}},"id":2}]"#)
}

/// Writes into an object, replaces the object at its key, then writes into it again.
private struct Replaced: Encodable {
  struct Inner: Encodable { let c: Int }
  func encode(to encoder: any Encoder) throws {
    try EncodingNavigator.encodeAtKeys(1, at: "a.b", in: encoder)
    try EncodingNavigator.encodeAtKeys(Inner(c: 2), at: "a", in: encoder)
    try EncodingNavigator.encodeAtKeys(3, at: "a.d", in: encoder)
    try EncodingNavigator.encodeAtKeys(4, at: "x.y.z", in: encoder)
    try EncodingNavigator.encodeAtKeys(Inner(c: 5), at: "x.y", in: encoder)
    try EncodingNavigator.encodeAtKeys(6, at: "x.y.w", in: encoder)
  }
}

// A value written at a key replaces the object kept for it: later writes
// below that key go into the new value, as they do without the cache.
@Test func aValueWrittenAtAKeyReplacesTheKeptObject() throws {
  #expect(try sortedJSON(Replaced()) == #"{"a":{"c":2,"d":3},"x":{"y":{"c":5,"w":6}}}"#)
}

/// Asks the cache for the container of its value twice, and records whether
/// it got the same one, and which.
private struct Twice: Encodable {
  final class Seen: @unchecked Sendable {
    var same: [Bool] = []
    var entries: [ObjectIdentifier] = []
  }
  let seen: Seen
  func encode(to encoder: any Encoder) throws {
    let first = EncodingContainerCache.entry(for: encoder)
    var container = first.container
    try container.encode(1, forKey: CodixKey("a"))
    let second = EncodingContainerCache.entry(for: encoder)
    seen.same.append(first === second)
    seen.entries.append(ObjectIdentifier(first))
  }
}

@Test func aValuesContainerIsKeptAndTheNextValueGetsItsOwn() throws {
  let seen = Twice.Seen()
  let data = try JSONEncoder().encode([Twice(seen: seen), Twice(seen: seen)])
  #expect(String(decoding: data, as: UTF8.self) == #"[{"a":1},{"a":1}]"#)
  #expect(seen.same == [true, true])
  #expect(Set(seen.entries).count == 2)
}
