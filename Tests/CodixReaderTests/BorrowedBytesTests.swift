import Foundation
import Testing

@testable import CodixCore

// The reader reads a UTF-8 document where the caller's Data keeps it, and
// copies the bytes only when a decoder outlives the decode.

/// Records whether the document's bytes were the reader's own copy while
/// it decoded.
private struct CopyWitness: Decodable {
  let copied: Bool?
  let name: String
  init(from decoder: any Decoder) throws {
    copied = (decoder as? JSONReader)?.document.storage.ownsBytes
    name = try decoder.container(keyedBy: CodixKey.self).decode(
      String.self, forKey: CodixKey("name"))
  }
}

/// A value that keeps the decoder it was decoded with.
private final class Keeper: Decodable {
  let decoder: any Decoder
  init(from decoder: any Decoder) throws { self.decoder = decoder }
}

@Test func aUTF8DocumentIsReadWithoutACopy() throws {
  let data = Data(#"{"name": "Ada", "padding": "\#(String(repeating: "x", count: 64))"}"#.utf8)
  let witness = try CodixJSONDecoder().decode(CopyWitness.self, from: data)
  #expect(witness.copied == false)
  #expect(witness.name == "Ada")
  // Converted documents own their bytes from the start.
  let utf16 = try #require(#"{"name": "Ada"}"#.data(using: .utf16BigEndian))
  #expect(try CodixJSONDecoder().decode(CopyWitness.self, from: utf16).copied == true)
}

@Test func aDecoderThatOutlivesTheDecodeReadsItsOwnCopy() throws {
  var data = Data(
    #"{"name": "Ada", "age": 36, "padding": "\#(String(repeating: "x", count: 64))"}"#.utf8)
  let keeper = try CodixJSONDecoder().decode(Keeper.self, from: data)
  // The caller's bytes change (in place: nothing else shares them now).
  data.withUnsafeMutableBytes { bytes in
    for index in bytes.indices { bytes[index] = UInt8(ascii: " ") }
  }
  let container = try keeper.decoder.container(keyedBy: CodixKey.self)
  #expect(try container.decode(String.self, forKey: CodixKey("name")) == "Ada")
  #expect(try container.decode(Int.self, forKey: CodixKey("age")) == 36)
}

@Test func entryPointsBorrowTheBytesToo() throws {
  let data = Data(#"{"user": {"name": "Ada"}}"#.utf8)
  let witness = try JSONDecoder().decode(CopyWitness.self, from: data, at: "user")
  #expect(witness.copied == false)
  #expect(witness.name == "Ada")
}

@Test func aDecoderKeptThroughAnEntryPointReadsItsOwnCopy() throws {
  var data = Data(
    #"{"name": "Ada", "age": 36, "padding": "\#(String(repeating: "x", count: 64))"}"#.utf8)
  // Codix's entry point, at the root: the kept decoder stands there after
  // the decode, as a kept decoder of JSONDecoder's stands where its decoder
  // is when read.
  let keeper = try JSONDecoder().decode(Keeper.self, from: data, at: "")
  data.withUnsafeMutableBytes { bytes in
    for index in bytes.indices { bytes[index] = UInt8(ascii: " ") }
  }
  let container = try keeper.decoder.container(keyedBy: CodixKey.self)
  #expect(try container.decode(String.self, forKey: CodixKey("name")) == "Ada")
  #expect(try container.decode(Int.self, forKey: CodixKey("age")) == 36)
}

@Test func aDecoderKeptByAStreamedElementReadsItsOwnCopy() async throws {
  // Chunks of 5 bytes cut every element, so each is read from the framer's
  // buffer, which the next element reuses.
  let json = Data(#"{"items": [{"name": "Ada", "age": 36}, {"name": "Bo", "age": 7}]}"#.utf8)
  var keepers: [Keeper] = []
  for try await keeper in CodixJSONDecoder().elements(
    of: Keeper.self, at: "items[*]", in: CodixJSONBytes(json, chunkSize: 5))
  {
    keepers.append(keeper)
  }
  #expect(keepers.count == 2)
  for (keeper, (name, age)) in zip(keepers, [("Ada", 36), ("Bo", 7)]) {
    let container = try keeper.decoder.container(keyedBy: CodixKey.self)
    #expect(try container.decode(String.self, forKey: CodixKey("name")) == name)
    #expect(try container.decode(Int.self, forKey: CodixKey("age")) == age)
  }
}
