import CodixPath
import CodixTestSupport
import Foundation
import Testing

private func json(_ text: String) -> Data { Data(text.utf8) }

private func codixError(_ body: () throws -> Void) -> CodixError? {
  do {
    try body()
    return nil
  } catch let error as CodixError {
    return error
  } catch {
    Issue.record("not a CodixError: \(error)")
    return nil
  }
}

// MARK: - Index steps

private let mixed = json(
  #"{"items": [1, "two", null, {"a": [1, 2]}, [3, 4], true, {"name": "last"}]}"#)

@Test(arguments: [0, -7])
func indexZeroAndMinusCount(index: Int) throws {
  #expect(try JSONDecoder().decode(Int.self, from: mixed, at: "items[\(index)]") == 1)
}

@Test func indexStepsSkipEveryKindOfValue() throws {
  let decoder = JSONDecoder()
  #expect(try decoder.decode(String.self, from: mixed, at: "items[6].name") == "last")
  #expect(try decoder.decode(String.self, from: mixed, at: "items[-1].name") == "last")
  #expect(try decoder.decode(Int.self, from: mixed, at: "items[4][1]") == 4)
  #expect(try decoder.decode(Int.self, from: mixed, at: "items[3].a[-1]") == 2)
  #expect(try decoder.decode(Bool.self, from: mixed, at: "items[5]") == true)
}

@Test(arguments: ["items[7]", "items[-8]", "items[100]"])
func indexOutOfRangeGivesTheCount(path: String) throws {
  let error = try #require(
    codixError { _ = try JSONDecoder().decode(Int.self, from: mixed, at: Path(path)) })
  #expect(error.kind == .indexOutOfRange)
  #expect(error.path == Path(path))
  #expect(error.found == "an array of 7 elements")
}

@Test func aTopLevelArrayIsIndexable() throws {
  #expect(try JSONDecoder().decode(String.self, from: json(#"["a", "b"]"#), at: "[1]") == "b")
}

// MARK: - Missing, null, wrong type

private struct Sample: Decodable {
  var required: Int
  var optional: Int?
  var defaulted: Int
  var deep: String?
  var outOfRange: Int?

  init(from decoder: any Decoder) throws {
    required = try decoder.decode(at: "a.b")
    optional = try decoder.decodeIfPresent(at: "a.missing")
    defaulted = try decoder.decode(at: "a.null", default: 7)
    deep = try decoder.decodeIfPresent(at: "nothing.here[3].at.all")
    outOfRange = try decoder.decodeIfPresent(at: "list[9]")
  }
}

