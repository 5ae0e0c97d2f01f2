import Foundation
import Testing

@testable import CodixCore

// The path style's container cache (KeyedContainerCache.swift): inside a
// Codix scope, the keyed container of a decoder's value is opened once and
// reused while the decoder stays at that value; when the scope ends, the
// cache holds nothing. Outside any scope nothing is cached.

/// Whether two path reads of one value in a row were handed one container,
/// and whether the thread holds an entry after them.
private struct Twice: Decodable {
  let same: Bool
  let held: Bool
  init(from decoder: any Decoder) throws {
    let first = try KeyedContainerCache.entry(for: decoder)
    let second = try KeyedContainerCache.entry(for: decoder)
    same = first === second
    held = KeyedContainerCache.holdsEntry
  }
}

@Test func aContainerIsReusedInsideAScopeOnly() throws {
  let data = Data(#"{"a": 1}"#.utf8)
  let inside = try KeyedContainerCache.scope { try JSONDecoder().decode(Twice.self, from: data) }
  #expect(inside.same)
  #expect(inside.held)
  #expect(!KeyedContainerCache.holdsEntry)
  let outside = try JSONDecoder().decode(Twice.self, from: data)
  #expect(!outside.same)
  #expect(!outside.held)
}

@Test func nestedScopesEmptyTheCacheWhenTheOutermostEnds() throws {
  let data = Data(#"{"a": 1}"#.utf8)
  try KeyedContainerCache.scope {
    try KeyedContainerCache.scope { _ = try JSONDecoder().decode(Twice.self, from: data) }
    #expect(KeyedContainerCache.holdsEntry)
  }
  #expect(!KeyedContainerCache.holdsEntry)
}

// Positions are told apart by the decoder object and its coding path, both
// public: sibling objects that look alike get their own containers.
@Test func siblingObjectsGetTheirOwnContainers() throws {
  struct Item: Decodable, Equatable {
    let id: Int
    let name: String
    init(from decoder: any Decoder) throws {
      id = try KeyedContainerCache.entry(for: decoder).container.decode(
        Int.self, forKey: CodixKey("id"))
      name = try KeyedContainerCache.entry(for: decoder).container.decode(
        String.self, forKey: CodixKey("name"))
    }
  }
  let data = Data(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}]"#.utf8)
  let items = try KeyedContainerCache.scope { try JSONDecoder().decode([Item].self, from: data) }
  #expect(items.map(\.id) == [1, 2, 3])
  #expect(items.map(\.name) == ["a", "b", "c"])
}

// KeySpelling tells a decoder's key strategy from its public behaviour (how
// it describes a missing key), never from its memory.
@Test func theDecodersKeyStrategyIsTold() throws {
  struct Sample: Decodable {
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
  #expect(try snake.decode(Sample.self, from: snakeKeys).converts)
  #expect(try !JSONDecoder().decode(Sample.self, from: snakeKeys).converts)
  // An object with no key that converts tells nothing: no respelling.
  #expect(try !snake.decode(Sample.self, from: Data(#"{"id": 1}"#.utf8)).converts)
  #expect(
    try !PropertyListDecoder().decode(
      Sample.self, from: PropertyListEncoder().encode(["first_name": 1])
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
  struct Sample: Decodable {
    let zip: String
    init(from decoder: any Decoder) throws {
      let nested = try KeyedContainerCache.entry(for: decoder).nested("user_info")
      zip = try nested.container.decode(String.self, forKey: CodixKey("zipCode"))
    }
  }
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let sample = try decoder.decode(
    Sample.self, from: Data(#"{"user_info": {"zip_code": "1000"}}"#.utf8))
  #expect(sample.zip == "1000")
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
  for scoped in [false, true] {
    let decode = { try JSONDecoder().decode([Branch].self, from: data) }
    let branches = try scoped ? KeyedContainerCache.scope(decode) : decode()
    #expect(branches.map(\.id) == Array(0..<20))
    #expect(branches.map(\.left) == (0..<20).map { Leaf(name: "l\($0)", zip: $0) })
    #expect(branches.map(\.right) == (0..<20).map { Leaf(name: "r\($0)", zip: -$0) })
  }
}
