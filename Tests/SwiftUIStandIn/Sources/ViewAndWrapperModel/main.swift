import CodixWrappers
import Foundation
import SwiftUI

// One file of an app: a view's shape drawn with SwiftUI's `Path`, and the
// model it shows declared with CodixWrappers. It builds unchanged because
// `import CodixWrappers` brings all of CodixCore but `Path`; it uses a little
// of everything else CodixCore gives, including members that CodixCore adds
// to Foundation's types.

// MARK: - The view's shape

struct Badge: Shape {
  func path(in rect: CGRect) -> Path {
    Path { path in
      path.move(to: CGPoint(x: 0, y: 0))
      path.addLine(to: CGPoint(x: rect.width, y: rect.height))
    }
  }
}

// MARK: - The model

enum Plan: String, Codable, Sendable { case free, pro, unknown }

struct Profile: Kodable {
  static let keyStyle = KeyStyle.snakeCase
  static let unknownKeys = UnknownKeys.ignore
  @Coding var displayName: String
  @Coding("flags.verified", using: BoolFromInt()) var isVerified: Bool
  @Coding(.defaultOnFailure) var plan = Plan.unknown
  @CodableDate("joined", .format("yyyy-MM-dd")) var joined: Date
  @Coding("avatar", using: DataFromBase64()) var avatar: Data?
  @Coding(.extras) var extras: [String: JSONValue] = [:]
  @Ignored var isSelected = false
}

enum Event: TaggedCodable {
  case follow(Profile)
  case unknown

  static let tagging = TagStyle.adjacent(tag: "kind", content: "data")
  static let variants: [TaggedVariant<Event>] = [
    TaggedVariant("follow", Event.follow) { if case .follow(let value) = $0 { value } else { nil } }
  ]
  static let fallback: Event? = .unknown
}

let json = Data(
  #"""
  {"response": {"profiles": [{"display_name": "Ana", "flags": {"verified": 1}, "plan": "gold",
    "joined": "2024-05-01", "avatar": "AQID", "theme": "dark"}]}}
  """#.utf8)

// MARK: - Members CodixCore adds to Foundation's and its own types

let diagnostics = CodixDiagnostics()
let decoder = JSONDecoder()
decoder.userInfo[.codixDiagnostics] = diagnostics
let profile = try decoder.decode(Profile.self, from: json, at: "response.profiles[0]")
let same = try Profile.decode(from: json, at: "response.profiles[0]", using: decoder)
let fast = try CodixJSONDecoder().decode(Profile.self, from: json, at: "response.profiles[0]")
let name: String = try JSONDecoder().decode(
  String.self, from: json, at: "response.profiles[0].display_name")

do {
  _ = try JSONDecoder().decodeCollectingErrors(Profile.self, from: Data("{}".utf8))
} catch let errors as CodixCollectedErrors {
  print("collected:", errors.count)
}

do {
  _ = try Profile.decode(from: Data(#"{"display_name": 1}"#.utf8))
} catch let error as CodixError {
  print("error:", error.kind, error.path)
}

let event = try JSONDecoder().decode(Event.self, from: Data(#"{"kind": "like", "data": {}}"#.utf8))
let written = try JSONEncoder().encode(profile.displayName, at: "data.name")
let component: PathComponent = .key("profiles")
let raw = try DateCodingStrategy.timestamp.reverse(Date(timeIntervalSince1970: 0))

print(Badge().path(in: CGRect(x: 0, y: 0, width: 2, height: 1)).points.count)
print(profile.displayName, profile.isVerified, profile.plan, profile.avatar?.count ?? 0)
print(profile.extras["theme"] ?? .null, same.displayName == fast.displayName, name)
print(diagnostics.warnings.map(\.headline))
print(event, String(decoding: written, as: UTF8.self), component, raw)
print(!CodixVersion.current.isEmpty)
