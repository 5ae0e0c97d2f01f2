import CodixPath
import CodixTestSupport
import Foundation
import Testing

// Every example of the original Codix README, with its typos fixed
// (`components[1]`, `response`, the missing comma), imported through
// `CodixPath` only.

// MARK: - Decoding at a path

private let usersJSON = Data(
  #"""
  {
    "response": {
      "users": [
        {
          "id": 78893,
          "name": "Jerry"
        }
      ]
    }
  }
  """#.utf8)

private struct SimpleUser: Decodable, Equatable {
  let id: Int
  let name: String
}

@Test func decodesAModelAtAPath() throws {
  let user = try JSONDecoder().decode(SimpleUser.self, from: usersJSON, at: "response.users[0]")
  #expect(user == SimpleUser(id: 78893, name: "Jerry"))
}

@Test(arguments: [
  "response.users[0]", "response.users.[0]", "response[\"users\"][0]", "response.users[-1]",
])
func decodesTheSameModelWithEverySpelling(path: String) throws {
  let user = try JSONDecoder().decode(SimpleUser.self, from: usersJSON, at: Path(path))
  #expect(user.id == 78893)
}

// MARK: - init(from:) with paths and transformers

private let fullUserJSON = Data(
  #"""
  {
    "response": {
      "users": [
        {
          "my_id": 78893,
          "nick_name": "Jerry",
          "profile": {
            "birth_day": "2000/08/12",
            "avatar": "https://images.baidu.com/avatars/27883.jpg",
            "role": "student"
          },
          "salary": "usd:4500",
          "male": "true"
        }
      ]
    }
  }
  """#.utf8)

enum Role: String, Decodable {
  case student
  case teacher
  case parent
}

enum Salary: Equatable {
  case usd(Int)
  case rmb(Int)
}

struct SalaryTransformer: Transformer {
  func transform(_ value: String) throws -> Salary {
    let components = value.split(separator: ":")
    guard components.count == 2,
      components[0] == "usd" || components[0] == "rmb",
      let amount = Int(components[1])
    else {
      throw CodixError.transformFailed("Can not transform \(value) to Enum Salary")
    }
    if components[0] == "usd" {
      return .usd(amount)
    } else {
      return .rmb(amount)
    }
  }
}

struct User: Decodable {
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
    isMale = try decoder.decode(at: "male", using: { $0 == "true" ? true : false })
  }
}

@Test func decodesTheFullSeedUser() throws {
  let user = try JSONDecoder().decode(User.self, from: fullUserJSON, at: "response.users[0]")
  #expect(user.id == 78893)
  #expect(user.name == "Jerry")
  #expect(user.birthdate == Date(timeIntervalSince1970: 966_038_400))
  #expect(user.avatar == URL(string: "https://images.baidu.com/avatars/27883.jpg"))
  #expect(user.role == .student)
  #expect(user.salary == .usd(4500))
  #expect(user.isMale == true)
}

@Test func aBrokenSalaryReportsModelPathAndValue() throws {
  let broken = Data(
    String(decoding: fullUserJSON, as: UTF8.self)
      .replacingOccurrences(of: "usd:4500", with: "eur:4500").utf8)
  do {
    _ = try JSONDecoder().decode(User.self, from: broken, at: "response.users[0]")
    Issue.record("expected a transform failure")
  } catch let error as CodixError {
    #expect(error.kind == .transformFailed)
    #expect(error.path == "response.users[0].salary")
    #expect(error.typeName == "User")
    #expect(error.found == #""eur:4500""#)
    #expect(error.message == "Can not transform eur:4500 to Enum Salary")
    #expect(
      error.description.hasPrefix(
        #"User at response.users[0].salary (line 12, column 19): transform failed, expected Salary, found "eur:4500""#
      ))
  }
}

@Test func aBadBirthdayNamesTheExpectedFormat() throws {
  let broken = Data(
    String(decoding: fullUserJSON, as: UTF8.self)
      .replacingOccurrences(of: "2000/08/12", with: "2000-08-12").utf8)
  do {
    _ = try JSONDecoder().decode(User.self, from: broken, at: "response.users[0]")
    Issue.record("expected a transform failure")
  } catch let error as CodixError {
    #expect(error.kind == .transformFailed)
    #expect(error.path == "response.users[0].profile.birth_day")
    #expect(error.expected == "Date (format yyyy/MM/dd)")
    #expect(error.found == #""2000-08-12""#)
    #expect(error.typeName == "User")
  }
}

@Test func aMissingBirthdayIsNil() throws {
  let json = Data(
    #"{"my_id": 1, "nick_name": "A", "profile": {"role": "parent"}, "salary": "rmb:1", "male": "false"}"#
      .utf8)
  let user = try decodeOnEveryRoute(User.self, from: json)
  #expect(user.birthdate == nil)
  #expect(user.avatar == nil)
  #expect(user.salary == .rmb(1))
  #expect(user.isMale == false)
}

// MARK: - Keys that contain the separator

private let dottedJSON = Data(
  #"""
  {
    "response": {
      "my.user": {
        "name": "Jerry"
      }
    }
  }
  """#.utf8)

private struct NamedUser: Decodable {
  let name: String
}

@Test func aCustomSeparatorReachesADottedKey() throws {
  let user = try JSONDecoder().decode(
    NamedUser.self, from: dottedJSON, at: Path("response/my.user", separator: "/"))
  #expect(user.name == "Jerry")
}

@Test func componentsReachADottedKey() throws {
  let user = try JSONDecoder().decode(
    NamedUser.self, from: dottedJSON, at: Path(["response", "my.user"]))
  #expect(user.name == "Jerry")
}

@Test func theMisspelledSeedPathFailsWithASuggestion() throws {
  do {
    _ = try JSONDecoder().decode(
      NamedUser.self, from: dottedJSON, at: Path(["respsonse", "my.user"]))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.path == Path(["respsonse"]))
    #expect(error.message?.contains(#"Did you mean "response"?"#) == true)
  }
}

@Test func theCanonicalTextOfADottedPathPastesBack() throws {
  let path = Path(["response", "my.user"])
  #expect(path.description == #"response["my.user"]"#)
  let user = try JSONDecoder().decode(NamedUser.self, from: dottedJSON, at: Path(path.description))
  #expect(user.name == "Jerry")
}
