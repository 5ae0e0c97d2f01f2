import CodixCore
import CodixTestSupport
import Foundation
import Testing

@testable import CodixWrappers

// The wrapper engine's own pieces, below the end-to-end tests: how a model's
// table is built from the reflection seam.

private struct Shape: Kodable {
  var plain: String = ""
  @Coding("user.name") var name: String
  @Coding("user.tags[0]") var firstTag: String?
  @Coding("user.tags[1]") var secondTag: String?
  @Coding("id") var id: Int
  @Coding("user.address.city") var city: String?
  let constant = 1
}

private func table<Root: Dekodable>(_ type: Root.Type) throws -> ModelTable {
  try ModelTables.decodingTable(for: type)
}

@Test func aTableIsATreeOfDocumentPositions() throws {
  let table = try table(Shape.self)
  #expect(table.model == "Shape")
  #expect(!table.isClass)
  #expect(table.fields.map(\.name) == ["plain", "name", "firstTag", "secondTag", "id", "city"])
  let root = table.root
  #expect(root.claimedKeys == ["plain", "user", "id"])
  #expect(root.leaves.map(\.field.name) == ["plain", "id"])
  #expect(root.branches.map(\.key.stringValue) == ["user"])
  let user = try #require(root.branches.first?.node)
  #expect(user.claimedKeys == ["name", "tags", "address"])
  let tags = try #require(user.keyChildren.first { $0.key.stringValue == "tags" }?.node)
  #expect(tags.indexChildren.map(\.index) == [0, 1])
  #expect(tags.indexChildren.map(\.node.fields.first?.name) == ["firstTag", "secondTag"])
}

@Test func requiredPropertiesAreKnownPerPosition() throws {
  let root = try table(Shape.self).root
  #expect(root.firstRequired?.name == "name")
  let user = try #require(root.branches.first?.node)
  #expect(user.firstRequiredInObject?.name == "name")
  #expect(user.branches.map(\.key.stringValue) == ["tags", "address"])
  let address = try #require(user.branches.last?.node)
  #expect(address.firstRequired == nil)
  #expect(address.ownerOfObject?.name == "city")
}

@Test func fieldsKnowTheirOffsetsAndFastReads() throws {
  let fields = try table(Shape.self).fields
  let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
  #expect(byName["plain"]?.offset == MemoryLayout<Shape>.offset(of: \Shape.plain))
  #expect(byName["id"]?.fast?.scalar == .int)
  #expect(byName["id"]?.fast?.nested == false)
  #expect(byName["firstTag"]?.fast?.scalar == .string)
  #expect(byName["firstTag"]?.fast?.nested == true)
  #expect(byName["plain"]?.fast == nil)  // plain vars are read with the lossy rules
  #expect(byName["id"]?.isRequired == true)
  #expect(byName["plain"]?.isRequired == false)
}

private struct Modified: Kodable {
  @Coding(.trimmed) var trimmed: String
  @Coding(.trimmed, .modifier(KodableModifier { $0 + "!" })) var twice: String
  @Coding(.clamping(to: 0...10)) var clamped: Int
  @Coding(.clamping(to: 0...1)) var ratio: Double
  @Coding(.trimmed, .validation { !$0.isEmpty }) var validated: String
  @Coding(.ascending) var sorted: [Int]
}

@Test func scalarsWhoseModifiersAreAllOverridesAreReadFast() throws {
  let byName = Dictionary(
    uniqueKeysWithValues: try table(Modified.self).fields.map { ($0.name, $0) })
  // An array of scalars is read fast as well.
  for name in ["trimmed", "twice", "clamped", "ratio", "sorted"] {
    #expect(byName[name]?.fast != nil, "\(name)")
    #expect(byName[name]?.overrides != nil, "\(name)")
  }
  #expect(byName["sorted"]?.fast?.array == true)
  #expect(byName["trimmed"]?.fast?.array == false)
  // A validation may fail, and the read reports it.
  #expect(byName["validated"]?.fast == nil)
  #expect(byName["validated"]?.overrides == nil)
  // In order, and after the lossy read the fast one leaves to the slow path.
  let value = try Modified.decode(
    from: Data(
      #"{"trimmed": " a ", "twice": 42, "clamped": 99, "ratio": 1.5, "validated": " v ", "sorted": [2, 1]}"#
        .utf8))
  #expect(value.trimmed == "a")
  #expect(value.twice == "42!")
  #expect(value.clamped == 10)
  #expect(value.ratio == 1)
  #expect(value.validated == "v")
  #expect(value.sorted == [1, 2])
  let twice = try Modified.decode(
    from: Data(
      #"{"trimmed": "a", "twice": " b ", "clamped": 1, "ratio": 0, "validated": "v", "sorted": []}"#
        .utf8))
  #expect(twice.twice == "b!")
}

