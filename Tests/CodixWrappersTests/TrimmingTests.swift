import CodixTestSupport
import Foundation
import Testing

@testable import CodixWrappers

// `.trimmed` and `.trimmedNilIfEmpty` trim without Foundation's bridge to
// NSString; the answers must be Foundation's, character for character.

@Test func everyASCIIByteIsTrimmedAsFoundationTrimsIt() {
  for byte in UInt8(0)...0x7F {
    let scalar = Unicode.Scalar(byte)
    let text = "\(Character(scalar))a\(Character(scalar))"
    #expect(
      WhiteSpace.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
      "byte \(byte)")
  }
}

@Test func trimmingGivesFoundationsAnswerForGeneratedStrings() {
  // Every white-space scalar Unicode has, and neighbours that are not white
  // space: other controls, no-break joiners, combining marks, a "\r\n"
  // grapheme, emoji with modifiers, letters outside ASCII.
  let pieces: [String] = [
    "\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
    "\u{2005}", "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
    "\r\n", "\u{1C}", "\u{1F}", "\u{200B}", "\u{FEFF}", "\u{301}", "a", "Z", "0", ".", "é",
    "e\u{301}", "漢", "👍🏽", "👩‍👩‍👧", "\u{0}",
  ]
  var random = SplitMix64(state: 0x7269_6D6D_6564)
  var compared = 0
  for _ in 0..<20_000 {
    let count = Int.random(in: 0...6, using: &random)
    let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(WhiteSpace.trimmed(text) == expected, "\(Array(text.unicodeScalars))")
    compared += 1
  }
  #expect(compared == 20_000)
}

private struct Trimmed: Kodable {
  @Coding(.trimmed) var name: String
  @Coding(.trimmed) var note: String?
  @Coding(.trimmedNilIfEmpty) var nickname: String?
}

@Test func theTrimmingModifiersUseIt() throws {
  let value = try Trimmed.decode(
    from: Data(#"{"name": " Ana\u2003", "note": "\n ok \t", "nickname": " \u00a0 "}"#.utf8))
  #expect(value.name == "Ana")
  #expect(value.note == "ok")
  #expect(value.nickname == nil)
}
