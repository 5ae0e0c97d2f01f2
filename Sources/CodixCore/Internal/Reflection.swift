import Foundation

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
//    (`namesKindsAndMutabilityComeBack`). The runtime writes it into a zeroed
//    buffer of 256 bytes, eight times the struct's size, so a runtime whose
//    struct grew cannot write past it; at first use, a canned struct's
//    answers are checked and the bytes past the struct must stay zero
//    (`fieldMetadataIsUnderstood`). If not, every type reads as one without
//    reflection metadata: the wrapper engine says so in a clear error.
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
// 7. A non-generic struct's type descriptor lists its fields' names,
//    mutability and mangled type names in the stable ABI's layout
//    (`describedProperties(of:)` says which), and a module writes each
//    mangled type name once; checked at first use against the runtime on
//    three canned structs (`describedPropertiesAreProven`), else every listing
//    goes to the runtime (`structsAreListedFromTheirDescriptorsAsTheRuntimeListsThem`
//    in ReflectionTests, and a test of models in TableTests). Not read where
//    descriptor pointers are signed (arm64e).
// Code that uses the answers checks what it relies on before trusting it (the
// wrapper engine counts the wrappers a blank instance created against the
// wrappers listed here) and falls back to a slower, correct path, or a clear
// error. Only model types are read here, never another library's objects.

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
    // Assumption 2, checked once: otherwise every type reads as one without
    // reflection metadata, which the wrapper engine reports as such.
    guard fieldMetadataIsUnderstood else { return [] }
    return describedProperties(of: type) ?? runtimeProperties(of: type)
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

// MARK: - Names without demangling

extension Reflection {
  /// The stored properties of a non-generic struct, read from its type
  /// descriptor: names and mutability from its field records, offsets from
  /// the runtime, and each property's type from a cache keyed by the address
  /// of its mangled type name, filled by the runtime the first time a name
  /// is met. A module writes each mangled type name once, so all its models'
  /// `Coding<Int>` properties share one name, resolved (demangled) once per
  /// process rather than once per property of every model: resolving was
  /// about a quarter of building a model's table.
  ///
  /// `nil` (then the runtime lists every property) for anything but a
  /// non-generic struct (a generic context changes what a name resolves
  /// to), when the binary carries no reflection metadata for the type,
  /// where descriptor pointers are signed (arm64e), and when the reader
  /// failed its proof at first use (``describedPropertiesAreProven``).
  ///
  /// The layout read (Swift's stable ABI): a struct's metadata holds its
  /// kind (0x200) and, one pointer on, a pointer to its descriptor; the
  /// descriptor holds its
  /// kind (17) in its flags' low five bits and the generic flag (0x80), a
  /// relative pointer to its field descriptor at byte 16 and its field
  /// count at byte 20; the field descriptor holds its record size (12) at
  /// byte 10, its count at 12 and its records from 16; a record is flags
  /// (2: `var`), a relative pointer to the mangled type name and one to the
  /// name. The mangled name is never read: its address is only a key.
  package static func describedProperties(of type: Any.Type) -> [StoredProperty]? {
    guard describedPropertiesAreProven else { return nil }
    return readDescribedProperties(of: type)
  }

  /// Whether the descriptor reader gives the runtime's answers on three
  /// structs made for the purpose, the later ones read through the type
  /// cache the first filled (the same types in another order, then the same
  /// names with other types): names, offsets, types, mutability, strength.
  package static let describedPropertiesAreProven: Bool = {
    func same(_ type: Any.Type) -> Bool {
      guard let read = readDescribedProperties(of: type) else { return false }
      let runtime = runtimeProperties(of: type)
      return read.count == runtime.count && read.count == 5
        && zip(read, runtime).allSatisfy { read, runtime in
          read.name == runtime.name && read.offset == runtime.offset
            && ObjectIdentifier(read.type) == ObjectIdentifier(runtime.type)
            && read.isVar == runtime.isVar && read.isStrong == runtime.isStrong
        }
    }
    return same(DescriptorSample.self) && same(DescriptorSampleReordered.self)
      && same(DescriptorSampleRenamed.self)
  }()

