import CodixPath
import CodixWrappers
import Foundation
import Testing

// After a decode returns, nothing of Codix's holds the decoder that read the
// document (and with it Foundation's map of the document, or the reader's
// tape): JSONDecoder would otherwise copy its input before returning, and
// the thread would keep the copy.

/// The decoder a model was read with, held weakly.
private final class DecoderSpy: @unchecked Sendable {
  // Unchecked: each test uses its own spy on one thread.
  weak var decoder: AnyObject?
  static let key = CodingUserInfoKey(rawValue: "decoderSpy")!

  static func record(_ decoder: any Decoder) {
    (decoder.userInfo[key] as? DecoderSpy)?.decoder = decoder as AnyObject
  }
}

private struct PathUser: Decodable {
  let id: Int
  let city: String
  init(from decoder: any Decoder) throws {
    DecoderSpy.record(decoder)
    id = try decoder.decode(at: "id")
    city = try decoder.decode(at: "address.city")
  }
}

private struct WrapperUser: Kodable {
  @Coding var id: Int
  @Coding("address.city") var city: String
  var nickname = ""

  mutating func didDecode(from decoder: any Decoder) throws {
    DecoderSpy.record(decoder)
    nickname = try decoder.decode(at: "nick", default: "none")
  }
}

private let users = Data(
  #"[{"id": 1, "address": {"city": "Oslo"}, "nick": "a"}, {"id": 2, "address": {"city": "Rome"}}]"#
    .utf8)

@Test(arguments: ["plain", "entry point", "entry point through Foundation", "CodixJSONDecoder"])
func noDecoderOutlivesTheDecode(route: String) throws {
  let spy = DecoderSpy()
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let json = JSONDecoder()
    json.userInfo[DecoderSpy.key] = spy
    switch route {
    case "plain": return try json.decode(type, from: users)
    case "entry point": return try json.decode(type, from: users, at: "")
    case "entry point through Foundation":
      json.userInfo[.codixReadsThroughFoundation] = true
      return try json.decode(type, from: users, at: "")
    default: return try CodixJSONDecoder(json).decode(type, from: users)
    }
  }
  do {
    let decoded = try decode([PathUser].self)
    #expect(decoded.map(\.city) == ["Oslo", "Rome"])
  }
  #expect(spy.decoder == nil)
  do {
    let decoded = try decode([WrapperUser].self)
    #expect(decoded.map(\.nickname) == ["a", "none"])
  }
  #expect(spy.decoder == nil)
}