@Test func missingAndNullFollowTheirRules() throws {
  let sample = try decodeOnEveryRoute(
    Sample.self, from: json(#"{"a": {"b": 1, "null": null}, "list": [1]}"#))
  #expect(sample.required == 1)
  #expect(sample.optional == nil)
  #expect(sample.defaulted == 7)
  #expect(sample.deep == nil)
  #expect(sample.outOfRange == nil)
}

@Test func decodeIfPresentStillThrowsOnAWrongType() throws {
  let error = try #require(
    codixError {
      _ = try decodeOnEveryRoute(
        Sample.self, from: json(#"{"a": {"b": 1, "missing": "x"}, "list": []}"#))
    })
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "a.missing")
  #expect(error.expected == "Int")
  #expect(error.found == #""x""#)
  // A plain JSONDecoder call does not say which model it decodes; Codix's entry points do.
  #expect(error.typeName == nil)
  let named = try #require(
    codixError {
      _ = try JSONDecoder().decode(
        Sample.self, from: json(#"{"a": {"b": 1, "missing": "x"}}"#), at: "")
    })
  #expect(named.typeName == "Sample")
  #expect(
    named.description.hasPrefix(
      #"Sample at a.missing (line 1, column 27): type mismatch, expected Int, found "x""#))
}

@Test func aNullRequiredValueIsValueNotFound() throws {
  let error = try #require(
    codixError { _ = try decodeOnEveryRoute(Sample.self, from: json(#"{"a": {"b": null}}"#)) })
  #expect(error.kind == .valueNotFound)
  #expect(error.path == "a.b")
  #expect(error.found == "null")
}

@Test func aMissingKeySuggestsTheClosestOne() throws {
  let error = try #require(
    codixError {
      _ = try JSONDecoder().decode(
        Int.self, from: json(#"{"nick_name": 1, "id": 2}"#), at: "nickName")
    })
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "nickName")
  #expect(error.message == #"No key "nickName" among "id", "nick_name". Did you mean "nick_name"?"#)
}

@Test func anIntermediateValueOfTheWrongKindIsATypeMismatch() throws {
  let error = try #require(
    codixError { _ = try JSONDecoder().decode(Int.self, from: json(#"{"a": [1]}"#), at: "a.b") })
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "a")
  #expect(error.found == "[1]")
}

@Test func theRootPathDecodesTheValueItself() throws {
  #expect(try JSONDecoder().decode([Int].self, from: json("[1, 2]"), at: "") == [1, 2])
  #expect(try JSONDecoder().decode(Int.self, from: json("5"), at: "") == 5)
}

// MARK: - Top-level errors

@Test(arguments: ["{", "", "{\"a\": }", "[1, 2", "nul"])
func malformedJSONIsDataCorruptedAtTheRoot(text: String) throws {
  let error = try #require(
    codixError { _ = try JSONDecoder().decode(Int.self, from: json(text), at: "a") })
  #expect(error.kind == .dataCorrupted)
  #expect(error.path == .root)
  #expect(error.message?.isEmpty == false)
}

@Test func aMalformedPathThrowsBeforeReading() throws {
  let error = try #require(
    codixError { _ = try JSONDecoder().decode(Int.self, from: json("{}"), at: "a[x]") })
  #expect(error.kind == .invalidPath)
  #expect(error.found == #""a[x]""#)
}

@Test func aScalarWhereAnObjectWasExpected() throws {
  let error = try #require(
    codixError { _ = try JSONDecoder().decode(Int.self, from: json("42"), at: "a") })
  #expect(error.kind == .typeMismatch)
  #expect(error.path == .root)
  #expect(error.found == "42")
}

@Test func errorsInsideNestedModelsCarryTheFullPath() throws {
  struct Inner: Decodable { let value: Int }
  let data = json(#"{"response": {"list": [{"value": 1}, {"value": "oops"}]}}"#)
  let error = try #require(
    codixError { _ = try JSONDecoder().decode([Inner].self, from: data, at: "response.list") })
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "response.list[1].value")
  #expect(error.found == #""oops""#)
  #expect(error.typeName == "Inner")
}

// MARK: - Transformers and closures

@Test func closuresAndTransformersReportTransformFailures() throws {
  struct Flag: Decodable {
    let on: Bool
    init(from decoder: any Decoder) throws {
      on = try decoder.decode(
        at: "flag",
        using: { (raw: Int) throws -> Bool in
          guard raw == 0 || raw == 1 else { throw CodixError.transformFailed("not a flag") }
          return raw == 1
        })
    }
  }
  #expect(try decodeOnEveryRoute(Flag.self, from: json(#"{"flag": 1}"#)).on)
  let error = try #require(
    codixError { _ = try decodeOnEveryRoute(Flag.self, from: json(#"{"flag": 3}"#)) })
  #expect(error.kind == .transformFailed)
  #expect(error.path == "flag")
  #expect(error.found == "3")
  #expect(error.message == "not a flag")
}

@Test func aForeignErrorFromATransformerIsKept() throws {
  struct Boom: Error {}
  struct Model: Decodable {
    init(from decoder: any Decoder) throws {
      _ = try decoder.decode(at: "x", using: { (_: String) throws -> Int in throw Boom() })
    }
  }
  let error = try #require(
    codixError { _ = try decodeOnEveryRoute(Model.self, from: json(#"{"x": "y"}"#)) })
  #expect(error.kind == .transformFailed)
  #expect(error.underlyingError is Boom)
}

// MARK: - Lossy arrays and diagnostics

private struct Song: Decodable, Equatable {
  let id: Int
  let name: String
}

@Test func decodeLossySkipsBrokenElementsAndReportsEach() throws {
  struct Results: Decodable {
    let songs: [Song]
    init(from decoder: any Decoder) throws {
      songs = try decoder.decodeLossy(at: "results")
    }
  }
  let data = json(
    #"{"results": [{"id": 1, "name": "a"}, {"error": "x"}, 5, null, {"id": 2, "name": "b"}]}"#)
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let results = try decoder.decode(Results.self, from: data)
  #expect(results.songs == [Song(id: 1, name: "a"), Song(id: 2, name: "b")])
  let warnings = diagnostics.warnings
  #expect(warnings.map(\.path) == ["results[1].id", "results[2]", "results[3]"])
  #expect(warnings.map(\.kind) == [.keyNotFound, .typeMismatch, .valueNotFound])
  #expect(warnings[0].typeName == "Song")
  diagnostics.removeAll()
  #expect(diagnostics.warnings.isEmpty)
}

@Test func decodeLossyWithoutDiagnosticsStillSkips() throws {
  struct Numbers: Decodable {
    let values: [Int]
    init(from decoder: any Decoder) throws { values = try decoder.decodeLossy(at: "") }
  }
  #expect(
    try decodeOnEveryRoute(Numbers.self, from: json(#"[1, "x", 2.5, 3]"#)).values == [1, 3])
}

@Test func decodeLossyRequiresAnArray() throws {
  struct Numbers: Decodable {
    init(from decoder: any Decoder) throws { _ = try decoder.decodeLossy([Int].self, at: "v") }
  }
  let error = try #require(
    codixError { _ = try decodeOnEveryRoute(Numbers.self, from: json(#"{"v": 1}"#)) })
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "v")
}

// MARK: - Other decoders

@Test func propertyListDecoderWorksThroughTheSameProtocol() throws {
  let plist = try PropertyListSerialization.data(
    fromPropertyList: ["response": ["users": [["id": 7, "name": "P"]]]], format: .xml, options: 0)
  struct User: Decodable {
    let id: Int
    let name: String
  }
  let user = try PropertyListDecoder().decode(User.self, from: plist, at: "response.users[-1]")
  #expect(user.id == 7)
  let error = try #require(
    codixError {
      _ = try PropertyListDecoder().decode(User.self, from: plist, at: "response.users[1]")
    })
  #expect(error.kind == .indexOutOfRange)
}

@Test func decoderOptionsStillApply() throws {
  struct Dated: Decodable {
    let when: Date
    init(from decoder: any Decoder) throws { when = try decoder.decode(at: "meta.when") }
  }
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .secondsSince1970
  let value = try decoder.decode(Dated.self, from: json(#"{"x": {"meta": {"when": 10}}}"#), at: "x")
  #expect(value.when == Date(timeIntervalSince1970: 10))
}

// MARK: - The keyed-container cache never mixes values up

@Test func siblingsAtTheSameDepthNeverShareAContainer() throws {
  struct Cell: Decodable, Equatable {
    let v: Int
    init(from decoder: any Decoder) throws { v = try decoder.decode(at: "v") }
    init(_ v: Int) { self.v = v }
  }
  struct Grid: Decodable { let rows: [[Cell]] }
  let data = json(#"{"rows": [[{"v": 1}], [{"v": 2}], [{"v": 3}, {"v": 4}]]}"#)
  let grid = try decodeOnEveryRoute(Grid.self, from: data)
  #expect(grid.rows == [[Cell(1)], [Cell(2)], [Cell(3), Cell(4)]])
  let other = try decodeOnEveryRoute(Grid.self, from: json(#"{"rows": [[{"v": 9}]]}"#))
  #expect(other.rows == [[Cell(9)]])
}

@Test func nestedModelsDoNotSeeTheirParentsContainer() throws {
  struct Child: Decodable {
    let name: String
    init(from decoder: any Decoder) throws { name = try decoder.decode(at: "name") }
  }
  struct Parent: Decodable {
    let name: String
    let child: Child
    let tail: String
    init(from decoder: any Decoder) throws {
      name = try decoder.decode(at: "name")
      child = try decoder.decode(at: "child")
      tail = try decoder.decode(at: "tail")
    }
  }
  let parent = try decodeOnEveryRoute(
    Parent.self, from: json(#"{"name": "p", "child": {"name": "c"}, "tail": "t"}"#))
  #expect(parent.name == "p")
  #expect(parent.child.name == "c")
  #expect(parent.tail == "t")
}

@Test func fieldsBehindASharedPrefixComeFromEachElementsOwnObject() throws {
  struct Row: Decodable, Equatable {
    let id: Int
    let name: String
    let deep: String
    let first: Int
    let tag: String
    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "user.id")
      name = try decoder.decode(at: "user.name")
      deep = try decoder.decode(at: "user.more.deep")
      first = try decoder.decode(at: "user.more.list[0].x")
      tag = try decoder.decode(at: "meta.id")
    }
    init(_ id: Int, _ name: String, _ deep: String, _ first: Int, _ tag: String) {
      (self.id, self.name, self.deep, self.first, self.tag) = (id, name, deep, first, tag)
    }
  }
  let data = json(
    #"[{"user": {"id": 1, "name": "a", "more": {"deep": "d1", "list": [{"x": 10}]}}, "#
      + #""meta": {"id": "m1"}}, {"meta": {"id": "m2"}, "#
      + #""user": {"id": 2, "name": "b", "more": {"deep": "d2", "list": [{"x": 20}, {"x": 0}]}}}]"#
  )
  let rows = try decodeOnEveryRoute([Row].self, from: data)
  #expect(rows == [Row(1, "a", "d1", 10, "m1"), Row(2, "b", "d2", 20, "m2")])
}

@Test func superDecodersAreTheirOwnPositions() throws {
  struct Named: Decodable {
    let name: String
    init(from decoder: any Decoder) throws { name = try decoder.decode(at: "name") }
  }
  struct Pair: Decodable {
    let left: Named
    let right: Named
    let own: String
    enum Keys: String, CodingKey { case left, right }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      left = try Named(from: container.superDecoder(forKey: .left))
      right = try Named(from: container.superDecoder(forKey: .right))
      own = try decoder.decode(at: "name")
    }
  }
  let pair = try decodeOnEveryRoute(
    Pair.self, from: json(#"{"name": "p", "left": {"name": "l"}, "right": {"name": "r"}}"#))
  #expect([pair.left.name, pair.right.name, pair.own] == ["l", "r", "p"])
}

@Test func consecutiveTopLevelDecodesReadTheirOwnDocuments() throws {
  struct Top: Decodable {
    let v: Int
    init(from decoder: any Decoder) throws { v = try decoder.decode(at: "v") }
  }
  for v in 0..<50 {
    #expect(try decodeOnEveryRoute(Top.self, from: json(#"{"v": \#(v)}"#)).v == v)
  }
}

@Test func everyStandardScalarDecodesIfPresent() throws {
  struct Scalars: Decodable {
    var int: Int?, int64: Int64?, int32: Int32?, uint: UInt?, uint64: UInt64?
    var float: Float?, double: Double?, bool: Bool?, string: String?
    var missing: UInt64?, null: Float?
    init(from decoder: any Decoder) throws {
      int = try decoder.decodeIfPresent(at: "n")
      int64 = try decoder.decodeIfPresent(at: "n")
      int32 = try decoder.decodeIfPresent(at: "n")
      uint = try decoder.decodeIfPresent(at: "n")
      uint64 = try decoder.decodeIfPresent(at: "n")
      float = try decoder.decodeIfPresent(at: "x")
      double = try decoder.decodeIfPresent(at: "x")
      bool = try decoder.decodeIfPresent(at: "b")
      string = try decoder.decodeIfPresent(at: "s")
      missing = try decoder.decodeIfPresent(at: "nope")
      null = try decoder.decodeIfPresent(at: "z")
    }
  }
  let value = try decodeOnEveryRoute(
    Scalars.self, from: json(#"{"n": 7, "x": 2.5, "b": true, "s": "t", "z": null}"#))
  #expect(value.int == 7 && value.int64 == 7 && value.int32 == 7)
  #expect(value.uint == 7 && value.uint64 == 7)
  #expect(value.float == 2.5 && value.double == 2.5 && value.bool == true && value.string == "t")
  #expect(value.missing == nil && value.null == nil)
  let negative = codixError {
    _ = try decodeOnEveryRoute(Scalars.self, from: json(#"{"n": -1}"#))
  }
  #expect(negative?.kind == .typeMismatch || negative?.kind == .dataCorrupted)
  #expect(negative?.path.description == "n")
}

// MARK: - Concurrency

@Test func pathStyleModelsDecodeOnManyThreadsAtOnce() async throws {
  struct Item: Decodable, Equatable {
    let id: Int
    let name: String
    let tag: String?
    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      name = try decoder.decode(at: "meta.name")
      tag = try decoder.decodeIfPresent(at: "tags[-1]")
    }
  }
  let results = await withTaskGroup(of: Bool.self) { group in
    for index in 0..<200 {
      group.addTask {
        let data = json(
          #"{"items": [{"id": \#(index), "meta": {"name": "n\#(index)"}, "tags": ["a", "t\#(index)"]}, {"id": -1, "meta": {"name": "x"}}]}"#
        )
        let items = try? JSONDecoder().decode([Item].self, from: data, at: "items")
        return items?.first?.id == index && items?.first?.name == "n\(index)"
          && items?.first?.tag == "t\(index)" && items?.last?.tag == nil && items?.last?.id == -1
      }
    }
    var all: [Bool] = []
    for await result in group { all.append(result) }
    return all
  }
  #expect(results.count == 200)
  #expect(results.allSatisfy { $0 })
}

// MARK: - Dotted paths (the fast walk) report like every other path

private struct Dotted: Decodable {
  let city: String
  init(from decoder: any Decoder) throws {
    city = try decoder.decode(at: "user.address.city")
  }
}

@Test(arguments: [
  (#"{"user": {"address": {"city": "Paris"}}}"#, nil as CodixError.Kind?, ""),
  (#"{"user": {"adress": {"city": "Paris"}}}"#, .keyNotFound, "user.address"),
  (#"{"user": {"address": {"cty": "Paris"}}}"#, .keyNotFound, "user.address.city"),
  (#"{"user": {"address": null}}"#, .valueNotFound, "user.address"),
  (#"{"user": {"address": {"city": 7}}}"#, .typeMismatch, "user.address.city"),
  (#"{"user": "flat"}"#, .typeMismatch, "user"),
])
func dottedPathsDecodeAndReport(document: String, kind: CodixError.Kind?, path: String) throws {
  do {
    let value = try decodeOnEveryRoute(Dotted.self, from: json(document))
    #expect(kind == nil)
    #expect(value.city == "Paris")
  } catch let error as CodixError {
    #expect(error.kind == kind)
    #expect(error.path == Path(path))
    if error.kind == .keyNotFound { #expect(error.message?.contains("Did you mean") == true) }
  }
}

private struct Siblings: Decodable, Equatable {
  let a: [String]
  init(from decoder: any Decoder) throws {
    a = [
      try decoder.decode(at: "a.x"), try decoder.decode(at: "b.y"), try decoder.decode(at: "a.z"),
      try decoder.decode(at: "c.w"), try decoder.decode(at: "b.v"), try decoder.decode(at: "c.d.e"),
    ]
  }
}

@Test func dottedPathsIntoSeveralSiblingObjectsReadEachOne() throws {
  let element = { (n: Int) in
    #"{"a": {"x": "ax\#(n)", "z": "az\#(n)"}, "b": {"y": "by\#(n)", "v": "bv\#(n)"}, "c": {"w": "cw\#(n)", "d": {"e": "e\#(n)"}}}"#
  }
  let values = try decodeOnEveryRoute(
    [Siblings].self, from: json("[" + element(0) + "," + element(1) + "]"))
  #expect(
    values.map(\.a) == [
      ["ax0", "by0", "az0", "cw0", "bv0", "e0"], ["ax1", "by1", "az1", "cw1", "bv1", "e1"],
    ])
}

/// Reads dotted paths whose texts fall in the same set of the thread's memo
/// of split paths (four paths per length modulo 16), five in turn, one more
/// than the set keeps, for each element: each read must walk its own keys,
/// not a path kept there for another text.
private struct SameSlotPaths: Decodable, Equatable {
  let first: Int
  let second: Int
  let third: Int
  let fourth: Int
  let fifth: Int
  init(_ values: [Int]) {
    (first, second, third, fourth, fifth) = (values[0], values[1], values[2], values[3], values[4])
  }
  init(from decoder: any Decoder) throws {
    first = try decoder.decode(at: "ab.c")  // 4 bytes
    second = try decoder.decode(at: "a.bc")  // 4 bytes
    third = try decoder.decode(at: "abcdefghijklmnop.qrs")  // 20 bytes: 20 % 16 == 4
    fourth = try decoder.decode(at: "ab.d")  // 4 bytes
    fifth = try decoder.decode(at: "x.yz")  // 4 bytes
  }
}

@Test func dottedPathsSharingAMemoSlotEachReadTheirOwnKeys() throws {
  let document = json(
    #"""
    [{"ab": {"c": 1, "d": 4}, "a": {"bc": 2}, "abcdefghijklmnop": {"qrs": 3}, "x": {"yz": 5}},
     {"ab": {"c": 6, "d": 9}, "a": {"bc": 7}, "abcdefghijklmnop": {"qrs": 8}, "x": {"yz": 10}}]
    """#)
  #expect(
    try decodeOnEveryRoute([SameSlotPaths].self, from: document)
      == [SameSlotPaths([1, 2, 3, 4, 5]), SameSlotPaths([6, 7, 8, 9, 10])])
}
