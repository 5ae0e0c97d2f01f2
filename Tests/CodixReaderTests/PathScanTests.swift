import CodixCorpus
import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// `decode(_:from:at:)` scans the document along its path: every byte is
// checked, but only the path and the value at its end are kept. These tests
// hold that reading against reading the whole document: the same value, or
// the same error, with the same report and location, every time.

/// What decoding `T` at `path` of `data` gave, as text: the value, or the
/// error's report and location. Along the path, "read again whole" when the
/// walk met a value the scan skipped (the entry point then reads the
/// document whole).
private func outcome<T: Decodable>(
  _ type: T.Type, _ data: Data, at path: Path, alongPath: Bool,
  options: CodixJSONDecoder.Options
) -> String {
  do {
    let plan = alongPath ? ScanPlan(path, keys: options.keyDecodingStrategy) : nil
    let value = try NativeReading(options: options).read(data, along: plan) {
      root, whole throws(CodixError) in
      try TopLevelDecoding.decodeRoot(type, at: path, from: Cursor.root(root), whole: whole)
    }
    return value.map { "value \($0)" } ?? "read again whole"
  } catch {
    return "error \(error) at \(error.location.map { "\($0) offset \($0.offset)" } ?? "nowhere")"
  }
}

/// Records where the path scan and the whole scan differ: a value must come
/// from the path scan itself, an error may come from reading again whole.
private func expectSameOutcome<T: Decodable>(
  _ type: T.Type, _ data: Data, at path: Path,
  options: CodixJSONDecoder.Options = CodixJSONDecoder().options,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let along = outcome(type, data, at: path, alongPath: true, options: options)
  let whole = outcome(type, data, at: path, alongPath: false, options: options)
  let same = along == whole || (along == "read again whole" && whole.hasPrefix("error"))
  #expect(same, "at \(path): \(along) against \(whole)", sourceLocation: sourceLocation)
  // The entry point gives the whole document's outcome either way.
  let entry = outcome(type, data, at: path, entryPoint: true, options: options)
  #expect(entry == whole, "at \(path), through the entry point", sourceLocation: sourceLocation)
}

/// What the entry point's native read gave, as `outcome` writes it.
private func outcome<T: Decodable>(
  _ type: T.Type, _ data: Data, at path: Path, entryPoint: Bool,
  options: CodixJSONDecoder.Options
) -> String {
  do {
    let value = try NativeReading(options: options).read(data, keeping: path) {
      root, whole throws(CodixError) in
      try TopLevelDecoding.decodeRoot(type, at: path, from: Cursor.root(root), whole: whole)
    }
    return "value \(value)"
  } catch {
    return "error \(error) at \(error.location.map { "\($0) offset \($0.offset)" } ?? "nowhere")"
  }
}

/// The entries a scan of `data` keeps, along `path` or of the whole.
private func tapeCount(_ data: Data, along path: Path?) throws -> Int {
  let plan = path.flatMap { ScanPlan($0, keys: .useDefaultKeys) } ?? .wholeDocument
  return try data.withUnsafeBytes { raw in
    let bytes = JSONBytes(borrowing: raw)
    return try JSONScanner.scan(bytes.view, along: plan).count
  }
}

@Test func aScanAlongAPathKeepsOnlyThePath() throws {
  let data = try testData("twitter.json")
  let whole = try tapeCount(data, along: nil)
  let along = try tapeCount(data, along: "statuses[57].user")
  // The root's two members, 100 statuses, status 57's members and its
  // user's: a few hundred entries out of the whole document's thousands.
  #expect(whole > 20_000)
  #expect(along < 400)
  // Scalars off the path stay as they are: a flat array's tape is no
  // larger along a path than whole.
  let numbers = Data(("[" + (0..<1_000).map(String.init).joined(separator: ",") + "]").utf8)
  #expect(try tapeCount(numbers, along: "[500]") <= tapeCount(numbers, along: nil))
  let user = try JSONDecoder().decode(TwitterUser.self, from: data, at: "statuses[57].user")
  #expect(user == (try JSONDecoder().decode(Timeline.self, from: data)).statuses[57].user)
}

@Test func pathsThatCannotBePlannedReadTheWholeDocument() {
  #expect(ScanPlan("users[*].id", keys: .useDefaultKeys) == nil)
  #expect(ScanPlan("users[-1].id", keys: .useDefaultKeys) == nil)
  #expect(ScanPlan("users[0].id", keys: .convertFromSnakeCase) == nil)
  #expect(ScanPlan(.root, keys: .useDefaultKeys) == nil)
  #expect(ScanPlan("users[0].id", keys: .useDefaultKeys)?.steps.count == 3)
}

