import CodixCore

/// The properties read at one position of a model's document, and the
/// positions below it, keyed by path component: the tree a model's table is.
///
/// For `@Coding("user.name")`, `@Coding("user.tags[0]")` and `@Coding("id")`:
///
///     root
///       "id"     -> field id
///       "user"
///         "name" -> field name
///         "tags"
///           [0]  -> field tags
///
/// An object is opened once per instance however many properties it holds,
/// and an absent object is reported once, at itself.
final class FieldNode {
  // Written only while its table is built, before any decode can see it;
  // read-only after. The engine reads these for every decoded instance, so
  // they skip the runtime's exclusivity checks (about 5% of a wrapper
  // model's decoding cost above hand-written code).
  /// The properties whose path ends here.
  @exclusivity(unchecked) private(set) var fields: [Field] = []
  /// The positions below this one reached by a key, in declaration order.
  @exclusivity(unchecked) private(set) var keyChildren: [(key: CodixKey, node: FieldNode)] = []
  /// The positions below this one reached by an index, in declaration order.
  @exclusivity(unchecked) private(set) var indexChildren: [(index: Int, node: FieldNode)] = []
  /// The key children that hold properties only, flattened to one entry per
  /// property: the engine's hot loop (set by `finish()`). `underscored`:
  /// whether the key holds an underscore (see `KeySpelling.mayRespell`),
  /// worked out once here rather than per read. `strict`: whether a fast
  /// read may insist on the value (see `StandardScalar.read`): the property
  /// fails when it is absent at this key.
  @exclusivity(unchecked) private(set) var leaves:
    [(key: CodixKey, field: Field, underscored: Bool, strict: Bool)] = []
  /// The key children with positions below them (set by `finish()`),
  /// `underscored` as for `leaves`.
  @exclusivity(unchecked) private(set) var branches:
    [(key: CodixKey, node: FieldNode, underscored: Bool)] = []
  /// The first required property below the key children, named when the
  /// object they live in is absent.
  @exclusivity(unchecked) private(set) var firstRequiredInObject: Field?
  /// The first required property at or below this position.
  @exclusivity(unchecked) private(set) var firstRequired: Field?
  /// The properties with aliases below the key children: read elsewhere
  /// when the object at this position is absent.
  @exclusivity(unchecked) private(set) var aliasedInObject: [Field] = []
  /// The properties with aliases below this position (its own excluded):
  /// read elsewhere when this position is absent.
  @exclusivity(unchecked) private(set) var aliasedBelow: [Field] = []
  /// The property named when the object at this position has the wrong
  /// type: the first required property below the key children, else the first one.
  @exclusivity(unchecked) private(set) var ownerOfObject: Field?
  /// The property named when this position has the wrong type: the first
  /// required property at or below it, else the first one.
  @exclusivity(unchecked) private(set) var owner: Field?

  /// Whether everything at this position is read from members of its
  /// object: no property here, none at an index below (set by `finish()`).
  /// The engine steps into such an object straight from its parent's.
  @exclusivity(unchecked) private(set) var readsMembersOnly = false

  /// The smallest declaration order of the properties at or below this
  /// position: where a failure of the position as a whole is listed.
  @exclusivity(unchecked) private(set) var firstOrder = Int.max
  /// Set by `finish()`: from then on the node is shared and read-only, and
  /// `insert` and `finish` trap (in every build) instead of writing it.
  private var isFinished = false

  var hasChildren: Bool { !keyChildren.isEmpty || !indexChildren.isEmpty }

  /// The keys of the object at this position that properties read.
  var claimedKeys: [String] { keyChildren.map(\.key.stringValue) }

  /// Adds `field` at `path` below this position.
  func insert(_ field: Field, at path: Path) {
    // safe: only a table or plan being built inserts, into the root it just
    // made, before it calls `finish()` and stores the tree (ModelTable.swift);
    // a model's declaration changes what is inserted, never that order.
    precondition(!isFinished, "a field tree is built before it is shared")
    // Most paths are one key: no array of components.
    if let key = path.singleKey {
      child(at: key).fields.append(field)
    } else {
      insert(field, at: path.components[...])
    }
  }

