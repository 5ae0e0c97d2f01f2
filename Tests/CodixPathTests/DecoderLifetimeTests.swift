import CodixPath
import Foundation
import Testing

// What the path style's per-thread container cache keeps alive after a decode.

private final class Spy: @unchecked Sendable {
  // Unchecked: each test uses its own spy on one thread.
  weak var decoder: AnyObject?
}

private struct Watched: Decodable {
  static let spyKey = CodingUserInfoKey(rawValue: "spy")!
  let id: Int
  let name: String
  init(from decoder: any Decoder) throws {
    (decoder.userInfo[Self.spyKey] as? Spy)?.decoder = decoder as AnyObject
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "name")
  }
}

private func watchingDecoder(_ spy: Spy) -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.userInfo[Watched.spyKey] = spy
  return decoder
}

private let document = Data(#"{"data": {"id": 1, "name": "a"}}"#.utf8)

@Test func codixEntryPointsReleaseTheDecoderWhenTheyReturn() throws {
  let spy = Spy()
  let value = try watchingDecoder(spy).decode(Watched.self, from: document, at: "data")
  #expect(value.id == 1)
  #expect(spy.decoder == nil)
}

// A plain `JSONDecoder().decode` gives Codix no call at its end: the thread
// keeps the last decoder it read path-style values from until its next
// path-style decode (Docs/Platforms.md). Never more than that one.
@Test func aPlainDecodeKeepsOnlyTheLastDecoderOfTheThread() throws {
  let first = Spy()
  let inner = Data(#"{"id": 1, "name": "a"}"#.utf8)
  _ = try watchingDecoder(first).decode(Watched.self, from: inner)
  let second = Spy()
  _ = try watchingDecoder(second).decode(Watched.self, from: inner)
  #expect(first.decoder == nil)
  _ = try JSONDecoder().decode(Watched.self, from: document, at: "data")
  #expect(second.decoder == nil)
}