  private static func readDescribedProperties(of type: Any.Type) -> [StoredProperty]? {
    #if _ptrauth(_arm64e)
      return nil
    #else
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      guard metadata.load(as: UInt.self) == 0x200,
        let descriptor = metadata.load(
          fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self)
      else { return nil }
      let flags = descriptor.load(as: UInt32.self)
      guard flags & 0x1F == 17, flags & 0x80 == 0,
        let fieldDescriptor = relative(descriptor + 16)
      else { return nil }
      let count = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self))
      guard count > 0, count == reflectionCount(type),
        fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self) == 12,
        Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self)) == count
      else { return nil }
      var records: [(name: UnsafeRawPointer, isVar: Bool)] = []
      var typeNames: [UInt] = []
      records.reserveCapacity(count)
      typeNames.reserveCapacity(count)
      for index in 0..<count {
        let record = fieldDescriptor + 16 + 12 * index
        guard let name = relative(record + 8), let typeName = relative(record + 4) else {
          return nil
        }
        records.append((name, record.load(as: UInt32.self) & 2 != 0))
        typeNames.append(UInt(bitPattern: typeName))
      }
      var types = FieldTypes.shared.known(typeNames)
      var properties: [StoredProperty] = []
      properties.reserveCapacity(count)
      for (index, record) in records.enumerated() {
        let name = String(cString: record.name.assumingMemoryBound(to: CChar.self))
        let offset = reflectionChildOffset(type, index: index)
        if let (fieldType, isStrong) = types[index] {
          properties.append(
            StoredProperty(
              name: name, offset: offset, type: fieldType, isVar: record.isVar,
              isStrong: isStrong))
          continue
        }
        // Met for the first time: the runtime resolves it, and says the same.
        let resolved = runtimeProperty(of: type, at: index)
        guard resolved.name == name, resolved.offset == offset, resolved.isVar == record.isVar
        else { return nil }
        types[index] = (resolved.type, resolved.isStrong)
        properties.append(resolved)
      }
      FieldTypes.shared.keep(typeNames, types)
      return properties
    #endif
  }

  /// The target of the 32-bit relative pointer at `field`; `nil` for 0.
  private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = field.loadUnaligned(as: Int32.self)
    return offset == 0 ? nil : field + Int(offset)
  }

  private static func runtimeProperty(of type: Any.Type, at index: Int) -> StoredProperty {
    let (fieldType, metadata) = childMetadata(type, at: index)
    let name = metadata.name.map { String(cString: $0) } ?? ""
    metadata.freeName?(metadata.name)
    return StoredProperty(
      name: name, offset: reflectionChildOffset(type, index: index), type: fieldType,
      isVar: metadata.isVar, isStrong: metadata.isStrong)
  }

  /// The runtime's field metadata of child `index`, written into a zeroed
  /// buffer of `FieldMetadata.room` bytes, eight times the size of the
  /// struct any runtime so far has written: a runtime whose struct grew
  /// writes inside the buffer, and the check below sees it.
  private static func childMetadata(_ type: Any.Type, at index: Int) -> (Any.Type, FieldMetadata) {
    withUnsafeTemporaryAllocation(
      byteCount: FieldMetadata.room, alignment: MemoryLayout<FieldMetadata>.alignment
    ) { buffer in
      guard let raw = buffer.baseAddress else { return (Void.self, FieldMetadata()) }
      raw.initializeMemory(as: UInt8.self, repeating: 0, count: FieldMetadata.room)
      let fieldType = reflectionChildType(type, index: index, fieldMetadata: raw)
      let metadata = raw.load(as: FieldMetadata.self)
      return (fieldType, metadata)
    }
  }

  /// Whether the runtime fills field metadata as `FieldMetadata` lays it out
  /// (assumption 2), checked on a canned struct at first use: the names,
  /// mutability and strength come back as declared, and nothing is written
  /// past the struct.
  static let fieldMetadataIsUnderstood: Bool = {
    let type = MetadataCheck.self
    guard reflectionCount(type) == 3 else { return false }
    let expected: [(name: String, isVar: Bool, isStrong: Bool)] = [
      ("first", true, true), ("second", false, true), ("third", true, false),
    ]
    for (index, field) in expected.enumerated() {
      let written = withUnsafeTemporaryAllocation(
        byteCount: FieldMetadata.room, alignment: MemoryLayout<FieldMetadata>.alignment
      ) { buffer -> (FieldMetadata, Bool) in
        guard let raw = buffer.baseAddress else { return (FieldMetadata(), false) }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: FieldMetadata.room)
        _ = reflectionChildType(type, index: index, fieldMetadata: raw)
        let size = MemoryLayout<FieldMetadata>.size
        let untouched = UnsafeRawBufferPointer(start: raw + size, count: FieldMetadata.room - size)
          .allSatisfy { $0 == 0 }
        return (raw.load(as: FieldMetadata.self), untouched)
      }
      let (metadata, untouched) = written
      let name = metadata.name.map { String(cString: $0) }
      metadata.freeName?(metadata.name)
      guard untouched, name == field.name, metadata.isVar == field.isVar,
        metadata.isStrong == field.isStrong
      else { return false }
    }
    return true
  }()
}

