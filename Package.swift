// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Codix",
  platforms: [
    .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9),
  ],
  products: [
    .library(name: "CodixCore", targets: ["CodixCore"]),
    .library(name: "CodixPath", targets: ["CodixPath"]),
    .library(name: "CodixWrappers", targets: ["CodixWrappers"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "CodixCore"),
    .target(name: "CodixPath", dependencies: ["CodixCore"]),
    .target(name: "CodixWrappers", dependencies: ["CodixCore"]),

    // MARK: Executables (not products: `swift run codix-demo` in this package only)
    .executableTarget(
      name: "codix-demo", dependencies: ["CodixPath", "CodixWrappers"], path: "Sources/CodixDemo"),
    .executableTarget(
      name: "codix-benchmarks", dependencies: ["CodixPath", "CodixWrappers", "CodixCorpus"],
      path: "Sources/CodixBenchmarks"),

    // MARK: Unit tests
    // Test helpers, among them the routes every behaviour test runs through.
    .target(
      name: "CodixTestSupport", dependencies: ["CodixCore", "CodixWrappers"],
      path: "Tests/CodixTestSupport"),
    // The corpora's models (twitter.json, citm_catalog.json, canada.json), for
    // the reader's tests and the benchmark.
    .target(name: "CodixCorpus", path: "Tests/CodixCorpus"),
    .testTarget(name: "CodixCoreTests", dependencies: ["CodixCore", "CodixTestSupport"]),
    .testTarget(name: "CodixPathTests", dependencies: ["CodixPath", "CodixTestSupport"]),
    .testTarget(
      name: "CodixWrappersTests", dependencies: ["CodixCore", "CodixWrappers", "CodixTestSupport"]),
    .testTarget(
      name: "CodixReaderTests", dependencies: ["CodixCore", "CodixTestSupport", "CodixCorpus"]),
    .testTarget(
      name: "CodixWriterTests", dependencies: ["CodixCore", "CodixTestSupport", "CodixCorpus"]),

    // MARK: End-to-end tests (each imports only public products, and test helpers)
    .testTarget(
      name: "CodixPathEndToEndTests", dependencies: ["CodixPath", "CodixTestSupport"]),
    .testTarget(
      name: "CodixWrappersEndToEndTests", dependencies: ["CodixWrappers", "CodixTestSupport"]),
    .testTarget(
      name: "CodixMixedEndToEndTests",
      dependencies: ["CodixPath", "CodixWrappers", "CodixTestSupport"]),
    .testTarget(name: "CodixRealDataTests", dependencies: ["CodixPath", "CodixWrappers"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny")
  ])
  target.swiftSettings = settings
}
