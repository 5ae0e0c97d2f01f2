import CodixPath
import CodixWrappers
import Foundation
import Testing

// Keys match as Swift's `String` equality matches them, by canonical
// equivalence: a precomposed "é" (U+00E9) is the same key as "e" followed
// by a combining acute accent (U+0301), written raw or as an escape, and
// the Kelvin sign (U+212A) is the same key as "K". JSONDecoder keeps an
// object's members in a dictionary keyed by `String`, so it matches them
// this way; each test checks both decoders, and Codix's own entry points.

/// "café" with a precomposed é.
private let composed = "caf\u{E9}"
/// "café" with "e" and a combining accent.
private let decomposed = "cafe\u{301}"

// MARK: - Keyed containers

private struct Menu: Decodable, Equatable {
  var price: Int
  enum CodingKeys: String, CodingKey { case price = "caf\u{E9}" }
}

private struct DecomposedMenu: Decodable, Equatable {
  var price: Int
  enum CodingKeys: String, CodingKey { case price = "cafe\u{301}" }
}

private struct Kelvin: Decodable, Equatable {
  var degrees: Int
  enum CodingKeys: String, CodingKey { case degrees = "K" }
}

/// The value of `T` from each decoder, or the error's kind and path.
private func outcomes<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> [String] {
  let data = Data(json.utf8)
  func run(_ body: () throws -> T) -> String {
    do {
      return "\(try body())"
    } catch let error as DecodingError {
      let codix = CodixError(error)
      return "\(codix.kind) at \(codix.path)"
    } catch let error as CodixError {
      return "\(error.kind) at \(error.path)"
    } catch {
      return "\(error)"
    }
  }
  return [
    run { try JSONDecoder().decode(T.self, from: data) },
    run { try CodixJSONDecoder().decode(T.self, from: data) },
    run { try JSONDecoder().decode(T.self, from: data, at: "") },
  ]
}

/// Expects every decoder to give `expected` (a value's description).
private func expectEverywhere<T: Decodable & Equatable>(
  _ type: T.Type, _ json: String, _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let results = outcomes(type, json)
  #expect(results == [expected, expected, expected], "\(json)", sourceLocation: sourceLocation)
}

@Test func aKeyIsFoundInAnotherNormalForm() {
  let expected = "Menu(price: 3)"
  expectEverywhere(Menu.self, #"{"cafe\u0301": 3}"#, expected)
  expectEverywhere(Menu.self, "{\"\(decomposed)\": 3}", expected)
  expectEverywhere(Menu.self, #"{"caf\u00e9": 3}"#, expected)
  expectEverywhere(Menu.self, "{\"\(composed)\": 3}", expected)
  expectEverywhere(DecomposedMenu.self, "{\"\(composed)\": 3}", "DecomposedMenu(price: 3)")
  expectEverywhere(DecomposedMenu.self, #"{"caf\u00e9": 3}"#, "DecomposedMenu(price: 3)")
  // An ASCII key written with a character equivalent to it, and the other way.
  expectEverywhere(Kelvin.self, "{\"\u{212A}\": 4}", "Kelvin(degrees: 4)")
  expectEverywhere(Kelvin.self, #"{"\u212A": 4}"#, "Kelvin(degrees: 4)")
  // Not equivalent: an "e" without its accent.
  let missing = outcomes(Menu.self, #"{"cafe": 3}"#)
  #expect(missing == Array(repeating: "key not found at caf\u{E9}", count: 3), "\(missing)")
}

@Test func theFirstOfEquivalentKeysWins() {
  expectEverywhere(Menu.self, "{\"\(decomposed)\": 1, \"\(composed)\": 2}", "Menu(price: 1)")
  expectEverywhere(Menu.self, "{\"\(composed)\": 1, \"\(decomposed)\": 2}", "Menu(price: 1)")
  expectEverywhere(Kelvin.self, "{\"\u{212A}\": 1, \"K\": 2}", "Kelvin(degrees: 1)")
  expectEverywhere(Kelvin.self, #"{"K": 1, "\u212A": 2}"#, "Kelvin(degrees: 1)")
  // In an object large enough for lookups to resume where the last one ended.
  let filler = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
  expectEverywhere(
    Menu.self, "{\(filler), \"\(decomposed)\": 1, \"\(composed)\": 2}", "Menu(price: 1)")
  expectEverywhere(
    [String: Int].self, "{\"\(decomposed)\": 1, \"\(composed)\": 2}", "[\"\(decomposed)\": 1]")
}

/// Reads the keys of `Wide` in order, then `café` again: the second lookup
/// resumes after the first member it found.
private struct Wide: Decodable, Equatable {
  var values: [Int]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    values = try (0..<20).map { try container.decode(Int.self, forKey: AnyKey("k\($0)")) }
    values.append(try container.decode(Int.self, forKey: AnyKey(composed)))
    values.append(try container.decode(Int.self, forKey: AnyKey("k3")))
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

@Test func aLargeObjectFindsEquivalentKeysInAnyOrder() {
  let filler = (0..<20).map { "\"k\($0)\": \($0)" }
  for position in [0, 10, 20] {
    var members = filler
    members.insert("\"\(decomposed)\": 99", at: position)
    let json = "{" + members.joined(separator: ", ") + "}"
    let expected = "Wide(values: \(Array(0..<20) + [99, 3]))"
    expectEverywhere(Wide.self, json, expected)
  }
}

// MARK: - Codix paths

private struct PathMenu: Decodable, Equatable {
  var price: Int
  var tea: Int?
  var nested: Int

  init(from decoder: any Decoder) throws {
    price = try decoder.decode(at: Path([.key(composed)]))
    tea = try decoder.decodeIfPresent(at: "th\u{E9}")
    nested = try decoder.decode(at: "menu.caf\u{E9}.price")
  }
}

private struct WrapperMenu: Kodable, Equatable {
  @Coding("caf\u{E9}") var price: Int
  @Coding("menu.cafe\u{301}.price") var nested: Int
  @Coding("th\u{E9}") var tea: Int?
}

@Test func pathKeysAreFoundInAnotherNormalForm() throws {
  let json = #"""
    {"cafe\u0301": 3, "the\u0301": 5, "menu": {"café": {"price": 7}}}
    """#
  expectEverywhere(PathMenu.self, json, "PathMenu(price: 3, tea: Optional(5), nested: 7)")
  let data = Data(json.utf8)
  let wrapper = try WrapperMenu.decode(from: data)
  #expect(wrapper.price == 3 && wrapper.nested == 7 && wrapper.tea == 5)
  #expect(try CodixJSONDecoder().decode(WrapperMenu.self, from: data) == wrapper)
  #expect(try JSONDecoder().decode(WrapperMenu.self, from: data) == wrapper)
  // A top-level path, whose scan keeps only the path.
  for decoder in [JSONDecoder(), CodixJSONDecoder()] as [any CodixTopLevelDecoder] {
    #expect(try decoder.decode(Int.self, from: data, at: "menu.cafe\u{301}.price") == 7)
    #expect(try decoder.decode(Int.self, from: data, at: "caf\u{E9}") == 3)
    #expect(
      try decoder.decode(Int.self, from: data, at: Path(["menu", "caf\u{E9}", "price"])) == 7)
  }
}
