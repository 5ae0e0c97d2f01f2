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

// The probe of the coding-path node is proven on a canned document before
// the cache trusts it; a probe reading any other field is refused.
@Test func theNodeProbeIsProvenOnACannedDocument() throws {
  let decoderType = try #require(
    try JSONDecoder().decode(DecoderType.self, from: Data("{}".utf8)).type)
  let probe = try #require(NodeProbe(decoderType))
  #expect(probe.provenOnJSONDecoder(decoderType) != nil)
}

@Test func aProbeOfAnotherFieldIsRefused() throws {
  let decoderType = try #require(
    try JSONDecoder().decode(DecoderType.self, from: Data("{}".utf8)).type)
  let others = Reflection.storedProperties(of: decoderType).filter {
    $0.name != "codingPathNode" && $0.offset % MemoryLayout<UInt>.alignment == 0
  }
  #expect(!others.isEmpty)
  for field in others {
    let wrong = NodeProbe(offset: field.offset, reading: field.type)
    #expect(wrong.provenOnJSONDecoder(decoderType) == nil, "field \(field.name)")
  }
}

/// The type of the decoder objects a `JSONDecoder` hands to `init(from:)`.
private struct DecoderType: Decodable {
  let type: (any Decoder.Type)?
  init(from decoder: any Decoder) throws {
    type = Swift.type(of: decoder)
  }
}

// The fallback a Foundation of another shape gets: coding paths compared.
// Same values, also for sibling objects that look alike.
@Test func theCodingPathFallbackDecodesTheSameValues() throws {
  struct Item: Decodable, Equatable {
    let id: Int
    let name: String
    let byCodingPath: Bool
    let byNode: Bool
    init(from decoder: any Decoder) throws {
      byNode = KeyedContainerCache.tellsPositionsByNode(decoder)
      let container = try KeyedContainerCache.container(for: decoder)
      id = try container.decode(Int.self, forKey: CodixKey("id"))
      name = try KeyedContainerCache.container(for: decoder).decode(
        String.self, forKey: CodixKey("name"))
      byCodingPath = KeyedContainerCache.holdsEntryByCodingPath
    }
  }
  let data = Data(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}]"#.utf8)
  let items = try KeyedContainerCache.comparingCodingPaths {
    try JSONDecoder().decode([Item].self, from: data)
  }
  #expect(items.map(\.id) == [1, 2, 3])
  #expect(items.map(\.name) == ["a", "b", "c"])
  #expect(items.allSatisfy { $0.byCodingPath })
  // Outside, the same decode tells positions by the node again, where the
  // node can be read (not on the older Foundation of macOS 13).
  let again = try JSONDecoder().decode([Item].self, from: data)
  #expect(again.allSatisfy { $0.byCodingPath != $0.byNode })
}

// KeySpelling reads the decoder's key strategy through the reflection seam,
// proven on canned decodes: on this toolchain it must work (else explicit
// snake-case keys under .convertFromSnakeCase go unfound again).
@Test func theDecodersKeyStrategyIsRead() throws {
  struct Probe: Decodable {
    let converts: Bool
    init(from decoder: any Decoder) throws { converts = KeySpelling.convertsFromSnakeCase(decoder) }
  }
  let snake = JSONDecoder()
  snake.keyDecodingStrategy = .convertFromSnakeCase
  #expect(try snake.decode(Probe.self, from: Data("{}".utf8)).converts)
  #expect(try !JSONDecoder().decode(Probe.self, from: Data("{}".utf8)).converts)
  let custom = JSONDecoder()
  custom.keyDecodingStrategy = .custom { $0.last! }
  #expect(try !custom.decode(Probe.self, from: Data("{}".utf8)).converts)
  #expect(
    try !PropertyListDecoder().decode(
      Probe.self, from: PropertyListEncoder().encode([String: Int]())
    ).converts)
}

// Decoders the cache does not keep containers for (here, the property-list
// decoder) open them per read; a dotted path then walks from a container
// that only the read itself holds.
@Test func dottedPathsReadThroughADecoderWithoutCaching() throws {
  struct Town: Decodable, Equatable {
    let name: String
    let zip: String
  }
  struct Person: Decodable, Equatable {
    let id: Int
    let city: String
    let zip: Int
    let street: String
    let town: Town
    init(from decoder: any Decoder) throws {
      id = try Navigator.decodeRequired(Int.self, at: "id", in: decoder)
      city = try Navigator.decodeRequired(String.self, at: "address.city", in: decoder)
      zip = try Navigator.decodeRequired(Int.self, at: "address.zip", in: decoder)
      street = try Navigator.decodeRequired(String.self, at: "address.lines.first", in: decoder)
      town = try Navigator.decodeRequired(Town.self, at: "address.town", in: decoder)
    }
  }
  let people: [[String: Any]] = (0..<50).map { index in
    [
      "id": index,
      "address": [
        "city": "City \(index)", "zip": 1000 + index, "lines": ["first": "\(index) Main St"],
        "town": ["name": "Town \(index)", "zip": "Z\(index)"],
      ],
    ]
  }
  let plist = try PropertyListSerialization.data(
    fromPropertyList: people, format: .binary, options: 0)
  let decoded = try PropertyListDecoder().decode([Person].self, from: plist)
  #expect(decoded.count == 50)
  for (index, person) in decoded.enumerated() {
    #expect(person.id == index)
    #expect(person.city == "City \(index)")
    #expect(person.zip == 1000 + index)
    #expect(person.street == "\(index) Main St")
    #expect(person.town == Town(name: "Town \(index)", zip: "Z\(index)"))
  }
}

// Under .convertFromSnakeCase the decoder stores "user_info" as "userInfo":
// the cache opens the object under the decoder's spelling itself (a dotted
// read would otherwise fall back to the slower general walk, with the same
// value, so only the entry shows it).
@Test func aNestedEntryIsOpenedUnderTheDecodersSpelling() throws {
  struct Probe: Decodable {
    let zip: String
    init(from decoder: any Decoder) throws {
      let nested = try KeyedContainerCache.entry(for: decoder).nested("user_info")
      zip = try nested.container.decode(String.self, forKey: CodixKey("zipCode"))
    }
  }
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let probe = try decoder.decode(
    Probe.self, from: Data(#"{"user_info": {"zip_code": "1000"}}"#.utf8))
  #expect(probe.zip == "1000")
}
