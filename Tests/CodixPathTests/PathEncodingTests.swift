import CodixPath
import Foundation
import Testing

@testable import CodixCore

// Path-style encoding through JSONEncoder's public API: each write opens
// the containers on its path, and writes that share a prefix meet in one
// object, whatever lies between them.

/// Encodes `value` (keys sorted).
private func encoded<T: Encodable>(
  _ value: T, keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  encoder.keyEncodingStrategy = keys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private struct User: Encodable {
  var id: Int
  var city: String
  var zip: String

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(id, at: "id")
    try encoder.encode(city, at: "address.city")
    try encoder.encode(zip, at: "address.zip")
    try encoder.encode("x", at: "a.b.c")
    try encoder.encode("y", at: "a.b.d")
    try encoder.encode("z", at: "a.e")
  }
}

@Test func elementsOfAnArrayEachGetTheirOwnObjects() throws {
  let users = (0..<50).map { User(id: $0, city: "C\($0)", zip: "Z\($0)") }
  let cached = try encoded(users)
  #expect(
    cached.hasPrefix(
      #"[{"a":{"b":{"c":"x","d":"y"},"e":"z"},"address":{"city":"C0","zip":"Z0"},"id":0}"#))
  #expect(cached.contains(#"{"city":"C49","zip":"Z49"},"id":49}"#))
}

// A value written at the key of a nested object replaces it: later dotted
// writes go into what replaced it.
private struct Replaced: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode(1, at: "a.x")
    var container = encoder.container(keyedBy: CodixKey.self)
    try container.encode(["y": 2], forKey: CodixKey("a"))
    try encoder.encode(3, at: "a.z")
  }
}

private struct ReplacedBySuperEncoder: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode(1, at: "a.x")
    do {
      var container = encoder.container(keyedBy: CodixKey.self)
      let sub = container.superEncoder(forKey: CodixKey("a"))
      var inner = sub.container(keyedBy: CodixKey.self)
      try inner.encode(5, forKey: CodixKey("w"))
    }
    try encoder.encode(3, at: "a.z")
  }
}

@Test func aNestedObjectReplacedBetweenWritesIsOpenedAgain() throws {
  let replaced = try encoded([Replaced(), Replaced()])
  #expect(replaced == #"[{"a":{"y":2,"z":3}},{"a":{"y":2,"z":3}}]"#)
  let bySuper = try encoded([ReplacedBySuperEncoder()])
  #expect(bySuper == #"[{"a":{"w":5,"z":3}}]"#)
}

// Writes of another value in between: a delegated `encode(to:)` on the same
// encoder, a path-style value at a key, a value wrapped in a single-value
// container.
private struct Inner: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode("b", at: "x.b")
  }
}

private struct Kid: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode("r", at: "q.r")
    try encoder.encode("s", at: "q.s")
  }
}

private struct Outer: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode("a", at: "x.a")
    try Inner().encode(to: encoder)
    try encoder.encode(Kid(), at: "kid")
    try encoder.encode([Kid(), Kid()], at: "kids")
    try encoder.encode("c", at: "x.c")
  }
}

private struct Wrapped: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Kid())
  }
}

@Test func valuesWrittenInBetweenDoNotMixWithTheOuterOne() throws {
  let outer = try encoded([Outer(), Outer()])
  let one =
    #"{"kid":{"q":{"r":"r","s":"s"}},"kids":[{"q":{"r":"r","s":"s"}},{"q":{"r":"r","s":"s"}}],"x":{"a":"a","b":"b","c":"c"}}"#
  #expect(outer == "[\(one),\(one)]")
  let wrapped = try encoded([Wrapped(), Wrapped()])
  #expect(wrapped == #"[{"q":{"r":"r","s":"s"}},{"q":{"r":"r","s":"s"}}]"#)
}

