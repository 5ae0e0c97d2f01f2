import CodixCore
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

private func json(_ text: String) -> Data { Data(text.utf8) }

private func codixError(_ body: () throws -> Void) -> CodixError? {
  do {
    try body()
    return nil
  } catch let error as CodixError {
    return error
  } catch {
    Issue.record("not a CodixError: \(error)")
    return nil
  }
}

// MARK: - Value semantics, Sendable, Equatable, Hashable

private struct Profile: Kodable, Sendable, Hashable {
  @Coding var name: String
  @Coding("meta.tags") var tags: [String]
  @Coding var score: Int?
  @CodableDate(.timestamp) var seen: Date
}

@Test func copiesAreIndependent() throws {
  let original = try Profile.decode(
    from: json(#"{"name": "a", "meta": {"tags": ["x"]}, "score": 1, "seen": 10}"#))
  var copy = original
  copy.name = "b"
  copy.tags.append("y")
  copy.score = nil
  #expect(original.name == "a")
  #expect(original.tags == ["x"])
  #expect(original.score == 1)
  #expect(copy != original)
  var same = original
  same.name = "a"
  #expect(same == original)
  #expect(Set([original, same]).count == 1)
}

@Test func wrappersConformWhenTheirValuesDo() {
  func requireSendable<T: Sendable>(_: T.Type) {}
  func requireHashable<T: Hashable>(_: T.Type) {}
  requireSendable(Coding<Int>.self)
  requireHashable(Coding<String?>.self)
  requireSendable(CodableDate<Date>.self)
  requireHashable(CodableDate<Date?>.self)
  requireSendable(Profile.self)
}

// MARK: - Plain properties

private struct Mixed: Kodable {
  var plain: String = "initial"
  var optional: Int?
  let constant: String = "kept"
  var businessState = NonDecodable()
  @Coding var wrapped: Int = 0
}

private struct NonDecodable: Equatable {
  var counter = 0
}

@Test func plainVarsDecodeLetsAndNonDecodablesAreLeftAlone() throws {
  let decoded = try Mixed.decode(
    from: json(#"{"plain": "p", "optional": 5, "constant": "changed", "businessState": 1}"#))
  #expect(decoded.plain == "p")
  #expect(decoded.optional == 5)
  #expect(decoded.constant == "kept")
  #expect(decoded.businessState == NonDecodable())
  #expect(decoded.wrapped == 0)
  let empty = try Mixed.decode(from: json("{}"))
  #expect(empty.plain == "initial")
  #expect(empty.optional == nil)
}

// MARK: - Errors carry model, property and absolute path

private struct Line: Kodable {
  @Coding var sku: String
  @Coding("qty") var quantity: Int
}

private struct Order: Kodable {
  @Coding var id: Int
  @Coding("items", .enforceTypeDecoding) var lines: [Line]
}

@Test func errorsInsideNestedModelsInsideArraysHaveTheFullPath() throws {
  let data = json(
    #"{"data": {"orders": [{"id": 1, "items": []}, {"id": 2, "items": [{"sku": "a", "qty": "x"}]}]}}"#
  )
  let error = try #require(
    codixError { _ = try JSONDecoder().decode([Order].self, from: data, at: "data.orders") })
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "data.orders[1].items[0].qty")
  #expect(error.typeName == "Line")
  #expect(error.property == "quantity")
  #expect(error.found == #""x""#)
}

@Test func decodeFromAtPrefixesThePath() throws {
  let error = try #require(
    codixError { _ = try Line.decode(from: json(#"{"a": [{"sku": "s"}]}"#), at: "a[0]") })
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "a[0].qty")
  // The report places a missing key at its object: `{"sku": "s"}` starts at column 8.
  #expect(
    error.headline == "Line.quantity at a[0].qty (line 1, column 8): key not found, expected Int")
}

@Test func aNullRequiredValueIsValueNotFound() throws {
  let error = try #require(
    codixError { _ = try Line.decode(from: json(#"{"sku": null, "qty": 1}"#)) })
  #expect(error.kind == .valueNotFound)
  #expect(error.path == "sku")
  #expect(error.property == "sku")
}

@Test func aMissingIntermediateObjectIsReportedAtThatObject() throws {
  let error = try #require(
    codixError { _ = try Profile.decode(from: json(#"{"name": "a", "seen": 1}"#)) })
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "meta")
  #expect(error.property == "tags")
}

@Test func aModelThatIsNotAnObject() throws {
  let error = try #require(codixError { _ = try Line.decode(from: json("[1, 2]")) })
  #expect(error.kind == .typeMismatch)
  #expect(error.typeName == "Line")
  #expect(error.path == .root)
}

// MARK: - Paths in keys

private struct Deep: Kodable {
  @Coding("a.b[1].c") var indexed: Int
  @Coding("list[-1]") var last: String
  @Coding(Path("x/y.z", separator: "/")) var dotted: Bool
  @Coding("missing[3].value") var absent: Int?
  @Coding("") var whole: Lists?
}

private struct Lists: Decodable, Equatable {
  let list: [String]
}

@Test func keysAreFullPaths() throws {
  let deep = try Deep.decode(
    from: json(#"{"a": {"b": [{"c": 1}, {"c": 2}]}, "list": ["p", "q"], "x": {"y.z": true}}"#))
  #expect(deep.indexed == 2)
  #expect(deep.last == "q")
  #expect(deep.dotted == true)
  #expect(deep.absent == nil)
  #expect(deep.whole == Lists(list: ["p", "q"]))
}

@Test func anIndexPastTheEndInAKeyIsIndexOutOfRange() throws {
  let error = try #require(
    codixError {
      _ = try Deep.decode(
        from: json(#"{"a": {"b": [{"c": 1}]}, "list": ["p"], "x": {"y.z": true}}"#))
    })
  #expect(error.kind == .indexOutOfRange)
  #expect(error.path == "a.b[1]")
  #expect(error.property == "indexed")
}

private struct BadKey: Kodable {
  @Coding("a..b") var value: Int
}

@Test func aMalformedKeyIsAClearErrorAtTheFirstDecode() throws {
  let model = BadKey()  // declaring and creating the model does not crash
  _ = model
  let error = try #require(codixError { _ = try BadKey.decode(from: json(#"{"a": {"b": 1}}"#)) })
  #expect(error.kind == .invalidPath)
  #expect(error.typeName == "BadKey")
  #expect(error.property == "value")
  let again = try #require(codixError { _ = try BadKey.decode(from: json("{}")) })
  #expect(again.kind == .invalidPath)
}

// MARK: - Encoding

private struct Nested: Kodable, Equatable {
  @Coding("user.name") var name: String
  @Coding("user.address.city") var city: String
  @Coding("user.address.zip", .encodeAsNullIfNil) var zip: String?
  @Coding("user.nick") var nick: String?
  @CodableDate("user.born", .format("yyyy/MM/dd")) var born: Date
  @Coding("flags[1]") var flag: Bool
}

@Test func encodingMergesPathsAndRoundTrips() throws {
  let model = try Nested.decode(
    from: json(
      #"{"user": {"name": "n", "address": {"city": "c"}, "born": "2000/08/12"}, "flags": [false, 1]}"#
    ))
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  let data = try encoder.encode(model)
  #expect(
    String(decoding: data, as: UTF8.self)
      == #"{"flags":[null,true],"user":{"address":{"city":"c","zip":null},"born":"2000\/08\/12","name":"n"}}"#
  )
  #expect(try Nested.decode(from: data) == model)
}

private struct OneWay: Transformer {
  func transform(_ value: String) throws -> Int { value.count }
}

private struct Measured: Kodable {
  @Coding("text", using: OneWay()) var length: Int
}

@Test func aOneWayTransformerDecodesButRefusesToEncode() throws {
  let measured = try Measured.decode(from: json(#"{"text": "abcd"}"#))
  #expect(measured.length == 4)
  let error = try #require(codixError { _ = try JSONEncoder().encode(measured) })
  #expect(error.property == "length")
}

// MARK: - Concurrency

private struct Racer: Kodable, Equatable {
  @Coding var id: Int
  @Coding("nested.value") var value: String
  @CodableDate("when", .format("yyyy/MM/dd")) var when: Date
  @Coding var tags: [String]
}

private struct OtherRacer: Kodable {
  @Coding var id: Int
  @Coding(.lossless) var amount: Double
}

@Test func manyThreadsDecodeTheSameAndDifferentTypes() async throws {
  let results = await withTaskGroup(of: Bool.self) { group in
    for index in 0..<200 {
      group.addTask {
        let racer = try? Racer.decode(
          from: json(
            #"{"id": \#(index), "nested": {"value": "v\#(index)"}, "when": "2000/08/12", "tags": ["a", 1, "b"]}"#
          ))
        let other = try? OtherRacer.decode(
          from: json(#"{"id": \#(index), "amount": "\#(index).5"}"#))
        return racer?.id == index && racer?.value == "v\(index)" && racer?.tags == ["a", "b"]
          && racer?.when == Date(timeIntervalSince1970: 966_038_400)
          && other?.amount == Double(index) + 0.5
      }
    }
    var all: [Bool] = []
    for await result in group { all.append(result) }
    return all
  }
  #expect(results.count == 200)
  #expect(results.allSatisfy { $0 })
}

// MARK: - No silent loss

private struct Lossy: Kodable {
  @Coding var flagFromInt: Bool
  @Coding var flagFromText: Bool
  @Coding var textFromInt: String
  @Coding var textFromDouble: String
  @Coding var list: [Int]
  @Coding(.lossless) var number: Int
}

@Test func everyLossyRuleIsReportedWithItsPath() throws {
  let diagnostics = CodixDiagnostics()
  let decoder = JSONDecoder()
  decoder.userInfo[.codixDiagnostics] = diagnostics
  let value = try Lossy.decode(
    from: json(
      #"{"flagFromInt": 1, "flagFromText": "FALSE", "textFromInt": 7, "textFromDouble": 2.5, "list": [1, "x", 3], "number": "42"}"#
    ),
    using: decoder)
  #expect(value.flagFromInt == true)
  #expect(value.flagFromText == false)
  #expect(value.textFromInt == "7")
  #expect(value.textFromDouble == "2.5")
  #expect(value.list == [1, 3])
  #expect(value.number == 42)
  #expect(
    Set(diagnostics.warnings.map(\.path.description))
      == ["flagFromInt", "flagFromText", "textFromInt", "textFromDouble", "list[1]", "number"])
  #expect(diagnostics.warnings.allSatisfy { $0.typeName == "Lossy" && $0.found != nil })
}

@Test(arguments: [
  (#""flagFromInt": 2"#, "flagFromInt", "2"),
  (#""flagFromText": "yes!""#, "flagFromText", #""yes!""#),
  (#""textFromInt": true"#, "textFromInt", "true"),
  (#""number": "4x2""#, "number", #""4x2""#),
])
func lossyRulesStopWhereTheyWouldGuess(override: String, property: String, found: String) throws {
  // Every other value is valid, so the only failure is the rule's refusal.
  var fields = [
    #""flagFromInt": 1"#, #""flagFromText": "true""#, #""textFromInt": 7"#,
    #""textFromDouble": 2.5"#, #""list": [1]"#, #""number": 1"#,
  ]
  fields.removeAll { $0.hasPrefix("\"\(property)\"") }
  fields.append(override)
  let error = try #require(
    codixError { _ = try Lossy.decode(from: json("{\(fields.joined(separator: ", "))}")) })
  #expect(error.kind == .typeMismatch)
  #expect(error.property == property)
  #expect(error.path == Path(stringLiteral: property))
  #expect(error.found == found)
}

// MARK: - Models with side effects in init()

private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
  var current: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

private let initCounter = Counter()

private struct Noisy: Kodable {
  @Coding var id: Int
  var serial: Int = initCounter.increment()
}

@Test func initRunsOncePerDecodedInstancePlusOnceForTheTable() throws {
  _ = try Noisy.decode(from: json(#"{"id": 1}"#))  // builds the table (one extra init)
  let before = initCounter.current
  // One route: the count is of one decode's instances.
  let values = try JSONDecoder().decode(
    [Noisy].self, from: json(#"[{"id": 1}, {"id": 2}, {"id": 3}]"#))
  #expect(initCounter.current - before == 3)
  #expect(values.map(\.id) == [1, 2, 3])
}

// MARK: - Modifiers on Bool

private struct Toggles: Kodable {
  @Coding(.modifier(KodableModifier { !$0 })) var inverted: Bool
  @Coding(.validation({ $0 })) var mustBeTrue: Bool
}

@Test func aBoolModifierClosureIsAnOverride() throws {
  let toggles = try Toggles.decode(from: json(#"{"inverted": true, "mustBeTrue": true}"#))
  #expect(toggles.inverted == false)
  let error = try #require(
    codixError { _ = try Toggles.decode(from: json(#"{"inverted": true, "mustBeTrue": false}"#)) })
  #expect(error.kind == .validationFailed)
  #expect(error.property == "mustBeTrue")
}

private struct WrongDate: Kodable {
  @CodableDate var count: Int
}

@Test func codableDateOnANonDateIsAClearError() throws {
  let error = try #require(codixError { _ = try WrongDate.decode(from: json(#"{"count": 1}"#)) })
  #expect(error.typeName == "WrongDate")
  #expect(error.property == "count")
  #expect(error.message?.contains("@CodableDate needs Date or Date?") == true)
}

// MARK: - Instances made while decoding

private struct DefaultedInner: Kodable {
  @Coding("inner_key") var x: Int = 1
}

private struct OuterWithDefault: Kodable {
  @Coding var inner: DefaultedInner = DefaultedInner()
  @Coding var y: Int
}

// The default `DefaultedInner()` is made inside the decoder's `init()`, where
// wrappers keep no keys. Encoding it must still use its declared key.
@Test func aDefaultMadeDuringDecodingEncodesWithItsDeclaredKeys() throws {
  let outer = try OuterWithDefault.decode(from: json(#"{"y": 2}"#))
  let text = String(decoding: try JSONEncoder().encode(outer), as: UTF8.self)
  #expect(text.contains(#""inner_key":1"#))
  #expect(!text.contains(#""x""#))
}

private struct EncodeOnly: Enkodable {
  @Coding("only_key") var x: Int = 1
}

private struct HolderOfEncodeOnly: Dekodable {
  @Coding var y: Int
  var helper = EncodeOnly()
}

// A value made inside another model's init() while that model is decoded is
// made by the program's own code: its wrappers keep their keys, so it encodes
// like any other instance, even as the first of its type to be encoded.
@Test func anEncodeOnlyValueMadeDuringDecodingEncodesWithItsKeys() throws {
  let holder = try HolderOfEncodeOnly.decode(from: json(#"{"y": 2}"#))
  #expect(holder.y == 2)
  let text = String(decoding: try JSONEncoder().encode(holder.helper), as: UTF8.self)
  #expect(text == #"{"only_key":1}"#)
  let made = String(decoding: try JSONEncoder().encode(EncodeOnly()), as: UTF8.self)
  #expect(made == #"{"only_key":1}"#)
}

// MARK: - Reflection metadata stripped from the binary

private struct StrippedModel: Kodable {
  @Coding("first_name") var firstName: String
  var age: Int = 0
}

private struct NamelessModel: Kodable {
  @Coding var title: String
}

private struct PlainOnlyModel: Kodable {
  var count: Int = 0
}

// What the seam answers for a binary built without reflection metadata is
// simulated: no stored properties, or properties without names.
@Test func strippedReflectionMetadataIsAClearError() throws {
  let none: @Sendable (Any.Type) -> [StoredProperty]? = { type in
    type == StrippedModel.self || type == PlainOnlyModel.self ? [] : nil
  }
  for decode in [
    { _ = try StrippedModel.decode(from: json(#"{"first_name": "a"}"#)) },
    { _ = try PlainOnlyModel.decode(from: json(#"{"count": 1}"#)) },
  ] {
    let error = try #require(
      codixError { try Reflection.$simulation.withValue(none, operation: decode) })
    #expect(error.kind == .dataCorrupted)
    #expect(error.message?.contains("Reflection Metadata Level") == true)
    #expect(error.message?.contains("SWIFT_REFLECTION_METADATA_LEVEL") == true)
  }
  let nameless: @Sendable (Any.Type) -> [StoredProperty]? = { type in
    guard type == NamelessModel.self else { return nil }
    let real = Reflection.$simulation.withValue(nil) { Reflection.storedProperties(of: type) }
    return real.map {
      var property = $0
      property.name = ""
      return property
    }
  }
  let error = try #require(
    codixError {
      try Reflection.$simulation.withValue(nameless) {
        _ = try NamelessModel.decode(from: json(#"{"title": "t"}"#))
      }
    })
  #expect(error.typeName == "NamelessModel")
  #expect(error.message?.contains("names of its stored properties") == true)
}

// MARK: - Paths that cannot both be encoded

private struct Nesting: Kodable {
  @Coding("user") var user: [String: String]
  @Coding("user.id") var userID: String
}

private struct IndexNesting: Kodable {
  @Coding var tags: [String]
  @Coding("tags[0]") var firstTag: String
}

@Test func nestedPathsDecodeButRefuseToEncodeWithAClearError() throws {
  let nesting = try Nesting.decode(from: json(#"{"user": {"id": "7"}}"#))
  #expect(nesting.userID == "7")
  let error = try #require(codixError { _ = try JSONEncoder().encode(nesting) })
  #expect(error.kind == .invalidPath)
  #expect(error.typeName == "Nesting")
  #expect(error.message?.contains("user (at user) and userID (at user.id)") == true)
  let indexed = try IndexNesting.decode(from: json(#"{"tags": ["a", "b"]}"#))
  #expect(indexed.firstTag == "a")
  let indexError = try #require(codixError { _ = try JSONEncoder().encode(indexed) })
  #expect(indexError.path == "tags[0]")
}

// MARK: - Models whose init() makes other wrapped values

private struct Inner: Kodable, Equatable {
  @Coding("inner_key") var x: Int = 1
}

private struct MakesInner: Kodable {
  @Coding var id: Int
  var inner = Inner()
  var list: [Inner] = [Inner(), Inner()]
}

// The blank init() makes wrappers that are not the model's own: instances
// made to decode into keep their setup, and everything still decodes.
@Test func aModelWhoseInitMakesOtherWrappersDecodesAndEncodes() throws {
  let model = try MakesInner.decode(from: json(#"{"id": 3, "inner": {"inner_key": 5}}"#))
  #expect(model.id == 3)
  #expect(model.inner.x == 5)
  #expect(model.list == [Inner(), Inner()])
  let text = String(decoding: try JSONEncoder().encode(model.list[0]), as: UTF8.self)
  #expect(text == #"{"inner_key":1}"#)
}

// MARK: - Models that are neither structs nor classes

private enum Session: Kodable {
  case anonymous
  init() { self = .anonymous }
}

@Test func anEnumModelIsAClearError() throws {
  let error = try #require(codixError { _ = try Session.decode(from: json("{}")) })
  #expect(error.kind == .typeMismatch)
  #expect(error.typeName == "Session")
  #expect(error.expected == "a struct or a class")
  #expect(error.message?.contains("neither a struct nor a class") == true)
}

// MARK: - The container cache's scope

/// Reads its value as a path read does, twice: whether the two reads were
/// handed one container.
private struct TwoReads: Decodable {
  let city: String
  let zip: String
  let shared: Bool
  init(from decoder: any Decoder) throws {
    let first = try KeyedContainerCache.entry(for: decoder)
    let second = try KeyedContainerCache.entry(for: decoder)
    city = try first.container.decode(String.self, forKey: CodixKey("city"))
    zip = try second.container.decode(String.self, forKey: CodixKey("zip"))
    shared = first === second
  }
}

private struct Resident: Kodable {
  @Coding var name: String
  @Coding var address: TwoReads
}

@Test func aModelWithANestedDecodableKeepsTheContainerCacheWhileItDecodes() throws {
  let data = json(#"{"name": "Ada", "address": {"city": "London", "zip": "N1"}}"#)
  // On Foundation's decoder, the nested model's path reads share a
  // container while its owner decodes, and nothing is held after.
  let resident = try JSONDecoder().decode(Resident.self, from: data)
  #expect(resident.address.city == "London" && resident.address.zip == "N1")
  #expect(resident.address.shared)
  #expect(!KeyedContainerCache.holdsEntry)
  // Outside a wrapper model, no scope: each read opens its own.
  let alone = try JSONDecoder().decode(TwoReads.self, from: json(#"{"city": "a", "zip": "b"}"#))
  #expect(!alone.shared)
}

// MARK: - Objects stepped into from their parent's

private struct Lodging: Kodable {
  @Coding var name: String
  @Coding("address.city") var city: String
  @Coding("address.zip") var zip: String?
}

private struct MaybeLodging: Kodable {
  @Coding var name: String
  @Coding("address.zip") var zip: String?
  @Coding("address.geo.lat") var lat: Double?
  @Coding("place.city", .aliases("town")) var city: String?
}

private func errorOnEveryRoute<T: Decodable>(
  _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> CodixError? {
  CodixTestSupport.errorOnEveryRoute(type, from: json(text), sourceLocation: sourceLocation)
}

@Test func anObjectOfMembersIsReadWherePresentOnEveryRoute() throws {
  let lodging = try decodeOnEveryRoute(
    Lodging.self, from: json(#"{"name": "n", "address": {"city": "c", "zip": "z"}}"#))
  #expect(lodging.name == "n" && lodging.city == "c" && lodging.zip == "z")
  let maybe = try decodeOnEveryRoute(
    MaybeLodging.self,
    from: json(#"{"name": "n", "address": {"geo": {"lat": 1.5}}, "town": "t"}"#))
  #expect(maybe.zip == nil && maybe.lat == 1.5 && maybe.city == "t")
}

@Test func anAbsentObjectOfMembersIsReportedForItsFirstRequiredPropertyOnEveryRoute() {
  for text in [#"{"name": "n"}"#, #"{"name": "n", "address": null}"#] {
    let error = errorOnEveryRoute(Lodging.self, text)
    #expect(error?.property == "city", "\(text)")
    #expect(error?.path == "address", "\(text)")
  }
}

@Test func anAbsentObjectOfOptionalMembersLeavesThemNilOnEveryRoute() throws {
  for text in [#"{"name": "n"}"#, #"{"name": "n", "address": null, "place": null}"#] {
    let maybe = try decodeOnEveryRoute(MaybeLodging.self, from: json(text))
    #expect(maybe.zip == nil && maybe.lat == nil && maybe.city == nil, "\(text)")
  }
}

@Test func anObjectOfMembersOfAnotherKindIsReportedOnEveryRoute() {
  let lodging = errorOnEveryRoute(Lodging.self, #"{"name": "n", "address": "x"}"#)
  #expect(lodging?.kind == .typeMismatch)
  #expect(lodging?.property == "city" && lodging?.path == "address")
  let maybe = errorOnEveryRoute(MaybeLodging.self, #"{"name": "n", "address": {"geo": [1]}}"#)
  #expect(maybe?.kind == .typeMismatch)
  #expect(maybe?.property == "lat" && maybe?.path == "address.geo")
  let root = errorOnEveryRoute(Lodging.self, #"["n"]"#)
  #expect(root?.kind == .typeMismatch && root?.property == nil && root?.path == "")
  #expect(root?.expected == "an object")
}

private struct SnakeLodging: Kodable {
  @Coding("home_address.zip_code") var zip: String
}

@Test func anObjectOfMembersIsFoundUnderTheDecodersSpellingOnEveryRoute() throws {
  let lodging = try decodeOnEveryRoute(
    SnakeLodging.self, from: json(#"{"home_address": {"zip_code": "N1"}}"#),
    configure: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  #expect(lodging.zip == "N1")
}