/// The types the runtime resolved, by the address of their mangled name in
/// a non-generic struct's field records: one lock per table, not per name.
/// An address keeps its name while its image is loaded; Swift images are
/// not unloaded on Apple platforms, and unloading one on Linux leaves the
/// runtime's own caches of its types dangling too.
private final class FieldTypes: @unchecked Sendable {
  // Unchecked: `types` is touched only while holding `lock`.
  static let shared = FieldTypes()
  private let lock = NSLock()
  private var types: [UInt: (type: Any.Type, isStrong: Bool)] = [:]

  /// The known type of each name, `nil` for the names not met yet.
  func known(_ names: [UInt]) -> [(type: Any.Type, isStrong: Bool)?] {
    lock.lock()
    defer { lock.unlock() }
    return names.map { types[$0] }
  }

  /// Keeps the types of `names`.
  func keep(_ names: [UInt], _ resolved: [(type: Any.Type, isStrong: Bool)?]) {
    lock.lock()
    defer { lock.unlock() }
    for (name, type) in zip(names, resolved) {
      // A name the runtime could not resolve reads as `()`: not kept, since
      // a library loaded later may resolve it.
      guard let type, ObjectIdentifier(type.type) != ObjectIdentifier(Void.self),
        types[name] == nil
      else { continue }
      types[name] = type
    }
  }
}

/// The structs the descriptor reader is proven on: the second meets the
/// first's types in another order, the third its names with other types.
private struct DescriptorSample {
  var count = 1
  let title = "t"
  var box = DescriptorSampleBox(value: 2)
  weak var owner: AnyObject?
  var flag = false
}

private struct DescriptorSampleReordered {
  var flag = false
  var box = DescriptorSampleBox(value: 2)
  weak var owner: AnyObject?
  let title = "t"
  var count = 1
}

private struct DescriptorSampleRenamed {
  var count = "c"
  let title = 1
  var box = DescriptorSampleBox(value: "b")
  var owner: AnyObject? = nil
  var flag = 1.5
}

private struct DescriptorSampleBox<Value> {
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

  /// The bytes given to the runtime to write one into.
  static let room = 256
}

/// The struct `fieldMetadataIsUnderstood` checks the runtime's answers on.
private struct MetadataCheck {
  var first = 0
  let second = ""
  weak var third: AnyObject?
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionChildType(
  _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutableRawPointer
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionChildOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_displayStyle")
private func reflectionDisplayStyle<T>(_ value: T) -> CChar