@Test func aPathScanGivesTheWholeDocumentsValuesAndErrors() throws {
  let nested = Data(
    #"""
    {"a": {"b": [1, {"c": true, "d": [null, "x"]}], "x": {"y": 1.5e3}},
     "a2": 3, "e": [], "f": {}, "g": "text", "h": null}
    """#.utf8)
  let paths: [Path] = [
    "a.b[1].c", "a.b[1]", "a.b[1].d[1]", "a.x.y", "a.x", "a", "a2", "e", "f", "g", "h",
    // Missing, out of range, and through the wrong kind of value.
    "a.b[5]", "a.z", "a.b.c", "a2.b", "g[0]", "h.i", "e[0]", "f.k", "b", "a.b[1].c.d",
    ["a", "b", 1, "d", 0],
  ]
  for path in paths {
    expectSameOutcome(AnyValue.self, nested, at: path)
    expectSameOutcome(Int.self, nested, at: path)
    expectSameOutcome(String?.self, nested, at: path)
  }
  let documents: [(String, [Path])] = [
    // Equal keys: both values are kept, the reader picks as it always does.
    (#"{"a": {"b": 1}, "a": {"b": 2}}"#, ["a.b", "a"]),
    // A key with an escape is compared when read: its value is kept.
    (#"{"\u0061": {"b": 1}, "c": 2}"#, ["a.b", "c"]),
    (#"{"a\"b": {"c": [1, 2]}, "a": 0}"#, [["a\"b", "c", 1], "a"]),
    (#"{"caf\u00e9": 1, "café": 2}"#, [["café"]]),
    // Arrays in arrays, on and off the path.
    (#"[[1, 2], [3, [4, 5]], {"k": [6]}, "s"]"#, ["[1][1][0]", "[2].k[0]", "[0]", "[3]", "[4]"]),
    // A scalar document.
    ("5", ["a", "[0]"]),
    (#""text""#, ["a"]),
    // Malformed documents: the same error, at the same place, on or off the path.
    (#"{"a": 1, "b": [1, 2"#, ["a", "b"]),
    (#"{"a": 1, "b": tru}"#, ["a"]),
    (#"{"a": 1 "b": 2}"#, ["a", "b"]),
    (#"{"a": {"b": 1}} x"#, ["a.b"]),
    (#"{"a": [1, 2,], "b": {"c": 1,},}"#, ["a[1]", "b.c"]),
    // What the scan leaves to the read: a bad number or escape off the path
    // does not fail the decode; on it, it does.
    (#"{"a": 1, "b": 01, "c": "\q"}"#, ["a", "b", "c"]),
  ]
  for (text, paths) in documents {
    for path in paths {
      expectSameOutcome(AnyValue.self, Data(text.utf8), at: path)
    }
  }
  // Nesting past the limit off the path is still an error.
  let deep =
    #"{"a": 1, "b": "# + String(repeating: "[", count: 600)
    + String(repeating: "]", count: 600) + "}"
  expectSameOutcome(AnyValue.self, Data(deep.utf8), at: "a")
}

@Test func aPathScanOfBrokenTwitterDocumentsFailsAsAWholeScan() throws {
  let data = try testData("twitter.json")
  let path: Path = "statuses[57].user"
  var random = SplitMix64(state: 57)
  for step in 0..<150 {
    // A prefix, and the whole document with one byte changed.
    let prefix = data.prefix(data.count * step / 150)
    expectSameOutcome(TwitterUser.self, prefix, at: path)
    var flipped = data
    let offset = Int.random(in: 0..<data.count, using: &random)
    flipped[offset] = UInt8.random(in: 0...255, using: &random)
    expectSameOutcome(TwitterUser.self, flipped, at: path)
  }
}

@Test func randomPathsIntoRandomDocumentsMatchTheWholeDocument() {
  var random = SplitMix64(state: 0x5CA7)
  for _ in 0..<fuzzCount(default: 2_000) {
    var paths: [[PathComponent]] = []
    let text = randomDocument(depth: 0, path: [], paths: &paths, random: &random)
    let data = Data(text.utf8)
    // A path the document has, and one that strays from it.
    guard let path = paths.randomElement(using: &random) else { continue }
    var stray = path
    if !stray.isEmpty, Bool.random(using: &random) {
      stray[stray.count - 1] = Bool.random(using: &random) ? .key("zz") : .index(9)
    } else {
      stray.append(.key("a"))
    }
    for components in [path, stray] where !components.isEmpty {
      expectSameOutcome(AnyValue.self, data, at: Path(components))
    }
  }
}

/// A random JSON text; `paths` collects the path of each value in it.
private func randomDocument(
  depth: Int, path: [PathComponent], paths: inout [[PathComponent]],
  random: inout SplitMix64
) -> String {
  paths.append(path)
  let keys = ["a", "b", "c", "a.b", "\\u0061", "é"]
  let kind =
    depth >= 4 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<7, using: &random)
  switch kind {
  case 0: return "null"
  case 1: return String(Int.random(in: -99...99, using: &random))
  case 2: return Bool.random(using: &random) ? "true" : "\"s\""
  case 3: return "1.5e2"
  case 4, 5:
    let count = Int.random(in: 0..<4, using: &random)
    let elements = (0..<count).map { index in
      randomDocument(depth: depth + 1, path: path + [.index(index)], paths: &paths, random: &random)
    }
    return "[" + elements.joined(separator: ", ") + "]"
  default:
    let count = Int.random(in: 0..<4, using: &random)
    let members = (0..<count).map { _ in
      let key = keys.randomElement(using: &random) ?? "a"
      // The key as the path names it: `\u0061` is `a`.
      let name = key == "\\u0061" ? "a" : key
      let value = randomDocument(
        depth: depth + 1, path: path + [.key(name)], paths: &paths, random: &random)
      return "\"\(key)\": \(value)"
    }
    return "{" + members.joined(separator: ",") + "}"
  }
}
