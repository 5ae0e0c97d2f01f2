import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Strict keys, extras and flattening, designed together: a key read by a
// flattened model is not unknown, and extras hold what nobody reads.

private struct Meta: Kodable, Equatable {
  @Coding("created_at") var created: String?
  @Coding("version") var version: Int = 1
}

private struct StrictUser: Kodable, Equatable {
  static let unknownKeys = UnknownKeys.reject
  @Coding var id: Int
  @Coding("first_name", .aliases("name")) var firstName: String
  @Coding("address.city") var city: String?
  @Coding("") var meta: Meta
}

private struct Audit: Kodable, Equatable {
  @Coding("audited_by") var auditor: String?
}

private struct OptionalParts: Kodable, Equatable {
  static let unknownKeys = UnknownKeys.reject
  @Coding var id: Int
  @Coding("") var meta: Meta?
  @Coding("", .encodeAsNullIfNil) var audit: Audit?
}

/// Decodable the Codix way, encoded by its own synthesized code.
private struct PlainEncodedMeta: Dekodable, Encodable, Equatable {
  @Coding("created_at") var created: String?
}

private struct OptionalPlainEncodedPart: Kodable {
  @Coding var id: Int
  @Coding("", .encodeAsNullIfNil) var meta: PlainEncodedMeta?
}

private struct OptionalPartsWithExtras: Kodable, Equatable {
  @Coding var id: Int
  @Coding("") var meta: Meta?
  @Coding(.extras) var extras: [String: JSONValue] = [:]
}

private struct WarnedUser: Kodable {
  static let unknownKeys = UnknownKeys.warn
  @Coding var id: Int
}

private struct ExtrasProfile: Kodable, Equatable {
  @Coding var id: Int
  @Coding("") var meta: Meta
  @Coding(.extras) var extras: [String: JSONValue] = [:]
}

private struct PathProfile: Codable, Equatable {
  var id: Int
  var extras: [String: JSONValue]

  init(from decoder: any Decoder) throws {
    try decoder.checkUnknownKeys(besides: ["id", "theme", "flags.beta", "nested"])
    id = try decoder.decode(at: "id")
    extras = try decoder.extras(besides: ["id"])
  }

  func encode(to encoder: any Encoder) throws {
    try encoder.encode(id, at: "id")
    try encoder.encode(extras: extras)
  }
}

private func json(_ text: String) -> Data { Data(text.utf8) }

@Test func knownKeysIncludeAliasesPathsAndFlattenedModels() throws {
  let user = try decodeOnEveryRoute(
    StrictUser.self,
    from: json(
      #"{"id": 1, "name": "Ana", "address": {"city": "Nice", "zip": "06000"}, "created_at": "2024", "version": 2}"#
    ))
  #expect(user.firstName == "Ana")
  #expect(user.meta.created == "2024")
  #expect(user.meta.version == 2)
}