  /// Adds `field` at `components` below this position.
  func insert(_ field: Field, at components: ArraySlice<PathComponent>) {
    // safe: as above; the nodes below the root are this tree's own, made by
    // `child(at:)` or here, and finished only by their parent's `finish()`.
    precondition(!isFinished, "a field tree is built before it is shared")
    guard let first = components.first else {
      fields.append(field)
      return
    }
    let rest = components.dropFirst()
    switch first {
    case .key(let key):
      child(at: key).insert(field, at: rest)
    case .wildcard:
      // A property read through `[*]` lives at its array and reads the rest
      // of its path below each element itself.
      fields.append(field)
    case .index(let index):
      if let child = indexChildren.first(where: { $0.index == index }) {
        child.node.insert(field, at: rest)
      } else {
        let child = FieldNode()
        child.insert(field, at: rest)
        indexChildren.append((index, child))
      }
    }
  }

  /// The position below this one at `key`, added when new.
  private func child(at key: String) -> FieldNode {
    if let child = keyChildren.first(where: { $0.key.stringValue == key }) { return child.node }
    let child = FieldNode()
    keyChildren.append((CodixKey(key), child))
    return child
  }

  /// Works out the required properties once the tree is complete. Plain
  /// loops: this runs for every model type's first decode.
  func finish() {
    // safe: the builder finishes its root once; every other node sits in
    // exactly one parent's `keyChildren` or `indexChildren` (a repeated key
    // or index reuses its node rather than listing it again), and only that
    // parent's `finish()` finishes it.
    precondition(!isFinished, "a field tree is finished once")
    isFinished = true
    var leaves: [(key: CodixKey, field: Field, underscored: Bool, strict: Bool)] = []
    leaves.reserveCapacity(keyChildren.count)
    var branches: [(key: CodixKey, node: FieldNode, underscored: Bool)] = []
    var firstRequiredInObject: Field?
    var aliasedInObject: [Field] = []
    var firstOwnerInObject: Field?
    for child in keyChildren {
      let node = child.node
      node.finish()
      if node.hasChildren {
        branches.append((child.key, node, KeySpelling.mayRespell(child.key)))
      } else {
        for field in node.fields {
          leaves.append(
            (child.key, field, KeySpelling.mayRespell(child.key), field.failsAtOwnPath))
        }
      }
      if firstRequiredInObject == nil { firstRequiredInObject = node.firstRequired }
      if firstOwnerInObject == nil { firstOwnerInObject = node.owner }
      node.appendAliased(to: &aliasedInObject)
    }
    var aliasedBelow = aliasedInObject
    var firstRequiredInIndexes: Field?
    var firstOwnerInIndexes: Field?
    for child in indexChildren {
      let node = child.node
      node.finish()
      if firstRequiredInIndexes == nil { firstRequiredInIndexes = node.firstRequired }
      if firstOwnerInIndexes == nil { firstOwnerInIndexes = node.owner }
      node.appendAliased(to: &aliasedBelow)
    }
    var firstRequiredHere: Field?
    for field in fields where field.failsAtOwnPath {
      firstRequiredHere = field
      break
    }
    let firstRequired = firstRequiredHere ?? firstRequiredInObject ?? firstRequiredInIndexes
    var firstOrder = Int.max
    for field in fields { firstOrder = min(firstOrder, field.order) }
    for child in keyChildren { firstOrder = min(firstOrder, child.node.firstOrder) }
    for child in indexChildren { firstOrder = min(firstOrder, child.node.firstOrder) }
    self.firstOrder = firstOrder
    readsMembersOnly = fields.isEmpty && indexChildren.isEmpty && !keyChildren.isEmpty
    self.leaves = leaves
    self.branches = branches
    self.firstRequiredInObject = firstRequiredInObject
    self.firstRequired = firstRequired
    self.aliasedInObject = aliasedInObject
    self.aliasedBelow = aliasedBelow
    ownerOfObject = firstRequiredInObject ?? firstOwnerInObject
    owner = firstRequired ?? fields.first ?? ownerOfObject ?? firstOwnerInIndexes
  }

  /// Appends the properties with aliases at or below this position, for
  /// the position above it.
  private func appendAliased(to list: inout [Field]) {
    for field in fields where !field.aliases.isEmpty { list.append(field) }
    list += aliasedBelow
  }
}
