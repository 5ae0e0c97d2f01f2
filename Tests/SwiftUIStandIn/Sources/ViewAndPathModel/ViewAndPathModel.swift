import CodixPath
import Foundation
import SwiftUI

// One file of an app with a SwiftUI shape and a path-style model. CodixPath
// declares `Path` too, so the file says which one it means, in one line:
typealias Path = SwiftUI.Path

struct Triangle: Shape {
  func path(in rect: CGRect) -> Path {
    Path { path in
      path.move(to: CGPoint(x: rect.width / 2, y: 0))
      path.addLine(to: CGPoint(x: rect.width, y: rect.height))
    }
  }
}

struct User: Decodable {
  let id: Int
  let name: String

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "my_id")
    // Codix's own Path, where the file needs it by name: qualified.
    name = try decoder.decode(at: CodixCore.Path("profile/nick.name", separator: "/"))
  }
}

func firstUser(in data: Data) throws -> User {
  try JSONDecoder().decode(User.self, from: data, at: "response.users[0]")
}
