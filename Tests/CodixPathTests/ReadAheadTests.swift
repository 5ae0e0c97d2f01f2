import CodixPath
import CodixTestSupport
import Foundation
import Testing

// Path-style models decoded by a plain `JSONDecoder().decode` read their
// scalars ahead: the first instance's reads become a plan, and each later
// instance's first read reads the whole plan at once (ReadAhead.swift).
// Every value must still be the one its own read gives, whatever the reads
// of an instance are, and every error the one the read throws.

private struct Row: Decodable, Equatable {
  let id: Int
  let name: String
  let city: String
  let score: Double
  let active: Bool

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "name")
    city = try decoder.decode(at: "address.city")
    score = try decoder.decode(at: "score")
    active = try decoder.decode(at: "is_active")
  }

  init(id: Int) {
    self.id = id
    name = "name \(id)"
    city = "city \(id)"
    score = Double(id) / 4
    active = id.isMultiple(of: 2)
  }

  var json: String {
    #"{"id": \#(id), "name": "\#(name)", "address": {"city": "\#(city)"}, "score": \#(score), "is_active": \#(active)}"#
  }
}

private func data(_ text: String) -> Data { Data(text.utf8) }

@Test func everyElementGetsItsOwnValues() throws {
  let rows = (0..<40).map(Row.init(id:))
  let document = data("[" + rows.map(\.json).joined(separator: ",") + "]")
  #expect(try decodeOnEveryRoute([Row].self, from: document) == rows)
  // Twice on one thread: the second decode reads its own document.
  let others = (100..<140).map(Row.init(id:))
  let second = data("[" + others.map(\.json).joined(separator: ",") + "]")
  #expect(try JSONDecoder().decode([Row].self, from: second) == others)
}

/// A model whose reads depend on what it read first.
private struct Shape: Decodable, Equatable {
  let kind: String
  let radius: Double?
  let width: Double?
  let label: String

  init(from decoder: any Decoder) throws {
    kind = try decoder.decode(at: "kind")
    if kind == "circle" {
      radius = try decoder.decode(at: "radius")
      width = nil
    } else {
      width = try decoder.decode(at: "size.width")
      radius = nil
    }
    label = kind == "dot" ? "" : try decoder.decode(at: "label")
  }
}

@Test func readsThatDependOnTheValuesGetTheirOwnValues() throws {
  let document = data(
    """
    [{"kind": "circle", "radius": 1, "label": "a"},
     {"kind": "square", "size": {"width": 2}, "label": "b"},
     {"kind": "circle", "radius": 3, "label": "c"},
     {"kind": "dot", "size": {"width": 0}},
     {"kind": "circle", "radius": 5, "label": "e"},
     {"kind": "square", "size": {"width": 6}, "label": "f"}]
    """)
  let shapes = try decodeOnEveryRoute([Shape].self, from: document)
  #expect(shapes.map(\.label) == ["a", "b", "c", "", "e", "f"])
  #expect(shapes.map(\.radius) == [1, nil, 3, nil, 5, nil])
  #expect(shapes.map(\.width) == [nil, 2, nil, 0, nil, 6])
}

/// Reads the same keys as the model around it, at another value, the
/// second of them first.
private struct Pet: Decodable, Equatable {
  let name: String
  let age: Int
  init(from decoder: any Decoder) throws {
    age = try decoder.decode(at: "age")
    name = try decoder.decode(at: "name")
  }
}

private struct Owner: Decodable, Equatable {
  let name: String
  let pet: Pet
  let age: Int
  let pets: [Pet]

  init(from decoder: any Decoder) throws {
    name = try decoder.decode(at: "name")
    pet = try decoder.decode(at: "pet")
    // Decoded by Foundation, not through a path read: Codix sees only the
    // pets' own reads, at the same decoder object, between two of the
    // owner's. The first pet reads "age" when the owner's next read is "age".
    pets = try decoder.container(keyedBy: Keys.self).decode([Pet].self, forKey: .pets)
    age = try decoder.decode(at: "age")
  }

  private enum Keys: String, CodingKey { case pets }
}

@Test func nestedModelsReadingTheSameKeysGetTheirOwnValues() throws {
  let owners = (0..<6).map { index in
    #"{"name": "owner \#(index)", "age": \#(40 + index), "pet": {"name": "pet \#(index)", "age": \#(index)}, "pets": [{"name": "p\#(index)", "age": \#(index * 10)}]}"#
  }
  let decoded = try decodeOnEveryRoute(
    [Owner].self, from: data("[" + owners.joined(separator: ",") + "]"))
  #expect(decoded.map(\.name) == (0..<6).map { "owner \($0)" })
  #expect(decoded.map(\.age) == (0..<6).map { 40 + $0 })
  #expect(decoded.map(\.pet) == (0..<6).map { try! Pet(json: "pet \($0)", $0) })
  #expect(decoded.map { $0.pets.map(\.age) } == (0..<6).map { [$0 * 10] })
}

