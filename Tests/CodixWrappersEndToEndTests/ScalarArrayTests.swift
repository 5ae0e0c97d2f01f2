import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Arrays of standard scalars are read whole, straight into the wrapper's
// storage, when every element has its type; otherwise the general read runs
// and applies the lossy rules, as before. Both reads give the same values,
// warnings and reports on every route.

private struct Lists: Kodable, Equatable {
  @Coding var names: [String]
  @Coding var counts: [Int]?
  @Coding("stats.scores") var scores: [Double]
  @Coding var flags: [Bool]?
  @Coding var bytes: [UInt8]
  @Coding(.enforceTypeDecoding) var strict: [Int]
}

private let wellTyped = Data(
  #"{"names":["a","b"],"counts":null,"stats":{"scores":[1,2.5]},"flags":[true,false],"bytes":[0,255],"strict":[]}"#
    .utf8)

@Test func arraysOfScalarsReadTheSameOnEveryRoute() throws {
  let lists = try decodeOnEveryRoute(Lists.self, from: wellTyped)
  #expect(lists.names == ["a", "b"])
  #expect(lists.counts == nil)
  #expect(lists.scores == [1, 2.5])
  #expect(lists.flags == [true, false])
  #expect(lists.bytes == [0, 255])
  #expect(lists.strict == [])
  #expect(try CodixJSONDecoder().decode(Lists.self, from: wellTyped) == lists)

  let absent = try decodeOnEveryRoute(
    Lists.self, from: Data(#"{"names":[],"stats":{"scores":[]},"bytes":[],"strict":[7]}"#.utf8))
  #expect(absent.counts == nil)
  #expect(absent.flags == nil)
  #expect(absent.strict == [7])
}

private struct Spelled: Kodable, Equatable {
  @Coding("tag_list") var tagList: [String]
  @Coding("score_list") var scoreList: [Double]?
}

@Test func arraysOfScalarsAreFoundUnderTheDecodersKeySpelling() throws {
  // On JSONDecoder with `.convertFromSnakeCase`, a key with an underscore is
  // looked up again as the strategy spells it: the fast read does it too.
  let data = Data(#"{"tag_list":["a"],"score_list":[9]}"#.utf8)
  let spelled = try decodeOnEveryRoute(
    Spelled.self, from: data, configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  #expect(spelled == Spelled(tagList: ["a"], scoreList: [9]))
  #expect(try decodeOnEveryRoute(Spelled.self, from: data) == spelled)
  let missing = try decodeOnEveryRoute(
    Spelled.self, from: Data(#"{"tag_list":[]}"#.utf8),
    configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  #expect(missing.scoreList == nil)
}

extension Spelled {
  fileprivate init(tagList: [String], scoreList: [Double]?) {
    self.init()
    self.tagList = tagList
    self.scoreList = scoreList
  }
}

@Test func anArrayWithABadElementIsReadByTheLossyRules() throws {
  let data = Data(
    #"{"names":["a",7],"counts":[1,"x",3],"stats":{"scores":[1]},"flags":[1,"no"],"bytes":[1,256],"strict":[]}"#
      .utf8)
  let lists = try decodeOnEveryRoute(Lists.self, from: data)
  // Elements are read strictly: the bad ones are dropped, each with a warning.
  #expect(lists.names == ["a"])
  #expect(lists.counts == [1, 3])
  #expect(lists.flags == [])
  #expect(lists.bytes == [1])
  let warnings = warningsOnEveryRoute(Lists.self, from: data)
  #expect(
    Set(warnings.map(\.path.description))
      == ["names[1]", "counts[1]", "flags[0]", "flags[1]", "bytes[1]"])
}

@Test func aMistypedOrMissingArrayIsReportedAsBefore() throws {
  let mistyped = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(
      Lists.self,
      from: Data(#"{"names":[],"stats":{"scores":[]},"bytes":[],"strict":[1,"2"]}"#.utf8))
  }
  #expect(mistyped.kind == .typeMismatch)
  #expect(mistyped.property == "strict")
  #expect(mistyped.path == "strict[1]")

  let missing = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(
      Lists.self, from: Data(#"{"names":[],"stats":{},"bytes":[],"strict":[]}"#.utf8))
  }
  #expect(missing.kind == .keyNotFound)
  #expect(missing.property == "scores")
  #expect(missing.path == "stats.scores")

  let notAnArray = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(
      Lists.self, from: Data(#"{"names":"a","stats":{"scores":[]},"bytes":[],"strict":[]}"#.utf8))
  }
  #expect(notAnArray.kind == .typeMismatch)
  #expect(notAnArray.property == "names")
}

@Test func arraysOfScalarsEncodeAsTheyDecode() throws {
  var lists = try decodeOnEveryRoute(Lists.self, from: wellTyped)
  lists.counts = [3]
  lists.flags = nil
  let expected =
    #"{"bytes":[0,255],"counts":[3],"names":["a","b"],"stats":{"scores":[1,2.5]},"strict":[]}"#
  #expect(try sortedJSON(lists) == expected)
  let encoder = CodixJSONEncoder()
  encoder.outputFormatting = .sortedKeys
  #expect(String(decoding: try encoder.encode(lists), as: UTF8.self) == expected)
}
