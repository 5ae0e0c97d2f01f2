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
    let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      Array(WhiteSpace.trimmed(text).unicodeScalars) == Array(expected.unicodeScalars),
      "byte \(byte)")
  }
}

@Test func trimmingGivesFoundationsAnswerForGeneratedStrings() {
  // The scalars of Unicode's space separators and line breaks, controls
  // around them, U+200B (white space to Foundation's set), U+FEFF and
  // U+180E (which sets differ on), combining marks, a "\r\n" grapheme,
  // emoji with modifiers, letters outside ASCII. Compared scalar by scalar:
  // `==` on strings would accept a canonically equivalent answer.
  var pieces: [String] = [
    "\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{180E}",
    "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\r\n", "\u{1C}", "\u{1F}",
    "\u{FEFF}", "\u{301}", "a", "Z", "0", ".", "é", "e\u{301}", "漢", "👍🏽", "👩‍👩‍👧", "\u{0}",
  ]
  pieces += (0x2000...0x200B).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
  var random = SplitMix64(state: 0x7269_6D6D_6564)
  for _ in 0..<20_000 {
    let count = Int.random(in: 0...6, using: &random)
    let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      Array(WhiteSpace.trimmed(text).unicodeScalars) == Array(expected.unicodeScalars),
      "\(Array(text.unicodeScalars))")
  }
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
