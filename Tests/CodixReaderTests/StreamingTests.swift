import CodixCore
import CodixTestSupport
import Foundation
import Testing

// Streamed elements against a whole decode: the same documents fed in
// chunks of every size give the elements, or the error (kind, path, model,
// expected, found, line, column), of `decode([T].self, from:at:)`.

// MARK: - Fixtures

private struct StreamUser: Decodable, Equatable {
  var id: Int
  var name: String?
  var tags: [String]?
}

/// The outcome of a decode: its elements and the error that ended it.
private struct StreamOutcome<T: Equatable>: Equatable {
  var elements: [T]
  var error: StreamReport?
}

/// What a test compares of an error.
private struct StreamReport: Equatable, CustomStringConvertible {
  var kind: CodixError.Kind
  var path: String
  var typeName: String?
  var expected: String?
  var found: String?
  var location: CodixError.Location?
  var text: String

  init(_ error: CodixError) {
    kind = error.kind
    path = error.path.description
    typeName = error.typeName
    expected = error.expected
    found = error.found
    location = error.location
    text = error.description
  }

  var description: String { text + " @ \(location.map { "\($0)" } ?? "nowhere")" }
}

/// The path of the array a streamed path ends at (`data.users[*]` → `data.users`).
private func arrayPath(_ path: String) -> String {
  String(path.dropLast(3)).trimmingCharacters(in: CharacterSet(charactersIn: "."))
}

private func whole<T: Decodable & Equatable>(
  _ type: T.Type, _ json: Data, at path: String, decoder: CodixJSONDecoder = CodixJSONDecoder()
) -> StreamOutcome<T> {
  do {
    return StreamOutcome(
      elements: try decoder.decode([T].self, from: json, at: Path(arrayPath(path))))
  } catch let error as CodixError {
    return StreamOutcome(elements: [], error: StreamReport(error))
  } catch {
    Issue.record("not a CodixError: \(error)")
    return StreamOutcome(elements: [], error: nil)
  }
}

private func streamed<T: Decodable & Equatable>(
  _ type: T.Type, _ json: Data, at path: String, chunk: Int,
  decoder: CodixJSONDecoder = CodixJSONDecoder(), skipping: Bool = false
) async -> StreamOutcome<T> {
  var elements: [T] = []
  do {
    let bytes = CodixJSONBytes(json, chunkSize: chunk)
    for try await element in decoder.elements(
      of: T.self, at: Path(path), in: bytes, skippingBadElements: skipping)
    {
      elements.append(element)
    }
    return StreamOutcome(elements: elements, error: nil)
  } catch let error as CodixError {
    return StreamOutcome(elements: elements, error: StreamReport(error))
  } catch {
    Issue.record("not a CodixError: \(error)")
    return StreamOutcome(elements: elements, error: nil)
  }
}

/// Streams `json` in chunks of every size from 1 to one past its length
/// and checks each outcome against the whole decode's.
private func expectSameAsWhole<T: Decodable & Equatable>(
  _ type: T.Type, _ text: String, at path: String, sizes: [Int]? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let json = Data(text.utf8)
  let expected = whole(T.self, json, at: path)
  for size in sizes ?? Array(1...(json.count + 1)) {
    let outcome = await streamed(T.self, json, at: path, chunk: size)
    if expected.error == nil {
      #expect(outcome == expected, "chunks of \(size)", sourceLocation: sourceLocation)
    } else {
      // Elements before the failure are delivered; the error is the whole decode's.
      #expect(outcome.error == expected.error, "chunks of \(size)", sourceLocation: sourceLocation)
    }
    if outcome.error != expected.error { return }
  }
}

