import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// Class models, as Kodable writes them and as real-world models are: plain
// `var`s and wrappers, a subclass adding its own, decoded and encoded again.

private class Person: Kodable {
  var name: String?
  @Coding("contact.email") var email: String
  @Coding(default: 0) var age: Int
  let kind = "person"
  required init() {}
}

private final class Contact: Person {
  var social: String?
  @CodableDate("met_on", .format("yyyy/MM/dd")) var metOn: Date
  required init() {}
}

private let contactJSON = Data(
  #"{"name": "Ann", "contact": {"email": "ann@example.com"}, "age": 41, "social": "@ann", "met_on": "2000/08/12", "kind": "ignored"}"#
    .utf8)

@Test func aClassModelDecodesItsPlainVarsAndWrappers() throws {
  let person = try Person.decode(from: contactJSON)
  #expect(person.name == "Ann")
  #expect(person.email == "ann@example.com")
  #expect(person.age == 41)
  #expect(person.kind == "person")
}

@Test func aSubclassDecodesInheritedAndOwnProperties() throws {
  let contact = try Contact.decode(from: contactJSON)
  #expect(contact.name == "Ann")
  #expect(contact.email == "ann@example.com")
  #expect(contact.age == 41)
  #expect(contact.social == "@ann")
  #expect(contact.metOn == Date(timeIntervalSince1970: 966_038_400))
  let inArray = try decodeOnEveryRoute(
    [Contact].self, from: Data("[\(String(decoding: contactJSON, as: UTF8.self))]".utf8))
  #expect(inArray.first?.social == "@ann")
}

@Test func classModelsRoundTrip() throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  let contact = try Contact.decode(from: contactJSON)
  let text = String(decoding: try encoder.encode(contact), as: UTF8.self)
  #expect(
    text
      == #"{"age":41,"contact":{"email":"ann@example.com"},"met_on":"2000\/08\/12","name":"Ann","social":"@ann"}"#
  )
  let again = try Contact.decode(from: Data(text.utf8))
  #expect(again.name == contact.name && again.email == contact.email && again.age == contact.age)
  #expect(again.social == contact.social && again.metOn == contact.metOn)
}

// Encoding a subclass through a variable of its superclass's type still
// writes the subclass's properties: the table follows the instance's type.
@Test func aSubclassEncodedAsItsSuperclassKeepsItsOwnProperties() throws {
  let person: Person = try Contact.decode(from: contactJSON)
  let text = String(decoding: try JSONEncoder().encode(person), as: UTF8.self)
  #expect(text.contains(#""social":"@ann""#))
}

@Test func aRequiredPropertyOfAClassModelIsReported() throws {
  do {
    _ = try Contact.decode(from: Data(#"{"contact": {}, "met_on": "2000/08/12"}"#.utf8))
    Issue.record("expected keyNotFound")
  } catch let error as CodixError {
    #expect(error.kind == .keyNotFound)
    #expect(error.typeName == "Contact")
    #expect(error.property == "email")
    #expect(error.path == "contact.email")
  }
}

private final class Observed: Kodable {
  var changes = 0
  var title: String = "" {
    didSet { changes += 1 }
  }
  required init() {}
}

// Decoded values are written to storage, as Kodable does: observers do not run.
@Test func propertyObserversDoNotRunForDecodedValues() throws {
  let observed = try Observed.decode(from: Data(#"{"title": "t"}"#.utf8))
  #expect(observed.title == "t")
  #expect(observed.changes == 0)
  observed.title = "u"
  #expect(observed.changes == 1)
}
