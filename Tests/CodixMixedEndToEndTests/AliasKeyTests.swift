import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Alias keys: a value read from the first of several paths that holds one,
// in both styles.

private struct PathAccount: Decodable, Equatable {
  var id: Int
  var name: String?
  var joined: Date?

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(atFirstOf: ["id", "user_id", "data.id", "ids[0]"])
    name = try decoder.decodeIfPresent(atFirstOf: ["name", "profile.name"])
    joined = try decoder.decodeIfPresent(
      atFirstOf: ["joined", "meta.created"], using: DateFromString(format: "yyyy-MM-dd"))
  }
}

private struct WrapperAccount: Kodable, Equatable {
  @Coding("id", .aliases("user_id", "data.id", "ids[0]")) var id: Int
  @Coding("name", .aliases("profile.name")) var name: String?
  @Coding("stats.score", .aliases("score")) var score: Int = -1
  @Coding("tags[0]", .aliases("tag")) var firstTag: String?
}

private func decodeBoth(_ json: String) throws -> (PathAccount, WrapperAccount) {
  let data = Data(json.utf8)
  return (
    try decodeOnEveryRoute(PathAccount.self, from: data),
    try decodeOnEveryRoute(WrapperAccount.self, from: data)
  )
}

@Test func theFirstPathWinsWhenItHoldsAValue() throws {
  let (path, wrapper) = try decodeBoth(
    #"{"id": 1, "user_id": 2, "name": "Ana", "profile": {"name": "Bo"}, "stats": {"score": 9}, "score": 3, "tags": ["a"], "tag": "b"}"#
  )
  #expect(path.id == 1)
  #expect(path.name == "Ana")
  #expect(wrapper.id == 1)
  #expect(wrapper.name == "Ana")
  #expect(wrapper.score == 9)
  #expect(wrapper.firstTag == "a")
}

@Test func aMissingOrNullFirstPathMovesOnToTheNext() throws {
  let (path, wrapper) = try decodeBoth(
    #"{"id": null, "data": {"id": 3}, "profile": {"name": "Bo"}, "score": 4, "tag": "b", "meta": {"created": "2024-05-06"}}"#
  )
  #expect(path.id == 3)
  #expect(path.name == "Bo")
  #expect(path.joined == (try DateFromString(format: "yyyy-MM-dd").transform("2024-05-06")))
  #expect(wrapper.id == 3)
  #expect(wrapper.name == "Bo")
  // The object of the own path (`stats`) and the array (`tags`) are missing.
  #expect(wrapper.score == 4)
  #expect(wrapper.firstTag == "b")

  let (byIndex, wrapperByIndex) = try decodeBoth(#"{"ids": [8], "tags": []}"#)
  #expect(byIndex.id == 8)
  #expect(wrapperByIndex.id == 8)
  #expect(wrapperByIndex.firstTag == nil)
  #expect(wrapperByIndex.score == -1)
}

/// The errors decoding `data` throws in each style.
private func errorsOfBothStyles(_ data: Data) throws -> [CodixError] {
  [
    try #require(throws: CodixError.self) {
      try decodeOnEveryRoute(PathAccount.self, from: data)
    },
    try #require(throws: CodixError.self) {
      try decodeOnEveryRoute(WrapperAccount.self, from: data)
    },
  ]
}

@Test func noPathHoldingAValueListsEveryPathTried() throws {
  let data = Data(#"{"user": {"id": 1}, "usr_id": 2}"#.utf8)
  for error in try errorsOfBothStyles(data) {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "id")
    #expect(error.description.contains("Tried id, user_id, data.id, ids[0]: none holds a value."))
  }
  let wrapperError = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(WrapperAccount.self, from: data)
  }
  #expect(wrapperError.typeName == "WrapperAccount")
  #expect(wrapperError.property == "id")
}

@Test func aWrongValueAtAnAliasIsReportedThereAndNotSkipped() throws {
  let data = Data(#"{"user_id": "seven", "data": {"id": 7}}"#.utf8)
  for error in try errorsOfBothStyles(data) {
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "user_id")
    #expect(error.found == #""seven""#)
  }
}

@Test func aliasesAreReadOnlyAndEncodingWritesTheOwnPath() throws {
  let account = try decodeOnEveryRoute(
    WrapperAccount.self, from: Data(#"{"user_id": 5, "profile": {"name": "Bo"}}"#.utf8))
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let json = String(decoding: try encoder.encode(account), as: UTF8.self)
  #expect(json == #"{"id":5,"name":"Bo","stats":{"score":-1}}"#)
  #expect(try decodeOnEveryRoute(WrapperAccount.self, from: Data(json.utf8)) == account)
}

@Test func anEmptyListOfPathsIsAClearError() throws {
  struct NoPaths: Decodable {
    init(from decoder: any Decoder) throws {
      let _: Int = try decoder.decode(atFirstOf: [])
    }
  }
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(NoPaths.self, from: Data("{}".utf8))
  }
  #expect(error.kind == .invalidPath)
  #expect(error.description.contains("No path was given"))
}

@Test func aMalformedAliasIsReportedWhenTheModelIsFirstUsed() throws {
  struct Broken: Kodable {
    @Coding("id", .aliases("data..id")) var id: Int?
  }
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Broken.self, from: Data("{}".utf8))
  }
  #expect(error.kind == .invalidPath)
  #expect(error.property == "id")
}

@Test(arguments: [false, true])
func everyEntryPointListsThePathsTried(throughFoundation: Bool) throws {
  let data = Data(#"{"account": {"usr_id": 2, "data": {}}}"#.utf8)
  let json = JSONDecoder()
  json.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let errors = [
    try #require(throws: CodixError.self) {
      try json.decode(PathAccount.self, from: data, at: "account")
    },
    try #require(throws: CodixError.self) {
      try json.decode(WrapperAccount.self, from: data, at: "account")
    },
    try #require(throws: CodixError.self) {
      try WrapperAccount.decode(from: data, at: "account", using: json)
    },
    try #require(throws: CodixError.self) {
      try CodixJSONDecoder().decode(PathAccount.self, from: data, at: "account")
    },
    try #require(throws: CodixError.self) {
      try CodixJSONDecoder().decode([String: WrapperAccount].self, from: data)
    },
  ]
  for error in errors {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "account.id")
    #expect(
      error.description.contains(
        "Tried account.id, account.user_id, account.data.id, account.ids[0]: none holds a value."
      ))
  }
}
