import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Behaviour that the documentation states, each checked once: closure
// transforms, malformed paths in every read, diagnostics shared by threads,
// locales, validation modifiers, foreign errors in the wrapper style, unknown
// enum values, blank values that stay values, and the decoder's own date
// strategy in a wrapper model.

private func data(_ text: String) -> Data { Data(text.utf8) }

@Test func theClosureFormOfDecodeIfPresentReadsOrAnswersNil() throws {
  struct Flags: Decodable {
    var male: Bool?
    var missing: Bool?
    init(from decoder: any Decoder) throws {
      male = try decoder.decodeIfPresent(at: "male", using: { (text: String) in text == "yes" })
      missing = try decoder.decodeIfPresent(at: "gone", using: { (text: String) in text == "yes" })
    }
  }
  let flags = try decodeOnEveryRoute(Flags.self, from: data(#"{"male": "yes"}"#))
  #expect(flags.male == true)
  #expect(flags.missing == nil)
}

@Test func aMalformedPathThrowsInEveryReadNeverANilOrADefault() throws {
  let reads: [(any Decoder) throws -> Void] = [
    { let _: Int? = try $0.decodeIfPresent(at: "a..b") },
    { let _: Int = try $0.decode(at: "a[x]", default: 0) },
    { let _: [Int] = try $0.decodeLossy(at: "a[") },
    { let _: Int = try $0.decode(at: "a.", defaultOnFailure: 0) },
  ]
  for read in reads {
    struct Sample: Decodable {
      nonisolated(unsafe) static var read: ((any Decoder) throws -> Void)?
      init(from decoder: any Decoder) throws { try Sample.read?(decoder) }
    }
    Sample.read = read
    let error = try #require(throws: CodixError.self) {
      try decodeOnEveryRoute(Sample.self, from: data(#"{"a": {"b": 1}}"#))
    }
    #expect(error.kind == .invalidPath)
  }
}

@Test func oneDiagnosticsCollectsFromManyThreadsAtOnce() async throws {
  struct Page: Kodable {
    @Coding var values: [Int]
  }
  let diagnostics = CodixDiagnostics()
  let document = data(#"{"values": [1, "x", 2, "y"]}"#)
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<8 {
      group.addTask {
        let decoder = JSONDecoder()
        decoder.userInfo[.codixDiagnostics] = diagnostics
        for _ in 0..<25 { _ = try? decoder.decode(Page.self, from: document) }
      }
    }
  }
  #expect(diagnostics.warnings.count == 8 * 25 * 2)
  #expect(Set(diagnostics.warnings.map(\.path)) == ["values[1]", "values[3]"])
}

@Test func dateFromStringReadsMonthNamesInTheGivenLocale() throws {
  let french = DateFromString(format: "d MMMM yyyy", locale: Locale(identifier: "fr_FR"))
  let english = DateFromString(format: "d MMMM yyyy")
  let date = try french.transform("6 mai 2024")
  #expect(date == Date(timeIntervalSince1970: 1_714_953_600))
  #expect(english.reverse(date) == "6 May 2024")
  #expect(throws: CodixError.self) { try english.transform("6 mai 2024") }
}

@Test func aValidationModifierRejectsAndAnOverrideReplaces() throws {
  struct Image: Kodable {
    @Coding(.modifier(KodableModifier { (width: Int) in width > 500 })) var width: Int
    @Coding(.modifier(KodableModifier { (name: String) in name.uppercased() })) var name: String
  }
  let image = try Image.decode(from: data(#"{"width": 600, "name": "logo"}"#))
  #expect(image.width == 600)
  #expect(image.name == "LOGO")
  let error = try #require(throws: CodixError.self) {
    try Image.decode(from: data(#"{"width": 400, "name": "logo"}"#))
  }
  #expect(error.kind == .validationFailed)
  #expect(error.property == "width")
  #expect(error.found == "400")
}

@Test func enforceTypeDecodingReadsNoStringFromANumber() throws {
  struct Loose: Kodable {
    @Coding var code: String
  }
  struct Strict: Kodable {
    @Coding(.enforceTypeDecoding) var code: String
  }
  #expect(try Loose.decode(from: data(#"{"code": 42}"#)).code == "42")
  let error = try #require(throws: CodixError.self) {
    try Strict.decode(from: data(#"{"code": 42}"#))
  }
  #expect(error.kind == .typeMismatch)
  #expect(error.found == "42")
}

private struct PageURL: KodableTransform {
  struct InvalidURL: Error {}
  func transformFromJSON(value: String) throws -> URL {
    guard let url = URL(string: value) else { throw InvalidURL() }
    return url
  }
  func transformToJSON(value: URL) throws -> String { value.absoluteString }
}

@Test func foreignErrorsInTheWrapperStyleLeaveAsCodixErrors() throws {
  struct Link: Kodable {
    @KodableTransformable<PageURL>("href") var url: URL
  }
  let transform = try #require(throws: CodixError.self) {
    try Link.decode(from: data(#"{"href": ""}"#))
  }
  #expect(transform.kind == .transformFailed)
  #expect(transform.path == "href")
  #expect(transform.property == "url")
  #expect(transform.found == #""""#)

  struct Checked: Kodable {
    struct Refused: Error {}
    @Coding var id: Int
    mutating func didDecode(from decoder: any Decoder) throws {
      if id < 0 { throw Refused() }
    }
  }
  let hook = try #require(throws: CodixError.self) {
    try Checked.decode(from: data(#"{"id": -1}"#))
  }
  #expect(hook.typeName == "Checked")
  #expect(hook.underlyingError is Checked.Refused)
}

private enum Role: String, Codable, Sendable {
  case admin, member
}

@Test func anUnknownEnumValueIsATypedErrorInBothStyles() throws {
  struct Wrapped: Kodable {
    @Coding var role: Role
  }
  struct Pathed: Decodable {
    var role: Role
    init(from decoder: any Decoder) throws { role = try decoder.decode(at: "user.role") }
  }
  let wrapped = try #require(throws: CodixError.self) {
    try Wrapped.decode(from: data(#"{"role": "owner"}"#))
  }
  let pathed = try #require(throws: CodixError.self) {
    try decodeOnEveryRoute(Pathed.self, from: data(#"{"user": {"role": "owner"}}"#))
  }
  for (error, path) in [(wrapped, "role"), (pathed, "user.role")] {
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == Path(path))
    #expect(error.found == #""owner""#)
  }
  #expect(wrapped.property == "role")
}

@Test func blankAndZeroStayValuesNeverNilOrTheDefault() throws {
  struct Wrapped: Kodable {
    @Coding var nickname: String?
    @Coding var count: Int = 7
  }
  struct Pathed: Decodable {
    var nickname: String?
    var count: Int
    init(from decoder: any Decoder) throws {
      nickname = try decoder.decodeIfPresent(at: "nickname")
      count = try decoder.decode(at: "count", default: 7)
    }
  }
  let document = data(#"{"nickname": "", "count": 0}"#)
  let wrapped = try Wrapped.decode(from: document)
  let pathed = try decodeOnEveryRoute(Pathed.self, from: document)
  #expect(wrapped.nickname == "")
  #expect(wrapped.count == 0)
  #expect(pathed.nickname == "")
  #expect(pathed.count == 0)
}

@Test func aWrapperModelsPlainDatesFollowTheDecodersStrategy() throws {
  struct Event: Kodable {
    @Coding var start: Date
    var end: Date?
  }
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .secondsSince1970
  let event = try decoder.decode(
    Event.self, from: data(#"{"start": 1563215397, "end": 1563215400}"#))
  #expect(event.start == Date(timeIntervalSince1970: 1_563_215_397))
  #expect(event.end == Date(timeIntervalSince1970: 1_563_215_400))
  decoder.dateDecodingStrategy = .millisecondsSince1970
  let millis = try decoder.decode(Event.self, from: data(#"{"start": 1563215397000}"#))
  #expect(millis.start == Date(timeIntervalSince1970: 1_563_215_397))
}

@Test func aValueAtADottedPathIsDecodedOnceEvenWhenItFails() throws {
  struct Inner: Kodable {
    @Coding var values: [Int]
    @Coding var id: Int
  }
  struct Outer: Decodable {
    var inner: Inner
    init(from decoder: any Decoder) throws { inner = try decoder.decode(at: "a.b") }
  }
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let error = try #require(throws: CodixError.self) {
    try decoder.decode(Outer.self, from: data(#"{"a": {"b": {"values": [1, "x"]}}}"#))
  }
  #expect(error.path == "a.b.id")
  #expect(error.kind == .keyNotFound)
  #expect(diagnostics.warnings.map(\.path) == ["a.b.values[1]"])  // one decode, one warning
}

@Test func aValueJSONCannotHoldIsReportedAlikeAtAKeyAndAtAnIndex() throws {
  struct Scores: Kodable {
    @Coding("stats.mean") var mean: Double = .nan
    @Coding("history[0]") var first: Double = .nan
  }
  struct OnlyIndexed: Kodable {
    @Coding("history[0]") var first: Double = .nan
  }
  let keyed = try #require(throws: CodixError.self) { try JSONEncoder().encode(Scores()) }
  let indexed = try #require(throws: CodixError.self) { try JSONEncoder().encode(OnlyIndexed()) }
  #expect(keyed.path == "stats.mean")
  #expect(indexed.path == "history[0]")
  for error in [keyed, indexed] {
    #expect(error.kind == .dataCorrupted)
    #expect(error.found == "nan")
    #expect(error.property != nil)
  }
}
