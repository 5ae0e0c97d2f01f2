import CodixPath
import CodixWrappers
import Foundation

// What users write most: fields read through dotted paths into a nested
// object, date-heavy payloads, and encoding. Each scenario has the
// hand-written Codable it is measured against.

// MARK: - Dotted paths into a nested object (the generated payload's users)

struct DottedHandUser: Decodable, Equatable {
  enum CodingKeys: String, CodingKey { case id, name, email, address }
  enum AddressKeys: String, CodingKey { case street, city, zip }
  var id: Int
  var name: String
  var email: String
  var street: String
  var city: String
  var zip: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    email = try container.decode(String.self, forKey: .email)
    let address = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
    street = try address.decode(String.self, forKey: .street)
    city = try address.decode(String.self, forKey: .city)
    zip = try address.decode(String.self, forKey: .zip)
  }
}

struct DottedPathUser: Decodable, Equatable {
  var id: Int
  var name: String
  var email: String
  var street: String
  var city: String
  var zip: String

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    name = try decoder.decode(at: "name")
    email = try decoder.decode(at: "email")
    street = try decoder.decode(at: "address.street")
    city = try decoder.decode(at: "address.city")
    zip = try decoder.decode(at: "address.zip")
  }
}

struct DottedWrapperUser: Kodable, Equatable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding("address.street") var street: String
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

/// The same, with the modifier apps most often put on received text: each string is
/// trimmed (the hand-written code it is compared with does not trim).
struct TrimmedWrapperUser: Kodable {
  @Coding var id: Int
  @Coding(.trimmed) var name: String
  @Coding(.trimmed) var email: String
  @Coding("address.street", .trimmed) var street: String
  @Coding("address.city", .trimmed) var city: String
  @Coding("address.zip", .trimmed) var zip: String
}

// MARK: - Dates

enum DatePayload {
  /// `count` events of three ISO 8601 dates: UTC, with an offset, and with
  /// fractional seconds.
  static func make(count: Int) -> Data {
    var events: [String] = []
    events.reserveCapacity(count)
    for i in 0..<count {
      let day = 1 + i % 28
      let hour = i % 24
      events.append(
        """
        {"id": \(i), "created": "2020-06-\(pad(day))T\(pad(hour)):21:42Z", \
        "updated": "2021-01-\(pad(day))T\(pad(hour)):05:09+08:00", \
        "seen": "2022-03-\(pad(day))T\(pad(hour)):30:00Z"}
        """)
    }
    return Data(("[" + events.joined(separator: ",") + "]").utf8)
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

struct HandEvent: Decodable {
  var id: Int
  var created: Date
  var updated: Date
  var seen: Date
}

struct PathEvent: Decodable {
  var id: Int
  var created: Date
  var updated: Date
  var seen: Date

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    created = try decoder.decode(at: "created", using: DateCodingStrategy.iso8601)
    updated = try decoder.decode(at: "updated", using: DateCodingStrategy.iso8601)
    seen = try decoder.decode(at: "seen", using: DateCodingStrategy.iso8601)
  }
}

struct WrapperEvent: Kodable {
  @Coding var id: Int
  @CodableDate var created: Date
  @CodableDate var updated: Date
  @CodableDate var seen: Date
}

struct FormattedEvent: Kodable {
  @Coding var id: Int
  @CodableDate(.format("yyyy-MM-dd'T'HH:mm:ssXXXXX")) var created: Date
  @CodableDate(.format("yyyy-MM-dd'T'HH:mm:ssXXXXX")) var updated: Date
  @CodableDate(.format("yyyy-MM-dd'T'HH:mm:ssXXXXX")) var seen: Date
}

// MARK: - Encoding

struct EncodableUser: Encodable {
  struct Address: Encodable {
    var street: String
    var city: String
    var zip: String
  }
  var id: Int
  var name: String
  var email: String
  var age: Int
  var address: Address

  init(_ user: HandUser) {
    id = user.id
    name = user.name
    email = user.email
    age = user.age
    address = Address(street: user.address.street, city: user.address.city, zip: user.address.zip)
  }
}

struct PathEncodedUser: Encodable {
  var id: Int
  var name: String
  var email: String
  var age: Int
  var street: String
  var city: String
  var zip: String

