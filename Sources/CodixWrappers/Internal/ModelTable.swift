import CodixCore
import Foundation
@_spi(Reflection) import Swift

// The per-type field table behind every Dekodable / Enkodable model.
//
// For
//
//     struct User: Kodable {
//       var identifier: String = ""                     // plain var
//       @Coding("first_name") var firstName: String     // backing storage `_firstName`
//       @Coding("address.zipCode") var zipCode: Int
//       @Coding("address.state") var state: String
//       @Coding("tags[0]") var firstTag: String?
//     }
//
// the table, built once from a blank `User()`, is
//
//     group (the model's object)
//       identifier  -> plain reader, keeps "" when missing
//       first_name  -> Coding<String> reader, required
//       address     -> group (one nested container per instance, shared)
//         zipCode   -> Coding<Int> reader, required
//         state     -> Coding<String> reader, required
//     complex
//       tags[0]     -> walked with a cursor (paths with indexes)
//
// Each entry holds closures specialised for its property's type and options,
// and a writable key path into the model, so decoding an instance is: one
// `init()`, one keyed container per object on the way, one closure call and
// one key-path write per property. No Mirror, no per-instance reflection.
//
// Tables are cached per type under a lock; a type whose table cannot be built
// (a malformed key, a class) caches the error and throws it on every decode.

final class ModelTable<Root>: @unchecked Sendable {
  // Unchecked: immutable after construction; its closures capture only
  // immutable, Sendable setup values and key paths.
  let model: String
  let fields: [TableField<Root>]
  let decoding: DecodingTable

  init(model: String, fields: [TableField<Root>]) {
    self.model = model
    self.fields = fields
    decoding = DecodingTable(
      model: model, entries: fields.map(\.entry), printsJSON: Root.self is any DebugJSON.Type)
  }

  static func build(from prototype: Root) throws(CodixError) -> ModelTable {
    let model = String(describing: Root.self)
    var fields: [TableField<Root>] = []
    var failure: CodixError?
    let isStruct = _forEachFieldWithKeyPath(of: Root.self, options: []) { cName, keyPath in
      let name = String(cString: cName)
      if let wrapper = prototype[keyPath: keyPath] as? any WrapperField {
        let property = name.hasPrefix("_") ? String(name.dropFirst()) : name
        do {
          if let field = try wrapper.makeEntry(name: property, keyPath: keyPath, root: Root.self) {
            fields.append(field)
          }
        } catch {
          var codix = CodixError.wrap(error, at: .root)
          codix.typeName = model
          failure = codix
          return false
        }
      } else if let plain = keyPath as? any PlainFieldKeyPath,
        let field = plain.makePlainEntry(name: name) as? TableField<Root>
      {
        fields.append(field)
      }
      return true
    }
    if let failure { throw failure }
    guard isStruct else {
      throw CodixError(
        kind: .typeMismatch, typeName: model, expected: "a struct",
        message:
          "\(model) is not a struct. Codix property wrappers decode structs, whose stored "
          + "properties it can list; write init(from:) with CodixPath for a class.")
    }
    return ModelTable(model: model, fields: fields)
  }
}

/// What decoding an instance needs, with no generic types (see `FieldEntry`).
final class DecodingTable: @unchecked Sendable {
  // Unchecked: immutable after construction, like the table that owns it.
  let model: String
  /// The properties read from the model's object and the objects below it.
  let group: FieldGroup
  /// The properties reached through indexes, read with a cursor each.
  let complex: [FieldEntry]
  /// Whether the model has properties in `group` (else no container is opened).
  let readsObject: Bool
  /// Whether the model asked (`DebugJSON`) to print the JSON it decodes.
  let printsJSON: Bool

  init(model: String, entries: [FieldEntry], printsJSON: Bool) {
    self.model = model
    self.printsJSON = printsJSON
    let group = FieldGroup()
    var complex: [FieldEntry] = []
    for entry in entries {
      let keys = entry.components.compactMap { component -> String? in
        if case .key(let key) = component { return key }
        return nil
      }
      if keys.isEmpty || keys.count != entry.components.count {
        complex.append(entry)
      } else {
        group.insert(entry, keys: keys[...])
      }
    }
    self.group = group
    self.complex = complex
    readsObject = !group.leaves.isEmpty || !group.children.isEmpty
  }
}