extension Pet {
  fileprivate init(json name: String, _ age: Int) throws {
    self = try JSONDecoder().decode(
      Pet.self, from: Data(#"{"name": "\#(name)", "age": \#(age)}"#.utf8))
  }
}

@Test func aBadElementThrowsWhatItsOwnReadThrows() throws {
  var rows = (0..<8).map { Row(id: $0).json }
  rows[5] = #"{"id": 5, "name": 7, "address": {"city": "x"}, "score": 1, "is_active": true}"#
  rows[6] = #"{"id": 6, "name": "b", "address": {}, "score": 1, "is_active": true}"#
  let document = data("[" + rows.joined(separator: ",") + "]")
  let error = try #require(
    throws: CodixError.self, performing: { try decodeOnEveryRoute([Row].self, from: document) })
  #expect(error.path == "[5].name")
  #expect(error.kind == .typeMismatch)
  var missing = (0..<8).map { Row(id: $0).json }
  missing[6] = #"{"id": 6, "name": "b", "address": {}, "score": 1, "is_active": true}"#
  let second = try #require(
    throws: CodixError.self,
    performing: {
      try decodeOnEveryRoute([Row].self, from: data("[" + missing.joined(separator: ",") + "]"))
    })
  #expect(second.path == "[6].address.city")
  #expect(second.kind == .keyNotFound)
}

/// Reads one key twice, and one key under snake case conversion.
private struct Twice: Decodable, Equatable {
  let first: String
  let again: String
  let userName: String
  init(from decoder: any Decoder) throws {
    first = try decoder.decode(at: "a")
    userName = try decoder.decode(at: "user_name")
    again = try decoder.decode(at: "a")
  }
}

@Test func aKeyReadTwiceAndARespelledKeyReadAsTheirReads() throws {
  let document = data(
    #"[{"a": "1", "user_name": "x"}, {"a": "2", "user_name": "y"}, {"a": "3", "user_name": "z"}]"#)
  let plain = try decodeOnEveryRoute([Twice].self, from: document)
  #expect(plain.map(\.again) == ["1", "2", "3"])
  #expect(plain.map(\.userName) == ["x", "y", "z"])
  let snake = try decodeOnEveryRoute([Twice].self, from: document) {
    $0.keyDecodingStrategy = .convertFromSnakeCase
  }
  #expect(snake == plain)
}

/// One property of each standard scalar type: each is read ahead, and each
/// value must come back as the type its read asks for.
private struct EveryScalar: Decodable, Equatable {
  let string: String
  let bool: Bool
  let int: Int
  let int8: Int8
  let int16: Int16
  let int32: Int32
  let int64: Int64
  let uint: UInt
  let uint8: UInt8
  let uint16: UInt16
  let uint32: UInt32
  let uint64: UInt64
  let double: Double
  let float: Float

  init(from decoder: any Decoder) throws {
    string = try decoder.decode(at: "s")
    bool = try decoder.decode(at: "b")
    int = try decoder.decode(at: "n.i")
    int8 = try decoder.decode(at: "n.i8")
    int16 = try decoder.decode(at: "n.i16")
    int32 = try decoder.decode(at: "n.i32")
    int64 = try decoder.decode(at: "n.i64")
    uint = try decoder.decode(at: "u")
    uint8 = try decoder.decode(at: "u8")
    uint16 = try decoder.decode(at: "u16")
    uint32 = try decoder.decode(at: "u32")
    uint64 = try decoder.decode(at: "u64")
    double = try decoder.decode(at: "d")
    float = try decoder.decode(at: "f")
  }

  init(_ seed: Int) {
    string = "s\(seed)"
    bool = seed.isMultiple(of: 2)
    int = -seed * 1_000_003
    int8 = Int8(truncatingIfNeeded: -seed)
    int16 = Int16(truncatingIfNeeded: -seed * 301)
    int32 = Int32(truncatingIfNeeded: -seed * 70_001)
    int64 = Int64(-seed) * 9_000_000_001
    uint = UInt(seed) * 1_000_003
    uint8 = UInt8(truncatingIfNeeded: seed * 7)
    uint16 = UInt16(truncatingIfNeeded: seed * 301)
    uint32 = UInt32(truncatingIfNeeded: seed * 70_001)
    uint64 = UInt64(seed) * 9_000_000_001
    double = Double(seed) / 8
    float = Float(seed) / 4
  }

  var json: String {
    #"{"s": "\#(string)", "b": \#(bool), "n": {"i": \#(int), "i8": \#(int8), "i16": \#(int16), "i32": \#(int32), "i64": \#(int64)}, "u": \#(uint), "u8": \#(uint8), "u16": \#(uint16), "u32": \#(uint32), "u64": \#(uint64), "d": \#(double), "f": \#(float)}"#
  }
}

@Test func everyStandardScalarTypeIsServedAsItself() throws {
  let values = (1..<30).map(EveryScalar.init)
  let document = data("[" + values.map(\.json).joined(separator: ",") + "]")
  #expect(try decodeOnEveryRoute([EveryScalar].self, from: document) == values)
}
