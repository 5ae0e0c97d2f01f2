import CodixPath
import CodixWrappers
import Foundation

// MARK: - Hand-written Codable (the baseline)

struct HandUser: Decodable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id, name, email, age, score, role, tags, address, balance
    case isActive = "is_active"
    case nickName = "nick_name"
  }
  var id: Int
  var name: String
  var email: String
  var age: Int
  var score: Double
  var isActive: Bool
  var nickName: String
  var balance: Double
  var role: String
  var tags: [String]
  var address: HandAddress

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    email = try container.decode(String.self, forKey: .email)
    age = try container.decode(Int.self, forKey: .age)
    score = try container.decode(Double.self, forKey: .score)
    isActive = try container.decode(Bool.self, forKey: .isActive)
    nickName = try container.decode(String.self, forKey: .nickName)
    balance = try container.decode(Double.self, forKey: .balance)
    role = try container.decode(String.self, forKey: .role)
    tags = try container.decode([String].self, forKey: .tags)
    address = try container.decode(HandAddress.self, forKey: .address)
  }
}

struct HandAddress: Decodable, Equatable {
  enum CodingKeys: String, CodingKey { case street, city, zip }
  var street: String
  var city: String
  var zip: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    street = try container.decode(String.self, forKey: .street)
    city = try container.decode(String.self, forKey: .city)
    zip = try container.decode(String.self, forKey: .zip)
  }
}

struct HandResponse: Decodable {
  enum CodingKeys: String, CodingKey { case response }
  enum ResponseKeys: String, CodingKey { case users }
  var users: [HandUser]
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let response = try container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .response)
    users = try response.decode([HandUser].self, forKey: .users)
  }
}

// MARK: - Path style

struct PathUser: Decodable, Equatable {
  var id: Int
  var name: String
  var email: String
  var age: Int
  var score: Double
  var isActive: Bool
  var nickName: String
  var balance: Double
  var role: String
  var tags: [String]
  var address: PathAddress

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "name")
    email = try decoder.decode(at: "email")
    age = try decoder.decode(at: "age")
    score = try decoder.decode(at: "score")
    isActive = try decoder.decode(at: "is_active")
    nickName = try decoder.decode(at: "nick_name")
    balance = try decoder.decode(at: "balance")
    role = try decoder.decode(at: "role")
    tags = try decoder.decode(at: "tags")
    address = try decoder.decode(at: "address")
  }
}

struct PathAddress: Decodable, Equatable {
  var street: String
  var city: String
  var zip: String

  init(from decoder: any Decoder) throws {
    street = try decoder.decode(at: "street")
    city = try decoder.decode(at: "city")
    zip = try decoder.decode(at: "zip")
  }
}

// MARK: - Wrapper style

struct WrapperUser: Kodable, Equatable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding var score: Double
  @Coding("is_active") var isActive: Bool
  @Coding("nick_name") var nickName: String
  @Coding var balance: Double
  @Coding var role: String
  @Coding var tags: [String]
  @Coding var address: WrapperAddress
}

struct WrapperAddress: Kodable, Equatable {
  @Coding var street: String
  @Coding var city: String
  @Coding var zip: String
}

// MARK: - Synthesized Codable (the generated payload, as most apps declare it)

struct SynthesizedResponse: Codable, Equatable {
  struct Users: Codable, Equatable {
    var users: [SynthesizedUser]
  }
  var response: Users
}

struct SynthesizedUser: Codable, Equatable {
  enum CodingKeys: String, CodingKey {
    case id, name, email, age, score, role, tags, address, balance
    case isActive = "is_active"
    case nickName = "nick_name"
  }
  struct Address: Codable, Equatable {
    var street: String
    var city: String
    var zip: String
  }
  var id: Int
  var name: String
  var email: String
  var age: Int
  var score: Double
  var isActive: Bool
  var nickName: String
  var balance: Double
  var role: String
  var tags: [String]
  var address: Address
}
