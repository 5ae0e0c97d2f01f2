import CodixWrappers
import Foundation
import Testing

// `Model.decode(from:using:)` and `Model.decode(from:at:using:)` with each
// kind of top-level decoder: the decoder given reads the document, with its
// own `userInfo`.

// MARK: - Fixtures

private struct Member: Kodable {
  @Coding var id: Int
  @Coding("nick_name") var name: String
  @Coding var active: Bool
}

/// A member as the documents spell it, with `active` as a number.
private struct RawMember: Encodable {
  var id: Int = 7
  var name = "Jerry"
  var active = 1

  enum CodingKeys: String, CodingKey {
    case id
    case name = "nick_name"
    case active
  }
}

/// A member with an `id` that is not a number.
private struct BrokenMember: Encodable {
  let id = "seven"
  let name = "Jerry"
  let active = 1

  enum CodingKeys: String, CodingKey {
    case id
    case name = "nick_name"
    case active
  }
}

private struct Users<Value: Encodable>: Encodable {
  let users: [Value]
}

private enum DecoderKind: String, CaseIterable, Sendable {
  case json, codixJSON, propertyList

  /// `value` written in this decoder's format.
  func document(_ value: some Encodable) throws -> Data {
    switch self {
    case .json, .codixJSON: try JSONEncoder().encode(value)
    case .propertyList: try PropertyListEncoder().encode(value)
    }
  }

  /// `value` at `response.users[0]` of a document in this decoder's format.
  func nestedDocument<Value: Encodable>(_ value: Value) throws -> Data {
    try document(["response": Users(users: [value])])
  }
}

/// Decodes a member with a decoder of `kind` that records to `diagnostics`,
/// through `Member.decode(from:using:)`, or `decode(from:at:using:)` when
/// `path` is given. Each decoder is passed as its own type, as callers write it.
private func decodeMember(
  _ kind: DecoderKind, from data: Data, at path: String? = nil,
  diagnostics: CodixDiagnostics = CodixDiagnostics()
) throws -> Member {
  switch kind {
  case .json:
    let decoder = JSONDecoder()
    decoder.userInfo[.codixDiagnostics] = diagnostics
    guard let path else { return try Member.decode(from: data, using: decoder) }
    return try Member.decode(from: data, at: "\(path)", using: decoder)
  case .codixJSON:
    let decoder = CodixJSONDecoder()
    decoder.userInfo[.codixDiagnostics] = diagnostics
    guard let path else { return try Member.decode(from: data, using: decoder) }
    return try Member.decode(from: data, at: "\(path)", using: decoder)
  case .propertyList:
    let decoder = PropertyListDecoder()
    decoder.userInfo[.codixDiagnostics] = diagnostics
    guard let path else { return try Member.decode(from: data, using: decoder) }
    return try Member.decode(from: data, at: "\(path)", using: decoder)
  }
}

// MARK: - decode(from:using:)

@Test(arguments: DecoderKind.allCases)
private func decodeFromDataReadsWithTheDecoderGiven(_ kind: DecoderKind) throws {
  let diagnostics = CodixDiagnostics()
  let member = try decodeMember(
    kind, from: try kind.document(RawMember()), diagnostics: diagnostics)
  #expect(member.id == 7)
  #expect(member.name == "Jerry")
  #expect(member.active)
  // The `1` read as `true` is recorded to the diagnostics of this decoder.
  #expect(diagnostics.warnings.map(\.path.description) == ["active"])
  #expect(diagnostics.warnings.first?.recovery == .coercion)
}

@Test(arguments: DecoderKind.allCases)
private func decodeFromDataReportsThroughTheDecoderGiven(_ kind: DecoderKind) throws {
  let error = try #require(throws: CodixError.self) {
    try decodeMember(kind, from: try kind.document(BrokenMember()))
  }
  #expect(error.kind == .typeMismatch)
  #expect(error.path.description == "id")
  #expect(error.typeName == "Member")
  #expect(error.property == "id")
}

// MARK: - decode(from:at:using:)

@Test(arguments: DecoderKind.allCases)
private func decodeFromDataAtAPathReadsWithTheDecoderGiven(_ kind: DecoderKind) throws {
  let diagnostics = CodixDiagnostics()
  let member = try decodeMember(
    kind, from: try kind.nestedDocument(RawMember()), at: "response.users[0]",
    diagnostics: diagnostics)
  #expect(member.id == 7)
  #expect(member.name == "Jerry")
  #expect(member.active)
  #expect(diagnostics.warnings.map(\.path.description) == ["response.users[0].active"])
}

@Test(arguments: DecoderKind.allCases)
private func decodeFromDataAtAPathReportsTheWholePath(_ kind: DecoderKind) throws {
  let data = try kind.nestedDocument(BrokenMember())
  let error = try #require(throws: CodixError.self) {
    try decodeMember(kind, from: data, at: "response.users[0]")
  }
  #expect(error.kind == .typeMismatch)
  #expect(error.path.description == "response.users[0].id")
  #expect(error.typeName == "Member")
  let missing = try #require(throws: CodixError.self) {
    try decodeMember(kind, from: data, at: "response.users[1]")
  }
  #expect(missing.kind == .indexOutOfRange)
  #expect(missing.path.description == "response.users[1]")
}

// MARK: - The spellings callers write

@Test func theDecoderCanBeWrittenInTheCall() throws {
  let json = Data(#"{"data": {"id": 1, "nick_name": "Ann", "active": true}}"#.utf8)
  let codix = try Member.decode(from: json, at: "data", using: CodixJSONDecoder())
  let foundation = try Member.decode(from: json, at: "data", using: JSONDecoder())
  let byDefault = try Member.decode(from: json, at: "data")
  #expect([codix.name, foundation.name, byDefault.name] == ["Ann", "Ann", "Ann"])

  let plist = try PropertyListEncoder().encode(RawMember())
  #expect(try Member.decode(from: plist, using: PropertyListDecoder()).id == 7)
  // The default decoder is JSONDecoder: a property list is not JSON to it.
  #expect(throws: CodixError.self) { try Member.decode(from: plist) }
}
