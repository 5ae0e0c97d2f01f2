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
// 7. A struct's type descriptor lists its fields' names and the descriptors
//    their types name in the stable ABI's layout (`describedFields(of:)`
//    says which); checked at first use against the runtime on a probe struct
//    (`describedFieldsAreProven`), else every listing goes to the runtime
//    (`aStructsPropertiesAreListedFromItsDescriptorAsTheRuntimeListsThem`).
//    Not read where descriptor pointers are signed (arm64e).
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
    for index in 0..<count { properties.append(runtimeProperty(of: type, at: index)) }
    return properties
  }
}

// MARK: - Names without types

/// A stored property of a struct as the struct's type descriptor lists it,
/// without the runtime resolving the property's type (which demangles its
/// type name: about a quarter of a model table's cost).
package struct DescribedField {
  /// The property's position, for ``Reflection/storedProperty(of:at:)``.
  package var index: Int
  package var name: String
  package var offset: Int
  /// The type descriptor the property's declared type names first, when its
  /// mangled name starts with a symbolic reference (`Coding<Int>` names
  /// `Coding`'s): a hint, to compare with ``Reflection/typeDescriptor(of:)``.
  package var typeDescriptor: UnsafeRawPointer?
}

extension Reflection {
  /// The stored properties of struct `type` read from its type descriptor:
  /// names, offsets and the descriptors their types name, without resolving
  /// any type. `nil` when `type` is not a struct, when the binary carries no
  /// reflection metadata for it, under a `simulation`, on platforms that
  /// sign the descriptor pointer (arm64e), or when the reader failed its
  /// proof at first use (``describedFieldsAreProven``): then callers list
  /// properties with ``storedProperties(of:)``.
  ///
  /// The layout read (Swift's stable ABI): a struct's metadata holds its
  /// kind (0x200) and its descriptor; the descriptor holds its kind (17) in
  /// its flags' low five bits, a relative pointer to its field descriptor at
  /// byte 16 and its field count at byte 20; the field descriptor holds its
  /// record size (12) at byte 10, its count at 12 and its records from 16;
  /// a record is flags (2: `var`), a relative pointer to the mangled type
  /// name and one to the name.
  package static func describedFields(of type: Any.Type) -> [DescribedField]? {
    guard simulation == nil, describedFieldsAreProven else { return nil }
    return readDescribedFields(of: type)
  }

  /// The descriptor of a struct type's metadata; `nil` for other types.
  package static func typeDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
    #if _ptrauth(_arm64e)
      return nil
    #else
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      guard metadata.load(as: UInt.self) == 0x200 else { return nil }
      return metadata.load(fromByteOffset: 8, as: UnsafeRawPointer?.self)
    #endif
  }

  /// One stored property as the runtime lists it, its type resolved.
  package static func storedProperty(of type: Any.Type, at index: Int) -> StoredProperty {
    runtimeProperty(of: type, at: index)
  }

  /// Whether the descriptor reader gives the runtime's answers on a struct
  /// made for the purpose: names, mutability, offsets, and the descriptor a
  /// generic property's type names.
  package static let describedFieldsAreProven: Bool = {
    guard let fields = readDescribedFields(of: DescriptorProbe.self) else { return false }
    let runtime = runtimeProperties(of: DescriptorProbe.self)
    let boxDescriptor = typeDescriptor(of: DescriptorProbeBox<Int>.self)
    return fields.count == 4 && runtime.count == 4
      && fields.map(\.name) == ["count", "title", "box", "flag"]
      && fields.map(\.name) == runtime.map(\.name)
      && fields.map(\.offset) == runtime.map(\.offset)
      && fields.map(\.offset) == [
        MemoryLayout<DescriptorProbe>.offset(of: \.count),
        MemoryLayout<DescriptorProbe>.offset(of: \.title),
        MemoryLayout<DescriptorProbe>.offset(of: \.box),
        MemoryLayout<DescriptorProbe>.offset(of: \.flag),
      ]
      && boxDescriptor != nil && fields[2].typeDescriptor == boxDescriptor
      && fields[0].typeDescriptor != boxDescriptor && fields[3].typeDescriptor != boxDescriptor
  }()

  private static func readDescribedFields(of type: Any.Type) -> [DescribedField]? {
    guard let descriptor = typeDescriptor(of: type),
      descriptor.load(as: UInt32.self) & 0x1F == 17,
      let fieldDescriptor = relative(descriptor + 16)
    else { return nil }
    let count = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self))
    guard count == reflectionCount(type),
      fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self) == 12,
      Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self)) == count
    else { return nil }
    var fields: [DescribedField] = []
    fields.reserveCapacity(count)
    for index in 0..<count {
      let record = fieldDescriptor + 16 + 12 * index
      guard let name = relative(record + 8) else { return nil }
      fields.append(
        DescribedField(
          index: index, name: String(cString: name.assumingMemoryBound(to: CChar.self)),
          offset: reflectionChildOffset(type, index: index),
          typeDescriptor: relative(record + 4).flatMap(symbolicDescriptor)))
    }
    return fields
  }

  /// The target of the 32-bit relative pointer at `field`; `nil` for 0.
  private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = field.loadUnaligned(as: Int32.self)
    return offset == 0 ? nil : field + Int(offset)
  }

  /// The descriptor a mangled type name starts with: a direct (1) or
  /// indirect (2) symbolic reference; `nil` for a textual name.
  private static func symbolicDescriptor(_ name: UnsafeRawPointer) -> UnsafeRawPointer? {
    switch name.load(as: UInt8.self) {
    case 1: return relative(name + 1)
    case 2: return relative(name + 1)?.load(as: UnsafeRawPointer?.self)
    default: return nil
    }
  }

  private static func runtimeProperty(of type: Any.Type, at index: Int) -> StoredProperty {
    var metadata = FieldMetadata()
    let fieldType = reflectionChildType(type, index: index, fieldMetadata: &metadata)
    let name = metadata.name.map { String(cString: $0) } ?? ""
    metadata.freeName?(metadata.name)
    return StoredProperty(
      name: name, offset: reflectionChildOffset(type, index: index), type: fieldType,
      isVar: metadata.isVar, isStrong: metadata.isStrong)
  }
}

/// The struct the descriptor reader is proven on.
private struct DescriptorProbe {
  var count = 1
  let title = "t"
  var box = DescriptorProbeBox(value: 2)
  var flag = false
}

private struct DescriptorProbeBox<Value> {
  var value: Value
  var tag = 0
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
