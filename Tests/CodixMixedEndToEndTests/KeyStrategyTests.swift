import CodixPath
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

@Test func aMissingSnakeKeyIsReportedWithTheDecodersSpelling() throws {
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
    #expect(error.path == "userInfo.post_code")
  }
}

@Test func withoutTheStrategyKeysAreExact() throws {
  // A camel-case document and a snake-case key: not the same key.
  let camel = Data(#"{"firstName": "Ana"}"#.utf8)
  struct First: Decodable {
    let first: String?
    init(from decoder: any Decoder) throws { first = try decoder.decodeIfPresent(at: "first_name") }
  }
  #expect(try JSONDecoder().decode(First.self, from: camel).first == nil)
  #expect(try JSONDecoder().decode(First.self, from: document).first == "Ana")
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