@Test func anUnknownKeyIsRejectedWithTheKeyItProbablyMeant() throws {
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(
      StrictUser.self, from: json(#"{"id": 1, "frist_name": "Ana", "first_name": "A", "zeta": 0}"#))
  }
  #expect(error.kind == .dataCorrupted)
  #expect(error.typeName == "StrictUser")
  #expect(error.path == "frist_name")
  #expect(error.found == #"key "frist_name""#)
  #expect(error.description.contains(#"Unknown key "frist_name"; did you mean "first_name"?"#))
  #expect(error.description.contains(#"Also unknown: "zeta"."#))

  let pathError = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(PathProfile.self, from: json(#"{"id": 1, "them": "dark"}"#))
  }
  #expect(pathError.path == "them")
  #expect(pathError.description.contains(#"did you mean "theme"?"#))
}

@Test func unknownKeysCanBeWarningsInstead() throws {
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let user = try decoder.decode(WarnedUser.self, from: json(#"{"id": 1, "idd": 2, "x": 3}"#))
  #expect(user.id == 1)
  #expect(diagnostics.warnings.map(\.path) == ["idd", "x"])
  #expect(diagnostics.warnings.first?.typeName == "WarnedUser")
  #expect(diagnostics.warnings.first?.description.contains(#"did you mean "id"?"#) == true)
}

@Test func extrasKeepEveryKeyNobodyReadsAndWriteThemBack() throws {
  let text =
    #"{"created_at":"2024","flags":{"beta":true},"id":7,"tags":[1,2.5,"x",null],"theme":"dark","version":3}"#
  let profile = try decodeOnEveryRoute(ExtrasProfile.self, from: json(text))
  #expect(profile.id == 7)
  #expect(profile.meta.version == 3)
  #expect(
    profile.extras == ["theme": "dark", "flags": ["beta": true], "tags": [1, 2.5, "x", .null]])
  #expect(try sortedJSON(profile) == text)

  let path = try decodeOnEveryRoute(PathProfile.self, from: json(#"{"id": 2, "theme": "dark"}"#))
  #expect(path.extras == ["theme": "dark"])
  #expect(try sortedJSON(path) == #"{"id":2,"theme":"dark"}"#)
}

@Test func unknownKeysAreComparedAsTheDecoderSpellsThemAndReportedAsTheDocument() throws {
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let user = try decoder.decode(
    StrictUser.self, from: json(#"{"id": 1, "first_name": "Ana", "created_at": "2024"}"#))
  #expect(user.firstName == "Ana")
  #expect(user.meta.created == "2024")
  let error = try #require(throws: CodixError.self) {
    try decoder.decode(
      StrictUser.self, from: json(#"{"id": 1, "first_name": "A", "nick_name": "B"}"#))
  }
  #expect(error.path == "nick_name")
  #expect(error.description.contains(#"Unknown key "nick_name""#))
}

@Test func anOptionalFlattenedModelIsAModelOfItsOwnWhenThere() throws {
  // Its keys are known: others are still rejected.
  let value = try decodeOnEveryRoute(
    OptionalParts.self, from: json(#"{"id": 1, "created_at": "2024", "version": 2}"#))
  #expect(value.meta?.version == 2)
  #expect(value.meta?.created == "2024")
  let error = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(OptionalParts.self, from: json(#"{"id": 1, "versoin": 2}"#))
  }
  #expect(error.path == "versoin")
  #expect(error.description.contains(#"did you mean "version"?"#))
  // Written into the same object when there; nothing when nil, even with
  // .encodeAsNullIfNil (a null cannot be merged into an object).
  var parts = value
  parts.audit = nil
  #expect(try sortedJSON(parts) == #"{"created_at":"2024","id":1,"version":2}"#)
  parts.meta = nil
  var audit = Audit()
  audit.auditor = "Eve"
  parts.audit = audit
  #expect(try sortedJSON(parts) == #"{"audited_by":"Eve","id":1}"#)
  // The same for a flattened model that encodes itself, nil included.
  var plain = try decodeOnEveryRoute(
    OptionalPlainEncodedPart.self, from: json(#"{"id": 2, "created_at": "2025"}"#))
  // (Its synthesized encode writes the property's own name.)
  #expect(try sortedJSON(plain) == #"{"created":"2025","id":2}"#)
  plain.meta = nil
  #expect(try sortedJSON(plain) == #"{"id":2}"#)
  // Extras hold only what neither the model nor its flattened part reads.
  let extras = try decodeOnEveryRoute(
    OptionalPartsWithExtras.self, from: json(#"{"id": 1, "version": 3, "theme": "dark"}"#))
  #expect(extras.extras == ["theme": "dark"])
  #expect(try sortedJSON(extras) == #"{"id":1,"theme":"dark","version":3}"#)
}

@Test func aFlattenedModelIsReadAndWrittenInTheSameObject() throws {
  let profile = try decodeOnEveryRoute(
    ExtrasProfile.self, from: json(#"{"id": 1, "version": 4}"#))
  #expect(profile.meta.created == nil)
  #expect(profile.meta.version == 4)
  #expect(try sortedJSON(profile) == #"{"id":1,"version":4}"#)
}

private struct PathWarnedUser: Decodable {
  var id: Int
  init(from decoder: any Decoder) throws {
    try decoder.checkUnknownKeys(besides: ["id"], .warn)
    id = try decoder.decode(at: "id")
  }
}

@Test(arguments: [false, true])
func strictDecodingRefusesUnknownKeysThatWouldBeWarnings(throughFoundation: Bool) throws {
  let data = json(#"{"id": 1, "idd": 2, "x": 3}"#)
  let decoder = JSONDecoder()
  decoder.userInfo[.codixStrictDecoding] = true
  decoder.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let errors = [
    try #require(throws: CodixError.self) { try decoder.decode(WarnedUser.self, from: data) },
    try #require(throws: CodixError.self) { try WarnedUser.decode(from: data, using: decoder) },
    try #require(throws: CodixError.self) { try decoder.decode(PathWarnedUser.self, from: data) },
    try #require(throws: CodixError.self) {
      try CodixJSONDecoder(decoder).decode(PathWarnedUser.self, from: data, at: .root)
    },
  ]
  for error in errors {
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == "idd")
    #expect(error.found == #"key "idd""#)
    #expect(error.description.contains(#"did you mean "id"?"#))
    #expect(error.description.contains(#"Also unknown: "x""#))
  }
  #expect(errors[0].typeName == "WarnedUser")
  // Collected, it is one failure of the list.
  let collected = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(WarnedUser.self, from: data)
  }
  #expect(collected.errors.map(\.path) == ["idd"])
}

@Test func unknownKeysAreComparedAsTheNativeReaderSpellsThem() throws {
  // The same model and documents through the native reader: a
  // CodixJSONDecoder, and Codix's entry point on a JSONDecoder.
  let foundation = JSONDecoder()
  foundation.keyDecodingStrategy = .convertFromSnakeCase
  let codix = CodixJSONDecoder()
  codix.keyDecodingStrategy = .convertFromSnakeCase
  let good = json(#"{"id": 1, "first_name": "Ana", "created_at": "2024"}"#)
  let bad = json(#"{"id": 1, "first_name": "A", "nick_name": "B"}"#)
  let viaCodix = try codix.decode(StrictUser.self, from: good)
  let viaEntry = try StrictUser.decode(from: good, using: foundation)
  #expect(viaCodix.firstName == "Ana" && viaCodix.meta.created == "2024")
  #expect(viaEntry == viaCodix)
  let codixError = try #require(throws: CodixError.self) {
    try codix.decode(StrictUser.self, from: bad)
  }
  #expect(codixError.path == "nick_name")
  let entryError = try #require(throws: CodixError.self) {
    try StrictUser.decode(from: bad, using: foundation)
  }
  #expect(entryError.path == "nick_name")
}
