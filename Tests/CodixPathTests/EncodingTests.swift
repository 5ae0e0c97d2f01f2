import CodixPath
import Foundation
import Testing

private struct Profile: Codable, Equatable {
  var id: Int
  var city: String
  var zip: String?
  var tags: [String]
  var birthday: Date

  init(id: Int, city: String, zip: String?, tags: [String], birthday: Date) {
    self.id = id
    self.city = city
    self.zip = zip
    self.tags = tags
    self.birthday = birthday
  }

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "my_id")
    city = try decoder.decode(at: "profile.address.city")
    zip = try decoder.decodeIfPresent(at: "profile.address.zip")
    tags = try decoder.decode(at: "profile.tags")
    birthday = try decoder.decode(
      at: "profile.birth_day", using: DateFromString(format: "yyyy/MM/dd"))
  }

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(id, at: "my_id")
    try encoder.encode(city, at: "profile.address.city")
    try encoder.encodeIfPresent(zip, at: "profile.address.zip")
    try encoder.encode(tags, at: "profile.tags")
    try encoder.encode(
      birthday, at: "profile.birth_day", using: DateFromString(format: "yyyy/MM/dd"))
  }
}

private func encoded<T: Encodable>(_ value: T) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Test func pathsThatShareAPrefixMergeIntoOneObject() throws {
  let profile = Profile(
    id: 1, city: "Oslo", zip: "0150", tags: ["a"],
    birthday: Date(timeIntervalSince1970: 966_038_400))
  #expect(
    try encoded(profile)
      == #"{"my_id":1,"profile":{"address":{"city":"Oslo","zip":"0150"},"birth_day":"2000\/08\/12","tags":["a"]}}"#
  )
}

@Test func nilIsOmittedByEncodeIfPresent() throws {
  let profile = Profile(
    id: 1, city: "Oslo", zip: nil, tags: [], birthday: Date(timeIntervalSince1970: 0))
  #expect(try !encoded(profile).contains("zip"))
}

@Test func roundTrip() throws {
  let profile = Profile(
    id: 3, city: "Rome", zip: nil, tags: ["x", "y"],
    birthday: Date(timeIntervalSince1970: 966_038_400))
  let data = try JSONEncoder().encode(profile)
  #expect(try JSONDecoder().decode(Profile.self, from: data) == profile)
}

private struct Indexed: Encodable {
  let path: Path
  func encode(to encoder: any Encoder) throws {
    try encoder.encode("v", at: path)
  }
}

@Test func encodingAtAnIndexPadsWithNull() throws {
  #expect(try encoded(Indexed(path: "list[2]")) == #"{"list":[null,null,"v"]}"#)
  #expect(try encoded(Indexed(path: "a[1].b")) == #"{"a":[null,{"b":"v"}]}"#)
  #expect(try encoded(Indexed(path: "")) == #""v""#)
}

@Test(arguments: ["list[-1]", "a..b"])
func encodingRejectsInvalidPaths(path: String) throws {
  do {
    _ = try encoded(Indexed(path: Path(path)))
    Issue.record("expected invalidPath")
  } catch let error as CodixError {
    #expect(error.kind == .invalidPath)
  }
}

@Test func encodingTheSameIndexTwiceIsAnError() throws {
  struct Twice: Encodable {
    func encode(to encoder: any Encoder) throws {
      try encoder.encode(1, at: "a[0]")
      try encoder.encode(2, at: "a[0]")
    }
  }
  #expect(throws: CodixError.self) { try encoded(Twice()) }
}

/// Five dotted paths whose texts have one length, so they share a set of
/// the per-thread memo of split paths, one more than it keeps: each is read
/// from the memo or split again, never taken for another.
private struct SameSlotWrites: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode(1, at: "ab.c")
    try encoder.encode(2, at: "a.bc")
    try encoder.encode(3, at: "ab.d")
    try encoder.encode(4, at: "x.yz")
    try encoder.encode(5, at: "ab.e")
  }
}

@Test func dottedPathsSharingAMemoSlotEachWriteAtTheirOwnKeys() throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let text = String(
    decoding: try encoder.encode([SameSlotWrites(), SameSlotWrites()]), as: UTF8.self)
  let one = #"{"a":{"bc":2},"ab":{"c":1,"d":3,"e":5},"x":{"yz":4}}"#
  #expect(text == "[\(one),\(one)]")
}