/// The properties read from one object: its own keys, and nested objects.
final class FieldGroup {
  var leaves: [(key: CodixKey, entry: FieldEntry)] = []
  var children: [(key: CodixKey, group: FieldGroup)] = []

  func insert(_ entry: FieldEntry, keys: ArraySlice<String>) {
    guard let first = keys.first else { return }
    if keys.count == 1 {
      leaves.append((CodixKey(first), entry))
      return
    }
    if let child = children.first(where: { $0.key.stringValue == first }) {
      child.group.insert(entry, keys: keys.dropFirst())
    } else {
      let child = FieldGroup()
      child.insert(entry, keys: keys.dropFirst())
      children.append((CodixKey(first), child))
    }
  }

  /// Every entry at or below this group.
  var allEntries: [FieldEntry] {
    leaves.map(\.entry) + children.flatMap(\.group.allEntries)
  }
}

/// The cache of model tables, one per type.
enum ModelTables {
  private final class Storage: @unchecked Sendable {
    // Unchecked: every access holds `lock`.
    let lock = NSLock()
    var tables: [ObjectIdentifier: AnyObject] = [:]
    var failures: [ObjectIdentifier: CodixError] = [:]
  }

  private static let storage = Storage()
  /// What a table build expects of a prototype that was made while decoding.
  static let instanceMadeWhileDecoding = "a value made with its declaration's keys"
  private static let recentTables = ThreadLocal { RecentTables() }

  /// The decoding table of `type`. Looked up in this thread's recent tables
  /// first: decoding an instance takes no lock.
  static func decodingTable<Root>(for type: Root.Type, prototype: () -> Root) throws(CodixError)
    -> DecodingTable
  {
    let id = UInt(bitPattern: ObjectIdentifier(type))
    guard let recent = recentTables.pointer else {
      return try table(for: type, prototype: prototype).decoding
    }
    if let table = recent.pointee.table(for: id) { return table }
    let table = try table(for: type, prototype: prototype).decoding
    recent.pointee.insert(table, for: id)
    return table
  }

  static func table<Root>(for type: Root.Type, prototype: () -> Root) throws(CodixError)
    -> ModelTable<Root>
  {
    let id = ObjectIdentifier(type)
    storage.lock.lock()
    let cached = storage.tables[id]
    let failure = cached == nil ? storage.failures[id] : nil
    storage.lock.unlock()
    if let cached {
      // safe: the entry for `Root`'s identifier is always a ModelTable<Root>.
      return unsafeDowncast(cached, to: ModelTable<Root>.self)
    }
    if let failure { throw failure }
    // Built outside the lock: building runs the model's init(), which may be
    // arbitrary code. Racing first decodes may build twice; the first stored wins.
    let built: ModelTable<Root>
    do {
      built = try ModelTable.build(from: prototype())
    } catch {
      // A prototype made while decoding says nothing about its type: another
      // instance may build the table. Every other failure is the type's.
      if error.expected != instanceMadeWhileDecoding {
        storage.lock.lock()
        storage.failures[id] = error
        storage.lock.unlock()
      }
      throw error
    }
    storage.lock.lock()
    defer { storage.lock.unlock() }
    if let winner = storage.tables[id] {
      return unsafeDowncast(winner, to: ModelTable<Root>.self)
    }
    storage.tables[id] = built
    return built
  }
}

/// A thread's most recently used decoding tables, a few types at a time.
/// Stored tables are never removed from `ModelTables`, so these references
/// need no retain.
private struct RecentTables {
  private static let capacity = 8
  private var ids: [UInt] = []
  private var tables: [Unmanaged<DecodingTable>] = []
  private var next = 0

  func table(for id: UInt) -> DecodingTable? {
    for index in ids.indices where ids[index] == id {
      return tables[index].takeUnretainedValue()
    }
    return nil
  }

  mutating func insert(_ table: DecodingTable, for id: UInt) {
    if ids.count < Self.capacity {
      ids.append(id)
      tables.append(Unmanaged.passUnretained(table))
    } else {
      ids[next] = id
      tables[next] = Unmanaged.passUnretained(table)
      next = (next + 1) % Self.capacity
    }
  }
}
