import CodixCore

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
// the reflection seam (CodixCore's `Reflection`) lists the stored properties
// of a blank `User()` once, with their byte offsets, and the table becomes a
// tree keyed by path component (see `FieldNode`):
//
//     root
//       "identifier"  -> plain String at offset 0, keeps "" when missing
//       "first_name"  -> Coding<String> at offset 16, required, fast scalar read
//       "address"                         (one nested container per instance)
//         "zipCode"   -> Coding<Int> at offset 40, required
//         "state"     -> Coding<String> at offset 64, required
//       "tags"
//         [0]         -> Coding<String?> at offset 88, optional
//
// Decoding an instance is: one `init()`, one keyed container per object on
// the way, and per property one read written straight into the model's
// memory at its offset. Encoding reads the same offsets. No Mirror, no key
// paths, no per-instance reflection.
//
// Checked when the table is built, so that a problem is a clear error and
// never a wrong value: that the type is a struct or a class; that the binary
// describes its properties (a blank instance that created wrappers the seam
// does not list means reflection metadata was stripped); that every key is a
// valid path. Two properties whose paths nest (`a` and `a.b`, `tags` and
// `tags[0]`) decode fine, but cannot both be encoded: encoding throws that
// error instead of tripping the encoder.

/// What the engine knows about one model type. Immutable once built but for
/// what it works out at first use (its encoding plan, its claimed keys),
/// each made once behind a lock; shared by every thread.
final class ModelTable: @unchecked Sendable {
  // Unchecked: immutable after construction but for its `OnceValue`s, which
  // lock; its fields' closures capture only immutable, Sendable setup values.
  /// The model's type.
  let modelType: Any.Type
  /// The model's name, for reports. Made when a report needs it: naming a
  /// type costs more than the rest of building its table.
  var model: String { String(describing: modelType) }
  /// Whether instances are objects (a class) rather than values (a struct).
  let isClass: Bool
  /// Every property the engine reads and writes, in declaration order.
  let fields: [Field]
  /// The same properties as a tree of document positions, for decoding.
  let root: FieldNode
  /// How instances are written, worked out at the first encode: a model
  /// that is only decoded never builds it.
  var encoding: EncodingPlan { encodingPlan.value }
  private let encodingPlan: OnceValue<EncodingPlan>
  /// Whether the model asked (`DebugJSON`) to print the JSON it decodes.
  let printsJSON: Bool
  /// Whether instances made to decode into may skip their wrappers' setup:
  /// the blank `init()` creates no wrappers but the model's own.
  let skipsSetup: Bool
  /// Whether every property the model reads is a standard scalar, or an
  /// array of one, read by `FastRead` at its own path alone: no property
  /// runs decoding code of its own (a nested model's, a custom
  /// `Decodable`'s) or walks to an alias, the path reads `KeyedContainerCache`
  /// serves, so its decode opens no cache scope.
  let readsOnlyScalars: Bool
  /// What decoding does with keys of the model's object no property reads.
  let unknownKeys: UnknownKeys
  /// The keys checked after each decode (``claimedKeys()``): set when
  /// `unknownKeys` is not `.ignore` and the properties do not read every key.
  let auditedKeys: Set<String>?
  private let claimed: OnceValue<Result<Set<String>?, CodixError>>

  private init(
    modelType: Any.Type, isClass: Bool, fields: [Field], printsJSON: Bool, skipsSetup: Bool,
    unknownKeys: UnknownKeys
  ) throws(CodixError) {
    self.modelType = modelType
    self.unknownKeys = unknownKeys
    self.isClass = isClass
    self.fields = fields
    self.printsJSON = printsJSON
    self.skipsSetup = skipsSetup
    readsOnlyScalars = fields.allSatisfy { !$0.reads || ($0.fast != nil && $0.aliases.isEmpty) }
    let root = FieldNode()
    for field in fields where field.reads { root.insert(field, at: field.path) }
    root.finish()
    self.root = root
    encodingPlan = OnceValue { EncodingPlan(fields) }
    claimed = OnceValue { Result { () throws(CodixError) in try ModelTable.claims(of: fields) } }
    // Decoding needs the claimed keys of a model that checks its keys or
    // keeps extras (which are handed theirs now); a model that flattens
    // another builds that model's table for them, and fails here when it
    // fails. Others work them out when a model that flattens them asks.
    let needsClaims = fields.contains {
      switch $0.claims {
      case .extras, .keysOf: true
      case .pathOnly, .unknown: false
      }
    }
    if unknownKeys != .ignore || needsClaims {
      let keys = try claimed.value.get()
      auditedKeys = unknownKeys == .ignore ? nil : keys
    } else {
      auditedKeys = nil
    }
  }

