import CodixWrappers
import Foundation
import Testing

// "Did you mean …?" in the wrapper style's reports, for keys with two
// neighbouring letters swapped.

// MARK: - Fixtures

private struct Post: Kodable {
  @Coding var id: Int
  @Coding var title: String
}

private struct Author: Kodable {
  static let unknownKeys = UnknownKeys.reject
  @Coding var id: Int
  @Coding var name: String?
}

// MARK: - Reports

@Test func aMissingKeySuggestsTheKeyWithTwoLettersSwapped() throws {
  let data = Data(#"{"id": 1, "titel": "Hello"}"#.utf8)
  let error = try #require(throws: CodixError.self) { try Post.decode(from: data) }
  #expect(error.kind == .keyNotFound)
  #expect(error.path.description == "title")
  #expect(
    error.description == """
      Post.title at title (line 1, column 1): key not found, expected String
        No key "title" among "id", "titel". Did you mean "titel"?
      """)
}

@Test func anUnknownKeySuggestsTheKeyWithTwoLettersSwapped() throws {
  let data = Data(#"{"id": 1, "naem": "Ann"}"#.utf8)
  let error = try #require(throws: CodixError.self) { try Author.decode(from: data) }
  #expect(error.kind == .dataCorrupted)
  #expect(error.path.description == "naem")
  #expect(
    error.description == """
      Author at naem (line 1, column 19): data corrupted, expected only keys Author reads, found key "naem"
        Unknown key "naem"; did you mean "name"?
      """)
}
