// The one place in Codix that inspects a type's memory layout.
//
// Codix needs, once per type, the list of a type's stored properties: the
// wrapper engine reads and writes each property through the model's address
// plus the property's offset, and the path-style container cache reads one
// field of Foundation's JSON decoder. Everything here builds against the
// standard library's *public* interface (the only one Xcode's SDKs ship): no
// import of the standard library's SPI. It calls four entry points the Swift
// runtime exports for `Mirror` itself (on Linux, and on Apple platforms since
// Swift 5.2):
//
//     swift_reflectionMirror_recursiveCount(type) -> Int
//     swift_reflectionMirror_recursiveChildMetadata(type, index, &fieldMetadata) -> Any.Type
//     swift_reflectionMirror_recursiveChildOffset(type, index) -> Int
//     swift_reflectionMirror_displayStyle(value) -> CChar
//
// The last is what `Mirror.displayStyle` reads, without `Mirror`'s search of
// every conformance in the process for `CustomReflectable` (tens of
// microseconds per new type in an app with many conformances).
//
// Worked example. For
//
//     struct User {                       class Person {                 class Contact: Person {
//       var id: Int                         var name: String?              var social: String?
//       @Coding("first_name")               let born: Int                }
//       var firstName: String             }
//     }
//
// `storedProperties(of:)` answers
//
//     User     id         offset 0   Int              var
//              _firstName offset 8   Coding<String>   var   (a wrapper's backing storage)
//     Contact  name       offset 16  Optional<String> var   (inherited first; offsets from
//              born       offset 32  Int              let    the object's start, after its
//              social     offset 40  Optional<String> var    16-byte header)
//
// What this file assumes, and the test that checks each assumption
// (`Tests/CodixCoreTests/ReflectionTests.swift`):
// 1. The runtime exports the three functions with these signatures (the
//    program links and `listsAStructsStoredProperties` gets answers).
// 2. The field metadata the runtime fills is four stored values in this order:
//    name (a C string, or nil), a C function that frees the name, whether the
//    reference is strong, whether the property is a `var`
//    (`namesKindsAndMutabilityComeBack`).
// 3. A struct's offsets are those `MemoryLayout.offset(of:)` reports
//    (`structOffsetsMatchMemoryLayout`).
// 4. A class's offsets are from the start of the object, superclass properties
//    first, and a write through the object's address plus an offset changes the
//    property (`classOffsetsReachInheritedProperties`).
// 5. A wrapped property is listed as `_name` with the wrapper's type
//    (`wrappedPropertiesAreListedAsBackingStorage`).
// 6. The display style is `s` for a struct, `c` for a class, `e` for an enum
//    and `t` for a tuple (`displayStylesAreTheRuntimes`); any other answer
//    falls back to `Mirror`.
// Code that uses the answers checks what it relies on before trusting it (the
// wrapper engine counts the wrappers a blank instance created against the
// wrappers listed here; the container cache proves its probe on a canned
// document) and falls back to a slower, correct path, or a clear error.

/// A stored property of a struct or class, as the runtime's field metadata
/// describes it.
package struct StoredProperty: @unchecked Sendable {
  // Unchecked: `type` is a metatype, immutable and safe to share.
  /// The property's name; a wrapper's backing storage is `_name`. Empty when
  /// the binary was built without reflection names.
  package var name: String
  /// The byte offset from the start of the value (a struct) or of the object
  /// (a class).
  package var offset: Int
  /// The property's declared type.
  package var type: Any.Type
  /// Whether the property is a `var` (`false` for a `let`).
  package var isVar: Bool
  /// Whether the property holds a strong reference (`false` for `weak` and
  /// `unowned` properties).
  package var isStrong: Bool

  package init(name: String, offset: Int, type: Any.Type, isVar: Bool, isStrong: Bool = true) {
    self.name = name
    self.offset = offset
    self.type = type
    self.isVar = isVar
    self.isStrong = isStrong
  }
}

package enum Reflection {
  /// What kind of value a type's instances are.
  package enum Shape: Sendable, Equatable {
    case structure
    case classInstance
    /// An enum, a tuple or anything else whose properties Codix does not list.
    case other
  }

  /// The shape of `value`'s type. Reflects the one value it is given (use it
  /// once per type, on a prototype).
  package static func shape(of value: Any) -> Shape {
    if type(of: value) is AnyClass { return .classInstance }
    switch UInt8(bitPattern: reflectionDisplayStyle(value)) {
    case UInt8(ascii: "s"): return .structure
    case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "c"): return .other
    default: return Mirror(reflecting: value).displayStyle == .struct ? .structure : .other
    }
  }

  /// The runtime's display style of `value` (assumption 6), as a character.
  package static func displayStyle(of value: Any) -> Character {
    Character(Unicode.Scalar(UInt8(bitPattern: reflectionDisplayStyle(value))))
  }

  /// The stored properties of a struct or class type, in declaration order, a
  /// class's inherited properties first. Empty when the binary carries no
  /// reflection metadata for the type.
  package static func storedProperties(of type: Any.Type) -> [StoredProperty] {
    if let simulate = simulation { return simulate(type) ?? runtimeProperties(of: type) }
    return runtimeProperties(of: type)
  }

  /// Replaces the runtime's answer for the duration of a test: return `nil`
  /// to keep the real answer for a type. Lets tests see what Codix does with a
  /// binary built without reflection metadata.
  @TaskLocal package static var simulation: (@Sendable (Any.Type) -> [StoredProperty]?)?

  private static func runtimeProperties(of type: Any.Type) -> [StoredProperty] {
    let count = reflectionCount(type)
    guard count > 0 else { return [] }
    var properties: [StoredProperty] = []
    properties.reserveCapacity(count)
    for index in 0..<count {
      var metadata = FieldMetadata()
      let fieldType = reflectionChildType(type, index: index, fieldMetadata: &metadata)
      let name = metadata.name.map { String(cString: $0) } ?? ""
      metadata.freeName?(metadata.name)
      properties.append(
        StoredProperty(
          name: name, offset: reflectionChildOffset(type, index: index), type: fieldType,
          isVar: metadata.isVar, isStrong: metadata.isStrong))
    }
    return properties
  }
}

// MARK: - The runtime's entry points

/// The field metadata the runtime fills in for one child (assumption 2).
private struct FieldMetadata {
  var name: UnsafePointer<CChar>? = nil
  var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
  var isStrong = false
  var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionChildType(
  _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionChildOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_displayStyle")
private func reflectionDisplayStyle<T>(_ value: T) -> CChar
