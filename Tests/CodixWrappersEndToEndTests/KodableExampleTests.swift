import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Every example of the Kodable README, typos fixed (quoted JSON
// keys and values, `trimmedNilIfEmpty`, a missing `try`), imported through
// `CodixWrappers` only. `KodableError` is now `CodixError`.

private func json(_ text: String) -> Data { Data(text.utf8) }

// MARK: - Coding

struct User: Kodable {
  var identifier: String = ""
  var social: String?
  @Coding("first_name") var firstName: String
  @Coding(default: "+1 123456789") var phone: String
  @Coding("address.zipCode") var zipCode: Int
}

private let userJSON = json(
  #"""
  {
    "identifier": "1",
    "social": 987654321,
    "first_name": "John",
    "address": {
      "zipCode": 94040
    }
  }
  """#)

@Test func decodesTheSeedUser() throws {
  let result = try decodeOnEveryRoute(User.self, from: userJSON)
  let user = try User.decode(from: userJSON)
  for decoded in [result, user] {
    #expect(decoded.identifier == "1")
    #expect(decoded.social == "987654321")
    #expect(decoded.firstName == "John")
    #expect(decoded.phone == "+1 123456789")
    #expect(decoded.zipCode == 94040)
  }
}

@Test func aMissingRequiredKeyNamesModelPropertyAndPath() throws {
  do {
    _ = try User.decode(from: json(#"{"first_name": "J", "address": {"zip": 1}}"#))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.typeName == "User")
    #expect(error.property == "zipCode")
    #expect(error.path == "address.zipCode")
    #expect(
      error.headline
        == "User.zipCode at address.zipCode (line 1, column 32): key not found, expected Int")
  }
}

// MARK: - CodableDate

struct Dates: Kodable {
  @CodableDate var iso8601: Date
  @CodableDate(.format("y-MM-dd"), .key("simple_date")) var simpleDate: Date
  @CodableDate(.rfc2822, .key("rfc2822")) var rfc2822Date: Date
  @CodableDate(.rfc3339, .key("rfc3339")) var rfc3339Date: Date
  @CodableDate(.timestamp, .key("timestamp")) var timestamp: Date
}

private let datesJSON = json(
  #"""
  {
    "iso8601": "1996-12-19T16:39:57-08:00",
    "simple_date": "2001-01-01",
    "rfc2822": "Thu, 19 Dec 1996 16:39:57 GMT",
    "rfc3339": "1996-12-19T16:39:57-08:00",
    "timestamp": 978307200.0
  }
  """#)

@Test func decodesTheSeedDatesToTheExactInstants() throws {
  let dates = try Dates.decode(from: datesJSON)
  #expect(dates.iso8601.description == "1996-12-20 00:39:57 +0000")
  #expect(dates.simpleDate.description == "2001-01-01 00:00:00 +0000")
  #expect(dates.rfc2822Date.description == "1996-12-19 16:39:57 +0000")
  #expect(dates.rfc3339Date.description == "1996-12-20 00:39:57 +0000")
  #expect(dates.timestamp.description == "2001-01-01 00:00:00 +0000")
}

@Test func datesRoundTrip() throws {
  let dates = try Dates.decode(from: datesJSON)
  let again = try Dates.decode(from: JSONEncoder().encode(dates))
  #expect(again.iso8601 == dates.iso8601)
  #expect(again.simpleDate == dates.simpleDate)
  #expect(again.rfc2822Date == dates.rfc2822Date)
  #expect(again.rfc3339Date == dates.rfc3339Date)
  #expect(again.timestamp == dates.timestamp)
}

// MARK: - Lossy Bool and String

struct Fail: Kodable {
  @Coding("string_bool", .enforceTypeDecoding) var notBool: Bool
}

struct Success: Kodable {
  @Coding("string_bool") var stringBool: Bool
  @Coding("int_bool") var intBool: Bool
}

private let boolJSON = json(#"{"string_bool": "false", "int_bool": 1}"#)

@Test func boolsAreReadFromStringsAndInts() throws {
  let success = try Success.decode(from: boolJSON)
  #expect(success.stringBool == false)
  #expect(success.intBool == true)
}

@Test func enforceTypeDecodingRejectsAStringBool() throws {
  do {
    _ = try Fail.decode(from: boolJSON)
    Issue.record("expected a type mismatch")
  } catch let error as CodixError {
    #expect(error.kind == .typeMismatch)
    #expect(error.typeName == "Fail")
    #expect(error.property == "notBool")
    #expect(error.path == "string_bool")
    #expect(error.found == #""false""#)
  }
}

struct Amounts: Kodable {
  @Coding("double") var double: String
  @Coding("int") var integer: String
  @Coding var string: String
}

@Test func stringsAreReadFromNumbers() throws {
  let amounts = try Amounts.decode(
    from: json(#"{"double": 629.9, "int": 1563, "string": "999.9"}"#))
  #expect(amounts.double == "629.9")
  #expect(amounts.integer == "1563")
  #expect(amounts.string == "999.9")
}

@Test func everyCoercionIsReportedToDiagnostics() throws {
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  _ = try Amounts.decode(
    from: json(#"{"double": 629.9, "int": 1563, "string": "s"}"#), using: decoder)
  #expect(diagnostics.warnings.map(\.path) == ["double", "int"])
  #expect(diagnostics.warnings.allSatisfy { $0.typeName == "Amounts" })
  #expect(diagnostics.warnings.map(\.property) == ["double", "integer"])
}

// MARK: - Modifiers and validation

struct Project: Kodable {
  @Coding(.modifier(Project.trimmed)) var title: String

  static var trimmed: KodableModifier<String> {
    KodableModifier { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }
}

@Test func aCustomModifierTrims() throws {
  let project = try Project.decode(from: json(#"{ "title": " A New Project " }"#))
  #expect(project.title == "A New Project")
}

struct Presets: Kodable {
  @Coding(.trimmed) var name: String
  @Coding(.trimmed) var maybe: String?
  @Coding(.trimmedNilIfEmpty) var blank: String?
  @Coding(.ascending) var up: [Int]
  @Coding(.descending) var down: [Int]
  @Coding(.ascending(by: \Tag.rank)) var byRank: [Tag]
  @Coding(.descending(by: \Tag.rank)) var byRankDown: [Tag]
  @Coding(.sorted(using: { $0.name < $1.name })) var byName: [Tag]
  @Coding(.clamping(to: 0...10)) var clamped: Int
  @Coding(.range(1...5)) var ranged: Int
  @Coding(.max(3)) var capped: Int
  @Coding(.min(3)) var floored: Int
}

struct Tag: Codable, Equatable, Sendable {
  var name: String
  var rank: Int
}

@Test func builtInModifiersApply() throws {
  let presets = try Presets.decode(
    from: json(
      #"""
      {"name": "  x ", "maybe": " y ", "blank": "   ", "up": [3, 1, 2], "down": [1, 3, 2],
       "byRank": [{"name": "b", "rank": 2}, {"name": "a", "rank": 1}],
       "byRankDown": [{"name": "a", "rank": 1}, {"name": "b", "rank": 2}],
       "byName": [{"name": "z", "rank": 0}, {"name": "m", "rank": 9}],
       "clamped": 42, "ranged": 5, "capped": 3, "floored": 3}
      """#))
  #expect(presets.name == "x")
  #expect(presets.maybe == "y")
  #expect(presets.blank == nil)
  #expect(presets.up == [1, 2, 3])
  #expect(presets.down == [3, 2, 1])
  #expect(presets.byRank.map(\.name) == ["a", "b"])
  #expect(presets.byRankDown.map(\.name) == ["b", "a"])
  #expect(presets.byName.map(\.name) == ["m", "z"])
  #expect(presets.clamped == 10)
}

struct Image: Kodable {
  @Coding(.validation({ $0 > 500 })) var width: Int
}

@Test func validationFailureNamesPropertyAndValue() throws {
  do {
    _ = try Image.decode(from: json(#"{ "width": 400 }"#))
    Issue.record("expected validationFailed")
  } catch let error as CodixError {
    #expect(error.kind == .validationFailed)
    #expect(error.property == "width")
    #expect(error.typeName == "Image")
    #expect(error.found == "400")
    #expect(error.path == "width")
  }
  #expect(try Image.decode(from: json(#"{ "width": 640 }"#)).width == 640)
}

// Kodable's `.range`, `.max` and `.min` constrain the value, as
// `.clamping(to:)` does; rejecting is `.validation`.
@Test(arguments: [
  (#"{"ranged": 6}"#, \Presets.ranged, 5), (#"{"ranged": -2}"#, \Presets.ranged, 1),
  (#"{"capped": 4}"#, \Presets.capped, 3), (#"{"capped": 2}"#, \Presets.capped, 2),
  (#"{"floored": 2}"#, \Presets.floored, 3), (#"{"floored": 9}"#, \Presets.floored, 9),
])
func rangeMaxAndMinConstrain(
  override: String, property: any KeyPath<Presets, Int> & Sendable, expected: Int
) throws {
  var fields: [String: Any] = [
    "name": "", "up": [], "down": [], "byRank": [], "byRankDown": [], "byName": [],
    "clamped": 0, "ranged": 1, "capped": 0, "floored": 9,
  ]
  let replacement = try #require(
    try JSONSerialization.jsonObject(with: json(override)) as? [String: Any])
  fields.merge(replacement) { $1 }
  let data = try JSONSerialization.data(withJSONObject: fields)
  #expect(try Presets.decode(from: data)[keyPath: property] == expected)
}

// MARK: - Custom transform

struct URLTransform: KodableTransform {
  struct InvalidURL: Error {}

  func transformFromJSON(value: String) throws -> URL {
    guard let url = URL(string: value) else { throw InvalidURL() }
    return url
  }

  func transformToJSON(value: URL) throws -> String {
    value.absoluteString
  }
}

typealias CodingURL = KodableTransformable<URLTransform>

struct Test: Kodable {
  @CodingURL("html_url") var url: URL
}

@Test func theCustomTransformWrapperReadsAndWritesURLs() throws {
  let value = try Test.decode(from: json(#"{"html_url": "https://github.com/apple/swift"}"#))
  #expect(value.url == URL(string: "https://github.com/apple/swift"))
  let encoded = try JSONEncoder().encode(value)
  #expect(
    String(decoding: encoded, as: UTF8.self)
      == #"{"html_url":"https:\/\/github.com\/apple\/swift"}"#)
}

// MARK: - Encoding null values

struct PlainUser: Kodable {
  @Coding var firstName: String
  @Coding var lastName: String?
}

struct NullUser: Kodable {
  @Coding var firstName: String
  @Coding(.encodeAsNullIfNil) var lastName: String?
}

@Test func nilIsOmittedUnlessEncodeAsNullIfNil() throws {
  var user = PlainUser()
  user.firstName = "João"
  #expect(
    String(decoding: try JSONEncoder().encode(user), as: UTF8.self) == #"{"firstName":"João"}"#)
  var nullUser = NullUser()
  nullUser.firstName = "João"
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  #expect(
    String(decoding: try encoder.encode(nullUser), as: UTF8.self)
      == #"{"firstName":"João","lastName":null}"#)
}

// MARK: - Debugging

private final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ line: String) {
    lock.lock()
    storage.append(line)
    lock.unlock()
  }
  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

struct Address: Codable {
  let zipCode: Int
  let state: String
}

struct DebugUser: Kodable, DebugJSON {
  var identifier: String = ""
  var social: String?
  @Coding("first_name") var firstName: String
  @Coding(default: "+1 123456789") var phone: String
  @Coding var address: Address
}

struct DebugAddressUser: Kodable {
  var identifier: String = ""
  var social: String?
  @Coding("first_name") var firstName: String
  @Coding(default: "+1 123456789") var phone: String
  @Coding(.debugJSON) var address: Address
}

private let debugJSON = json(
  #"""
  {
    "identifier": "1",
    "social": 987654321,
    "first_name": "John",
    "address": {
      "zipCode": 94040,
      "state": "CA"
    },
    "aliases": [ "Jay", "Doe" ]
  }
  """#)

@Test func debugJSONPrintsTheModelsJSON() throws {
  let lines = Lines()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDebugOutput] = CodixDebugOutput { lines.append($0) }
  _ = try DebugUser.decode(from: debugJSON, using: decoder)
  #expect(
    lines.all == [
      """
      Decoded JSON for type DebugUser:
      {
        "address": {
          "state": "CA",
          "zipCode": 94040
        },
        "aliases": [
          "Jay",
          "Doe"
        ],
        "first_name": "John",
        "identifier": "1",
        "social": 987654321
      }
      """
    ])
}

@Test func debugJSONOptionPrintsOneProperty() throws {
  let lines = Lines()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDebugOutput] = CodixDebugOutput { lines.append($0) }
  _ = try DebugAddressUser.decode(from: debugJSON, using: decoder)
  #expect(
    lines.all == [
      """
      Decoded JSON for the address property of type DebugAddressUser:
      {
        "state": "CA",
        "zipCode": 94040
      }
      """
    ])
}

// MARK: - Overriding values with a closure option

struct Shouting: Kodable {
  @Coding(.overrideValue { $0.uppercased() }) var word: String
}

@Test func overrideValueReplacesTheDecodedValue() throws {
  #expect(try Shouting.decode(from: json(#"{"word": "hey"}"#)).word == "HEY")
}

// Whether a model prints is asked of the model's own type: also when
// DebugJSON is added in an extension, by a subclass of a model that does not
// print, or conditionally; a model without it prints nothing.
struct ExtendedDebugUser: Kodable {
  @Coding("first_name") var firstName: String
}

extension ExtendedDebugUser: DebugJSON {}

class QuietBase: Kodable {
  @Coding("first_name") var firstName: String
  required init() {}
}

final class LoudSubclass: QuietBase, DebugJSON {}

struct TaggedName<Tag>: Kodable {
  @Coding("first_name") var firstName: String
}

enum LoudTag {}

extension TaggedName: DebugJSON where Tag == LoudTag {}

/// A non-generic model nested in a generic type: its conformance may be
/// conditional on the outer type's parameter.
enum Feed<Source> {
  struct Entry: Kodable {
    @Coding("first_name") var firstName: String
  }
}

extension Feed.Entry: DebugJSON where Source == LoudTag {}

@Test func debugJSONIsFoundWhereverTheConformanceIsDeclared() throws {
  let document = json(#"{"first_name": "John"}"#)
  for (decode, printed) in [
    (
      { (decoder: JSONDecoder) in _ = try ExtendedDebugUser.decode(from: document, using: decoder)
      },
      "ExtendedDebugUser"
    ),
    (
      { (decoder: JSONDecoder) in _ = try LoudSubclass.decode(from: document, using: decoder) },
      "LoudSubclass"
    ),
    ({ (decoder: JSONDecoder) in _ = try QuietBase.decode(from: document, using: decoder) }, nil),
    (
      { (decoder: JSONDecoder) in
        _ = try TaggedName<LoudTag>.decode(from: document, using: decoder)
      }, "TaggedName<LoudTag>"
    ),
    (
      { (decoder: JSONDecoder) in _ = try TaggedName<Int>.decode(from: document, using: decoder) },
      nil
    ),
    (
      { (decoder: JSONDecoder) in
        _ = try Feed<LoudTag>.Entry.decode(from: document, using: decoder)
      }, "Entry"
    ),
    (
      { (decoder: JSONDecoder) in _ = try Feed<Int>.Entry.decode(from: document, using: decoder) },
      nil
    ),
  ] as [((JSONDecoder) throws -> Void, String?)] {
    let lines = Lines()
    let decoder = JSONDecoder()
    decoder.userInfo[.codixDebugOutput] = CodixDebugOutput { lines.append($0) }
    try decode(decoder)
    if let printed {
      #expect(lines.all.count == 1)
      #expect(lines.all.first?.hasPrefix("Decoded JSON for type \(printed):") == true)
    } else {
      #expect(lines.all.isEmpty)
    }
  }
}