  /// The keys of the model's object its properties read; `nil` when they
  /// read every key (extras, or a flattened value that is not a Codix model).
  func claimedKeys() throws(CodixError) -> Set<String>? {
    try claimed.value.get()
  }

  /// The keys of the model's object that `fields` read (see `claimedKeys`),
  /// handed to the extras properties among them.
  private static func claims(of fields: [Field]) throws(CodixError) -> Set<String>? {
    var claimed: Set<String> = []
    var all = false
    var extras: [KeySet] = []
    for field in fields where field.reads || field.writes {
      switch field.claims {
      case .pathOnly:
        if let key = field.path.firstKey { claimed.insert(key) }
        if let key = field.writePath.firstKey { claimed.insert(key) }
        for path in field.aliases {
          if let key = path.firstKey { claimed.insert(key) }
        }
      case .extras(let keys): extras.append(keys)
      case .keysOf(let keys):
        if let keys = try keys() { claimed.formUnion(keys) } else { all = true }
      case .unknown: all = true
      }
    }
    for keys in extras {
      keys.keys = claimed
      keys.all = all
    }
    return all || !extras.isEmpty ? nil : claimed
  }

  /// Builds the table of `prototype`'s type from a blank instance.
  ///
  /// - Parameters:
  ///   - prototype: A blank instance, or an encode-only model's own value.
  ///   - wrappersCreated: How many wrappers making `prototype` created, or
  ///     `nil` when it was not made for the table (an encode-only model's
  ///     own value).
  ///   - traits: What the model's conformances say.
  static func build(from prototype: Any, wrappersCreated: Int?, traits: ModelTraits)
    throws(CodixError) -> ModelTable
  {
    let type = Swift.type(of: prototype)
    var model: String { String(describing: type) }
    do throws(CodixError) {
      let shape = Reflection.shape(of: prototype)
      guard shape != .other else {
        throw CodixError(
          .typeMismatch, at: .root, detail: .unsupportedModel(model: model),
          expected: "a struct or a class")
      }
      let properties = Reflection.storedProperties(of: type)
      // One conformance check per property: each is a search the first time.
      let wrapperTypes = properties.map { $0.type as? any StorageWrapper.Type }
      let wrappers = wrapperTypes.filter { $0 != nil }.count
      let created = wrappersCreated ?? wrappers
      let stripped =
        properties.isEmpty
        ? (created > 0 || shape == .classInstance || Self.size(of: prototype) > 0)
        : created > 0 && wrappers == 0
      let namesStripped = properties.contains { $0.name.isEmpty }
      if stripped || namesStripped {
        throw CodixError(
          .dataCorrupted, at: .root,
          detail: .missingReflectionMetadata(model: model, namesOnly: !stripped),
          expected: "reflection metadata for \(model)")
      }
      let keyStyle = traits.keyStyle
      let fields = try withBase(of: prototype) { (base) throws(CodixError) in
        var fields: [Field] = []
        fields.reserveCapacity(properties.count)
        var kits = PlainKits()
        for (property, wrapper) in zip(properties, wrapperTypes) {
          if let field = try FieldBuilder.field(
            for: property, wrapper: wrapper, in: base, keyStyle: keyStyle,
            isBlank: wrappersCreated != nil, kits: &kits, order: fields.count)
          {
            fields.append(field)
          }
        }
        return fields
      }
      return try ModelTable(
        modelType: type, isClass: shape == .classInstance, fields: fields,
        printsJSON: printsJSON(
          prototype, declared: traits.declaresDebugJSON, isClass: shape == .classInstance),
        skipsSetup: created <= wrappers, unknownKeys: traits.unknownKeys)
    } catch {
      var named = error
      named.attribute(model: model, property: nil)
      throw named
    }
  }