// JSONEncoder writes a dictionary's values through one encoder under a key
// strategy; each value is still its own object.
@Test func dictionaryValuesUnderAKeyStrategyEachGetTheirOwnObjects() throws {
  let users = [
    "first": User(id: 1, city: "A", zip: "1"), "second": User(id: 2, city: "B", zip: "2"),
  ]
  let cached = try encoded(users, keys: .convertToSnakeCase)
  #expect(
    cached.contains(
      #""first":{"a":{"b":{"c":"x","d":"y"},"e":"z"},"address":{"city":"A","zip":"1"},"id":1}"#))
  #expect(
    cached.contains(
      #""second":{"a":{"b":{"c":"x","d":"y"},"e":"z"},"address":{"city":"B","zip":"2"},"id":2}"#))
}

// A `superEncoder()` encoder writes its value into its parent when it is
// released: values below it are never cached, so nothing keeps it alive past
// its parent's end.
private struct Holder: Encodable {
  let kid = Kid()
}

private struct ThroughSuperEncoder: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodixKey.self)
    try Holder().encode(to: container.superEncoder(forKey: CodixKey("holder")))
    try Kid().encode(to: container.superEncoder(forKey: CodixKey("direct")))
    // Foundation hands the superEncoder on to `Kid` as a plain encoder.
    var single = container.superEncoder(forKey: CodixKey("single")).singleValueContainer()
    try single.encode(Kid())
    var optional = container.superEncoder(forKey: CodixKey("optional")).singleValueContainer()
    try optional.encode(Kid?.some(Kid()))
  }
}

// The superEncoder handed on as a plain encoder, as the last write of its
// parent: nothing else replaces the cached entry before the parent's value is
// taken, so holding it would lose its value.
private struct SuperEncoderLast: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodixKey.self)
    var single = container.superEncoder(forKey: CodixKey("single")).singleValueContainer()
    try single.encode(Kid())
  }
}

@Test func aSuperEncoderHandedOnAsAPlainOneIsNotKept() throws {
  let cached = try encoded(["v": SuperEncoderLast()])
  #expect(cached == #"{"v":{"single":{"q":{"r":"r","s":"s"}}}}"#)
}

@Test func valuesBelowASuperEncoderAreWrittenWhereTheyBelong() throws {
  let cached = try encoded(["v": ThroughSuperEncoder()])
  let kid = #"{"q":{"r":"r","s":"s"}}"#
  #expect(
    cached
      == #"{"v":{"direct":\#(kid),"holder":{"kid":\#(kid)},"optional":\#(kid),"single":\#(kid)}}"#
  )
}

// Two keys a key strategy writes as one name open one object: a value
// written at one of them replaces it for both.
private struct TwoSpellings: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode(1, at: "homeAddress.x")
    try encoder.encode(2, at: "home_address.y")
    try encoder.encode(["z": 3], at: "homeAddress")
    try encoder.encode(4, at: "homeAddress.w")
    try encoder.encode(5, at: "home_address.v")
  }
}

@Test func keysWrittenAsOneNameShareTheirObject() throws {
  let cached = try encoded([TwoSpellings()], keys: .convertToSnakeCase)
  #expect(cached == #"[{"home_address":{"v":5,"w":4,"z":3}}]"#)
}

// Each spelling of such a key writes with its own coding path, which a
// custom key strategy reads.
private struct SpelledTwice: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode(1, at: "Meta.aB")
    try encoder.encode(2, at: "meta.cD")
    try encoder.encode(3, at: "Meta.eF")
  }
}

@Test func eachSpellingOfOneNameWritesWithItsOwnCodingPath() throws {
  let strategy = JSONEncoder.KeyEncodingStrategy.custom { path in
    let last = path[path.count - 1].stringValue
    let underLowercaseMeta = path.count >= 2 && path[path.count - 2].stringValue == "meta"
    return CodixKey(underLowercaseMeta ? last : last.lowercased())
  }
  let cached = try encoded([SpelledTwice()], keys: strategy)
  #expect(cached == #"[{"meta":{"ab":1,"cD":2,"ef":3}}]"#)
}

/// Keeps the encoder a value was written with, weakly.
private final class EncoderSpy: @unchecked Sendable {
  // Unchecked: each test uses its own spy on one thread.
  weak var encoder: AnyObject?
  static let key = CodingUserInfoKey(rawValue: "encoderSpy")!
}

private struct Spied: Encodable {
  let name: String
  func encode(to encoder: any Encoder) throws {
    (encoder.userInfo[EncoderSpy.key] as? EncoderSpy)?.encoder = encoder as AnyObject
    try encoder.encode(name, at: "name")
  }
}

// Nothing of Codix's keeps an encoder once its encode returned.
@Test func anEncodeKeepsNoEncoderAlive() throws {
  let spy = EncoderSpy()
  let encoder = JSONEncoder()
  encoder.userInfo[EncoderSpy.key] = spy
  _ = try encoder.encode([Spied(name: "first")])
  #expect(spy.encoder == nil)
  _ = try encoder.encode(Spied(name: "top"))
  #expect(spy.encoder == nil)
}
