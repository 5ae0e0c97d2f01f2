import CodixTestSupport
import Foundation
import Testing

@testable import CodixCore

// The reader reads a scanned document's tape in place: the scan seals the
// tape, which consumes it (so nothing writes to it after), and hands its
// entries to the document, which frees them.

/// A dense document makes the tape grow several times while it is scanned
/// (it starts at one entry per eight bytes of the document): the reader
/// reads the entries where the sealed tape ended up.
@Test func aTapeThatGrewIsReadWhereItEndedUp() throws {
  let values = (0..<10_000).map { $0 % 10 }
  let json = Data(("[" + values.map(String.init).joined(separator: ",") + "]").utf8)
  #expect(try CodixJSONDecoder().decode([Int].self, from: json) == values)
}

/// Reads the keys of a wide object out of the document's order, so that a
/// lookup resumes after the last one found and wraps around to the start;
/// one key it asks for is missing.
private struct OutOfOrder: Decodable, Equatable {
  let values: [Int?]
  static let order = ["k19", "k3", "k18", "k0", "nope", "k10", "k9", "long", "k3"]
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodixKey.self)
    values = try Self.order.map { name in
      let key = CodixKey(name == "long" ? String(repeating: "x", count: 300) : name)
      return try container.decodeIfPresent(Int.self, forKey: key)
    }
  }
}

@Test func lookupsInAWideObjectResumeAndWrapAroundAsJSONDecoderFinds() throws {
  let members = (0..<20).map { #""k\#($0)": \#($0)"# }
  for extra in ["", #", "k3": 33"#, #", "\#(String(repeating: "x", count: 300))": 300"#] {
    let json = Data(("{" + members.joined(separator: ", ") + extra + "}").utf8)
    // Every route gives JSONDecoder's value (the helper compares them).
    let outcomes = outcomesOnEveryRoute(OutOfOrder.self, from: json)
    let expected = try #require(try outcomes.first?.result.get())
    #expect(outcomes.first?.route == .plain)
    #expect(expected.values[0] == 19 && expected.values[4] == nil)
  }
}

/// Indentation after a line feed is skipped eight spaces at a time: every
/// count of spaces, at the end of the document too, and the place of a bad
/// byte after them.
@Test func indentationOfEveryWidthIsSkipped() throws {
  struct One: Decodable, Equatable { let a: Int }
  for width in 0...20 {
    let pad = String(repeating: " ", count: width)
    let json = Data("{\n\(pad)\"a\":\n\(pad)1\n\(pad)}\n\(pad)".utf8)
    for outcome in outcomesOnEveryRoute(One.self, from: json) {
      #expect(try outcome.result.get() == One(a: 1), "\(outcome.route)")
    }
    do {
      _ = try JSONDecoder().decode(One.self, from: Data("{\n\(pad)x}".utf8), at: "")
      Issue.record("decoded a document with a bad byte")
    } catch let error as CodixError {
      #expect(error.location?.line == 2 && error.location?.column == width + 1, "\(error)")
    }
  }
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
    // Every route fails (each says so in its own words: a malformed
    // document's report differs by route by design).
    for route in Route.allCases {
      #expect(throws: (any Error).self, "\(route)") {
        try route.decode(Text.self, from: json, using: JSONDecoder())
      }
    }
    do {
      _ = try JSONDecoder().decode(Text.self, from: json, at: "")
      Issue.record("decoded \(body.debugDescription)")
    } catch let error as CodixError {
      #expect(error.location?.column == 10, "\(error)")
      #expect("\(error)".contains("control character byte \(byte)"), "\(error)")
    }
  }
  let json = Data(#"{"text": "caf\u00e9 caf\#u{E9}"}"#.utf8)
  for outcome in outcomesOnEveryRoute(Text.self, from: json) {
    #expect(try outcome.result.get().text == "caf\u{E9} caf\u{E9}", "\(outcome.route)")
  }
}
