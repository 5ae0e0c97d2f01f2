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

// Positions are read from the decoder's node exactly when the node's field
// is found and probes are not refused (`CODIX_REFUSE_PROBES=1`). A Foundation
// without the field (macOS 13's) compares coding paths instead, with the
// same values (`theCodingPathFallbackDecodesTheSameValues`).
@Test func foundationsJSONDecoderPositionsAreReadFromTheNodeWhenItIsThere() throws {
  let decoderType = try #require(
    try JSONDecoder().decode(DecoderType.self, from: Data("{}".utf8)).type)
  let probe = try JSONDecoder().decode(Probe.self, from: Data("{}".utf8))
  #expect(probe.byNode == (!Probes.refused && NodeProbe(decoderType) != nil))
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
// the cache trusts it; a probe reading any other field is refused. Where
// the field does not exist (macOS 13), there is nothing to prove: the
// check is that no probe is found.
@Test func theNodeProbeIsProvenOnACannedDocument() throws {
  let decoderType = try #require(
    try JSONDecoder().decode(DecoderType.self, from: Data("{}".utf8)).type)
  guard let probe = NodeProbe(decoderType) else {
    #expect(!KeyedContainerCache.tellsPositionsByNode(JSONDecoderStandIn()))
    return
  }
  #expect(probe.provenOnJSONDecoder(decoderType) != nil)
}

/// A decoder that is not Foundation's.
private struct JSONDecoderStandIn: Decoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw CodixError(.typeMismatch, at: .root)
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw CodixError(.typeMismatch, at: .root)
  }
  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw CodixError(.typeMismatch, at: .root)
  }
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

// KeySpelling tells a decoder's key strategy from its public behaviour (how
// it describes a missing key), never from its memory: the same answers with
// probes refused.
@Test func theDecodersKeyStrategyIsTold() throws {
  struct Probe: Decodable {
    let converts: Bool
    init(from decoder: any Decoder) throws {
      converts = KeySpelling.convertsFromSnakeCase(
        decoder, in: try decoder.container(keyedBy: CodixKey.self),
        written: { KeySpelling.writtenKeys(of: decoder) })
    }
  }
  let snakeKeys = Data(#"{"id": 1, "first_name": "a"}"#.utf8)
  let snake = JSONDecoder()
  snake.keyDecodingStrategy = .convertFromSnakeCase
  #expect(try snake.decode(Probe.self, from: snakeKeys).converts)
  #expect(try !JSONDecoder().decode(Probe.self, from: snakeKeys).converts)
  // An object with no key that converts tells nothing: no respelling.
  #expect(try !snake.decode(Probe.self, from: Data(#"{"id": 1}"#.utf8)).converts)
  #expect(
    try !PropertyListDecoder().decode(
      Probe.self, from: PropertyListEncoder().encode(["first_name": 1])
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

// Path reads whose values are path-style models themselves: each nested
// decode replaces the thread's entry while the outer read's walk still holds
// the entries it passes through (counted references, checked under the
// address sanitizer in CI).
@Test func nestedPathStyleModelsReenterTheCacheSafely() throws {
  struct Leaf: Decodable, Equatable {
    let name: String
    let zip: Int
    init(name: String, zip: Int) {
      self.name = name
      self.zip = zip
    }
    init(from decoder: any Decoder) throws {
      name = try Navigator.decodeRequired(String.self, at: "info.name", in: decoder)
      zip = try Navigator.decodeRequired(Int.self, at: "info.address.zip", in: decoder)
    }
  }
  struct Branch: Decodable {
    let left: Leaf
    let right: Leaf
    let id: Int
    init(from decoder: any Decoder) throws {
      left = try Navigator.decodeRequired(Leaf.self, at: "pair.left", in: decoder)
      right = try Navigator.decodeRequired(Leaf.self, at: "pair.right", in: decoder)
      id = try Navigator.decodeRequired(Int.self, at: "meta.id", in: decoder)
    }
  }
  func leaf(_ name: String, _ zip: Int) -> String {
    #"{"info": {"name": "\#(name)", "address": {"zip": \#(zip)}}}"#
  }
  let items = (0..<20).map { index in
    let left = leaf("l\(index)", index)
    let right = leaf("r\(index)", -index)
    return #"{"pair": {"left": \#(left), "right": \#(right)}, "meta": {"id": \#(index)}}"#
  }
  let data = Data("[\(items.joined(separator: ","))]".utf8)
  let branches = try JSONDecoder().decode([Branch].self, from: data)
  #expect(branches.map(\.id) == Array(0..<20))
  #expect(branches.map(\.left) == (0..<20).map { Leaf(name: "l\($0)", zip: $0) })
  #expect(branches.map(\.right) == (0..<20).map { Leaf(name: "r\($0)", zip: -$0) })
}
