// swift-tools-version:6.0
import Foundation
import PackageDescription

// The peer comparison's harness (Scripts/peers/run.sh builds and runs it; it
// is no part of Codix's package). Codix comes from CODIX_ROOT; ReerJSON and
// IkigaJSON from CODIX_PEERS/ReerJSON and CODIX_PEERS/IkigaJSON when those
// checkouts exist, each then compiled in under a condition of its own.

let environment = ProcessInfo.processInfo.environment
let codixRoot = environment["CODIX_ROOT"] ?? "../../.."
let peers = environment["CODIX_PEERS"].map { URL(fileURLWithPath: $0) }

func checkout(_ name: String) -> String? {
  guard let path = peers?.appendingPathComponent(name).path,
    FileManager.default.fileExists(atPath: path + "/Package.swift")
  else { return nil }
  return path
}

var dependencies: [Package.Dependency] = [.package(name: "Codix", path: codixRoot)]
var products: [Target.Dependency] = [.product(name: "CodixCore", package: "Codix")]
var defines: [SwiftSetting] = []
if let reer = checkout("ReerJSON") {
  dependencies.append(.package(path: reer))
  products.append(.product(name: "ReerJSON", package: "ReerJSON"))
  defines.append(.define("PEER_REERJSON"))
}
if let ikiga = checkout("IkigaJSON") {
  dependencies.append(.package(path: ikiga))
  products.append(.product(name: "IkigaJSON", package: "IkigaJSON"))
  defines.append(.define("PEER_IKIGAJSON"))
}

let package = Package(
  name: "PeersHarness",
  platforms: [.macOS(.v13)],
  dependencies: dependencies,
  targets: [
    .executableTarget(
      name: "PeersHarness", dependencies: products, swiftSettings: defines)
  ],
  swiftLanguageModes: [.v6]
)
