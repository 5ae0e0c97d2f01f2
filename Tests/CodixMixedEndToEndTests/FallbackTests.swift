import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Values that are there but unreadable (an unknown enum case, a wrong type)
// replaced by a declared fallback, each replacement reported.

private enum Status: String, Codable, Sendable, CaseIterable {
  case active, paused, unknown
}

private struct WrapperAccount: Kodable {
  @Coding("status", default: .unknown, .defaultOnFailure) var status: Status
  @Coding(.defaultOnFailure) var tags: [String]? = nil
  @Coding(default: 0, .defaultOnFailure, .validation({ $0 >= 0 })) var balance: Int
  @Coding(.defaultOnFailure) var id: Int
}

private struct PathAccount: Decodable {
  var status: Status
  var kind: Status

  init(from decoder: any Decoder) throws {
    status = try decoder.decode(at: "status", defaultOnFailure: .unknown)
    kind = try decoder.decodeDiscriminator(Status.self, at: "kind", fallback: .unknown)
  }
}

private func decoding<T: Decodable>(_ type: T.Type, _ json: String) throws -> (T, [CodixError]) {
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  return (try decoder.decode(type, from: Data(json.utf8)), diagnostics.warnings)
}

@Test func anUnreadableValueKeepsTheDefaultAndIsReported() throws {
  let (account, warnings) = try decoding(
    WrapperAccount.self,
    #"{"id": 1, "status": "archived", "tags": "a,b", "balance": -5}"#)
  #expect(account.status == .unknown)
  #expect(account.tags == nil)
  #expect(account.balance == 0)
  #expect(warnings.map(\.path.description) == ["status", "tags", "balance"])
  let status = try #require(warnings.first)
  #expect(status.typeName == "WrapperAccount")
  #expect(status.property == "status")
  #expect(status.found == #""archived""#)
  #expect(status.description.contains("Used the fallback value instead."))

  let (good, none) = try decoding(
    WrapperAccount.self, #"{"id": 1, "status": "paused", "tags": ["x"], "balance": 3}"#)
  #expect(good.status == .paused)
  #expect(good.tags == ["x"])
  #expect(good.balance == 3)
  #expect(none.isEmpty)
}

@Test func aPropertyWithoutADefaultStillFails() throws {
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(WrapperAccount.self, from: Data(#"{"id": "one"}"#.utf8))
  }
  #expect(error.property == "id")
  #expect(error.kind == .typeMismatch)
}

@Test func thePathStyleFallsBackAtAPathAndAtADiscriminator() throws {
  let (account, warnings) = try decoding(
    PathAccount.self, #"{"status": 5, "kind": "archived"}"#)
  #expect(account.status == .unknown)
  #expect(account.kind == .unknown)
  #expect(warnings.map(\.path.description) == ["status", "kind"])
  #expect(warnings.last?.found == #""archived""#)

  let (missing, quiet) = try decoding(PathAccount.self, #"{"kind": "active"}"#)
  #expect(missing.status == .unknown)
  #expect(missing.kind == .active)
  #expect(quiet.isEmpty)  // missing is not a failure

  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(PathAccount.self, from: Data(#"{"status": "active"}"#.utf8))
  }
  #expect(error.kind == .keyNotFound)  // the discriminator itself is required
}
