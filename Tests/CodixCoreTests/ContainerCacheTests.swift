import Foundation
import Testing

@testable import CodixCore

/// Records whether the decoder's position is read from its coding-path node.
private struct Probe: Decodable {
  let byNode: Bool
  init(from decoder: any Decoder) throws {
    byNode = KeyedContainerCache.tellsPositionsByNode(decoder)
  }
}

// If Foundation's JSON decoder changes shape, the cache falls back to comparing
// coding paths: still correct, several times slower. This test says so loudly.
@Test func foundationsJSONDecoderPositionsAreReadFromTheNode() throws {
  let probe = try JSONDecoder().decode(Probe.self, from: Data("{}".utf8))
  #expect(probe.byNode)
}

@Test func otherDecodersAreNotReadFromTheNode() throws {
  let plist = try PropertyListEncoder().encode(["a": 1])
  let probe = try PropertyListDecoder().decode(Probe.self, from: plist)
  #expect(!probe.byNode)
}

@Test func aReusedContainerIsTheSameObject() throws {
  struct Twice: Decodable {
    let same: Bool
    init(from decoder: any Decoder) throws {
      let first = try KeyedContainerCache.entry(for: decoder)
      let second = try KeyedContainerCache.entry(for: decoder)
      same = first === second
    }
  }
  #expect(try JSONDecoder().decode(Twice.self, from: Data(#"{"a": 1}"#.utf8)).same)
}
