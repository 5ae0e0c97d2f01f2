import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Explicit keys written as the JSON spells them keep working under
// `keyDecodingStrategy = .convertFromSnakeCase`, which renames the document's
// keys before any lookup (`first_name` is stored as `firstName`).

private let document = Data(
  #"{"first_name": "Ana", "lastName": "Lee", "user_info": {"zip_code": "75001", "is_admin": true}, "items": [{"item_name": "pen"}], "nick_name": null}"#
    .utf8)

private func snakeDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  return decoder
}

private struct PathUser: Decodable, Equatable {
  var first: String
  var firstCamel: String
  var last: String
  var zip: String
  var admin: Bool?
  var item: String
  var nick: String?
  var missing: String?

  init(from decoder: any Decoder) throws {
    first = try decoder.decode(at: "first_name")
    firstCamel = try decoder.decode(at: "firstName")
    last = try decoder.decode(at: "lastName")
    zip = try decoder.decode(at: "user_info.zip_code")
    admin = try decoder.decodeIfPresent(at: "user_info.is_admin")
    item = try decoder.decode(at: "items[0].item_name")
    nick = try decoder.decodeIfPresent(at: "nick_name")
    missing = try decoder.decodeIfPresent(at: "middle_name")
  }
}

private struct WrapperUser: Kodable, Equatable {
  @Coding("first_name") var first: String
  @Coding var lastName: String
  @Coding("user_info.zip_code") var zip: String
  @Coding("user_info.is_admin") var admin: Bool?
  @Coding("items[0].item_name", .decodeOnly) var item: String?
  @Coding("nick_name") var nick: String?
  @Coding("middle_name") var middle: String?
}

@Test func pathStyleFindsSnakeKeysUnderConvertFromSnakeCase() throws {
  let user = try snakeDecoder().decode(PathUser.self, from: document)
  #expect(user.first == "Ana")
  #expect(user.firstCamel == "Ana")
  #expect(user.last == "Lee")
  #expect(user.zip == "75001")
  #expect(user.admin == true)  // decodeIfPresent no longer answers nil
  #expect(user.item == "pen")
  #expect(user.nick == nil)
  #expect(user.missing == nil)
}

@Test func wrapperStyleFindsSnakeKeysUnderConvertFromSnakeCase() throws {
  let user = try WrapperUser.decode(from: document, using: snakeDecoder())
  #expect(user.first == "Ana")
  #expect(user.lastName == "Lee")
  #expect(user.zip == "75001")
  #expect(user.admin == true)
  #expect(user.item == "pen")
  #expect(user.nick == nil)
  #expect(user.middle == nil)
  // The same model through a plain decode.
  #expect(try snakeDecoder().decode(WrapperUser.self, from: document) == user)
}

@Test func aMissingSnakeKeyIsReportedWithTheDocumentsSpelling() throws {
  struct Needs: Decodable {
    init(from decoder: any Decoder) throws {
      _ = try decoder.decode(String.self, at: "user_info.post_code")
    }
  }
  do {
    _ = try snakeDecoder().decode(Needs.self, from: document)
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "user_info.post_code")
  }
}