  /// Whether the model asked (`DebugJSON`) to print the JSON it decodes.
  ///
  /// Its own conformance answers for most models without a cast: a dynamic
  /// check, which for a type met for the first time searches every
  /// conformance in the process (tens of microseconds, more in a large app),
  /// is made only where `DebugJSON` may be declared beyond the model's view:
  /// on a subclass (a class inherits its superclass's answer) or
  /// conditionally on a generic type (`extension Page: DebugJSON where
  /// Item == User`). A conformance added to a non-generic struct in another
  /// module is not seen (Docs/WrappersReference.md and Migration.md say so).
  private static func printsJSON(_ prototype: Any, declared: Bool, isClass: Bool) -> Bool {
    if declared { return true }
    guard isClass || TypeNames.isGenericInstance(type(of: prototype)) else { return false }
    return prototype is any DebugJSON
  }

  private static func size(of value: Any) -> Int {
    func size<T>(_: T) -> Int { MemoryLayout<T>.size }
    return _openExistential(value, do: size)
  }

  /// Runs `body` with the base address of `prototype`: the object of a
  /// class, a copy of a struct.
  private static func withBase<R>(
    of prototype: Any, _ body: (UnsafeRawPointer) throws(CodixError) -> R
  ) throws(CodixError) -> R {
    func open<T>(_ value: T) -> Result<R, CodixError> {
      var copy = value
      return Result { () throws(CodixError) in
        try ModelBase.withBase(of: &copy, isClass: T.self is AnyClass) {
          (base) throws(CodixError) in try body(UnsafeRawPointer(base))
        }
      }
    }
    return try _openExistential(prototype, do: open).get()
  }
}

/// How a model's instances are written, worked out from its table's fields.
/// Immutable once made; a class, so that each encode takes one reference.
final class EncodingPlan: @unchecked Sendable {
  // Unchecked: immutable once made, like the table it belongs to.
  /// The written properties whose paths are made of keys, as a tree: each
  /// object is opened once per encoded instance.
  let root: FieldNode
  /// The written properties whose paths hold an index (and no `[*]`), as a
  /// tree: properties that share an indexed prefix
  /// (`rows[2].elements[5].duration`, `rows[2].elements[5].distance`) are
  /// written into one element.
  let indexedWrites: IndexedWrites?
  /// The written properties whose paths hold a `[*]` or are the model's own
  /// value, written one by one at their paths.
  let pathWrites: [Field]
  /// The written properties merged into the model's own object (extras,
  /// flattened models): written before the others, which win on a shared key.
  let mergeWrites: [Field]
  /// Why the model cannot be encoded, when two of its paths nest.
  let conflict: CodixError?

  init(_ fields: [Field]) {
    let root = FieldNode()
    let indexedWrites = IndexedWrites()
    var pathWrites: [Field] = []
    var mergeWrites: [Field] = []
    for field in fields where field.writes {
      let components = field.writePath.components
      let keysOnly =
        !components.isEmpty
        && components.allSatisfy {
          if case .key = $0 { return true } else { return false }
        }
      let indexed =
        !components.contains(.wildcard)
        && components.contains {
          if case .index = $0 { return true } else { return false }
        }
      if keysOnly {
        root.insert(field, at: components[...])
      } else if indexed {
        indexedWrites.insert(field, at: components[...])
      } else {
        if field.mergesIntoModel { mergeWrites.append(field) } else { pathWrites.append(field) }
      }
    }
    root.finish()
    self.root = root
    indexedWrites.finish()
    self.indexedWrites = indexedWrites.children.isEmpty ? nil : indexedWrites
    self.pathWrites = pathWrites
    self.mergeWrites = mergeWrites
    conflict = Self.conflict(in: fields.filter(\.writes))
  }

