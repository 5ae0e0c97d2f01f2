import CodixPath
import CodixWrappers
import Foundation

// The Codix demo: decodes the payloads of the original Codix and Kodable
// READMEs in both styles, prints the models, the diagnostics of a lossy
// decode, and the report of a deliberately broken payload.

// MARK: - Path style (CodixPath)

enum Role: String, Decodable {
  case student, teacher, parent
}

enum Salary: CustomStringConvertible {
  case usd(Int)
  case rmb(Int)

  var description: String {
    switch self {
    case .usd(let amount): "\(amount) USD"
    case .rmb(let amount): "\(amount) RMB"
    }
  }
}

struct SalaryTransformer: Transformer {
  func transform(_ value: String) throws -> Salary {
    let components = value.split(separator: ":")
    guard components.count == 2, components[0] == "usd" || components[0] == "rmb",
      let amount = Int(components[1])
    else {
      throw CodixError.transformFailed("Can not transform \(value) to Enum Salary")
    }
    return components[0] == "usd" ? .usd(amount) : .rmb(amount)
  }
}

struct PathUser: Decodable {
  let id: Int
  let name: String
  let birthdate: Date?
  let avatar: URL?
  let role: Role
  let salary: Salary
  let isMale: Bool

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "my_id")
    name = try decoder.decode(at: "nick_name")
    birthdate = try decoder.decodeIfPresent(
      at: "profile.birth_day", using: DateCodingStrategy.format("yyyy/MM/dd"))
    avatar = try decoder.decodeIfPresent(at: "profile.avatar")
    role = try decoder.decode(at: "profile.role")
    salary = try decoder.decode(at: "salary", using: SalaryTransformer())
    isMale = try decoder.decode(at: "male", using: BoolFromString())
  }
}

let pathJSON = """
  {
    "response": {
      "users": [
        {
          "my_id": 78893,
          "nick_name": "Jerry",
          "profile": {
            "birth_day": "2000/08/12",
            "avatar": "https://images.example.com/avatars/27883.jpg",
            "role": "student"
          },
          "salary": "usd:4500",
          "male": "true"
        }
      ]
    }
  }
  """

// MARK: - Wrapper style (CodixWrappers)

struct WrapperUser: Kodable {
  var identifier: String = ""
  var social: String?
  @Coding("first_name") var firstName: String
  @Coding var phone = "+1 123456789"
  @Coding("address.zipCode") var zipCode: Int
  @CodableDate("joined", .format("yyyy/MM/dd")) var joined: Date?
}

let wrapperJSON = """
  {
    "identifier": "1",
    "social": 987654321,
    "first_name": "John",
    "address": { "zipCode": 94040 },
    "joined": "2000/08/12"
  }
  """

struct Song: Kodable {
  @Coding var id: Int
  @Coding var name: String
}

struct Playlist: Kodable {
  @Coding var title: String
  @Coding var songs: [Song]
}

let playlistJSON = """
  {"title": "Mixed", "songs": [
    {"id": 99, "name": "Thinking of You Under the Stars"},
    {"error": "not found"},
    {"id": 19, "name": "Take Me to Find Nightlife"}
  ]}
  """

// MARK: - A page of comments whose target is a song or a user

enum Target: Decodable {
  case song(FeedSong)
  case user(FeedUser)

  enum Kind: String, Decodable, CaseIterable { case song, user }

  init(from decoder: any Decoder) throws {
    switch try decoder.decodeDiscriminator(Kind.self, at: "type") {
    case .song: self = .song(try FeedSong(from: decoder))
    case .user: self = .user(try FeedUser(from: decoder))
    }
  }
}

struct FeedSong: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @CodableDate("create_date", .iso8601) var created: Date?
}

struct FeedUser: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @CodableDate("birthday", .format("yyyy/MM/dd")) var birthday: Date?
}

/// Wrapper style: the page and its comments are declared, the broken results dropped.
struct Page<T: Decodable & Sendable>: Kodable {
  @Coding var count: Int
  @Coding var offset: Int
  @Coding var limit: Int
  @Coding var results: [T]
}

struct Comment: Kodable {
  @Coding var comment: String
  @Coding("target_object") var target: Target
  @Coding var commenter: FeedUser
  var displayMessage: String { "\(commenter.name): \(comment)" }
}

/// Path style: the same page read field by field.
struct PathComment: Decodable {
  let displayMessage: String
  let target: Target

  init(from decoder: any Decoder) throws {
    let name: String = try decoder.decode(at: "commenter.name")
    let comment: String = try decoder.decode(at: "comment")
    displayMessage = "\(name): \(comment)"
    target = try decoder.decode(at: "target_object")
  }
}

let commentsJSON = """
  {
    "count": 3, "offset": 0, "limit": 10,
    "results": [
      {"id": 123456, "comment": "It's Accuse Five, not Five Accuse!",
       "target_object": {"type": "song", "id": 99, "name": "Thinking of You Under the Stars",
                         "create_date": "2020-06-13T15:21:42+0800"},
       "commenter": {"type": "user", "id": 1, "name": "zhgchgli", "birthday": "1994/07/18"}},
      {"error": "not found"},
      {"error": "not found"},
      {"id": 2, "comment": "Haha, me too!",
       "target_object": {"type": "user", "id": 1, "name": "zhgchgli", "birthday": "1994/07/18"},
       "commenter": {"type": "user", "id": 1, "name": "Random User", "birthday": "2000/01/12"}}
    ]
  }
  """