  init(_ user: HandUser) {
    id = user.id
    name = user.name
    email = user.email
    age = user.age
    street = user.address.street
    city = user.address.city
    zip = user.address.zip
  }

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(id, at: "id")
    try encoder.encode(name, at: "name")
    try encoder.encode(email, at: "email")
    try encoder.encode(age, at: "age")
    try encoder.encode(street, at: "address.street")
    try encoder.encode(city, at: "address.city")
    try encoder.encode(zip, at: "address.zip")
  }
}

struct WrapperEncodedUser: Kodable {
  @Coding var id: Int
  @Coding var name: String
  @Coding var email: String
  @Coding var age: Int
  @Coding("address.street") var street: String
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String

  init() {}

  init(_ user: HandUser) {
    id = user.id
    name = user.name
    email = user.email
    age = user.age
    street = user.address.street
    city = user.address.city
    zip = user.address.zip
  }
}

// MARK: - The first decode of a type (building its table)

/// Twelve properties; each `Cold<Tag>` is a new type with a table of its own.
/// Generic, so its table checks `DebugJSON` dynamically (a conformance may be
/// conditional); `ColdModels.swift` holds the non-generic ones most apps have.
struct Cold<Tag>: Kodable {
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
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String
}

enum ColdTag0 {}
enum ColdTag1 {}
enum ColdTag2 {}
enum ColdTag3 {}
enum ColdTag4 {}
enum ColdTag5 {}
enum ColdTag6 {}
enum ColdTag7 {}
enum ColdTag8 {}
enum ColdTag9 {}

/// The same twelve properties, hand-written: what any new `Decodable` type
/// costs on its first decode (metadata, containers), for comparison.
struct HandCold<Tag>: Decodable {
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
  var city: String
  var zip: String

  enum CodingKeys: String, CodingKey {
    case id, name, email, age, score, balance, role, tags, address
    case isActive = "is_active"
    case nickName = "nick_name"
  }
  enum AddressKeys: String, CodingKey { case city, zip }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    email = try c.decode(String.self, forKey: .email)
    age = try c.decode(Int.self, forKey: .age)
    score = try c.decode(Double.self, forKey: .score)
    isActive = try c.decode(Bool.self, forKey: .isActive)
    nickName = try c.decode(String.self, forKey: .nickName)
    balance = try c.decode(Double.self, forKey: .balance)
    role = try c.decode(String.self, forKey: .role)
    tags = try c.decode([String].self, forKey: .tags)
    let address = try c.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
    city = try address.decode(String.self, forKey: .city)
    zip = try address.decode(String.self, forKey: .zip)
  }
}

/// The first decode of each `Cold<Tag>` (or `HandCold<Tag>` when `handWritten`)
/// minus a warm one, in microseconds.
func coldDecodeMicroseconds(of user: Data, handWritten: Bool = false) throws -> [Double] {
  func decode<Tag>(_: Tag.Type) throws {
    if handWritten {
      _ = try JSONDecoder().decode(HandCold<Tag>.self, from: user)
    } else {
      _ = try Cold<Tag>.decode(from: user)
    }
  }
  func first<Tag>(_ tag: Tag.Type) throws -> Double {
    try firstMinusWarm { try decode(tag) }
  }
  return [
    try first(ColdTag0.self), try first(ColdTag1.self), try first(ColdTag2.self),
    try first(ColdTag3.self), try first(ColdTag4.self), try first(ColdTag5.self),
    try first(ColdTag6.self), try first(ColdTag7.self), try first(ColdTag8.self),
    try first(ColdTag9.self),
  ]
}

/// The first decode of each of `coldModelTypes` (separate, non-generic
/// types) minus a warm one, in microseconds.
func coldModelDecodeMicroseconds(of user: Data) throws -> [Double] {
  func decode<Model: Dekodable>(_: Model.Type) throws { _ = try Model.decode(from: user) }
  return try coldModelTypes.map { type in try firstMinusWarm { try decode(type) } }
}

/// How much longer `decode`'s first run takes than its second, in microseconds.
private func firstMinusWarm(_ decode: () throws -> Void) throws -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try decode()
  let cold = DispatchTime.now().uptimeNanoseconds - start
  let warmStart = DispatchTime.now().uptimeNanoseconds
  try decode()
  let warm = DispatchTime.now().uptimeNanoseconds - warmStart
  return Double(cold) / 1000 - Double(warm) / 1000
}