private let nested = #"""
  {"meta": {"count": 3, "next": null, "flags": [true, false, {"a": "x\"y"}]},
   "data": {"total": -1.5e+3,
     "users": [
       {"id": 1, "name": "Ada \u00e9 \\ \" \/ end", "tags": ["a", "b\n"]},
       {"id": 22, "name": "Grace 😀 \ud83d\ude00", "tags": []},
       {"id": 333, "name": null},
       {"id": -4e2, "tags": ["long string longer than any small chunk of bytes, repeated: ……………"]}
     ],
     "after": [1, 2, {"x": [[], {}]}]}}
  """#

// MARK: - Same elements as a whole decode

@Suite("Streaming elements")
struct StreamingTests {
  @Test func elementsAtAPathInEveryChunkSize() async {
    await expectSameAsWhole(StreamUser.self, nested, at: "data.users[*]")
    #expect(whole(StreamUser.self, Data(nested.utf8), at: "data.users[*]").elements.count == 4)
  }

  @Test func rootArrayOfScalarsInEveryChunkSize() async {
    await expectSameAsWhole(Int.self, "[1, 22 , 333,-4,\n5e0, 60]", at: "[*]")
    await expectSameAsWhole(String.self, #"["a", "\u00e9\"", "", "\\"]"#, at: "[*]")
    await expectSameAsWhole(Bool?.self, "[true,false,null]", at: "[*]")
    await expectSameAsWhole(Int.self, "[]", at: "[*]")
    await expectSameAsWhole(Int.self, " [ 1 , ] ", at: "[*]")
    await expectSameAsWhole(String.self, #"["a", null, "b"]"#, at: "[*]")
    await expectSameAsWhole(Int.self, "[1, null]", at: "[*]")
  }

  @Test func randomArraysStreamAsAWholeDecode() async {
    // Elements that hold what looks like the end of one ("}, {" in nested
    // arrays and in strings), in documents of which a third have one byte
    // changed, streamed in small and large chunks: the elements, or the
    // error, of a whole decode.
    var random = SplitMix64(state: 0x57AE_A11D)
    for round in 0..<fuzzCount(default: 300) {
      var text = #"{"items": ["#
      for index in 0..<Int(random.next() % 12) {
        if index > 0 { text += random.next() % 2 == 0 ? ", " : ",\n" }
        text += randomElement(&random, depth: 0)
      }
      text += "]}"
      var json = Array(text.utf8)
      if random.next() % 3 == 0 {
        let replacements = Array(#",}]"{x\ "#.utf8)
        json[Int(random.next() % UInt64(json.count))] =
          replacements[Int(random.next() % UInt64(replacements.count))]
      }
      let data = Data(json)
      let written = String(decoding: json, as: UTF8.self)
      let expected = whole(JSONValue.self, data, at: "items[*]")
      for chunk in [1 + Int(random.next() % 7), 8 + Int(random.next() % 64), 1 << 16] {
        let outcome = await streamed(JSONValue.self, data, at: "items[*]", chunk: chunk)
        if expected.error == nil {
          #expect(outcome == expected, "round \(round), chunks of \(chunk): \(written)")
        } else if let error = outcome.error, error != expected.error {
          // An element that does not decode, before the malformed byte,
          // ends the stream first (a whole decode scans everything first):
          // then it is that element's error, placed before that byte.
          let malformedAt = expected.error?.location?.offset ?? 0
          #expect(
            error.path.hasPrefix("items[") && (error.location?.offset ?? .max) < malformedAt,
            "round \(round), chunks of \(chunk): \(written)")
        } else {
          #expect(outcome.error != nil, "round \(round), chunks of \(chunk): \(written)")
        }
      }
    }
  }

  @Test func aScalarThatFailsAmongElementsReadTogether() async {
    // The number fails as a `StreamUser` inside a run of objects: the same
    // error as a whole decode, at every chunk size; skipped, the objects
    // around it.
    let text = #"{"items": [{"id": 1}, 5, {"id": 2}, {"id": 3}, {"id": 4}]}"#
    await expectSameAsWhole(StreamUser.self, text, at: "items[*]")
    for size in [7, 16, 1 << 16] {
      let skipping = await streamed(
        StreamUser.self, Data(text.utf8), at: "items[*]", chunk: size, skipping: true)
      #expect(skipping.elements.map(\.id) == [1, 2, 3, 4], "chunks of \(size)")
      #expect(skipping.error == nil)
    }
  }

  @Test func aRunNeverReachesPastItsArray() async {
    // After the array come objects that look like more of its elements.
    await expectSameAsWhole(
      StreamUser.self, #"{"items": [{"id": 1}, {"id": 2}], "x": [{"id": 3}, {"id": 4}]}"#,
      at: "items[*]")
    await expectSameAsWhole(
      StreamUser.self, #"{"items": [{"id": 1}, {"id": 2}]}, {"id": 3}, {"id": 4}"#, at: "items[*]")
  }

  @Test func escapedKeysIndexesAndDuplicates() async {
    await expectSameAsWhole(
      Int.self, #"{"d\u0061ta": {"us\u0065rs": [1, 2]}, "data": {"users": [3]}}"#,
      at: "data.users[*]")
    await expectSameAsWhole(
      Int.self, #"{"data": {"users": [1]}, "data": {"users": [2]}}"#, at: "data.users[*]")
    await expectSameAsWhole(
      Int.self, #"{"pages": [{"users": [1]}, 7, {"users": [8, 9]}], "users": [0]}"#,
      at: "pages[2].users[*]")
    await expectSameAsWhole(Int.self, #"[[0], [1, 2], [3]]"#, at: "[1][*]")
    await expectSameAsWhole(Int.self, "\u{FEFF}{\"a\": [5, 6]}", at: "a[*]")
  }

  @Test func keyStrategiesMatchPathKeys() async {
    let json = Data(#"{"user_list": [{"first_name": "Ada"}]}"#.utf8)
    struct Named: Decodable, Equatable { var firstName: String }
    let decoder = CodixJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    for path in ["userList[*]", "user_list[*]"] {
      let expected = whole(Named.self, json, at: path, decoder: decoder)
      let outcome = await streamed(Named.self, json, at: path, chunk: 3, decoder: decoder)
      #expect(outcome == expected)
      #expect(outcome.elements == [Named(firstName: "Ada")])
    }
    // Two keys the strategy merges: either spelling of the path finds the
    // first, as a whole decode (and JSONDecoder) does.
    let merged = Data(
      #"{"userList": [{"first_name": "Bo"}], "user_list": [{"first_name": "Ada"}]}"#.utf8)
    for path in ["userList[*]", "user_list[*]"] {
      let expected = whole(Named.self, merged, at: path, decoder: decoder)
      let outcome = await streamed(Named.self, merged, at: path, chunk: 3, decoder: decoder)
      #expect(outcome == expected)
      #expect(outcome.elements == [Named(firstName: "Bo")])
    }
  }

  // MARK: - Errors as a whole decode gives them

  @Test(arguments: [
    #"{"data": {"usres": [1]}}"#,
    #"{"data": {"users": {"a": 1}}}"#,
    #"{"data": {"users": "text"}}"#,
    #"{"data": {"users": null}}"#,
    #"{"data": [1]}"#,
    #"{"data": 5}"#,
    #"{"data": null, "x": [1, 2]}"#,
    #"{"data": {"users": {"a long object": "that is longer than what a report shows of it, by far", "b": 2}}}"#,
    #"[1, 2]"#,
    #"{"data": {"users": [{"id": 1}, {"id": "x"}]}}"#,
    #"{"data": {"users": [{"id": 1}, 5, {"id": 2}]}}"#,
    #"{"data": {"users": [{"id": 1}, []]}}"#,
    #"{"data": {"users": [{"id": 1}, null, {"id": 2}]}}"#,
    #"{"data": {"users": [null]}}"#,
    #"{"data": {"users": [{"id": 1}, {"id": 2, "tags": ["a", 1]}]}}"#,
    #"{"data": {"users": [{"id": 1}, {"id": 2, "name": "\x"}]}}"#,
    #"{"data": {"users": [{"id": 1}, {"id": 2, "name": "\ud800"}]}}"#,
    #"{"data": {"users": [{"id": 1.5}, {"id": 99999999999999999999}]}}"#,
    "{\"data\":\n {\"users\": [{\"id\": 1},\n   {\"id\": 2}, {\"di\": 2}]}}",
    #"{"data": {"users": [{"id": 1}, {"id": 2]}}"#,
    #"{"data": {"users": [{"id": 1}]}} x"#,
    #"{"meta": tru, "data": {"users": []}}"#,
    #"{"meta": "\u12", "data": {"users": []}}"#,
    #"{"data": {"users": [{"id": 1} {"id": 2}]}}"#,
    #"{"data": {"users": [{"id": 1}, {"id": 2, "name": "unterminated}]}}"#,
    #"{"data" {"users": []}}"#,
    #"{"data": {"users": [{"id": 1}], "more": [nul]}}"#,
    "",
    "   ",
    "\u{FEFF}",
  ])
  func errorsInEveryChunkSize(_ json: String) async {
    await expectSameAsWhole(StreamUser.self, json, at: "data.users[*]")
  }

  @Test func everyTruncationFailsAsAWholeDecodeFails() async {
    let json = Array(nested.utf8)
    for length in 0..<json.count {
      let prefix = String(decoding: json[..<length], as: UTF8.self)
      guard Data(prefix.utf8).count == length else { continue }  // cut inside a character
      await expectSameAsWhole(StreamUser.self, prefix, at: "data.users[*]", sizes: [1, 5, 4096])
    }
  }

  @Test func indexOutOfRangeAndRootMismatch() async {
    await expectSameAsWhole(Int.self, "[[1],[2]]", at: "[5][*]")
    await expectSameAsWhole(Int.self, #"{"a": 1}"#, at: "[*]")
    await expectSameAsWhole(Int.self, "42", at: "[*]")
    await expectSameAsWhole(Int.self, "42 x", at: "[*]")
  }

  @Test func badElementHasIndexAbsolutePathAndPlace() async throws {
    let users = (0..<45).map { index in
      index == 41 ? "    {\"id\": 41, \"age\": \"old\"}" : "    {\"id\": \(index), \"age\": 30}"
    }
    let json = Data(("{\"data\": {\"users\": [\n" + users.joined(separator: ",\n") + "\n]}}").utf8)
    struct Aged: Decodable, Equatable {
      var id: Int
      var age: Int
    }
    let outcome = await streamed(Aged.self, json, at: "data.users[*]", chunk: 100)
    #expect(outcome.elements.count == 41)
    let error = try #require(outcome.error)
    #expect(error.kind == CodixError.Kind.typeMismatch)
    #expect(error.path == "data.users[41].age")
    #expect(error.location?.line == 43)
    #expect(error.location?.column == 23)
    #expect(error == whole(Aged.self, json, at: "data.users[*]").error)
  }

  @Test func badElementsAmongElementsReadTogether() async throws {
    // One chunk holds many complete elements, which are read together;
    // a bad one among them reads as it does alone, in chunks of 1 byte.
    let users = (0..<60).map { index in
      index % 20 == 7
        ? "{\"id\": \(index), \"age\": [\(index)]}" : "{\"id\": \(index), \"age\": 30}"
    }
    let json = Data(("{\"users\": [" + users.joined(separator: ", ") + "]}").utf8)
    struct Aged: Decodable, Equatable {
      var id: Int
      var age: Int
    }
    let alone = await streamed(Aged.self, json, at: "users[*]", chunk: 1)
    #expect(alone.elements.map(\.id) == Array(0..<7))
    #expect(alone.error?.path == "users[7].age")
    for chunk in [json.count, 512, 64] {
      let outcome = await streamed(Aged.self, json, at: "users[*]", chunk: chunk)
      #expect(outcome == alone, "chunks of \(chunk)")
      let skipping = await streamed(
        Aged.self, json, at: "users[*]", chunk: chunk, skipping: true)
      #expect(skipping.error == nil)
      #expect(skipping.elements.map(\.id) == (0..<60).filter { $0 % 20 != 7 })
    }
    // The same through JSONDecoder's own `elements(of:at:in:)`, on one Data.
    var ids: [Int] = []
    do {
      for try await user in JSONDecoder().elements(of: Aged.self, at: "users[*]", in: json) {
        ids.append(user.id)
      }
      Issue.record("no error")
    } catch let error as CodixError {
      #expect(ids == Array(0..<7))
      #expect(StreamReport(error) == alone.error)
    }
  }

  @Test func skippedElementsAreRecorded() async throws {
    let json = Data(#"{"users": [{"id": 1}, {"id": "two"}, {"id": 3}, {}]}"#.utf8)
    let diagnostics = CodixDiagnostics()
    let decoder = CodixJSONDecoder()
    decoder.userInfo[.codixDiagnostics] = diagnostics
    let outcome = await streamed(
      StreamUser.self, json, at: "users[*]", chunk: 7, decoder: decoder, skipping: true)
    #expect(outcome.error == nil)
    #expect(outcome.elements.map(\.id) == [1, 3])
    #expect(diagnostics.warnings.map(\.path.description) == ["users[1].id", "users[3].id"])
    #expect(diagnostics.warnings.map(\.recovery) == [.droppedElement, .droppedElement])
    #expect(diagnostics.warnings.first?.location?.column == 30)
  }

  @Test func invalidPathsAreRefused() async {
    for path in ["data.users", "a[*].b[*]", "a[-1][*]", "a[0"] {
      let outcome = await streamed(Int.self, Data("[]".utf8), at: path, chunk: 4)
      #expect(outcome.error?.kind == .invalidPath, "\(path)")
    }
  }

  // MARK: - Hostile documents

  @Test func deepNestingInsideAnElementIsAnError() async {
    let depth = 100_000
    let json =
      #"{"items": [1, "# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "]}"
    let expected = whole(Int.self, Data(json.utf8), at: "items[*]")
    #expect(expected.error != nil)
    for size in [1, 4096, 1 << 20] {
      let outcome = await streamed(Int.self, Data(json.utf8), at: "items[*]", chunk: size)
      #expect(outcome.elements == [1])
      #expect(outcome.error == expected.error)
    }
  }

  @Test func nestingLimitCountsFromTheRoot() async {
    for depth in [509, 510, 511, 512] {
      let json =
        #"{"items": ["# + String(repeating: "[", count: depth)
        + String(repeating: "]", count: depth) + "]}"
      await expectSameAsWhole([[Int]].self, json, at: "items[*]", sizes: [1, 7, 100_000])
    }
  }

  @Test func anArrayThatNeverClosesFailsAtTheEnd() async throws {
    let element = #"{"id": 7, "name": "x"},"#
    let count = 20_000
    let json = Data(("[" + String(repeating: element, count: count)).utf8)
    let outcome = await streamed(StreamUser.self, json, at: "[*]", chunk: 4096)
    #expect(outcome.elements.count == count)
    let error = try #require(outcome.error)
    #expect(error.kind == CodixError.Kind.dataCorrupted)
    #expect(error.location?.offset == json.count)
    #expect(error == whole(StreamUser.self, json, at: "[*]").error)
  }

  @Test func aStringLongerThanAChunk() async {
    let long = String(repeating: "é\\\"\\u0041", count: 5_000)
    let json = #"[{"id": 1, "name": ""# + long + #""}, {"id": 2}]"#
    await expectSameAsWhole(StreamUser.self, json, at: "[*]", sizes: [1, 3, 1000, 65536])
  }

  @Test func jsonTestSuiteDocumentsStreamedAsAWholeDecode() async throws {
    let folder = dataFolder.appendingPathComponent("JSONTestSuite/test_parsing")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count > 300)
    struct Anything: Decodable, Equatable {
      init(from decoder: any Decoder) throws {}
    }
    for name in names where name.hasSuffix(".json") {
      let json = try Data(contentsOf: folder.appendingPathComponent(name))
      let text = String(decoding: json, as: UTF8.self)
      // UTF-16 and UTF-32 documents are converted by a whole decode only.
      guard Data(text.utf8) == json || json.starts(with: [0xEF, 0xBB, 0xBF]) else { continue }
      let expected = whole(Anything.self, json, at: "[*]")
      for size in [1, 3, 64] {
        let outcome = await streamed(Anything.self, json, at: "[*]", chunk: size)
        #expect(outcome.error == expected.error, "\(name), chunks of \(size)")
        if expected.error == nil {
          #expect(outcome.elements.count == expected.elements.count, "\(name)")
        }
      }
    }
  }

  // MARK: - Sources

  @Test func aFileIsReadInChunks() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "codix-stream-\(UUID().uuidString).json")
    try Data(nested.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var ids: [Int] = []
    for try await user in CodixJSONDecoder().elements(
      of: StreamUser.self, at: "data.users[*]", contentsOf: url)
    {
      ids.append(user.id)
    }
    #expect(ids == [1, 22, 333, -400])
  }

  @Test func aByteSequenceIsReadAByteAtATime() async throws {
    let source = CountingBytes(Data(nested.utf8), limit: nil)
    var ids: [Int] = []
    for try await user in CodixJSONDecoder().elements(
      of: StreamUser.self, at: "data.users[*]", in: source)
    {
      ids.append(user.id)
    }
    #expect(ids == [1, 22, 333, -400])
    #expect(source.counter.value == nested.utf8.count)
  }

  @Test func cancellingStopsReadingTheSource() async throws {
    // Endless for the test's purpose: reading it all would take minutes.
    let source = CountingBytes(nil, limit: 500_000_000)
    let task = Task {
      var count = 0
      do {
        for try await _ in CodixJSONDecoder().elements(of: StreamUser.self, in: source) {
          count += 1
        }
      } catch is CancellationError {
        return count
      }
      return -1
    }
    while source.counter.value < 10_000 { await Task.yield() }
    task.cancel()
    let delivered = try await task.value
    #expect(delivered > 0)
    let pulled = source.counter.value
    #expect(pulled < 500_000_000)
    try await Task.sleep(for: .milliseconds(20))
    #expect(source.counter.value == pulled)
  }

  @Test func nextWithoutAnActorGivesTheSameElementsAndErrors() async throws {
    // `next()`, which systems before macOS 15 and iOS 18 call, reads what
    // `for try await` (`next(isolation:)`) reads, errors included.
    for (text, chunk) in [(nested, 7), (nested, 1 << 16), (String(nested.dropLast(40)), 16)] {
      let json = Data(text.utf8)
      var elements: [StreamUser] = []
      var report: StreamReport?
      var iterator = CodixJSONDecoder().elements(
        of: StreamUser.self, at: "data.users[*]", in: CodixJSONBytes(json, chunkSize: chunk)
      ).makeAsyncIterator()
      do {
        while let user = try await iterator.next() { elements.append(user) }
        #expect(try await iterator.next() == nil)
      } catch let error as CodixError {
        report = StreamReport(error)
      }
      let looped = await streamed(StreamUser.self, json, at: "data.users[*]", chunk: chunk)
      #expect(StreamOutcome(elements: elements, error: report) == looped)
    }
  }

  @Test func aSourceIsReadOnTheConsumersActor() async throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
    // `for try await` on an actor hands the actor to the elements'
    // iterator, which reads its source there: no hop to the global
    // executor and back for each element.
    let text = #"{"items": [{"id": 1}, {"id": 22}, {"id": 333}]}"#
    let consumer = StreamConsumer()
    let bytes = IsolationRecordingSource(Array(text.utf8).map { [$0] })
    #expect(try await consumer.ids(in: bytes, chunked: false) == [1, 22, 333])
    #expect(bytes.log.isolations == Array(repeating: "actor", count: text.utf8.count + 1))
    let chunks = IsolationRecordingSource([
      Array(text.utf8.prefix(20)), Array(text.utf8.dropFirst(20)),
    ])
    #expect(try await consumer.ids(in: chunks, chunked: true) == [1, 22, 333])
    #expect(chunks.log.isolations == ["actor", "actor", "actor"])
  }

  // MARK: - JSON Lines

  @Test func jsonLines() async throws {
    let text = "{\"id\": 1}\n\n  {\"id\": 2, \"tags\": [\"a\"]}\r\n\t\n{\"id\": 3}"
    for size in 1...(text.utf8.count + 1) {
      var ids: [Int] = []
      for try await user in CodixJSONDecoder().jsonLines(
        of: StreamUser.self, in: CodixJSONBytes(Data(text.utf8), chunkSize: size))
      {
        ids.append(user.id)
      }
      #expect(ids == [1, 2, 3], "chunks of \(size)")
    }
  }

  @Test func jsonLinesSkipAByteOrderMark() async throws {
    let text = "\u{FEFF}{\"id\": 1}\n{\"id\": 2, \"name\": 3}\n"
    for size in 1...(text.utf8.count + 1) {
      var ids: [Int] = []
      do {
        for try await user in CodixJSONDecoder().jsonLines(
          of: StreamUser.self, in: CodixJSONBytes(Data(text.utf8), chunkSize: size))
        {
          ids.append(user.id)
        }
        Issue.record("no error, chunks of \(size)")
      } catch let error as CodixError {
        #expect(ids == [1], "chunks of \(size)")
        #expect(error.path == "[1].name", "chunks of \(size)")
        #expect(error.location?.line == 2, "chunks of \(size)")
        #expect(error.location?.column == 19, "chunks of \(size)")
      }
    }
  }

  @Test func jsonLinesReportTheLine() async throws {
    let text = "{\"id\": 1}\n\n{\"id\": 2}\n  {\"id\": \"x\"}\n{\"id\": 4}\n{\"id\": 5,}}\n"
    var ids: [Int] = []
    do {
      for try await user in CodixJSONDecoder().jsonLines(of: StreamUser.self, in: Data(text.utf8)) {
        ids.append(user.id)
      }
      Issue.record("no error")
    } catch let error as CodixError {
      #expect(ids == [1, 2])
      #expect(error.kind == .typeMismatch)
      #expect(error.path == "[2].id")
      #expect(error.location?.line == 4)
      #expect(error.location?.column == 10)
    }
    let diagnostics = CodixDiagnostics()
    let decoder = CodixJSONDecoder()
    decoder.userInfo[.codixDiagnostics] = diagnostics
    ids = []
    for try await user in decoder.jsonLines(
      of: StreamUser.self, in: Data(text.utf8), skippingBadElements: true)
    {
      ids.append(user.id)
    }
    #expect(ids == [1, 2, 4])
    #expect(diagnostics.warnings.map { $0.location?.line } == [4, 6])
    #expect(diagnostics.warnings.first?.path == "[2].id")
  }
}

// MARK: - A source that counts what is read

/// A thread-safe count.
private final class Counter: @unchecked Sendable {
  // Unchecked: `count` is guarded by `lock`.
  private let lock = NSLock()
  private var count = 0

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}

/// The bytes of `data`, or an endless array of users ending after `limit`
/// bytes, a byte at a time, counting each byte read.
private struct CountingBytes: AsyncSequence, Sendable {
  typealias Element = UInt8
  let data: Data?
  let limit: Int?
  let counter = Counter()

  init(_ data: Data?, limit: Int?) {
    self.data = data
    self.limit = limit
  }

  func makeAsyncIterator() -> Iterator { Iterator(source: self) }

  struct Iterator: AsyncIteratorProtocol {
    let source: CountingBytes
    var position = 0
    let element = Array(#"{"id": 1},"#.utf8)

    mutating func next() async throws -> UInt8? {
      defer { position += 1 }
      if let data = source.data {
        guard position < data.count else { return nil }
        source.counter.add()
        return data[data.startIndex + position]
      }
      if position == 0 {
        source.counter.add()
        return UInt8(ascii: "[")
      }
      if let limit = source.limit, position >= limit { return nil }
      source.counter.add()
      return element[(position - 1) % element.count]
    }
  }
}

/// Consumes streamed elements on an actor of its own.
private actor StreamConsumer {
  func ids(in source: IsolationRecordingSource, chunked: Bool) async throws -> [Int] {
    var ids: [Int] = []
    if chunked {
      for try await user in CodixJSONDecoder().elements(
        of: StreamUser.self, at: "items[*]", inChunks: source)
      {
        ids.append(user.id)
      }
    } else {
      let bytes = source.map { $0[0] }
      for try await user in CodixJSONDecoder().elements(
        of: StreamUser.self, at: "items[*]", in: bytes)
      {
        ids.append(user.id)
      }
    }
    return ids
  }
}

/// Chunks of bytes that note, for each read, whether the reader passed an
/// actor ("actor") or read without one ("none").
private struct IsolationRecordingSource: AsyncSequence, Sendable {
  typealias Element = [UInt8]
  let chunks: [[UInt8]]
  let log = IsolationLog()

  init(_ chunks: [[UInt8]]) {
    self.chunks = chunks
  }

  func makeAsyncIterator() -> Iterator { Iterator(source: self) }

  struct Iterator: AsyncIteratorProtocol {
    let source: IsolationRecordingSource
    var position = 0

    mutating func next() async -> [UInt8]? {
      source.log.note("none")
      return take()
    }

    mutating func next(isolation actor: isolated (any Actor)?) async -> [UInt8]? {
      source.log.note(actor == nil ? "none" : "actor")
      return take()
    }

    private mutating func take() -> [UInt8]? {
      defer { position += 1 }
      return position < source.chunks.count ? source.chunks[position] : nil
    }
  }
}

private final class IsolationLog: @unchecked Sendable {
  // Unchecked: `notes` is guarded by `lock`.
  private let lock = NSLock()
  private var notes: [String] = []

  var isolations: [String] {
    lock.lock()
    defer { lock.unlock() }
    return notes
  }

  func note(_ isolation: String) {
    lock.lock()
    notes.append(isolation)
    lock.unlock()
  }
}

/// A random JSON value for `randomArraysStreamAsAWholeDecode`: objects and
/// arrays of objects, strings with brackets, commas, quotes and escapes.
private func randomElement(_ random: inout SplitMix64, depth: Int) -> String {
  let strings = [#""}, {""#, #""a\"b""#, #""\\""#, #""], [""#, #""é 😀""#, #""""#]
  switch random.next() % (depth > 3 ? 3 : 6) {
  case 0: return strings[Int(random.next() % UInt64(strings.count))]
  case 1: return ["1", "-2.5e3", "true", "null", "0"][Int(random.next() % 5)]
  case 2: return "{}"
  case 3, 4:
    let members = (0..<Int(random.next() % 4)).map { index in
      #""k\#(index)": "# + randomElement(&random, depth: depth + 1)
    }
    return "{" + members.joined(separator: ", ") + "}"
  default:
    let elements = (0..<Int(random.next() % 4)).map { _ in
      randomElement(&random, depth: depth + 1)
    }
    return "[" + elements.joined(separator: random.next() % 2 == 0 ? ", " : ",") + "]"
  }
}
