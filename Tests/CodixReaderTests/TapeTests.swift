import Foundation
import Testing

@testable import CodixCore

// The reader reads a scanned document's tape in place: once sealed, the tape
// must never move its entries, so a write that would grow it stops the
// process in every build.

#if os(macOS) || os(Linux) || os(Windows)
  // Exit tests run where a test can start a process of its own.
  @Test func aSealedTapeTrapsRatherThanGrow() async {
    await #expect(processExitsWith: .failure) {
      let tape = JSONTape(expectedEntries: 16)
      _ = tape.seal()
      for _ in 0...16 { tape.append(0) }
    }
  }
#endif

@Test func aSealedTapeKeepsItsEntriesWhereTheyWere() {
  let tape = JSONTape(expectedEntries: 16)
  for word in 0..<10 { tape.append(UInt64(word)) }
  let (entries, count) = tape.seal()
  #expect(count == 10)
  #expect((0..<count).map { entries[$0] } == (0..<10).map(UInt64.init))
  // Writes that fit the storage do not move it.
  tape.append(10)
  #expect(tape.seal().entries == entries)
}

/// A string with a byte below 0x20 fails, naming that byte, whether it also
/// has bytes above 0x7F or escapes (the scan notes the byte; reading the
/// string looks for it only then), and one without such a byte reads.
@Test func aControlByteInAStringIsFoundWhereverItIs() throws {
  struct Text: Decodable { let text: String }
  for (body, byte) in [
    ("caf\u{E9} \u{01}x", "0x01"), ("\u{01}caf\u{E9}", "0x01"), ("caf\u{E9}\\n\u{1F}", "0x1F"),
    ("ab\u{09}", "0x09"),
  ] {
    let json = Data(#"{"text": "\#(body)"}"#.utf8)
    #expect(throws: (any Error).self) { try JSONDecoder().decode(Text.self, from: json) }
    do {
      _ = try JSONDecoder().decode(Text.self, from: json, at: "")
      Issue.record("decoded \(body.debugDescription)")
    } catch let error as CodixError {
      #expect(error.location?.column == 10, "\(error)")
      #expect("\(error)".contains("control character byte \(byte)"), "\(error)")
    }
  }
  let json = Data(#"{"text": "caf\u00e9 caf\#u{E9}"}"#.utf8)
  #expect(try CodixJSONDecoder().decode(Text.self, from: json).text == "caf\u{E9} caf\u{E9}")
}
