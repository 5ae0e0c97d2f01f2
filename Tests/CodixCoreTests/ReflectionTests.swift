import Foundation
import Testing

@testable import CodixCore

// Each test checks one assumption listed at the top of Reflection.swift.

private struct Plain {
  var id: Int = 1
  let name: String = "n"
  var flag: Bool? = nil
  weak var owner: NSObject?
  lazy var computedOnce: Int = 3
}

@propertyWrapper
private struct Box<Value> {
  var wrappedValue: Value
}

private struct Wrapped {
  @Box var count: Int = 2
  var after: Double = 0
}

private class Person {
  var name: String? = "p"
  let born: Int = 1990
  init() {}
}

private final class Contact: Person {
  var social: String? = "s"
}

// Assumptions 1 and 2: the entry points link, and the metadata they fill is
// a name, a function that frees it, strong and var, in that order.
@Test func namesKindsAndMutabilityComeBack() {
  let properties = Reflection.storedProperties(of: Plain.self)
  #expect(
    properties.map(\.name) == ["id", "name", "flag", "owner", "$__lazy_storage_$_computedOnce"])
  #expect(properties.map(\.isVar) == [true, false, true, true, true])
  #expect(properties.map(\.isStrong) == [true, true, true, false, true])
  #expect(ObjectIdentifier(properties[0].type) == ObjectIdentifier(Int.self))
  #expect(ObjectIdentifier(properties[1].type) == ObjectIdentifier(String.self))
  #expect(ObjectIdentifier(properties[2].type) == ObjectIdentifier(Bool?.self))
}

// Assumption 3.
@Test func structOffsetsMatchMemoryLayout() {
  let offsets = Reflection.storedProperties(of: Plain.self).map(\.offset)
  #expect(offsets[0] == MemoryLayout<Plain>.offset(of: \Plain.id))
  #expect(offsets[1] == MemoryLayout<Plain>.offset(of: \Plain.name))
  #expect(offsets[2] == MemoryLayout<Plain>.offset(of: \Plain.flag))
}

// Assumption 4.
@Test func classOffsetsReachInheritedProperties() {
  let properties = Reflection.storedProperties(of: Contact.self)
  #expect(properties.map(\.name) == ["name", "born", "social"])
  let contact = Contact()
  let base = Unmanaged.passUnretained(contact).toOpaque()
  withExtendedLifetime(contact) {
    (base + properties[0].offset).assumingMemoryBound(to: String?.self).pointee = "written"
    (base + properties[2].offset).assumingMemoryBound(to: String?.self).pointee = "also"
    #expect(
      (base + properties[1].offset).assumingMemoryBound(to: Int.self).pointee == 1990)
  }
  #expect(contact.name == "written")
  #expect(contact.social == "also")
}

// Assumption 5.
@Test func wrappedPropertiesAreListedAsBackingStorage() {
  let properties = Reflection.storedProperties(of: Wrapped.self)
  #expect(properties.map(\.name) == ["_count", "after"])
  #expect(ObjectIdentifier(properties[0].type) == ObjectIdentifier(Box<Int>.self))
  #expect(properties[0].offset == 0)
  #expect(properties[1].offset == MemoryLayout<Wrapped>.offset(of: \Wrapped.after))
}

@Test func shapesAreToldApart() {
  enum Choice { case one }
  #expect(Reflection.shape(of: Plain()) == .structure)
  #expect(Reflection.shape(of: Contact()) == .classInstance)
  #expect(Reflection.shape(of: Choice.one) == .other)
  #expect(Reflection.shape(of: (1, 2)) == .other)
}

// Assumption 6: the runtime's display styles, read without `Mirror`.
@Test func displayStylesAreTheRuntimes() {
  enum Choice { case one }
  #expect(Reflection.displayStyle(of: Plain()) == "s")
  #expect(Reflection.displayStyle(of: Contact()) == "c")
  #expect(Reflection.displayStyle(of: Choice.one) == "e")
  #expect(Reflection.displayStyle(of: (1, 2)) == "t")
  #expect(Reflection.displayStyle(of: Optional(1) as Any) == "e")
}

@Test func aSimulationReplacesTheRuntimesAnswerForOneTask() {
  let simulation: @Sendable (Any.Type) -> [StoredProperty]? = { $0 == Plain.self ? [] : nil }
  let stripped = Reflection.$simulation.withValue(simulation) {
    (Reflection.storedProperties(of: Plain.self), Reflection.storedProperties(of: Wrapped.self))
  }
  #expect(stripped.0.isEmpty)
  #expect(stripped.1.count == 2)
  #expect(Reflection.storedProperties(of: Plain.self).count == 5)
}

// Assumption 7: a non-generic struct is listed from its descriptor, each type
// from the cache of resolved names, as the runtime lists it; two structs
// with the same names and other types, and a struct whose context is generic
// (listed by the runtime).
private struct SameNamesFirst {
  var value: Int = 1
  let label: String = "l"
  weak var owner: NSObject?
}

private struct SameNamesSecond {
  var value: String = "v"
  var label: Int = 2
  var owner: NSObject?
}

private struct GenericOuter<T> {
  struct Nested {
    var value: Int = 1
  }
}

@Test func structsAreListedFromTheirDescriptorsAsTheRuntimeListsThem() throws {
  #if !_ptrauth(_arm64e)
    #expect(Reflection.describedPropertiesAreProven)
    let keepAll: @Sendable (Any.Type) -> [StoredProperty]? = { _ in nil }
    for type: Any.Type in [
      SameNamesFirst.self, SameNamesSecond.self, SameNamesFirst.self, Plain.self, Wrapped.self,
    ] {
      let described = try #require(Reflection.describedProperties(of: type))
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
    #expect(Reflection.describedProperties(of: GenericOuter<Int>.Nested.self) == nil)
    #expect(Reflection.describedProperties(of: GenericOuter<Int>.self) == nil)
  #endif
}

// The runtime writes field metadata into a buffer with room to spare, and
// the layout Codix reads it with is checked on a canned struct first.
@Test func theRuntimesFieldMetadataIsCheckedBeforeUse() {
  #expect(Reflection.fieldMetadataIsUnderstood)
}
