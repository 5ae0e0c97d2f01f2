import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Per-model key styles, ignored properties, lossy dictionaries and sets, and
// Base64 data.

private enum Status: String, Codable, Hashable, Sendable {
  case open, closed
}

@Test func aKeyStyleNamesEveryPropertyWithoutAKeyOfItsOwn() throws {
  struct Snake: Kodable, Equatable {
    static let keyStyle = KeyStyle.snakeCase
    @Coding var firstName: String
    @Coding("ID") var id: Int
    var lastLoginAt: String?
    @Coding var userID: Int = 0
    @Coding var labels: [String: Int] = [:]
  }
  let text = #"{"ID":1,"first_name":"Ana","labels":{"someKey":1},"last_login_at":"x","user_id":2}"#
  let snake = try decodeOnEveryRoute(Snake.self, from: Data(text.utf8))
  #expect(snake.firstName == "Ana")
  #expect(snake.id == 1)
  #expect(snake.lastLoginAt == "x")
  #expect(snake.userID == 2)
  #expect(snake.labels == ["someKey": 1])  // dictionary keys are never converted
  #expect(try sortedJSON(snake) == text)

  #expect(KeyStyle.kebabCase.key(for: "urlString") == "url-string")
  #expect(KeyStyle.screamingSnakeCase.key(for: "firstName") == "FIRST_NAME")
  #expect(KeyStyle.pascalCase.key(for: "userID") == "UserId")
  #expect(KeyStyle.camelCase.key(for: "first_name") == "firstName")
  #expect(KeyStyle.snakeCase.key(for: "URLString") == "url_string")
  #expect(KeyStyle.snakeCase.key(for: "version2Name") == "version2_name")
  #expect(KeyStyle.asDeclared.key(for: "firstName") == "firstName")
}

@Test func anIgnoredPropertyIsNeitherReadNorWritten() throws {
  struct Song: Kodable, Equatable {
    @Coding var id: Int
    @Ignored var isPlaying = false
    @Ignored var title = "local"
  }
  var song = try decodeOnEveryRoute(
    Song.self, from: Data(#"{"id": 1, "isPlaying": true, "title": 5}"#.utf8))
  #expect(song.isPlaying == false)
  #expect(song.title == "local")
  song.isPlaying = true
  #expect(try sortedJSON(song) == #"{"id":1}"#)
}

@Test func lossyDictionariesDropTheEntriesThatFailInBothStyles() throws {
  struct Counts: Kodable {
    @Coding var byStatus: [Status: Int]
    @Coding var byDay: [Int: String] = [:]
    @Coding var tags: Set<String> = []
  }
  struct PathCounts: Decodable, Equatable {
    var byStatus: [Status: Int]
    var tags: Set<String>
    init(from decoder: any Decoder) throws {
      byStatus = try decoder.decodeLossy(at: "byStatus")
      tags = try decoder.decodeLossy(at: "tags")
    }
  }
  let data = Data(
    #"{"byStatus": {"open": 3, "closed": "x", "pending": 1}, "byDay": {"1": "mon", "two": "tue"}, "tags": ["a", 1, "a", "b"]}"#
      .utf8)
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let counts = try decoder.decode(Counts.self, from: data)
  #expect(counts.byStatus == [.open: 3])
  #expect(counts.byDay == [1: "mon"])
  #expect(counts.tags == ["a", "b"])
  #expect(
    diagnostics.warnings.map(\.path.description).sorted()
      == ["byDay.two", "byStatus.closed", "byStatus.pending", "tags[1]"])
  let closed = try #require(diagnostics.warnings.first { $0.path == "byStatus.closed" })
  #expect(closed.typeName == "Counts")
  #expect(closed.property == "byStatus")
  #expect(closed.found == #""x""#)
  #expect(closed.description.contains("Dropped this entry of a lossy dictionary."))

  let path = try decodeOnEveryRoute(PathCounts.self, from: data)
  #expect(path.byStatus == [.open: 3])
  #expect(path.tags == ["a", "b"])
}

@Test func enumKeyedDictionariesRoundTripAsObjects() throws {
  struct Counts: Kodable, Equatable {
    @Coding var byStatus: [Status: Int] = [:]
  }
  var counts = Counts()
  counts.byStatus = [.open: 1, .closed: 2]
  let json = try sortedJSON(counts)
  #expect(json == #"{"byStatus":{"closed":2,"open":1}}"#)
  #expect(try decodeOnEveryRoute(Counts.self, from: Data(json.utf8)) == counts)
}

@Test func base64DataInBothAlphabetsAndBothStyles() throws {
  struct Blob: Kodable {
    @Coding("data", using: DataFromBase64()) var data: Data
    @Coding("token", using: DataFromBase64(.urlSafe)) var token: Data?
  }
  struct PathBlob: Decodable {
    var data: Data
    init(from decoder: any Decoder) throws {
      data = try decoder.decode(at: "data", using: DataFromBase64())
    }
  }
  let bytes = Data([0xfb, 0xff, 0x01])
  let text = #"{"data":"+/8B","token":"-_8B"}"#
  let blob = try decodeOnEveryRoute(Blob.self, from: Data(text.utf8))
  #expect(blob.data == bytes)
  #expect(blob.token == bytes)
  // JSONEncoder writes "/" as "\/".
  #expect(try sortedJSON(blob) == #"{"data":"+\/8B","token":"-_8B"}"#)
  #expect(try decodeOnEveryRoute(PathBlob.self, from: Data(text.utf8)).data == bytes)
  #expect(try DataFromBase64(.urlSafe).transform("AQ") == Data([1]))

  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Blob.self, from: Data(#"{"data": "-_8B"}"#.utf8))
  }
  #expect(error.kind == .transformFailed)
  #expect(error.path == "data")
  #expect(error.property == "data")
  #expect(error.found == #""-_8B""#)
  #expect(error.description.contains("Not standard Base64 text."))
}
