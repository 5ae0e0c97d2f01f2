import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// The real-world Codable scenarios, each solved twice: once in the
// path style (`init(from:)` with `decoder.decode(at:)`) and once in the
// wrapper style (`Kodable` with `@Coding`), from the same JSON fixtures. The
// last section mixes both styles in one model.
//
// Models live in two namespaces so that each scenario can use the article's
// names (`Song`, `User`, `Comment`, `Page`) in both styles.

/// Models written with CodixPath: `init(from:)` and `decoder.decode(at:)`.
enum PathStyle {}

/// Models written with CodixWrappers: `Kodable` structs and property wrappers.
enum WrapperStyle {}

private func json(_ text: String) -> Data { Data(text.utf8) }

/// Runs `body` and returns the `CodixError` it threw, or `nil` (recording an
/// issue) when it threw nothing or something else.
private func codixError(_ body: () throws -> Void) -> CodixError? {
  do {
    try body()
    Issue.record("expected a CodixError, nothing was thrown")
    return nil
  } catch let error as CodixError {
    return error
  } catch {
    Issue.record("not a CodixError: \(error)")
    return nil
  }
}

/// A `JSONDecoder` that records what lossy decoding recovers from.
private func jsonDecoder(reportingTo diagnostics: CodixDiagnostics) -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  return decoder
}

// MARK: - Shared models: Song, User, and a target that is either

extension PathStyle {
  struct Song: Decodable, Equatable, Sendable {
    var id: Int
    var name: String
    var createDate: Date?

    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      name = try decoder.decode(at: "name")
      createDate = try decoder.decodeIfPresent(at: "create_date", using: DateCodingStrategy.iso8601)
    }
  }

  struct User: Decodable, Equatable, Sendable {
    var id: Int
    var name: String
    var email: String?
    var birthday: Date?

    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      name = try decoder.decode(at: "name")
      email = try decoder.decodeIfPresent(at: "email")
      birthday = try decoder.decodeIfPresent(
        at: "birthday", using: DateFromString(format: "yyyy/MM/dd"))
    }
  }

  /// Scenario 1, method a: an enum with associated values, chosen by `type`.
  enum Target: Decodable, Equatable, Sendable {
    case song(Song)
    case user(User)

    enum Kind: String, Decodable, CaseIterable {
      case song
      case user
    }

    init(from decoder: any Decoder) throws {
      switch try decoder.decodeDiscriminator(Kind.self, at: "type") {
      case .song: self = .song(try Song(from: decoder))
      case .user: self = .user(try User(from: decoder))
      }
    }

    var kind: Kind {
      switch self {
      case .song: return .song
      case .user: return .user
      }
    }

    var song: Song? {
      if case .song(let song) = self { return song }
      return nil
    }

    var user: User? {
      if case .user(let user) = self { return user }
      return nil
    }
  }

  struct Comment: Decodable, Sendable {
    var id: Int
    var comment: String
    var target: Target
    var commenter: User

    /// Business logic, as in the article's `CommentModel`.
    var displayMessage: String { "\(commenter.name): \(comment)" }

    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      comment = try decoder.decode(at: "comment")
      target = try decoder.decode(at: "target_object")
      commenter = try decoder.decode(at: "commenter")
    }
  }
}

extension WrapperStyle {
  struct Song: Kodable, Equatable, Sendable {
    @Coding var id: Int
    @Coding var name: String
    @CodableDate("create_date", .iso8601) var createDate: Date?
  }

  struct User: Kodable, Equatable, Sendable {
    @Coding var id: Int
    @Coding var name: String
    @Coding var email: String?
    @CodableDate("birthday", .format("yyyy/MM/dd")) var birthday: Date?
  }

  /// The same enum as in the path style: a `Kodable` model is a struct, so a
  /// polymorphic value is an enum with its own `init(from:)` in both styles.
  enum Target: Decodable, Equatable, Sendable {
    case song(Song)
    case user(User)

    enum Kind: String, Decodable, CaseIterable {
      case song
      case user
    }

    init(from decoder: any Decoder) throws {
      switch try decoder.decodeDiscriminator(Kind.self, at: "type") {
      case .song: self = .song(try Song(from: decoder))
      case .user: self = .user(try User(from: decoder))
      }
    }

    var kind: Kind {
      switch self {
      case .song: return .song
      case .user: return .user
      }
    }

    var song: Song? {
      if case .song(let song) = self { return song }
      return nil
    }

    var user: User? {
      if case .user(let user) = self { return user }
      return nil
    }
  }

  struct Comment: Kodable, Equatable, Sendable {
    @Coding var id: Int
    @Coding var comment: String
    @Coding("target_object") var target: Target
    @Coding var commenter: User

    /// Business logic, as in the article's `CommentModel`.
    var displayMessage: String { "\(commenter.name): \(comment)" }
  }
}

/// Encoding a polymorphic value: the discriminator, then the case's own
/// properties, into the same object. Without it, a wrapper model holding a
/// `Target` can be decoded but not encoded.
extension WrapperStyle.Target: Encodable {
  func encode(to encoder: any Encoder) throws {
    try encoder.encode(kind.rawValue, at: "type")
    switch self {
    case .song(let song): try song.encode(to: encoder)
    case .user(let user): try user.encode(to: encoder)
    }
  }
}

// MARK: - Scenario 1: a field that is a song or a user

