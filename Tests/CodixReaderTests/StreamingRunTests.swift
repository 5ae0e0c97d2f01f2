import Foundation
import Testing

@testable import CodixCore

/// The framer's runs: the complete elements of a chunk, found by following
/// only strings and brackets (eight bytes at a time where it can).
@Suite("Streaming runs")
struct StreamingRunTests {
  /// The elements of `items` in `text`, as the framer's runs cut them from
  /// one chunk, each decoded alone.
  private func runElements(_ text: String, maximumBytes: Int = 1 << 20) throws -> [JSONValue] {
    var framer = JSONFramer(steps: [.key("items")]) { key, _ in key == "items" }
    let chunk = Array(text.utf8)
    framer.feed(chunk)
    // The state machine reads up to the first element.
    #expect(try framer.nextElement())
    var elements = [try CodixJSONDecoder().decode(JSONValue.self, from: Data(framer.element))]
    while let run = framer.nextRun(maximumBytes: maximumBytes) {
      let bytes = Array("[".utf8) + chunk[run.start..<run.end] + Array("]".utf8)
      // The document the run is read as: the same elements.
      let document = try framer.document(of: run.start..<run.end)
      #expect(document.count(of: 0) == run.starts.count)
      elements += try CodixJSONDecoder().decode([JSONValue].self, from: Data(bytes))
      #expect(
        run.starts.count == (try JSONDecoder().decode([JSONValue].self, from: Data(bytes))).count)
    }
    return elements
  }

  @Test func runsEndWhereTheirElementsEnd() throws {
    let elements = [
      #"{"a": "short"}"#,
      #"{"text": "a string longer than eight bytes, with ] and } and [ inside"}"#,
      #"["\\", "\"", "\\\"]", "]]]]]]]]]]]]", "{{{{{{{{{{{{{{{{"]"#,
      #""a string element, \"quoted\" and \\ escaped, longer than a word""#,
      #"{"nested": [[[{"deep": [1, 2, {"x": "}"}]}]]], "after": "\u005d"}"#,
      #"{"é": "ünïcödé 😀 text", "k": [true, false, null, -1.5e3]}"#,
      #"[]"#,
      #"{}"#,
    ]
    let text = #"{"items": ["# + elements.joined(separator: ",\n  ") + "]}"
    let expected = try JSONDecoder().decode([String: [JSONValue]].self, from: Data(text.utf8))
    #expect(try runElements(text) == expected["items"])
    // Runs of one element each give the same.
    #expect(try runElements(text, maximumBytes: 1) == expected["items"])
  }

  @Test func aRunStopsBeforeAnElementTooDeep() throws {
    // The array is two deep: an element may open 510 containers.
    let fits = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
    let tooDeep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    var framer = JSONFramer(steps: [.key("items")]) { key, _ in key == "items" }
    let text: String = #"{"items": [{}, "# + fits + ", " + tooDeep + "]}"
    framer.feed(Array(text.utf8))
    #expect(try framer.nextElement())
    let run = framer.nextRun(maximumBytes: 1 << 20)
    #expect(run?.starts.count == 1)
    let next = framer.nextRun(maximumBytes: 1 << 20)
    #expect(next == nil)
    // The state machine then fails at the 513th container, as a whole scan does.
    #expect(throws: ReaderError.self) { try framer.nextElement() }
  }

  @Test func aGuessedRunIsTakenOnlyWhenItScans() throws {
    // Elements whose members hold arrays of objects: "}, {" inside them
    // looks like the end of an element.
    let element = #"{"a": [{"x": 1}, {"y": "}, {"}], "b": "c"}"#
    let text = #"{"items": ["# + Array(repeating: element, count: 6).joined(separator: ", ") + "]}"
    let chunk = Array(text.utf8)
    let expected = try JSONDecoder().decode([String: [JSONValue]].self, from: Data(text.utf8))
    var wrong = 0
    var right = 0
    for maximumBytes in 1...(2 * element.utf8.count + 4) {
      var framer = JSONFramer(steps: [.key("items")]) { key, _ in key == "items" }
      framer.feed(chunk)
      #expect(try framer.nextElement())
      var elements = [try JSONDecoder().decode(JSONValue.self, from: Data(framer.element))]
      while true {
        if let range = framer.guessedRun(maximumBytes: maximumBytes) {
          let bytes = Array("[".utf8) + chunk[range] + Array("]".utf8)
          let whole = try? JSONDecoder().decode([JSONValue].self, from: Data(bytes))
          // The scan takes exactly the guesses JSONDecoder takes, and those
          // are whole elements.
          guard let document = try? framer.document(of: range) else {
            #expect(whole == nil, "guess \(range) of \(maximumBytes)")
            wrong += 1
            framer.stopGuessing()
            continue
          }
          let count = document.count(of: 0)
          #expect(whole?.count == count)
          _ = framer.accept(range, starts: Array(repeating: 0, count: count))
          right += 1
          elements += whole ?? []
        } else if let run = framer.nextRun(maximumBytes: maximumBytes) {
          let bytes = Array("[".utf8) + chunk[run.start..<run.end] + Array("]".utf8)
          elements += try JSONDecoder().decode([JSONValue].self, from: Data(bytes))
        } else if try framer.nextElement() {
          elements.append(try JSONDecoder().decode(JSONValue.self, from: Data(framer.element)))
        } else {
          break
        }
      }
      #expect(elements == expected["items"], "runs of \(maximumBytes) bytes")
    }
    // Both kinds of guess were made.
    #expect(wrong > 0 && right > 0)
  }

  @Test func aGuessedRunScansWithTheDocumentsDepthLimit() throws {
    // The array is two deep: an element may open 510 containers.
    let fits = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
    let tooDeep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    for (element, scans) in [(fits, true), (tooDeep, false)] {
      var framer = JSONFramer(steps: [.key("items")]) { key, _ in key == "items" }
      let text = #"{"items": [{}, "# + element + ", " + element + "]}"
      framer.feed(Array(text.utf8))
      #expect(try framer.nextElement())
      let range = try #require(framer.guessedRun(maximumBytes: 1 << 20))
      #expect(range.count == element.utf8.count)
      #expect(((try? framer.document(of: range)) != nil) == scans)
    }
  }

  @Test func aRunStopsBeforeAnElementTheChunkCuts() throws {
    var framer = JSONFramer(steps: [.key("items")]) { key, _ in key == "items" }
    framer.feed(Array(#"{"items": [{"a": 1}, {"b": "two"}, {"c": "thr"#.utf8))
    #expect(try framer.nextElement())
    let run = framer.nextRun(maximumBytes: 1 << 20)
    #expect(run?.starts.count == 1)
    let next = framer.nextRun(maximumBytes: 1 << 20)
    #expect(next == nil)
    #expect(try framer.nextElement() == false)
    framer.feed(Array(#"ee"}]}"#.utf8))
    #expect(try framer.nextElement())
    #expect(String(decoding: framer.element, as: UTF8.self) == #"{"c": "three"}"#)
  }
}

@Suite("Streaming line counts")
struct LineFeedCountTests {
  @Test func lineFeedsAreCountedInLongRuns() {
    for length in [2_040, 2_047, 2_048, 4_096 + 5, 100_003] {
      let bytes = [UInt8](repeating: 0x0A, count: length)
      let all = bytes.withUnsafeBufferPointer { LineCounter.lineFeeds(in: $0, 0..<length) }
      #expect(all.count == length && all.lastLineStart == length)
      let part = bytes.withUnsafeBufferPointer { LineCounter.lineFeeds(in: $0, 3..<length - 1) }
      #expect(part.count == length - 4 && part.lastLineStart == length - 1)
    }
  }

  @Test func charactersAreCountedInLongRuns() {
    // More words than one lane count holds (255), every byte a
    // continuation byte but the first of each sequence.
    for length in [2_040, 2_047, 2_048, 4_096 + 5, 100_003] {
      let bytes = (0..<length).map { $0 % 4 == 0 ? UInt8(0xF0) : UInt8(0x80) }
      let counted = bytes.withUnsafeBufferPointer { LineCounter.characters(in: $0, 0..<length) }
      #expect(counted == (length + 3) / 4)
    }
  }

  @Test func lineFeedsAndCharactersAreCountedInEveryWordAndTail() {
    // Line feeds and UTF-8 continuation bytes (10xxxxxx) at every position
    // of a word, among bytes that differ from them in one bit (0x0B, 0x08,
    // 0x8A, 0xC0, 0x40) or have the high bit set.
    let alphabet: [UInt8] = [
      0x0A, 0x0B, 0x08, 0x8A, 0x20, 0xFF, 0x00, 0x0A, 0x80, 0xBF, 0xC0, 0x40,
    ]
    var generator = SystemRandomNumberGenerator()
    let perLength = max(1, fuzzCount(default: 2_000) / 40)
    for length in 0..<40 {
      for _ in 0..<perLength {
        let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        for start in 0...min(length, 9) {
          for end in max(start, length - 9)...length {
            let slice = bytes[start..<end]
            let feeds = bytes.withUnsafeBufferPointer {
              LineCounter.lineFeeds(in: $0, start..<end)
            }
            #expect(feeds.count == slice.filter { $0 == 0x0A }.count)
            #expect(feeds.lastLineStart == slice.lastIndex(of: 0x0A).map { $0 + 1 })
            let characters = bytes.withUnsafeBufferPointer {
              LineCounter.characters(in: $0, start..<end)
            }
            #expect(characters == slice.filter { $0 & 0xC0 != 0x80 }.count)
          }
        }
      }
    }
  }
}
