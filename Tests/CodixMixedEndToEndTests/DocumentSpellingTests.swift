import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// A report names the place as the document spells its keys, under every
// key strategy: its path is where to look in the document, and what
// `decode(at:)` reads on a decoder without the strategy. The property
// keeps the model's name.

private let repoDocument = Data(
  #"{"full_name": "codix", "owner_info": {"login_name": "ana", "user_id": 7}, "stargazers_count": "many"}"#
    .utf8)

private func snakeCase(_ decoder: JSONDecoder) {
  decoder.keyDecodingStrategy = .convertFromSnakeCase
}

private struct Repo: Kodable {
  @Coding var fullName: String
  @Coding var stargazersCount: Int
}

private struct PathRepo: Decodable {
  var name: String
  var stars: Int
  init(from decoder: any Decoder) throws {
    name = try decoder.decode(at: "full_name")
    stars = try decoder.decode(at: "stargazers_count")
  }
}

private struct Owner: Decodable {
  var login: String
  init(from decoder: any Decoder) throws {
    login = try decoder.decode(at: "login")
  }
}

private struct SynthesizedRepo: Decodable {
  var fullName: String
  var ownerInfo: Owner
}

private func report<T: Decodable>(
  _ type: T.Type, _ data: Data, routes: [Route] = Route.allCases,
  configure: (JSONDecoder) -> Void = snakeCase
) -> CodixError? {
  let outcomes = outcomesOnEveryRoute(type, from: data, configure: configure, routes: routes)
  guard case .failure(let error)? = outcomes.first?.result else {
    Issue.record("\(T.self) decoded")
    return nil
  }
  return error as? CodixError
}

@Test func aWrapperModelsReportSpellsThePathAsTheDocument() throws {
  let error = try #require(report(Repo.self, repoDocument))
  #expect(error.path == "stargazers_count")
  #expect(error.property == "stargazersCount")
  #expect(error.found == #""many""#)
  // The path reads the value on a decoder without the strategy.
  #expect(try JSONDecoder().decode(String.self, from: repoDocument, at: error.path) == "many")
}

@Test func aPathStyleReportSpellsThePathAsTheDocument() throws {
  let error = try #require(report(PathRepo.self, repoDocument))
  #expect(error.path == "stargazers_count")
}

@Test func keysOfSynthesizedParentsAreSpelledAsTheDocument() throws {
  let error = try #require(report(SynthesizedRepo.self, repoDocument))
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "owner_info.login")
  #expect(error.description.contains(#"No key "login" among "login_name", "user_id"."#))
}

@Test func didYouMeanUsesTheDocumentsKeys() throws {
  let typo = Data(#"{"ful_name": "codix", "stargazers_count": 3}"#.utf8)
  let error = try #require(report(Repo.self, typo))
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "full_name")
  #expect(error.description.contains(#"Did you mean "ful_name"?"#))
}

// A `.custom` strategy: Codix's entry points spell the keys as the
// document does; a plain `JSONDecoder().decode` cannot tell how a closure
// renames keys (Docs/Errors.md).

private struct Pascal: Kodable {
  @Coding var fullName: String
  @Coding var stargazersCount: Int
}

private struct PascalKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

private func lowercasingFirstLetter(_ decoder: JSONDecoder) {
  decoder.keyDecodingStrategy = .custom { path in
    let key = path.last!.stringValue
    return PascalKey(stringValue: key.prefix(1).lowercased() + key.dropFirst())
  }
}

@Test func underACustomStrategyEntryPointsSpellKeysAsTheDocument() throws {
  let pascal = Data(#"{"FullName": "codix", "StargazersCount": "many"}"#.utf8)
  let routes = Route.allCases.filter { $0 != .plain }
  let error = try #require(
    report(Pascal.self, pascal, routes: routes, configure: lowercasingFirstLetter))
  #expect(error.path == "StargazersCount")
  #expect(error.property == "stargazersCount")
  #expect(try JSONDecoder().decode(String.self, from: pascal, at: error.path) == "many")
}

// JSONDecoder's `.iso8601` throws at its container's coding path, not at
// the date's: a report still names the date's path.

private struct PathEvent: Decodable {
  var when: Date
  init(from decoder: any Decoder) throws { when = try decoder.decode(at: "info.when") }
}

private struct SynthesizedEvent: Decodable {
  var when: Date
}

private let badDates = Data(#"{"when": "yesterday", "info": {"when": "nope"}}"#.utf8)

private func iso8601(_ decoder: JSONDecoder) {
  decoder.dateDecodingStrategy = .iso8601
}

@Test func aBadISO8601DateIsReportedAtItsPathOnEveryRoute() throws {
  let error = try #require(report(PathEvent.self, badDates, configure: iso8601))
  #expect(error.kind == .dataCorrupted)
  #expect(error.path == "info.when")
  #expect(error.found == #""nope""#)
}

@Test func aBadISO8601DateOfASynthesizedModelIsReportedAtItsPathByCodixsReader() throws {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  let error = try #require(throws: CodixError.self) {
    try decoder.decode(SynthesizedEvent.self, from: badDates, at: "")
  }
  #expect(error.path == "when")
  #expect(error.found == #""yesterday""#)
  #expect(error.location?.column == 10)
}