private struct ModifiedElsewhere: Kodable {
  @Coding(.trimmed) var note: String?
  @Coding("title", .aliases("heading"), .trimmed) var title: String
  @Coding("first_name", .trimmed) var firstName: String
}

@Test func overriddenScalarsReadOnTheFullPathAreChangedOnce() throws {
  let byName = Dictionary(
    uniqueKeysWithValues: try table(ModifiedElsewhere.self).fields.map { ($0.name, $0) })
  #expect(byName["note"]?.fast?.nested == true)
  #expect(byName["note"]?.overrides != nil)
  // An alias, a key a snake-case decoder stores as "firstName", a null.
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let value = try decoder.decode(
    ModifiedElsewhere.self,
    from: Data(#"{"note": null, "heading": " h ", "first_name": " Ana "}"#.utf8))
  #expect(value.note == nil)
  #expect(value.title == "h")
  #expect(value.firstName == "Ana")
  let present = try ModifiedElsewhere.decode(
    from: Data(#"{"note": " n ", "title": " t ", "first_name": "A"}"#.utf8))
  #expect(present.note == "n")
  #expect(present.title == "t")
}

private struct Strictness: Kodable {
  @Coding var id: Int
  @Coding("first_name") var firstName: String
  @Coding var nickname: String?
  @Coding var count: Int = 0
  @Coding("name", .aliases("title")) var name: String
}

@Test func onlyPropertiesThatFailWhenAbsentAreReadStrictly() throws {
  // A strict read insists on the value (`decode`, not `decodeIfPresent`);
  // it would make every object throw for a property that may be absent. (A
  // key a snake-case decoder may store under another spelling is read
  // leniently first by the adapter itself, `DecoderPosition.read`.)
  let leaves = try table(Strictness.self).root.leaves
  let strict = Dictionary(uniqueKeysWithValues: leaves.map { ($0.field.name, $0.strict) })
  let underscored = Set(leaves.filter(\.underscored).map(\.field.name))
  #expect(underscored == ["firstName"])
  #expect(
    strict == ["id": true, "firstName": true, "nickname": false, "count": false, "name": false])
}

private struct Conflicting: Kodable {
  @Coding var tags: [String]
  @Coding("tags[0]") var firstTag: String
  @Coding("other") var other: Int
}

@Test func nestingPathsAreFoundByTheEncodingPlan() throws {
  let conflict = try #require(try table(Conflicting.self).encoding.conflict)
  #expect(conflict.kind == .invalidPath)
  #expect(conflict.path == "tags[0]")
  #expect(
    conflict.detail
      == .conflictingPaths(
        first: "tags", firstPath: "tags", second: "firstTag", secondPath: "tags[0]"))
  #expect(try table(Shape.self).encoding.conflict == nil)
}

private struct ObjectAndArray: Kodable {
  @Coding("rows.total") var total: Int = 1
  @Coding("rows[0].x") var x: Int = 2
}

private struct RootKeyAndIndex: Kodable {
  @Coding("id") var id: Int = 1
  @Coding("[0]") var first: Int = 2
}

private struct FlattenedAndIndex: Kodable {
  @Coding("") var shape: Shape?
  @Coding("[0]") var first: Int = 2
}

private struct ArraysAgree: Kodable {
  @Coding("rows[0].x") var x: Int = 1
  @Coding("rows[1].y") var y: Int = 2
  @Coding("ids[*]") var ids: [Int] = []
  @Coding("meta.total") var total: Int = 3
}

@Test func aPositionWrittenAsObjectAndArrayIsFoundByTheEncodingPlan() throws {
  let conflict = try #require(try table(ObjectAndArray.self).encoding.conflict)
  #expect(conflict.kind == .invalidPath)
  #expect(conflict.path == "rows[0].x")
  #expect(
    conflict.detail
      == .objectAndArray(
        first: "total", firstPath: "rows.total", second: "x", secondPath: "rows[0].x", at: "rows"))
  #expect(conflict.description.contains("at rows one writes an object and the other an array"))
  let root = try #require(try table(RootKeyAndIndex.self).encoding.conflict)
  #expect(root.description.contains("at the model's own value one writes an object"))
  #expect(try table(FlattenedAndIndex.self).encoding.conflict?.path == "[0]")
  #expect(try table(ArraysAgree.self).encoding.conflict == nil)
}

@Test func encodingAPositionAsObjectAndArrayThrowsInsteadOfStopping() throws {
  // JSONEncoder stops the process when one key is opened both ways: the
  // plan refuses first.
  for encode in [
    { try JSONEncoder().encode(ObjectAndArray()) },
    { try JSONEncoder().encode(RootKeyAndIndex()) },
  ] {
    let error = try #require(throws: CodixError.self) { try encode() }
    #expect(error.kind == .invalidPath)
  }
  let agreed = try JSONEncoder().encode(ArraysAgree(x: 1, y: 2, ids: [7], total: 3))
  #expect(String(decoding: agreed, as: UTF8.self).contains(#""ids":[7]"#))
}

private struct OwnWrappersOnly: Kodable {
  @Coding var a: Int
  @Coding var b: String?
}

extension OwnWrappersOnly {
  /// Whether each wrapper keeps its setup.
  fileprivate var keptSetups: [Bool] { [_a.storage.setupBox != nil, _b.storage.setupBox != nil] }
}

private struct MakesOthers: Kodable {
  @Coding var a: Int
  var nested = OwnWrappersOnly()
}

@Test func setupIsSkippedOnlyWhenInitMakesNoOtherWrappers() throws {
  #expect(try table(OwnWrappersOnly.self).skipsSetup)
  #expect(try !table(MakesOthers.self).skipsSetup)
}

@Test func aDecodeSkipsSetupInItsOwnInstancesAndRecordsAgainAfter() throws {
  let data = Data(#"{"a": 1, "b": "x"}"#.utf8)
  for route in [Route.plain, .entryPoint, .codixDecoder] {
    let decoded = try route.decode(OwnWrappersOnly.self, from: data)
    #expect(decoded.a == 1)
    // The instance the engine made to decode into keeps no setup...
    #expect(decoded.keptSetups == [false, false], "\(route)")
    // ...and a wrapper made afterwards on the same thread records its own.
    #expect(SetupRecording.recordsSetup())
    let made = OwnWrappersOnly()
    #expect(made.keptSetups == [true, true], "\(route)")
  }
}

private final class Base: Kodable {
  var name: String?
  required init() {}
}

private final class Derived: Kodable {
  @Coding var id: Int
  var note: String?
  required init() {}
}

@Test func classTablesUseObjectOffsets() throws {
  let table = try table(Derived.self)
  #expect(table.isClass)
  #expect(table.fields.map(\.name) == ["id", "note"])
  #expect(table.fields.allSatisfy { $0.offset >= 16 })  // after the object header
}

private struct SharedKitFirst: Kodable {
  @Coding var count: Int
  @Coding var values: [Int]
}

private struct SharedKitSecond: Kodable {
  @Coding("stats.total") var total: Int
  @Coding var lossy: [Int]
  @Coding(.enforceTypeDecoding) var strict: [Int]
}

@Test func propertiesOfOneWrapperTypeShareItsKitButNotTheirOptions() throws {
  let first = try SharedKitFirst.decode(from: Data(#"{"count": 1, "values": [1, "x", 2]}"#.utf8))
  #expect(first.count == 1)
  #expect(first.values == [1, 2])
  // Built after `SharedKitFirst`'s table made the kits of `Coding<Int>` and
  // `Coding<[Int]>`: each property still reads its own path, names itself,
  // and keeps its own options.
  let second = try SharedKitSecond.decode(
    from: Data(#"{"stats": {"total": 7}, "lossy": [3, "y"], "strict": [4]}"#.utf8))
  #expect(second.total == 7)
  #expect(second.lossy == [3])
  #expect(second.strict == [4])
  let strictError = try #require(throws: CodixError.self) {
    try SharedKitSecond.decode(
      from: Data(#"{"stats": {"total": 7}, "lossy": [], "strict": [4, "z"]}"#.utf8))
  }
  #expect(strictError.property == "strict")
  #expect(strictError.path.description == "strict[1]")
  let totalError = try #require(throws: CodixError.self) {
    try SharedKitSecond.decode(
      from: Data(#"{"stats": {"total": "many"}, "lossy": [], "strict": []}"#.utf8))
  }
  #expect(totalError.property == "total")
  #expect(totalError.path.description == "stats.total")
  #expect(totalError.typeName == "SharedKitSecond")
  let shared = try ModelTables.decodingTable(for: SharedKitSecond.self).fields
  #expect(shared.map(\.name) == ["total", "lossy", "strict"])
}

private struct BrokenPart: Kodable {
  @Coding("a..b") var value: Int
}

private struct FlattensBrokenPart: Kodable {
  @Coding var id: Int
  @Coding("", .encodeOnly) var part: BrokenPart
}

@Test func aModelFlatteningAModelThatCannotBeBuiltCannotBeBuiltEither() throws {
  // The flattened model's keys are part of this model's: its table is built
  // with this one's, and its error is this table's, even when no property
  // decodes it.
  let error = try #require(throws: CodixError.self) { try table(FlattensBrokenPart.self) }
  #expect(error.kind == .invalidPath)
  #expect(error.property == "value")
}

// Classes, so that each can hold the other without an optional.
private final class CircleHead: Kodable {
  @Coding var id: Int
  @Coding("") var tail: CircleTail
}

private final class CircleTail: Kodable {
  @Coding var name: String
  @Coding("") var head: CircleHead
}

private final class FlattensItself: Kodable {
  @Coding var id: Int
  @Coding("") var again: FlattensItself
}

private final class FlattensItselfOptionally: Kodable {
  @Coding var id: Int
  @Coding("") var again: FlattensItselfOptionally?
}

@Test func modelsThatFlattenEachOtherInACircleAreAClearErrorNotAStackOverflow() throws {
  let data = Data(#"{"id": 1, "name": "x"}"#.utf8)
  let circle = try #require(throws: CodixError.self) { try CircleHead.decode(from: data) }
  #expect(circle.kind == .typeMismatch)
  #expect(circle.description.contains("Reading CircleHead needs CircleTail needs CircleHead again"))
  // Entered at its other end, the circle is named from there: no type of a
  // circle keeps the error of a build that started elsewhere.
  let tail = try #require(throws: CodixError.self) { try CircleTail.decode(from: data) }
  #expect(tail.description.contains("Reading CircleTail needs CircleHead needs CircleTail again"))
  let itself = try #require(throws: CodixError.self) { try FlattensItself.decode(from: data) }
  #expect(itself.description.contains("Reading FlattensItself needs FlattensItself again"))
  let optionally = try #require(throws: CodixError.self) {
    try FlattensItselfOptionally.decode(from: data)
  }
  #expect(
    optionally.description.contains(
      "Reading FlattensItselfOptionally needs FlattensItselfOptionally again"))
}

nonisolated(unsafe) private var countedKeyEvaluations = 0

private func countedKey() -> Path {
  countedKeyEvaluations += 1
  return "a.b"
}

nonisolated(unsafe) private var countedTransformers = 0

private struct CountedDoubling: Transformer {
  init() { countedTransformers += 1 }
  func transform(_ value: Int) -> Int { value * 2 }
}

private struct CountedKey: Kodable {
  @Coding(countedKey()) var value: Int
  @Coding("c", using: CountedDoubling()) var doubled: Int
}

@Test func aKeyIsWorkedOutForTheTableNotForEachDecodedInstance() throws {
  // The instances the engine decodes into skip their setup, key and
  // transformer included: a literal path is not parsed again, nor a
  // transformer made (a date format looked up), for every value decoded.
  let data = Data(#"{"a": {"b": 1}, "c": 4}"#.utf8)
  for _ in 0..<3 {
    let model = try JSONDecoder().decode(CountedKey.self, from: data)
    #expect(model.value == 1)
    #expect(model.doubled == 8)
  }
  #expect(countedKeyEvaluations == 1)
  #expect(countedTransformers == 1)
  // An instance your code makes keeps its setup, so that it can be encoded.
  _ = CountedKey()
  #expect(countedKeyEvaluations == 2)
  #expect(countedTransformers == 2)
}

// MARK: - Listing a struct's properties without resolving their types

private struct ListedInner: Kodable {
  @Coding var depth: Int
}

private struct ListedLink: KodableTransform {
  struct Invalid: Error {}
  func transformFromJSON(value: String) throws -> URL {
    guard let url = URL(string: value) else { throw Invalid() }
    return url
  }
  func transformToJSON(value: URL) throws -> String { value.absoluteString }
}

private struct ListedTheme: Kodable {
  @Coding var theme: String
}

/// A wrapper whose value is a model that starts with a wrapper, and a plain
/// property holding an optional wrapper.
private struct ListedSettings: Kodable {
  @Coding var settings: ListedTheme
  @Coding var settingsOrNil: ListedTheme?
  var _spare: Coding<Int>? = nil
  @Coding var count: Int
}

private struct Listed: Kodable {
  static let madeElsewhere = Coding<Int>("elsewhere")
  var plain: String = ""
  @Coding("a.b") var first: Int
  @CodableDate var when: Date
  @Coding var second: Int
  @Coding var copied: Int
  var inner = ListedInner()
  @KodableTransformable<ListedLink> var link: URL
  @Coding var elsewhere: Int
  @Coding(.trimmed) var trimmed: String?
  var _underscored: Int = 0

  init() {
    _copied = _second
    _elsewhere = Listed.madeElsewhere
  }
}

@Test func aModelsPropertiesAreListedFromItsDescriptorAsTheRuntimeListsThem() throws {
  #if !_ptrauth(_arm64e)
    #expect(Reflection.describedPropertiesAreProven)
    for type: Any.Type in [Listed.self, ListedInner.self, ListedSettings.self] {
      let described = try #require(Reflection.describedProperties(of: type))
      // A simulation that keeps every answer makes the listing the runtime's.
      let keepAll: @Sendable (Any.Type) -> [StoredProperty]? = { _ in nil }
      let runtime = Reflection.$simulation.withValue(keepAll) {
        Reflection.storedProperties(of: type)
      }
      #expect(described.map(\.name) == runtime.map(\.name))
      #expect(described.map(\.offset) == runtime.map(\.offset))
      #expect(
        described.map { ObjectIdentifier($0.type) } == runtime.map { ObjectIdentifier($0.type) })
      #expect(described.map(\.isVar) == runtime.map(\.isVar))
      #expect(described.map(\.isStrong) == runtime.map(\.isStrong))
    }
  #endif
}

@Test func wrappersHoldingModelsWithWrappersKeepTheirOwnType() throws {
  let json = Data(#"{"settings": {"theme": "dark"}, "count": 2}"#.utf8)
  let model = try ListedSettings.decode(from: json)
  #expect(model.settings.theme == "dark")
  #expect(model.settingsOrNil == nil)
  #expect(model.count == 2)
  let written =
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(model)) as? [String: Any]
  #expect((written?["settings"] as? [String: Any])?["theme"] as? String == "dark")
  #expect(written?["count"] as? Int == 2)
  let fields = try ModelTables.decodingTable(for: ListedSettings.self).fields
  // `_spare` is a plain property holding an optional wrapper, not a wrapper.
  #expect(fields.map(\.name) == ["settings", "settingsOrNil", "_spare", "count"])
}

@Test func aModelWithSharedAndBorrowedWrappersDecodesAndEncodes() throws {
  let json = Data(
    #"{"a": {"b": 1}, "when": "2020-01-02T03:04:05Z", "second": 2, "copied": 5, "elsewhere": 3, "inner": {"depth": 4}, "link": "https://e.x", "trimmed": " t "}"#
      .utf8)
  let model = try Listed.decode(from: json)
  #expect(model.first == 1)
  #expect(model.second == 2)
  // A copy of another property's wrapper reads at its own name.
  #expect(model.copied == 5)
  #expect(model.elsewhere == 3)
  #expect(model.inner.depth == 4)
  #expect(model.link.absoluteString == "https://e.x")
  #expect(model.trimmed == "t")
  let again = try Listed.decode(from: JSONEncoder().encode(model))
  #expect(again.first == 1)
  #expect(again.copied == 5)
  #expect(again.elsewhere == 3)
  #expect(again.inner.depth == 4)
  #expect(again.when == model.when)
}

// A finished field tree is shared by every decode of its model, and its
// properties skip the runtime's exclusivity checks: a write after `finish()`
// must stop the process in every build rather than race a reader.

#if os(macOS) || os(Linux) || os(Windows)
  // Exit tests run where a test can start a process of its own.
  @Test func aFinishedFieldTreeTrapsWhenFinishedAgain() async {
    await #expect(processExitsWith: .failure) {
      let root = FieldNode()
      root.finish()
      root.finish()
    }
  }

  @Test func aFinishedFieldTreeTrapsOnAnInsert() async {
    await #expect(processExitsWith: .failure) {
      let table = try ModelTables.decodingTable(for: Shape.self)
      guard let field = table.fields.first else { return }
      table.root.insert(field, at: "more")
    }
  }
#endif

@Test func everyNodeOfABuiltTreeIsFinishedOnce() throws {
  // Repeated keys and indexes share one node each: a second `finish()` of a
  // node listed twice would stop the process while the table is built.
  let table = try table(Repeats.self)
  let user = try #require(table.root.branches.first?.node)
  #expect(table.root.branches.count == 1)
  #expect(user.keyChildren.map(\.key.stringValue) == ["tags", "name"])
  let tags = try #require(user.keyChildren.first?.node)
  #expect(tags.indexChildren.map(\.index) == [0])
  #expect(tags.indexChildren.first?.node.fields.count == 2)
}

private struct Repeats: Kodable {
  @Coding("user.tags[0]") var first: String?
  @Coding("user.name") var name: String?
  @Coding("user.tags[0]") var again: String?
}
