import CodixPath
import Foundation
import Testing

// "Did you mean …?" in the path style's reports, for keys with two
// neighbouring letters swapped.

// MARK: - Fixtures

private struct Post: Decodable {
  let id: Int
  let title: String

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    title = try decoder.decode(at: "title")
  }
}

private struct Author: Decodable {
  let name: String?

  init(from decoder: any Decoder) throws {
    try decoder.checkUnknownKeys(besides: ["name", "id"])
    name = try decoder.decodeIfPresent(at: "name")
  }
}

// MARK: - Reports

@Test func aMissingKeySuggestsTheKeyWithTwoLettersSwapped() throws {
  let data = Data(#"{"id": 1, "titel": "Hello"}"#.utf8)
  let error = try #require(throws: CodixError.self) {
    try JSONDecoder().decode(Post.self, from: data, at: "")
  }
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "title")
  #expect(
    error.description == """
      Post at title (line 1, column 1): key not found, expected String
        No key "title" among "id", "titel". Did you mean "titel"?
      """)
}

@Test func anUnknownKeySuggestsTheKeyWithTwoLettersSwapped() throws {
  let data = Data(#"{"id": 1, "naem": "Ann"}"#.utf8)
  let error = try #require(throws: CodixError.self) {
    try JSONDecoder().decode(Author.self, from: data, at: "")
  }
  #expect(error.kind == .dataCorrupted)
  #expect(error.path == "naem")
  #expect(
    error.description == """
      Author at naem (line 1, column 19): data corrupted, expected only keys the model reads, found key "naem"
        Unknown key "naem"; did you mean "name"?
      """)
}
