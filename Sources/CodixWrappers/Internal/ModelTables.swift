import CodixCore
import Foundation

/// The cache of model tables, one per type, built at most once each (racing
/// first uses may build twice; the first stored wins). A type whose table
/// cannot be built caches its error and throws it on every use.
enum ModelTables {
  private final class Storage: @unchecked Sendable {
    // Unchecked: every access holds `lock`.
    let lock = NSLock()
    var tables: [ObjectIdentifier: ModelTable] = [:]
    var failures: [ObjectIdentifier: CodixError] = [:]
  }

  private static let storage = Storage()
  private static let recentTables = ThreadLocal { RecentTables() }
  /// The types whose tables this thread is building, outermost first.
  private static let tablesBeingBuilt = ThreadLocal { [Any.Type]() }

  /// The table of a `Dekodable` type, found in this thread's recent tables
  /// first: decoding an instance takes no lock.
  @inline(__always)
  static func decodingTable<Root: Dekodable>(for type: Root.Type) throws(CodixError)
    -> ModelTable
  {
    let id = UInt(bitPattern: ObjectIdentifier(type))
    // Asked only to build a table: three witness calls a decode otherwise.
    func traits() -> ModelTraits {
      ModelTraits(
        keyStyle: Root.keyStyle, unknownKeys: Root.unknownKeys,
        declaresDebugJSON: Root._declaresDebugJSON)
    }
    guard let recent = recentTables.pointer else {
      return try table(for: type, traits()) { blankPrototype(of: type) }
    }
    if let table = recent.pointee.table(for: id) { return table }
    let table = try table(for: type, traits()) { blankPrototype(of: type) }
    recent.pointee.insert(table, for: id)
    return table
  }

  /// The table of the type of `model`, an `Enkodable` value, and its
  /// encoding plan, found in this thread's recent tables first: encoding an
  /// instance takes no lock.
  static func encodingTable<Root: Enkodable>(for model: Root) throws(CodixError)
    -> (table: ModelTable, plan: EncodingPlan)
  {
    let id = UInt(bitPattern: ObjectIdentifier(Swift.type(of: model)))
    let recent = recentTables.pointer
    if let found = recent?.pointee.encoding(for: id) { return found }
    let table =
      if let known = recent?.pointee.table(for: id) { known } else { try builtTable(for: model) }
    let plan = table.encoding
    recent?.pointee.insert(table, plan: plan, for: id)
    return (table, plan)
  }

  /// The table of the type of `model`: built from a blank instance when the
  /// type is also `Dekodable`, else from `model`.
  private static func builtTable<Root: Enkodable>(for model: Root) throws(CodixError)
    -> ModelTable
  {
    let type: Any.Type = Swift.type(of: model)
    let dekodable = type as? any Dekodable.Type
    // The instance's own type, which may be a subclass of `Root`.
    let codixModel = type as? any CodixModel.Type
    let traits = ModelTraits(
      keyStyle: codixModel?.keyStyle ?? Root.keyStyle,
      unknownKeys: dekodable?.unknownKeys ?? .ignore,
      declaresDebugJSON: codixModel?._declaresDebugJSON ?? Root._declaresDebugJSON)
    return try table(for: type, traits) {
      guard let dekodable else { return (model, nil) }
      return blankPrototype(of: dekodable)
    }
  }

  /// A blank instance made by `init()`, and how many wrappers making it created.
  private static func blankPrototype<Root: Dekodable>(of type: Root.Type) -> (Any, Int?) {
    let (prototype, created) = SetupRecording.counting { Root() }
    return (prototype, created)
  }

  private static func table(
    for type: Any.Type, _ traits: ModelTraits, prototype: () -> (Any, Int?)
  ) throws(CodixError) -> ModelTable {
    let id = ObjectIdentifier(type)
    storage.lock.lock()
    let cached = storage.tables[id]
    let failure = cached == nil ? storage.failures[id] : nil
    storage.lock.unlock()
    if let cached { return cached }
    if let failure { throw failure }
    // A type asked for again while this thread builds it: models that
    // flatten each other in a circle (each needs the other's keys, and each
    // decode would read the other again), or an init() that decodes its own
    // type. Without this check, a stack overflow.
    let building = tablesBeingBuilt.pointer
    if let chain = building?.pointee, chain.contains(where: { ObjectIdentifier($0) == id }) {
      let models = (chain.drop { ObjectIdentifier($0) != id } + [type]).map { "\($0)" }
      throw CodixError(
        .typeMismatch, at: .root, detail: .flatteningCycle(models: models),
        expected: "models that do not flatten each other in a circle")
    }
    building?.pointee.append(type)
    defer { building?.pointee.removeLast() }
    // Built outside the lock: building runs the model's init(), which may be
    // arbitrary code, even a decode of another model.
    let (instance, created) = prototype()
    let built: ModelTable
    do {
      built = try ModelTable.build(from: instance, wrappersCreated: created, traits: traits)
    } catch {
      // A value that was not made for the table (an encode-only model's
      // own) says nothing certain about its type: do not cache its failure.
      // Nor a circle met on the way: it may pass through this type only
      // because of where the build started (an init() that decodes another
      // model once), and a real circle fails again at every decode.
      if created != nil, !error.isFlatteningCycle {
        storage.lock.lock()
        storage.failures[id] = error
        storage.lock.unlock()
      }
      throw error
    }
    storage.lock.lock()
    defer { storage.lock.unlock() }
    if let winner = storage.tables[id] { return winner }
    storage.tables[id] = built
    return built
  }
}

/// What a model type's conformances say about its table, read where the
/// model's type is known statically when decoding: no cast for a type met
/// for the first time (such a cast scans every conformance in the process).
struct ModelTraits {
  let keyStyle: KeyStyle
  let unknownKeys: UnknownKeys
  /// Whether the model's own conformance says ``DebugJSON`` (see
  /// `ModelTable.printsJSON(_:declared:isClass:)` for the other places it
  /// may be declared).
  let declaresDebugJSON: Bool
}

/// A thread's most recently used tables, a few types at a time, with their
/// encoding plans once an encode asked for them. The references are strong:
/// a table found here is one `ModelTables` also holds, but the list does
/// not rely on that.
private struct RecentTables {
  private static let capacity = 8
  private var ids: [UInt] = []
  private var tables: [ModelTable] = []
  private var plans: [EncodingPlan?] = []
  private var next = 0

  func table(for id: UInt) -> ModelTable? {
    for index in ids.indices where ids[index] == id {
      return tables[index]
    }
    return nil
  }

  /// The table and the encoding plan of `id`, when an encode on this thread
  /// asked for them lately.
  func encoding(for id: UInt) -> (table: ModelTable, plan: EncodingPlan)? {
    for index in ids.indices where ids[index] == id {
      guard let plan = plans[index] else { return nil }
      return (tables[index], plan)
    }
    return nil
  }

  mutating func insert(_ table: ModelTable, plan: EncodingPlan? = nil, for id: UInt) {
    if let index = ids.firstIndex(of: id) {
      plans[index] = plan ?? plans[index]
    } else if ids.count < Self.capacity {
      ids.append(id)
      tables.append(table)
      plans.append(plan)
    } else {
      ids[next] = id
      tables[next] = table
      plans[next] = plan
      next = (next + 1) % Self.capacity
    }
  }
}

extension CodixError {
  /// Whether this is the error of a circle of models that flatten each other.
  fileprivate var isFlatteningCycle: Bool {
    if case .flatteningCycle? = detail { return true }
    return false
  }
}
