import CodixPath
import CodixWrappers
import Foundation

// The Codix demo: decodes the payloads of the Codix and Kodable READMEs in
// both styles, prints the models, the diagnostics of a lossy decode, and the
// report of a deliberately broken payload.

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
      at: "profile.birth_day", using: DateFromString(format: "yyyy/MM/dd"))
    avatar = try decoder.decodeIfPresent(at: "profile.avatar")
    role = try decoder.decode(at: "profile.role")
    salary = try decoder.decode(at: "salary", using: SalaryTransformer())
    isMale = try decoder.decode(at: "male", using: { $0 == "true" })
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
  @Coding(default: "+1 123456789") var phone: String
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

func section(_ title: String) {
  print("\n== \(title)")
}

do {
  section("CodixPath: JSONDecoder().decode(User.self, from: json, at: \"response.users[0]\")")
  let user = try JSONDecoder().decode(
    PathUser.self, from: Data(pathJSON.utf8), at: "response.users[0]")
  print(user)

  section("CodixWrappers: WrapperUser.decode(from: json)")
  let wrapped = try WrapperUser.decode(from: Data(wrapperJSON.utf8))
  print(
    "identifier: \(wrapped.identifier), social: \(wrapped.social ?? "nil"), "
      + "firstName: \(wrapped.firstName), phone: \(wrapped.phone), zipCode: \(wrapped.zipCode), "
      + "joined: \(wrapped.joined.map { "\($0)" } ?? "nil")")
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  print("encoded back:", String(decoding: try encoder.encode(wrapped), as: UTF8.self))

  section("Lossy array with diagnostics")
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let playlist = try Playlist.decode(from: Data(playlistJSON.utf8), using: decoder)
  print("songs:", playlist.songs.map(\.name))
  for warning in diagnostics.warnings {
    print("warning:", warning)
  }

  section("A broken payload")
  let broken = pathJSON.replacingOccurrences(of: "2000/08/12", with: "2000-08-12")
  do {
    _ = try JSONDecoder().decode(PathUser.self, from: Data(broken.utf8), at: "response.users[0]")
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