private let scenario1JSON = json(
  #"""
  {
    "results": [
      {
        "id": 123456,
        "comment": "It's AccuseFive, not FiveAccuse!",
        "target_object": {
          "type": "song",
          "id": 99,
          "name": "Thinking of You Under the Stars"
        },
        "commenter": {
          "type": "user",
          "id": 1,
          "name": "zhgchgli",
          "email": "user@example.com"
        }
      },
      {
        "id": 55,
        "comment": "66666!",
        "target_object": {
          "type": "user",
          "id": 1,
          "name": "zhgchgli"
        },
        "commenter": {
          "type": "user",
          "id": 2,
          "name": "aaaa",
          "email": "other@example.com"
        }
      }
    ]
  }
  """#)

@Test func scenario1PathStyleDecodesASongOrAUserByType() throws {
  let comments = try JSONDecoder().decode(
    [PathStyle.Comment].self, from: scenario1JSON, at: "results")
  try #require(comments.count == 2)

  let song = try #require(comments[0].target.song)
  #expect(song.id == 99)
  #expect(song.name == "Thinking of You Under the Stars")
  #expect(song.createDate == nil)
  #expect(comments[0].commenter.email == "user@example.com")

  let user = try #require(comments[1].target.user)
  #expect(user.id == 1)
  #expect(user.name == "zhgchgli")
  #expect(user.email == nil)
  #expect(comments[1].commenter.name == "aaaa")
}

@Test func scenario1WrapperStyleDecodesASongOrAUserByType() throws {
  let first = try WrapperStyle.Comment.decode(from: scenario1JSON, at: "results[0]")
  let second = try WrapperStyle.Comment.decode(from: scenario1JSON, at: "results[1]")

  let song = try #require(first.target.song)
  #expect(song.id == 99)
  #expect(song.name == "Thinking of You Under the Stars")
  #expect(song.createDate == nil)
  #expect(first.commenter.email == "user@example.com")

  let user = try #require(second.target.user)
  #expect(user.id == 1)
  #expect(user.name == "zhgchgli")
  #expect(user.email == nil)
  #expect(second.commenter.name == "aaaa")
}

@Test func scenario1AWrapperCommentRoundTripsThroughItsEncodableTarget() throws {
  for index in 0..<2 {
    let comment = try WrapperStyle.Comment.decode(from: scenario1JSON, at: "results[\(index)]")
    let data = try JSONEncoder().encode(comment)
    #expect(try WrapperStyle.Comment.decode(from: data) == comment)
    let type = try JSONDecoder().decode(String.self, from: data, at: "target_object.type")
    #expect(type == comment.target.kind.rawValue)
  }
}

private let unknownTargetJSON = json(
  #"""
  {
    "results": [
      {
        "id": 7,
        "comment": "Great live clip!",
        "target_object": {
          "type": "video",
          "id": 3,
          "name": "Live at the Stadium"
        },
        "commenter": {
          "type": "user",
          "id": 1,
          "name": "zhgchgli",
          "email": "user@example.com"
        }
      }
    ]
  }
  """#)

@Test func scenario1AnUnknownTypeNamesTheAllowedValuesAndTheValueFound() throws {
  let errors = [
    codixError {
      _ = try JSONDecoder().decode(
        PathStyle.Comment.self, from: unknownTargetJSON, at: "results[0]")
    },
    codixError {
      _ = try WrapperStyle.Comment.decode(from: unknownTargetJSON, at: "results[0]")
    },
    codixError {
      _ = try JSONDecoder().decode([PathStyle.Comment].self, from: unknownTargetJSON, at: "results")
    },
    codixError {
      _ = try JSONDecoder().decode(
        [WrapperStyle.Comment].self, from: unknownTargetJSON, at: "results")
    },
  ]
  #expect(errors[0]?.typeName == "Target")
  #expect(errors[1]?.typeName == "Comment")
  #expect(errors[1]?.property == "target")
  for maybeError in errors {
    let error = try #require(maybeError)
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == "results[0].target_object.type")
    #expect(error.expected == #"one of "song", "user""#)
    #expect(error.found == #""video""#)
    #expect(
      error.headline.hasSuffix(
        #"results[0].target_object.type (line 7, column 17): data corrupted, expected one of "song", "user", found "video""#
      ))
  }
}

@Test func scenario1AMissingTypeIsKeyNotFoundAtTheDiscriminator() throws {
  let data = json(
    #"""
    {"id": 1, "comment": "?", "target_object": {"id": 99, "name": "x"},
     "commenter": {"id": 1, "name": "zhgchgli"}}
    """#)
  let pathError = try #require(
    codixError { _ = try JSONDecoder().decode(PathStyle.Comment.self, from: data, at: "") })
  let wrapperError = try #require(codixError { _ = try WrapperStyle.Comment.decode(from: data) })
  for error in [pathError, wrapperError] {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "target_object.type")
  }
}

// MARK: - Scenario 2: an array of songs and users

private let scenario2JSON = json(
  #"""
  {
    "results": [
      {
        "type": "song",
        "id": 99,
        "name": "Thinking of You Under the Stars"
      },
      {
        "type": "user",
        "id": 1,
        "name": "zhgchgli",
        "email": "user@example.com"
      }
    ]
  }
  """#)

extension PathStyle {
  struct TargetList: Decodable {
    var results: [Target]

    init(from decoder: any Decoder) throws {
      results = try decoder.decode(at: "results")
    }
  }

  struct LossyTargetList: Decodable {
    var results: [Target]

    init(from decoder: any Decoder) throws {
      results = try decoder.decodeLossy(at: "results")
    }
  }
}

extension WrapperStyle {
  struct TargetList: Kodable {
    @Coding var results: [Target]
  }
}

@Test func scenario2AMixedArrayDecodesInBothStyles() throws {
  let pathList = try decodeOnEveryRoute(PathStyle.TargetList.self, from: scenario2JSON)
  try #require(pathList.results.count == 2)
  #expect(pathList.results.map(\.kind) == [.song, .user])
  #expect(pathList.results[0].song?.name == "Thinking of You Under the Stars")
  #expect(pathList.results[1].user?.email == "user@example.com")

  let wrapperList = try WrapperStyle.TargetList.decode(from: scenario2JSON)
  try #require(wrapperList.results.count == 2)
  #expect(wrapperList.results.map(\.kind) == [.song, .user])
  #expect(wrapperList.results[0].song?.name == "Thinking of You Under the Stars")
  #expect(wrapperList.results[1].user?.email == "user@example.com")

  // No model needed: the array itself, at its path.
  let targets = try JSONDecoder().decode(
    [PathStyle.Target].self, from: scenario2JSON, at: "results")
  #expect(targets == pathList.results)
}

private let scenario2WithVideoJSON = json(
  #"""
  {
    "results": [
      {"type": "song", "id": 99, "name": "Thinking of You Under the Stars"},
      {"type": "video", "id": 3, "name": "Live at the Stadium"},
      {"type": "user", "id": 1, "name": "zhgchgli", "email": "user@example.com"}
    ]
  }
  """#)

@Test func scenario2AnUnknownElementFailsStrictlyAndIsDroppedLossily() throws {
  // decode(at:) is strict: the whole array fails at the unknown element.
  let strict = try #require(
    codixError {
      _ = try decodeOnEveryRoute(PathStyle.TargetList.self, from: scenario2WithVideoJSON)
    })
  #expect(strict.kind == .dataCorrupted)
  #expect(strict.path == "results[1].type")

  // decodeLossy(at:) and a wrapped array drop it and say so.
  let pathDiagnostics = CodixDiagnostics()
  let pathList = try jsonDecoder(reportingTo: pathDiagnostics)
    .decode(PathStyle.LossyTargetList.self, from: scenario2WithVideoJSON)
  let wrapperDiagnostics = CodixDiagnostics()
  let wrapperList = try WrapperStyle.TargetList.decode(
    from: scenario2WithVideoJSON, using: jsonDecoder(reportingTo: wrapperDiagnostics))

  #expect(pathList.results.map(\.kind) == [.song, .user])
  #expect(wrapperList.results.map(\.kind) == [.song, .user])
  for diagnostics in [pathDiagnostics, wrapperDiagnostics] {
    #expect(diagnostics.warnings.map(\.path) == ["results[1].type"])
    #expect(diagnostics.warnings.map(\.kind) == [.dataCorrupted])
    #expect(diagnostics.warnings.first?.found == #""video""#)
  }
}

// MARK: - Scenario 3: a field that may be missing (or null)

private let scenario3JSON = json(
  #"""
  [
    {
      "type": "song",
      "id": 99,
      "name": "Thinking of You Under the Stars and Moon",
      "album": {"title": "Accuse Five"}
    },
    {
      "type": "song",
      "id": 11
    },
    {
      "type": "song",
      "id": 12,
      "name": null,
      "album": null
    }
  ]
  """#)

extension PathStyle {
  struct NamedTarget: Decodable {
    var id: Int
    /// `"Untitled"` when `name` is missing or `null`.
    var name: String
    /// `nil` when `name` is missing or `null`.
    var optionalName: String?
    /// `nil` when `album` or `album.title` is missing or `null`.
    var albumTitle: String?

    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      name = try decoder.decode(at: "name", default: "Untitled")
      optionalName = try decoder.decodeIfPresent(at: "name")
      albumTitle = try decoder.decodeIfPresent(at: "album.title")
    }
  }
}

extension WrapperStyle {
  struct NamedTarget: Kodable {
    @Coding var id: Int
    @Coding(default: "Untitled") var name: String
    @Coding("name") var optionalName: String?
    @Coding("album.title") var albumTitle: String?
  }
}

@Test func scenario3MissingAndNullAreTheSameForDefaultsAndOptionals() throws {
  let paths = try JSONDecoder().decode([PathStyle.NamedTarget].self, from: scenario3JSON, at: "")
  let wrappers = try JSONDecoder().decode(
    [WrapperStyle.NamedTarget].self, from: scenario3JSON, at: "")

  // [0] present, [1] missing, [2] null.
  let names = ["Thinking of You Under the Stars and Moon", "Untitled", "Untitled"]
  let optionalNames: [String?] = ["Thinking of You Under the Stars and Moon", nil, nil]
  let albumTitles: [String?] = ["Accuse Five", nil, nil]

  #expect(paths.map(\.id) == [99, 11, 12])
  #expect(paths.map(\.name) == names)
  #expect(paths.map(\.optionalName) == optionalNames)
  #expect(paths.map(\.albumTitle) == albumTitles)

  #expect(wrappers.map(\.id) == [99, 11, 12])
  #expect(wrappers.map(\.name) == names)
  #expect(wrappers.map(\.optionalName) == optionalNames)
  #expect(wrappers.map(\.albumTitle) == albumTitles)
}

@Test func scenario3AnInitialValueIsADefaultToo() throws {
  struct Counted: Kodable {
    @Coding var plays: Int = 0
    @Coding var likes: Int = 5
  }
  let missing = try Counted.decode(from: json("{}"))
  let null = try Counted.decode(from: json(#"{"plays": null, "likes": null}"#))
  let present = try Counted.decode(from: json(#"{"plays": 3, "likes": 4}"#))
  #expect([missing.plays, null.plays, present.plays] as [Int] == [0, 0, 3])
  #expect([missing.likes, null.likes, present.likes] as [Int] == [5, 5, 4])
}

private let scenario3WrongTypeJSON = json(
  #"[{"type": "song", "id": 13, "name": ["not", "a", "name"]}]"#)

@Test func scenario3AWrongTypeStillThrowsInBothStyles() throws {
  let pathError = try #require(
    codixError {
      _ = try JSONDecoder().decode(
        [PathStyle.NamedTarget].self, from: scenario3WrongTypeJSON, at: "")
    })
  let wrapperError = try #require(
    codixError {
      _ = try JSONDecoder().decode(
        [WrapperStyle.NamedTarget].self, from: scenario3WrongTypeJSON, at: "")
    })
  for error in [pathError, wrapperError] {
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "[0].name")
    #expect(error.expected == "String")
  }
}

@Test func scenario3AMissingRequiredValueStillThrowsInBothStyles() throws {
  let data = json(#"[{"type": "song", "name": "No id"}]"#)
  let pathError = try #require(
    codixError { _ = try JSONDecoder().decode([PathStyle.NamedTarget].self, from: data, at: "") })
  let wrapperError = try #require(
    codixError { _ = try JSONDecoder().decode([WrapperStyle.NamedTarget].self, from: data, at: "") }
  )
  for error in [pathError, wrapperError] {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "[0].id")
  }
}

// MARK: - Scenario 4: skip broken elements of an array

private let scenario4JSON = json(
  #"""
  {
    "results": [
      {
        "type": "song",
        "id": 99,
        "name": "Thinking of You Under the Stars"
      },
      {
        "error": "errro"
      },
      {
        "type": "song",
        "id": 19,
        "name": "Take Me to Find Nightlife"
      },
      {
        "type": "song",
        "id": "20",
        "name": "An id of the wrong type"
      }
    ]
  }
  """#)

extension PathStyle {
  struct Results: Decodable {
    var results: [Song]

    init(from decoder: any Decoder) throws {
      results = try decoder.decodeLossy(at: "results")
    }
  }

  struct StrictResults: Decodable {
    var results: [Song]

    init(from decoder: any Decoder) throws {
      results = try decoder.decode(at: "results")
    }
  }
}

extension WrapperStyle {
  struct Results: Kodable {
    @Coding var results: [Song]
  }

  struct StrictResults: Kodable {
    @Coding(.enforceTypeDecoding) var results: [Song]
  }
}

@Test func scenario4BrokenElementsAreSkippedAndReportedWithTheirIndex() throws {
  let pathDiagnostics = CodixDiagnostics()
  let pathResults = try jsonDecoder(reportingTo: pathDiagnostics)
    .decode(PathStyle.Results.self, from: scenario4JSON)
  let wrapperDiagnostics = CodixDiagnostics()
  let wrapperResults = try WrapperStyle.Results.decode(
    from: scenario4JSON, using: jsonDecoder(reportingTo: wrapperDiagnostics))

  #expect(pathResults.results.map(\.id) == [99, 19])
  #expect(
    pathResults.results.map(\.name) == [
      "Thinking of You Under the Stars", "Take Me to Find Nightlife",
    ])
  #expect(wrapperResults.results.map(\.id) == [99, 19])
  #expect(
    wrapperResults.results.map(\.name) == [
      "Thinking of You Under the Stars", "Take Me to Find Nightlife",
    ])

  for diagnostics in [pathDiagnostics, wrapperDiagnostics] {
    let warnings = diagnostics.warnings
    #expect(warnings.map(\.path) == ["results[1].id", "results[3].id"])
    #expect(warnings.map(\.kind) == [.keyNotFound, .typeMismatch])
    #expect(warnings.last?.found == #""20""#)
    #expect(warnings.allSatisfy { $0.message?.hasPrefix("Dropped element") == true })
  }
}

@Test func scenario4WithoutDiagnosticsElementsAreStillSkipped() throws {
  #expect(try decodeOnEveryRoute(PathStyle.Results.self, from: scenario4JSON).results.count == 2)
  #expect(try WrapperStyle.Results.decode(from: scenario4JSON).results.count == 2)
}

@Test func scenario4StrictDecodingFailsAtTheFirstBrokenElement() throws {
  let pathError = try #require(
    codixError { _ = try decodeOnEveryRoute(PathStyle.StrictResults.self, from: scenario4JSON) })
  let wrapperError = try #require(
    codixError { _ = try WrapperStyle.StrictResults.decode(from: scenario4JSON) })
  for error in [pathError, wrapperError] {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "results[1].id")
  }
}

// MARK: - Scenario 5: fields that are not from the JSON (business state)

private let scenario5JSON = json(
  #"""
  {
    "type": "song",
    "id": 99,
    "name": "Thinking of You Under the Stars",
    "isSaved": true,
    "source": "feed",
    "playback": {"isSaved": true, "playCount": 3}
  }
  """#)

/// App state about a song. Not `Decodable`, so a wrapper model leaves it alone.
struct PlaybackState: Equatable, Sendable {
  var isSaved = false
  var playCount = 0
}

extension PathStyle {
  struct SongModel: Decodable {
    var id: Int
    var name: String
    /// Business logic: `init(from:)` never reads it.
    var isSaved = false

    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      name = try decoder.decode(at: "name")
    }
  }
}

extension WrapperStyle {
  struct SongModel: Kodable {
    @Coding var id: Int
    @Coding var name: String
    /// A `let`: never read, never written.
    let source = "catalog"
    /// Not `Decodable`: never read, never written.
    var playback = PlaybackState()
  }
}

@Test func scenario5PathStyleReadsOnlyWhatInitFromAsksFor() throws {
  // The document says "isSaved": true; init(from:) does not ask for it.
  let song = try decodeOnEveryRoute(PathStyle.SongModel.self, from: scenario5JSON)
  #expect(song.id == 99)
  #expect(song.isSaved == false)
}

@Test func scenario5WrapperStyleLeavesLetsAndNonDecodablePropertiesAlone() throws {
  var song = try WrapperStyle.SongModel.decode(from: scenario5JSON)
  #expect(song.id == 99)
  #expect(song.name == "Thinking of You Under the Stars")
  #expect(song.source == "catalog")
  #expect(song.playback == PlaybackState())

  // Nor are they written back, even once the app has changed them.
  song.playback.isSaved = true
  let encoded = try JSONEncoder().encode(song)
  let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
  #expect(object.keys.sorted() == ["id", "name"])
}

// MARK: - Scenario 6: booleans written as 0/1 or "true"/"false"

private let scenario6JSON = json(
  #"""
  {
    "id": 99,
    "is_favorite": 1,
    "is_public": "false",
    "is_explicit": true
  }
  """#)

extension PathStyle {
  struct Flags: Decodable {
    var isFavorite: Bool
    var isPublic: Bool
    var isExplicit: Bool

    init(from decoder: any Decoder) throws {
      isFavorite = try decoder.decode(at: "is_favorite", using: BoolFromInt())
      isPublic = try decoder.decode(at: "is_public", using: BoolFromString())
      isExplicit = try decoder.decode(at: "is_explicit")
    }
  }
}

extension WrapperStyle {
  /// Lossy by default: a `Bool` is also read from 0/1 and "true"/"false".
  struct Flags: Kodable {
    @Coding("is_favorite") var isFavorite: Bool
    @Coding("is_public") var isPublic: Bool
    @Coding("is_explicit") var isExplicit: Bool
  }

  /// The path style's transformers, in wrappers: exactly their rules.
  struct StrictFlags: Kodable {
    @Coding("is_favorite", using: BoolFromInt()) var isFavorite: Bool
    @Coding("is_public", using: BoolFromString()) var isPublic: Bool
    @Coding("is_explicit", .enforceTypeDecoding) var isExplicit: Bool
  }
}

@Test func scenario6BooleansFromNumbersAndStrings() throws {
  let pathDiagnostics = CodixDiagnostics()
  let path = try jsonDecoder(reportingTo: pathDiagnostics).decode(
    PathStyle.Flags.self, from: scenario6JSON)
  let wrapperDiagnostics = CodixDiagnostics()
  let wrapped = try WrapperStyle.Flags.decode(
    from: scenario6JSON, using: jsonDecoder(reportingTo: wrapperDiagnostics))
  let strict = try WrapperStyle.StrictFlags.decode(from: scenario6JSON)

  #expect([path.isFavorite, path.isPublic, path.isExplicit] == [true, false, true])
  #expect([wrapped.isFavorite, wrapped.isPublic, wrapped.isExplicit] == [true, false, true])
  #expect([strict.isFavorite, strict.isPublic, strict.isExplicit] == [true, false, true])

  // A transformer is the declared format, not a recovery; a lossy wrapper
  // records each coercion.
  #expect(pathDiagnostics.warnings.isEmpty)
  #expect(wrapperDiagnostics.warnings.map(\.path) == ["is_favorite", "is_public"])
  #expect(wrapperDiagnostics.warnings.map(\.property) == ["isFavorite", "isPublic"])
}

@Test func scenario6ANumberOtherThanZeroOrOne() throws {
  let data = json(#"{"is_favorite": 2, "is_public": "false", "is_explicit": true}"#)
  // BoolFromInt reads any non-zero number as true, as the original Codix did,
  // in both styles.
  let path = try JSONDecoder().decode(PathStyle.Flags.self, from: data, at: "")
  #expect(path.isFavorite)
  let strict = try WrapperStyle.StrictFlags.decode(from: data)
  #expect(strict.isFavorite)

  // A wrapper's lossy Bool, with no transformer, accepts only 0 and 1.
  let lossyError = try #require(codixError { _ = try WrapperStyle.Flags.decode(from: data) })
  #expect(lossyError.kind == .typeMismatch)
  #expect(lossyError.path == "is_favorite")
  #expect(lossyError.found == "2")
  #expect(lossyError.property == "isFavorite")
}

// MARK: - Scenario 7: two date formats in one payload

private let scenario7JSON = json(
  #"""
  {
    "create_date": "2020-06-13T15:21:42+0800",
    "birthday": "1994/07/18"
  }
  """#)

private let june13 = Date(timeIntervalSince1970: 1_592_032_902)  // 2020-06-13T07:21:42Z
private let july18 = Date(timeIntervalSince1970: 774_489_600)  // 1994-07-18T00:00:00Z

extension PathStyle {
  struct Dated: Decodable {
    var createDate: Date
    var birthday: Date

    init(from decoder: any Decoder) throws {
      createDate = try decoder.decode(at: "create_date", using: DateCodingStrategy.iso8601)
      birthday = try decoder.decode(at: "birthday", using: DateFromString(format: "yyyy/MM/dd"))
    }
  }
}

extension WrapperStyle {
  struct Dated: Kodable {
    @CodableDate("create_date", .iso8601) var createDate: Date
    @CodableDate("birthday", .format("yyyy/MM/dd")) var birthday: Date
  }

  /// The same with `@Coding` and a date strategy used as a transformer.
  struct CodingDated: Kodable {
    @Coding("create_date", using: DateCodingStrategy.iso8601) var createDate: Date
    @Coding("birthday", using: DateCodingStrategy.format("yyyy/MM/dd")) var birthday: Date
  }
}

@Test func scenario7TwoDateFormatsWithoutADateDecodingStrategy() throws {
  let decoder = JSONDecoder()  // dateDecodingStrategy left as it is
  let path = try decoder.decode(PathStyle.Dated.self, from: scenario7JSON)
  let wrapped = try WrapperStyle.Dated.decode(from: scenario7JSON, using: decoder)
  let coding = try WrapperStyle.CodingDated.decode(from: scenario7JSON, using: decoder)
  #expect([path.createDate, wrapped.createDate, coding.createDate] == [june13, june13, june13])
  #expect([path.birthday, wrapped.birthday, coding.birthday] == [july18, july18, july18])
}

@Test func scenario7WrappedDatesAreWrittenBackInTheirOwnFormats() throws {
  let wrapped = try WrapperStyle.Dated.decode(from: scenario7JSON)
  let written = try decodeOnEveryRoute([String: String].self, from: JSONEncoder().encode(wrapped))
  #expect(written == ["create_date": "2020-06-13T07:21:42Z", "birthday": "1994/07/18"])
  let again = try WrapperStyle.Dated.decode(from: JSONEncoder().encode(wrapped))
  #expect(again.createDate == june13)
  #expect(again.birthday == july18)
}

@Test func scenario7ADateInTheWrongFormatNamesTheFormat() throws {
  let data = json(#"{"create_date": "2020-06-13T15:21:42+0800", "birthday": "1994-07-18"}"#)
  let errors = [
    codixError { _ = try JSONDecoder().decode(PathStyle.Dated.self, from: data, at: "") },
    codixError { _ = try WrapperStyle.Dated.decode(from: data) },
    codixError { _ = try WrapperStyle.CodingDated.decode(from: data) },
  ]
  for maybeError in errors {
    let error = try #require(maybeError)
    #expect(error.kind == .transformFailed)
    #expect(error.path == "birthday")
    #expect(error.expected == "Date (format yyyy/MM/dd)")
    #expect(error.found == #""1994-07-18""#)
  }

  let badISO = json(#"{"create_date": "yesterday", "birthday": "1994/07/18"}"#)
  let isoErrors = [
    codixError { _ = try JSONDecoder().decode(PathStyle.Dated.self, from: badISO, at: "") },
    codixError { _ = try WrapperStyle.Dated.decode(from: badISO) },
  ]
  for maybeError in isoErrors {
    let error = try #require(maybeError)
    #expect(error.kind == .transformFailed)
    #expect(error.path == "create_date")
    #expect(error.expected == "Date (ISO 8601)")
    #expect(error.found == #""yesterday""#)
  }
}

// MARK: - Scenario 8: a generic page

extension PathStyle {
  struct Page<T: Decodable>: Decodable {
    var count: Int
    var offset: Int
    var limit: Int
    var results: [T]

    init(from decoder: any Decoder) throws {
      count = try decoder.decode(at: "count")
      offset = try decoder.decode(at: "offset")
      limit = try decoder.decode(at: "limit")
      results = try decoder.decodeLossy(at: "results")
    }
  }
}

extension WrapperStyle {
  struct Page<T: Decodable & Sendable>: Kodable {
    @Coding var count: Int
    @Coding var offset: Int
    @Coding var limit: Int
    @Coding var results: [T]
  }
}

private let songPageJSON = json(
  #"""
  {
    "count": 3,
    "offset": 0,
    "limit": 10,
    "results": [
      {"type": "song", "id": 99, "name": "Thinking of You Under the Stars"},
      {"error": "errro"},
      {"type": "song", "id": 19, "name": "Take Me to Find Nightlife"}
    ]
  }
  """#)

private let userPageJSON = json(
  #"""
  {
    "count": 2,
    "offset": 10,
    "limit": 10,
    "results": [
      {"type": "user", "id": 1, "name": "zhgchgli", "email": "user@example.com", "birthday": "1994/07/18"},
      {"type": "user", "id": 2, "name": "Random User", "birthday": "2000-01-12"}
    ]
  }
  """#)

@Test func scenario8OnePageTypeForEveryElementType() throws {
  let pathDiagnostics = CodixDiagnostics()
  let pathDecoder = jsonDecoder(reportingTo: pathDiagnostics)
  let pathSongs = try pathDecoder.decode(PathStyle.Page<PathStyle.Song>.self, from: songPageJSON)
  let pathUsers = try pathDecoder.decode(PathStyle.Page<PathStyle.User>.self, from: userPageJSON)

  let wrapperDiagnostics = CodixDiagnostics()
  let wrapperDecoder = jsonDecoder(reportingTo: wrapperDiagnostics)
  let wrapperSongs = try WrapperStyle.Page<WrapperStyle.Song>.decode(
    from: songPageJSON, using: wrapperDecoder)
  let wrapperUsers = try WrapperStyle.Page<WrapperStyle.User>.decode(
    from: userPageJSON, using: wrapperDecoder)

  #expect([pathSongs.count, pathSongs.offset, pathSongs.limit] as [Int] == [3, 0, 10])
  #expect([wrapperSongs.count, wrapperSongs.offset, wrapperSongs.limit] as [Int] == [3, 0, 10])
  #expect([pathUsers.count, pathUsers.offset, pathUsers.limit] as [Int] == [2, 10, 10])
  #expect([wrapperUsers.count, wrapperUsers.offset, wrapperUsers.limit] as [Int] == [2, 10, 10])

  #expect(pathSongs.results.map(\.id) == [99, 19])
  #expect(wrapperSongs.results.map(\.id) == [99, 19])
  #expect(pathUsers.results.map(\.name) == ["zhgchgli"])
  #expect(wrapperUsers.results.map(\.name) == ["zhgchgli"])
  #expect(pathUsers.results.first?.birthday == july18)
  #expect(wrapperUsers.results.first?.birthday == july18)

  for diagnostics in [pathDiagnostics, wrapperDiagnostics] {
    #expect(diagnostics.warnings.map(\.path) == ["results[1].id", "results[1].birthday"])
    #expect(diagnostics.warnings.map(\.kind) == [.keyNotFound, .transformFailed])
  }
}

@Test func scenario8APageWithoutResultsIsAnError() throws {
  let data = json(#"{"count": 0, "offset": 0, "limit": 10}"#)
  let pathError = try #require(
    codixError {
      _ = try JSONDecoder().decode(PathStyle.Page<PathStyle.Song>.self, from: data, at: "")
    })
  let wrapperError = try #require(
    codixError { _ = try WrapperStyle.Page<WrapperStyle.Song>.decode(from: data) })
  for error in [pathError, wrapperError] {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == "results")
  }
}

// MARK: - Scenario 9: the article's comprehensive example

private let comprehensiveJSON = json(
  #"""
  {
    "count": 3,
    "offset": 0,
    "limit": 10,
    "results": [
      {
        "id": 123456,
        "comment": "It's Accuse Five, not Five Accuse!",
        "target_object": {
          "type": "song",
          "id": 99,
          "name": "Thinking of You Under the Stars",
          "create_date": "2020-06-13T15:21:42+0800"
        },
        "commenter": {
          "type": "user",
          "id": 1,
          "name": "zhgchgli",
          "email": "user@example.com",
          "birthday": "1994/07/18"
        }
      },
      {
        "error": "not found"
      },
      {
        "error": "not found"
      },
      {
        "id": 2,
        "comment": "Haha, me too!",
        "target_object": {
          "type": "user",
          "id": 1,
          "name": "zhgchgli",
          "email": "user@example.com",
          "birthday": "1994/07/18"
        },
        "commenter": {
          "type": "user",
          "id": 1,
          "name": "Random User",
          "email": "random@example.com",
          "birthday": "2000/01/12"
        }
      }
    ]
  }
  """#)

private let expectedMessages = [
  "zhgchgli: It's Accuse Five, not Five Accuse!",
  "Random User: Haha, me too!",
]

private let january12 = Date(timeIntervalSince1970: 947_635_200)  // 2000-01-12T00:00:00Z

/// The index steps (`results[1]`) of each warning's path.
private func elementPaths(_ diagnostics: CodixDiagnostics) -> [[PathComponent]] {
  diagnostics.warnings.map { Array($0.path.components.prefix(2)) }
}

@Test func scenario9PathStyleDecodesTheComprehensiveExample() throws {
  let diagnostics = CodixDiagnostics()
  let page = try jsonDecoder(reportingTo: diagnostics)
    .decode(PathStyle.Page<PathStyle.Comment>.self, from: comprehensiveJSON, at: "")

  #expect([page.count, page.offset, page.limit] as [Int] == [3, 0, 10])
  try #require(page.results.count == 2)
  #expect(page.results.map(\.displayMessage) == expectedMessages)
  #expect(page.results.map(\.id) == [123456, 2])

  let song = try #require(page.results[0].target.song)
  #expect(song.id == 99)
  #expect(song.name == "Thinking of You Under the Stars")
  #expect(song.createDate == june13)
  #expect(page.results[0].commenter.birthday == july18)

  let user = try #require(page.results[1].target.user)
  #expect(user.name == "zhgchgli")
  #expect(user.birthday == july18)
  #expect(page.results[1].commenter.birthday == january12)

  #expect(diagnostics.warnings.count == 2)
  #expect(elementPaths(diagnostics) == [["results", 1], ["results", 2]])
  #expect(diagnostics.warnings.map(\.kind) == [.keyNotFound, .keyNotFound])
}

@Test func scenario9WrapperStyleDecodesTheComprehensiveExample() throws {
  let diagnostics = CodixDiagnostics()
  let page = try WrapperStyle.Page<WrapperStyle.Comment>.decode(
    from: comprehensiveJSON, using: jsonDecoder(reportingTo: diagnostics))

  #expect([page.count, page.offset, page.limit] as [Int] == [3, 0, 10])
  try #require(page.results.count == 2)
  #expect(page.results.map(\.displayMessage) == expectedMessages)
  #expect(page.results.map(\.id) == [123456, 2])

  let song = try #require(page.results[0].target.song)
  #expect(song.id == 99)
  #expect(song.name == "Thinking of You Under the Stars")
  #expect(song.createDate == june13)
  #expect(page.results[0].commenter.birthday == july18)

  let user = try #require(page.results[1].target.user)
  #expect(user.name == "zhgchgli")
  #expect(user.birthday == july18)
  #expect(page.results[1].commenter.birthday == january12)

  #expect(diagnostics.warnings.count == 2)
  #expect(elementPaths(diagnostics) == [["results", 1], ["results", 2]])
  #expect(diagnostics.warnings.map(\.kind) == [.keyNotFound, .keyNotFound])
}

@Test func scenario9TheTwoStylesAgree() throws {
  let path = try JSONDecoder().decode(
    PathStyle.Page<PathStyle.Comment>.self, from: comprehensiveJSON, at: "")
  let wrapped = try WrapperStyle.Page<WrapperStyle.Comment>.decode(from: comprehensiveJSON)
  #expect(path.results.map(\.displayMessage) == wrapped.results.map(\.displayMessage))
  #expect(path.results.map(\.target.kind.rawValue) == wrapped.results.map(\.target.kind.rawValue))
  #expect(path.results.map(\.commenter.birthday) == wrapped.results.map(\.commenter.birthday))
}

// MARK: - Mixing: wrappers with path code in didDecode / didEncode

/// What a track is. Deliberately not `Decodable`: the wrapper engine leaves
/// the property to `didDecode`, and does not also write it at `"kind"`.
enum TrackKind: String, Sendable {
  case song
  case podcast
  case unknown
}

struct Track: Kodable, Equatable, Sendable {
  @Coding var id: Int
  @Coding var title: String
  @Coding("meta.plays") var plays: Int = 0
  @CodableDate("meta.released", .format("yyyy/MM/dd")) var released: Date?
  /// `meta.kind`, or the legacy top-level `type`: a fallback between two
  /// places, which a wrapper's single path cannot say.
  var kind: TrackKind = .unknown

  mutating func didDecode(from decoder: any Decoder) throws {
    let raw =
      try decoder.decodeIfPresent(String.self, at: "meta.kind")
      ?? decoder.decode(String.self, at: "type")
    kind = TrackKind(rawValue: raw) ?? .unknown
  }

  func didEncode(to encoder: any Encoder) throws {
    try encoder.encode(kind.rawValue, at: "meta.kind")
  }
}

@Test func mixingDidDecodeFillsWhatTheWrappersCannot() throws {
  let current = try Track.decode(
    from: json(
      #"""
      {"id": 7, "title": "Take Me to Find Nightlife",
       "meta": {"plays": 42, "kind": "song", "released": "2020/06/13"}}
      """#))
  #expect(current.id == 7)
  #expect(current.plays == 42)
  #expect(current.released == Date(timeIntervalSince1970: 1_592_006_400))
  #expect(current.kind == .song)

  let legacy = try Track.decode(from: json(#"{"id": 8, "title": "Episode 1", "type": "podcast"}"#))
  #expect(legacy.plays == 0)
  #expect(legacy.released == nil)
  #expect(legacy.kind == .podcast)
}

@Test func mixingDidEncodeWritesIntoTheSameObjectsAsTheWrappers() throws {
  let track = try Track.decode(
    from: json(
      #"""
      {"id": 7, "title": "Take Me to Find Nightlife",
       "meta": {"plays": 42, "kind": "song", "released": "2020/06/13"}}
      """#))
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let data = try encoder.encode(track)
  #expect(
    String(decoding: data, as: UTF8.self)
      == #"{"id":7,"meta":{"kind":"song","plays":42,"released":"2020\/06\/13"},"title":"Take Me to Find Nightlife"}"#
  )
  #expect(try Track.decode(from: data) == track)

  let legacy = try Track.decode(from: json(#"{"id": 8, "title": "Episode 1", "type": "podcast"}"#))
  #expect(try Track.decode(from: encoder.encode(legacy)) == legacy)
}

@Test func mixingAnErrorInDidDecodeNamesTheModel() throws {
  let error = try #require(
    codixError { _ = try Track.decode(from: json(#"{"id": 9, "title": "No kind"}"#)) })
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "type")
  #expect(error.typeName == "Track")
}

// MARK: - Mixing: a wrapper model decoded from path-style code

struct Profile: Kodable, Equatable, Sendable {
  @Coding var id: Int
  @Coding("display_name") var name: String
  @Coding("is_vip") var isVIP: Bool = false
  @CodableDate("birthday", .format("yyyy/MM/dd")) var birthday: Date?
}

struct Session: Decodable {
  let token: String
  let user: Profile
  let friends: [Profile]

  init(from decoder: any Decoder) throws {
    token = try decoder.decode(at: "data.token")
    user = try decoder.decode(at: "data.user")
    friends = try decoder.decodeLossy(at: "data.friends")
  }
}

private let sessionJSON = json(
  #"""
  {
    "data": {
      "token": "abc123",
      "user": {"id": 1, "display_name": "zhgchgli", "is_vip": 1, "birthday": "1994/07/18"},
      "friends": [
        {"id": 2, "display_name": "Random User"},
        {"id": "x", "display_name": "Broken"}
      ]
    }
  }
  """#)

@Test func mixingPathCodeDecodesAWrapperModelAtAPath() throws {
  let diagnostics = CodixDiagnostics()
  let session = try jsonDecoder(reportingTo: diagnostics).decode(Session.self, from: sessionJSON)
  #expect(session.token == "abc123")
  #expect(session.user.id == 1)
  #expect(session.user.name == "zhgchgli")
  #expect(session.user.isVIP)
  #expect(session.user.birthday == july18)
  #expect(session.friends.map(\.name) == ["Random User"])
  #expect(session.friends.first?.isVIP == false)

  // The wrapper model's own recoveries carry the whole path, like the path
  // style's dropped element.
  #expect(diagnostics.warnings.map(\.path) == ["data.user.is_vip", "data.friends[1].id"])

  // The same model, straight from the document.
  #expect(try Profile.decode(from: sessionJSON, at: "data.user") == session.user)
}

@Test func mixingAWrapperModelsErrorInsidePathCodeHasTheWholePath() throws {
  let data = json(
    #"""
    {"data": {"token": "t", "user": {"id": 1, "display_name": "zhgchgli", "birthday": "18/07/1994"},
     "friends": []}}
    """#)
  let error = try #require(codixError { _ = try decodeOnEveryRoute(Session.self, from: data) })
  #expect(error.kind == .transformFailed)
  #expect(error.path == "data.user.birthday")
  #expect(error.typeName == "Profile")
  #expect(error.property == "birthday")
  #expect(error.found == #""18/07/1994""#)
}

// MARK: - Mixing: one transformer, both styles, one error report

enum Salary: Equatable, Sendable {
  case usd(Int)
  case rmb(Int)
}

struct SalaryTransformer: ReversibleTransformer {
  func transform(_ value: String) throws -> Salary {
    let components = value.split(separator: ":")
    guard components.count == 2,
      components[0] == "usd" || components[0] == "rmb",
      let amount = Int(components[1])
    else {
      throw CodixError.transformFailed("Can not transform \(value) to Enum Salary")
    }
    return components[0] == "usd" ? .usd(amount) : .rmb(amount)
  }

  func reverse(_ value: Salary) -> String {
    switch value {
    case .usd(let amount): return "usd:\(amount)"
    case .rmb(let amount): return "rmb:\(amount)"
    }
  }
}

extension PathStyle {
  struct Employee: Codable {
    var name: String
    var salary: Salary

    init(from decoder: any Decoder) throws {
      name = try decoder.decode(at: "name")
      salary = try decoder.decode(at: "salary", using: SalaryTransformer())
    }

    func encode(to encoder: any Encoder) throws {
      try encoder.encode(name, at: "name")
      try encoder.encode(salary, at: "salary", using: SalaryTransformer())
    }
  }
}

extension WrapperStyle {
  struct Employee: Kodable {
    @Coding var name: String
    @Coding("salary", using: SalaryTransformer()) var salary: Salary
  }
}

private let employeesJSON = json(
  #"""
  {
    "response": {
      "employees": [
        {"name": "Jerry", "salary": "usd:4500"},
        {"name": "Tom", "salary": "eur:4500"},
        {"name": "Spike", "salary": 4500}
      ]
    }
  }
  """#)

@Test func mixingOneTransformerGivesTheSameValueInBothStyles() throws {
  let path = try JSONDecoder().decode(
    PathStyle.Employee.self, from: employeesJSON, at: "response.employees[0]")
  let wrapped = try WrapperStyle.Employee.decode(from: employeesJSON, at: "response.employees[0]")
  #expect(path.salary == .usd(4500))
  #expect(wrapped.salary == path.salary)

  // And writes it back the same way.
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let pathJSON = String(decoding: try encoder.encode(path), as: UTF8.self)
  let wrapperJSON = String(decoding: try encoder.encode(wrapped), as: UTF8.self)
  #expect(pathJSON == #"{"name":"Jerry","salary":"usd:4500"}"#)
  #expect(wrapperJSON == pathJSON)
}

@Test func mixingOneTransformerGivesTheSameErrorInBothStyles() throws {
  let pathError = try #require(
    codixError {
      _ = try JSONDecoder().decode(
        PathStyle.Employee.self, from: employeesJSON, at: "response.employees[1]")
    })
  let wrapperError = try #require(
    codixError {
      _ = try WrapperStyle.Employee.decode(from: employeesJSON, at: "response.employees[1]")
    })

  #expect(pathError.kind == .transformFailed)
  #expect(pathError.path == "response.employees[1].salary")
  #expect(pathError.found == #""eur:4500""#)
  #expect(pathError.message == "Can not transform eur:4500 to Enum Salary")

  #expect(wrapperError.kind == pathError.kind)
  #expect(wrapperError.path == pathError.path)
  #expect(wrapperError.found == pathError.found)
  #expect(wrapperError.expected == pathError.expected)
  #expect(wrapperError.message == pathError.message)
}

@Test func mixingARawValueOfTheWrongTypeGivesTheSameErrorInBothStyles() throws {
  // A transformer sees the document's own value in both styles: a number is
  // not turned into the string "4500" first.
  let pathError = try #require(
    codixError {
      _ = try JSONDecoder().decode(
        PathStyle.Employee.self, from: employeesJSON, at: "response.employees[2]")
    })
  let wrapperError = try #require(
    codixError {
      _ = try WrapperStyle.Employee.decode(from: employeesJSON, at: "response.employees[2]")
    })
  #expect(pathError.kind == .typeMismatch)
  #expect(pathError.path == "response.employees[2].salary")
  #expect(pathError.found == "4500")
  #expect(wrapperError.kind == pathError.kind)
  #expect(wrapperError.path == pathError.path)
  #expect(wrapperError.found == pathError.found)
}