@Test func withoutTheStrategyKeysAreExact() throws {
  // A camel-case document and a snake-case key: not the same key.
  let camel = Data(#"{"firstName": "Ana"}"#.utf8)
  struct First: Decodable {
    let first: String?
    init(from decoder: any Decoder) throws { first = try decoder.decodeIfPresent(at: "first_name") }
  }
  #expect(try decodeOnEveryRoute(First.self, from: camel).first == nil)
  #expect(try decodeOnEveryRoute(First.self, from: document).first == "Ana")
}

@Test func encodingUnderConvertToSnakeCaseRoundTrips() throws {
  let user = try WrapperUser.decode(from: document, using: snakeDecoder())
  let encoder = JSONEncoder()
  encoder.keyEncodingStrategy = .convertToSnakeCase
  encoder.outputFormatting = .sortedKeys
  let data = try encoder.encode(user)
  let text = String(decoding: data, as: UTF8.self)
  #expect(text.contains(#""first_name":"Ana""#))
  #expect(text.contains(#""last_name":"Lee""#))
  #expect(text.contains(#""user_info":{"is_admin":true,"zip_code":"75001"}"#))
  let again = try WrapperUser.decode(from: data, using: snakeDecoder())
  #expect(again.first == user.first)
  #expect(again.lastName == user.lastName)
  #expect(again.zip == user.zip)
  #expect(again.admin == user.admin)
}

// A dictionary's own keys are data, not property names: they stay as the
// document writes them under every key strategy, as JSONDecoder leaves a
// `[String: Value]`'s, lossy or not, in both styles.

private enum Level: String, Hashable, Codable {
  case inProgress = "in_progress"
  case done
}

private struct LossyDictionaries: Kodable {
  @Coding(.lossy) var dict: [String: Int]
  @Coding("by_level", .lossy) var byLevel: [Level: Int]
  @Coding("plain_dict") var plain: [String: Int]
}

private struct PathLossyDictionaries: Decodable {
  var dict: [String: Int]
  var byLevel: [Level: Int]
  init(from decoder: any Decoder) throws {
    dict = try decoder.decodeLossy(at: "dict")
    byLevel = try decoder.decodeLossy(at: "by_level")
  }
}

@Test(arguments: [false, true])
func dictionaryKeysStayAsWrittenUnderEveryKeyStrategy(throughFoundation: Bool) throws {
  let data = Data(
    #"""
    {"dict": {"another_key": 1, "the_number_one": 1, "bad_one": "x"},
     "by_level": {"in_progress": 2, "done": 3, "other_level": 4},
     "plain_dict": {"snake_key": 5}}
    """#.utf8)
  let expected = ["another_key": 1, "the_number_one": 1]
  let levels: [Level: Int] = [.inProgress: 2, .done: 3]
  let custom: JSONDecoder.KeyDecodingStrategy = .custom { path in
    AnyKey(stringValue: path.last!.stringValue.uppercased())!
  }
  for strategy in [JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase, custom] {
    let json = JSONDecoder()
    json.keyDecodingStrategy = strategy
    json.userInfo[.codixReadsThroughFoundation] = throughFoundation
    let diagnostics = CodixDiagnostics()
    json.userInfo[.codixDiagnostics] = diagnostics
    let codix = CodixJSONDecoder(json)
    let isCustom = if case .custom = strategy { true } else { false }
    if !isCustom {
      // A custom strategy renames the model's own keys too: only path-style
      // reads below, at keys spelled as the strategy makes them.
      for model in [
        try json.decode(LossyDictionaries.self, from: data),
        try LossyDictionaries.decode(from: data, using: json),
        try codix.decode(LossyDictionaries.self, from: data),
      ] {
        #expect(model.dict == expected)
        #expect(model.byLevel == levels)
        #expect(model.plain == ["snake_key": 5])
      }
      for model in [
        try json.decode(PathLossyDictionaries.self, from: data),
        try codix.decode(PathLossyDictionaries.self, from: data),
      ] {
        #expect(model.dict == expected)
        #expect(model.byLevel == levels)
      }
    }
    #expect(
      try json.decode([String: Int].self, from: data, at: isCustom ? "PLAIN_DICT" : "plain_dict")
        == ["snake_key": 5])
    if isCustom {
      for model in [
        try json.decode(UppercasedLossyDictionary.self, from: data),
        try codix.decode(UppercasedLossyDictionary.self, from: data),
      ] {
        #expect(model.dict == expected)
      }
    }
    #expect(diagnostics.warnings.contains { $0.path == "dict.bad_one" } || isCustom)
  }
}

/// The lossy dictionary under a strategy that upper-cases keys.
private struct UppercasedLossyDictionary: Decodable {
  var dict: [String: Int]
  init(from decoder: any Decoder) throws {
    dict = try decoder.decodeLossy(at: "DICT")
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