func describe(_ target: Target) -> String {
  switch target {
  case .song(let song): "song \(song.name) (\(song.created.map { "\($0)" } ?? "no date"))"
  case .user(let user): "user \(user.name) (born \(user.birthday.map { "\($0)" } ?? "?"))"
  }
}

// MARK: - The same payloads in the other style

/// The path-style user, declared with wrappers: the same paths and transformer.
struct WrappedPathUser: Kodable {
  @Coding("my_id") var id: Int
  @Coding("nick_name") var name: String
  @CodableDate("profile.birth_day", .format("yyyy/MM/dd")) var birthdate: Date?
  @Coding("profile.avatar") var avatar: URL?
  @Coding("salary", using: SalaryTransformer()) var salary: Salary
  @Coding("male") var isMale: Bool
}

/// The wrapper-style user, read field by field with paths.
struct PathWrapperUser: Decodable {
  let identifier: String
  let social: String?
  let firstName: String
  let phone: String
  let zipCode: Int

  init(from decoder: any Decoder) throws {
    identifier = try decoder.decode(at: "identifier", default: "")
    social = try decoder.decodeIfPresent(Int.self, at: "social").map(String.init)
    firstName = try decoder.decode(at: "first_name")
    phone = try decoder.decode(at: "phone", default: "+1 123456789")
    zipCode = try decoder.decode(at: "address.zipCode")
  }
}

func section(_ title: String) {
  print("\n== \(title)")
}

do {
  section("CodixPath: JSONDecoder().decode(User.self, from: json, at: \"response.users[0]\")")
  let user = try JSONDecoder().decode(
    PathUser.self, from: Data(pathJSON.utf8), at: "response.users[0]")
  print(user)

  section("The same payload with wrappers: WrappedPathUser.decode(from: json, at:)")
  let wrappedPath = try WrappedPathUser.decode(
    from: Data(pathJSON.utf8), at: "response.users[0]")
  print(
    "id: \(wrappedPath.id), name: \(wrappedPath.name), salary: \(wrappedPath.salary), "
      + "birthdate: \(wrappedPath.birthdate.map { "\($0)" } ?? "nil"), male: \(wrappedPath.isMale)"
  )

  section("CodixWrappers: WrapperUser.decode(from: json)")
  let wrapped = try WrapperUser.decode(from: Data(wrapperJSON.utf8))
  print(
    "identifier: \(wrapped.identifier), social: \(wrapped.social ?? "nil"), "
      + "firstName: \(wrapped.firstName), phone: \(wrapped.phone), zipCode: \(wrapped.zipCode), "
      + "joined: \(wrapped.joined.map { "\($0)" } ?? "nil")")
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  print("encoded back:", String(decoding: try encoder.encode(wrapped), as: UTF8.self))

  section("The same payload with paths")
  print(try JSONDecoder().decode(PathWrapperUser.self, from: Data(wrapperJSON.utf8)))

  section("Lossy array with diagnostics")
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let playlist = try Playlist.decode(from: Data(playlistJSON.utf8), using: decoder)
  print("songs:", playlist.songs.map(\.name))
  for warning in diagnostics.warnings {
    print("warning:", warning)
  }

  section("A page of comments, wrapper style: Page<Comment>.decode(from: json)")
  let pageDiagnostics = CodixDiagnostics()
  let pageDecoder = JSONDecoder()
  pageDecoder.userInfo[.codixDiagnostics] = pageDiagnostics
  let page = try Page<Comment>.decode(from: Data(commentsJSON.utf8), using: pageDecoder)
  for comment in page.results {
    print(comment.displayMessage, "->", describe(comment.target))
  }
  for warning in pageDiagnostics.warnings {
    print("warning:", warning.headline)
  }

  section("The same page, path style: decodeLossy(at: \"results\")")
  struct PathPage: Decodable {
    let comments: [PathComment]
    init(from decoder: any Decoder) throws { comments = try decoder.decodeLossy(at: "results") }
  }
  let pathPage = try JSONDecoder().decode(PathPage.self, from: Data(commentsJSON.utf8))
  for comment in pathPage.comments {
    print(comment.displayMessage, "->", describe(comment.target))
  }

  section("A broken payload")
  let broken = pathJSON.replacingOccurrences(of: "2000/08/12", with: "2000-08-12")
  do {
    _ = try JSONDecoder().decode(PathUser.self, from: Data(broken.utf8), at: "response.users[0]")
  } catch {
    print(error)
  }
  let unknownTarget = commentsJSON.replacingOccurrences(
    of: "\"type\": \"song\"", with: "\"type\": \"video\"")
  do {
    _ = try Comment.decode(from: Data(unknownTarget.utf8), at: "results[0]")
  } catch {
    print(error)
  }
  let misspelled = wrapperJSON.replacingOccurrences(of: "first_name", with: "firstname")
  do {
    _ = try WrapperUser.decode(from: Data(misspelled.utf8))
  } catch {
    print(error)
  }
} catch {
  print("The demo failed unexpectedly:\n\(error)")
  exit(1)
}