  /// The first pair of written properties whose paths cannot both be
  /// written, as the error encoding throws: paths that nest, or that make
  /// one position both an object and an array (`rows.total` and
  /// `rows[0].x`; `id` and `[0]`). A property merged into the model's own
  /// object (extras, a flattened model) makes the root an object.
  private static func conflict(in fields: [Field]) -> CodixError? {
    let paths = fields.map { $0.mergesIntoModel ? nil : $0.writePath.components }
    for (index, first) in fields.enumerated() {
      for (offset, second) in fields[(index + 1)...].enumerated() {
        let (a, b) = (paths[index], paths[index + 1 + offset])
        if let a, let b, a.count != b.count, a.starts(with: b) || b.starts(with: a) {
          let (outer, inner) = a.count < b.count ? (first, second) : (second, first)
          return CodixError(
            .invalidPath, at: inner.writePath,
            detail: .conflictingPaths(
              first: outer.name, firstPath: outer.writePath, second: inner.name,
              secondPath: inner.writePath),
            expected: "paths that do not nest")
        }
        // Where the paths part, a key makes the position an object; an
        // index or `[*]`, an array. A merged property writes keys at the root.
        let shared = zip(a ?? [], b ?? []).prefix { $0 == $1 }.count
        guard let kindA = writesArray(a, at: shared), let kindB = writesArray(b, at: shared),
          kindA != kindB
        else { continue }
        return CodixError(
          .invalidPath, at: second.writePath,
          detail: .objectAndArray(
            first: first.name, firstPath: first.writePath, second: second.name,
            secondPath: second.writePath, at: Path(Array((a ?? b ?? []).prefix(shared)))),
          expected: "paths that agree on what each position holds")
      }
    }
    return nil
  }

  /// Whether `path` (`nil`: merged into the model's object) writes an array
  /// at its component `position`; `nil` when it ends before it.
  private static func writesArray(_ path: [PathComponent]?, at position: Int) -> Bool? {
    guard let path else { return position == 0 ? false : nil }
    guard position < path.count else { return nil }
    if case .key = path[position] { return false }
    return true
  }
}

/// The positions of a model's JSON that properties with indexed paths write,
/// as a tree: each position is written once, holding every property below
/// it. For `rows[2].elements[5].duration.value` and
/// `rows[2].elements[5].distance.text`:
///
///     root
///       "rows"
///         [2]
///           "elements"
///             [5]
///               "duration" "value" -> field seconds
///               "distance" "text"  -> field distance
final class IndexedWrites: @unchecked Sendable {
  // Unchecked: written only while its plan is made, read-only after.
  /// The property written at this position, if its path ends here.
  private(set) var field: Field?
  /// The positions below, keys in declaration order, indexes ascending
  /// (once `finish()` ran).
  private(set) var children: [(component: PathComponent, node: IndexedWrites)] = []

  /// Adds `field` at `components` below this position.
  func insert(_ field: Field, at components: ArraySlice<PathComponent>) {
    guard let first = components.first else {
      self.field = field
      return
    }
    let child: IndexedWrites
    if let existing = children.first(where: { $0.component == first }) {
      child = existing.node
    } else {
      child = IndexedWrites()
      children.append((first, child))
    }
    child.insert(field, at: components.dropFirst())
  }

  /// Puts indexes in ascending order, the order an array is written in.
  func finish() {
    let indexes = children.compactMap { child -> Int? in
      if case .index(let index) = child.component { index } else { nil }
    }
    if indexes.count == children.count {
      children = zip(indexes, children).sorted { $0.0 < $1.0 }.map(\.1)
    }
    for child in children { child.node.finish() }
  }

  /// Whether this position holds an array (its children are indexes).
  var isArray: Bool {
    if case .index? = children.first?.component { true } else { false }
  }
}

/// The base address of a model: where its fields' offsets count from.
enum ModelBase {
  /// Runs `body` with the address of `model`'s storage: the struct itself,
  /// or the object a class reference points to.
  @inline(__always)
  static func withBase<Root, R>(
    of model: inout Root, isClass: Bool, _ body: (UnsafeMutableRawPointer) throws(CodixError) -> R
  ) throws(CodixError) -> R {
    try withUnsafeMutablePointer(to: &model) { (pointer) throws(CodixError) in
      let raw = UnsafeMutableRawPointer(pointer)
      // A class value is one reference: load the object's address from it.
      return try body(isClass ? raw.load(as: UnsafeMutableRawPointer.self) : raw)
    }
  }
}
