import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Every failure of one decode at once: a feed page broken in
// several places, in both styles.

private struct Song: Kodable {
  @Coding var id: Int
  @Coding var title: String
  @Coding("artist.name") var artist: String?
}

private struct Page: Kodable {
  @Coding var total: Int
  @Coding var results: [Song]
  @Coding("next_page") var next: URL?
}

private struct PathSong: Decodable {
  var id: Int
  var title: String
  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    title = try decoder.decode(at: "title")
  }
}

private struct PathPage: Decodable {
  var results: [PathSong]
  var total: Int
  init(from decoder: any Decoder) throws {
    results = try decoder.decodeLossy(at: "results")
    total = try decoder.decode(at: "total")
  }
}

private let broken = Data(
  #"""
  {"total": "three",
   "results": [{"id": 1, "title": "A"}, {"id": "2", "title": "B"}, {"id": 3}, {"id": 4, "title": "D", "artist": {"name": true}}],
   "next_page": 7}
  """#.utf8)

@Test func everyFailureOfAWrapperModelIsListedInOrder() throws {
  let errors = try #require(throws: CodixCollectedErrors.self) {
    try JSONDecoder().decodeCollectingErrors(Page.self, from: broken)
  }
  #expect(errors.count == 5)
  #expect(
    errors.errors.map(\.path.description) == [
      "total", "results[1].id", "results[2].title", "results[3].artist.name", "next_page",
    ])
  #expect(errors.errors.map(\.found) == [#""three""#, #""2""#, nil, "true", "7"])
  #expect(errors.errors[1].typeName == "Song")
  #expect(errors.errors[1].property == "id")
  #expect(
    errors.description.hasPrefix(
      "5 problems decoding Page:\n1. Page.total at total (line 1, column 11):"))
  #expect(
    errors.description.contains(
      "\n3. Song.title at results[2].title (line 2, column 66): key not found"))
  // Read by Codix's reader, every error collected has its place; through
  // Foundation's decoder, none has.
  #expect(errors.errors.allSatisfy { $0.location != nil })
  let foundation = JSONDecoder()
  foundation.userInfo[.codixReadsThroughFoundation] = true
  let throughFoundation = try #require(throws: CodixCollectedErrors.self) {
    try foundation.decodeCollectingErrors(Page.self, from: broken)
  }
  #expect(throughFoundation.errors.allSatisfy { $0.location == nil })
  #expect(
    throughFoundation.errors.map { $0.description }
      == errors.errors.map { error in
        var unlocated = error
        unlocated.location = nil
        return unlocated.description
      })
}

@Test func thePathStyleStopsInsideEachModelAndItsSiblingsGoOn() throws {
  let decoder = JSONDecoder()
  decoder.userInfo[.codixStrictDecoding] = true  // drops are failures too
  let errors = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(PathPage.self, from: broken)
  }
  #expect(errors.errors.map(\.path.description) == ["results[1].id", "results[2].title", "total"])
}

@Test func aCapKeepsTheFirstFailuresAndCountsTheRest() throws {
  let errors = try #require(throws: CodixCollectedErrors.self) {
    try JSONDecoder().decodeCollectingErrors(Page.self, from: broken, limit: 2)
  }
  #expect(errors.count == 5)
  #expect(errors.errors.count == 2)
  #expect(errors.description.hasSuffix("…and 3 more"))
}

@Test func aCleanOrMalformedDocumentBehavesAsUsual() throws {
  let good = Data(#"{"total": 1, "results": [{"id": 1, "title": "A"}]}"#.utf8)
  let page = try JSONDecoder().decodeCollectingErrors(Page.self, from: good)
  #expect(page.results.count == 1)

  let malformed = try #require(throws: CodixCollectedErrors.self) {
    try JSONDecoder().decodeCollectingErrors(Page.self, from: Data("{".utf8))
  }
  #expect(malformed.count == 1)
  #expect(malformed.errors.first?.kind == .dataCorrupted)

  // Outside a collecting decode, the first failure throws as always.
  let first = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Page.self, from: broken)
  }
  #expect(first.path == "total")
}

// Another decode during a collecting decode throws as usual: only the
// collecting decode's own failures are collected.

private struct Inner: Kodable {
  @Coding var id: Int
}

private final class InnerOutcome: @unchecked Sendable {
  var error: (any Error)?
  var decoded: Inner?
}

private struct Hooked: Kodable {
  @Coding var name: String
  @Coding var count: Int
  static let outcomeKey = CodingUserInfoKey(rawValue: "test.innerOutcome")!

  mutating func didDecode(from decoder: any Decoder) throws {
    guard let outcome = decoder.userInfo[Self.outcomeKey] as? InnerOutcome else { return }
    do {
      outcome.decoded = try decodeOnEveryRoute(Inner.self, from: Data(#"{"id": "x"}"#.utf8))
    } catch {
      outcome.error = error
    }
  }
}

private struct PathHooked: Decodable {
  var name: String
  var inner: Result<Inner, CodixError>
  init(from decoder: any Decoder) throws {
    name = try decoder.decode(at: "name")
    do {
      inner = .success(try decodeOnEveryRoute(Inner.self, from: Data("{}".utf8)))
    } catch let error as CodixError {
      inner = .failure(error)
    }
  }
}

@Test(arguments: [false, true])
func aDecodeInsideACollectingDecodeThrowsItsOwnErrors(throughFoundation: Bool) throws {
  let decoder = JSONDecoder()
  decoder.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let outcome = InnerOutcome()
  decoder.userInfo[Hooked.outcomeKey] = outcome
  // The first element decodes (its hook runs, and its inner decode fails on
  // its own); the second fails, and is collected.
  let errors = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(
      [Hooked].self,
      from: Data(#"[{"name": "a", "count": 1}, {"name": [1], "count": 2}]"#.utf8))
  }
  #expect(errors.errors.map(\.path.description) == ["[1].name"])
  let inner = try #require(outcome.error as? CodixError)
  #expect(inner.path == "id")
  #expect(inner.typeName == "Inner")
  #expect(outcome.decoded == nil)

  let pathErrors = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(
      [PathHooked].self, from: Data(#"[{"name": "a"}, {"name": [2]}]"#.utf8))
  }
  #expect(pathErrors.errors.map(\.path.description) == ["[1].name"])
  let page = try decoder.decodeCollectingErrors(
    [PathHooked].self, from: Data(#"[{"name": "a"}]"#.utf8))
  guard case .failure(let failure) = page[0].inner else {
    Issue.record("the nested decode should have thrown")
    return
  }
  #expect(failure.path == "id")
  #expect(failure.kind == .keyNotFound)
}

// A hook that reads its model's required properties is not called on a
// model a collecting decode could not fill: the document cannot make it
// read a property that has no value.
private struct ReadsInHook: Kodable {
  @Coding var id: Int
  @Coding var name: String
  var label = ""

  mutating func didDecode(from decoder: any Decoder) throws {
    label = "\(id): \(name)"
  }
}

@Test(arguments: [false, true])
func aHookIsNotCalledOnAModelWithFailedProperties(throughFoundation: Bool) throws {
  let decoder = JSONDecoder()
  decoder.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let errors = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(
      [ReadsInHook].self, from: Data(#"[{"id": 1, "name": "a"}, {"id": "two"}]"#.utf8))
  }
  #expect(errors.errors.map(\.path.description) == ["[1].id", "[1].name"])
  let good = try decoder.decodeCollectingErrors(
    [ReadsInHook].self, from: Data(#"[{"id": 1, "name": "a"}]"#.utf8))
  #expect(good.map(\.label) == ["1: a"])
}

// Failures are listed in the declaration order of the properties they
// belong to, whatever their paths, through both readers.

private struct Milestone: Kodable {
  @Coding var title: String
  @Coding("due_on") var dueOn: Int
}

private struct Ticket: Kodable {
  @Coding var number: Int
  @Coding("user.login") var login: String
  @Coding var title: String
  @Coding var milestone: Milestone
  @Coding("labels[1].name") var secondLabel: String
  @Coding var state: String
}

@Test(arguments: [false, true])
func collectedFailuresFollowTheDeclarationOrder(throughFoundation: Bool) throws {
  let data = Data(
    #"""
    {"state": [3], "title": [4], "number": "5", "labels": [{}, {"name": [6]}],
     "user": {"login": [7]}, "milestone": {"due_on": "x", "title": [8]}}
    """#.utf8)
  let decoder = JSONDecoder()
  decoder.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let errors = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(Ticket.self, from: data)
  }
  #expect(
    errors.errors.map(\.path.description) == [
      "number", "user.login", "title", "milestone.title", "milestone.due_on", "labels[1].name",
      "state",
    ])
  let codix = try #require(throws: CodixCollectedErrors.self) {
    try CodixJSONDecoder().decodeCollectingErrors(Ticket.self, from: data)
  }
  #expect(codix.errors.map(\.path) == errors.errors.map(\.path))
  // The cap keeps the first failures of that order.
  let capped = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(Ticket.self, from: data, limit: 2)
  }
  #expect(capped.errors.map(\.path.description) == ["number", "user.login"])
  #expect(capped.count == 7)
}
