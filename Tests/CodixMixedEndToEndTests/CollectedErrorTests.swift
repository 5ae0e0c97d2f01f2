import CodixPath
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
  #expect(errors.description.hasPrefix("5 problems decoding Page:\n1. Page.total at total:"))
  #expect(errors.description.contains("\n3. Song.title at results[2].title: key not found"))
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
    try JSONDecoder().decode(Page.self, from: broken)
  }
  #expect(first.path == "total")
}
