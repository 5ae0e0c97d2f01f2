// swift-tools-version:6.0
// A consumer of Codix whose files import a framework declaring `Path`, as
// SwiftUI does: proof that a view and a model share a file. Built by .ci/run
// on Linux, where no real SwiftUI exists; the module named `SwiftUI` here is a
// stand-in declaring the names that matter (`Path`, `Shape`).
//
//   swift build --package-path Tests/SwiftUIStandIn
import Foundation
import PackageDescription

// MemberImportVisibility is an upcoming feature from Swift 6.1 on.
#if compiler(>=6.1)
  let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]
#else
  let strictImports: [SwiftSetting] = []
#endif

// The root package's identity is the name of its folder, lowercased.
let codix = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
  name: "SwiftUIStandIn",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [.package(path: "../..")],
  targets: [
    // MARK: Frameworks an app imports beside Codix
    .target(name: "SwiftUI"),
    .target(name: "NetworkingKit"),

    // MARK: An app's files
    // SwiftUI and CodixWrappers in one file, unchanged; run, it prints what it decoded.
    .executableTarget(
      name: "ViewAndWrapperModel",
      dependencies: ["SwiftUI", .product(name: "CodixWrappers", package: codix)]),
    // The same file under the upcoming feature MemberImportVisibility, which
    // sees a module's extension members only where that module is imported.
    .executableTarget(
      name: "ViewAndWrapperModelStrictImports",
      dependencies: ["SwiftUI", .product(name: "CodixWrappers", package: codix)],
      swiftSettings: strictImports),
    // SwiftUI and CodixPath in one file: the documented one-line answer.
    .target(
      name: "ViewAndPathModel",
      dependencies: ["SwiftUI", .product(name: "CodixPath", package: codix)]),
    // An app's own JSONValue and Variant, beside CodixWrappers.
    .target(
      name: "OwnNames", dependencies: [.product(name: "CodixWrappers", package: codix)]),
    // Another module's JSONValue, beside CodixWrappers: the one-line answer.
    .target(
      name: "OtherModuleNames",
      dependencies: ["NetworkingKit", .product(name: "CodixWrappers", package: codix)]),
    // SwiftUI and CodixPath without the answer: must fail to build (.ci/run
    // checks that it does, so the stand-in is known to reproduce the clash).
    .target(
      name: "PathClash",
      dependencies: ["SwiftUI", .product(name: "CodixPath", package: codix)]),
  ],
  swiftLanguageModes: [.v6]
)
