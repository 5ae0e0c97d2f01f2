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
  /// The properties whose path ends here.
  private(set) var fields: [Field] = []
  /// The positions below this one reached by a key, in declaration order.
  private(set) var keyChildren: [(key: CodixKey, node: FieldNode)] = []
  /// The positions below this one reached by an index, in declaration order.
  private(set) var indexChildren: [(index: Int, node: FieldNode)] = []
  /// The key children that hold properties only, flattened to one entry per
  /// property: the engine's hot loop (set by `finish()`).
  private(set) var leaves: [(key: CodixKey, field: Field)] = []
  /// The key children with positions below them (set by `finish()`).
  private(set) var branches: [(key: CodixKey, node: FieldNode)] = []
  /// The first required property below the key children, named when the
  /// object they live in is absent.
  private(set) var firstRequiredInObject: Field?
  /// The first required property at or below this position.
  private(set) var firstRequired: Field?
  /// The properties with aliases below the key children: read elsewhere
  /// when the object at this position is absent.
  private(set) var aliasedInObject: [Field] = []
  /// The properties with aliases below this position (its own excluded):
  /// read elsewhere when this position is absent.
  private(set) var aliasedBelow: [Field] = []
  /// The property named when the object at this position has the wrong
  /// type: the first required property below the key children, else the first one.
  private(set) var ownerOfObject: Field?
  /// The property named when this position has the wrong type: the first
  /// required property at or below it, else the first one.
  private(set) var owner: Field?

  var hasChildren: Bool { !keyChildren.isEmpty || !indexChildren.isEmpty }

  /// The keys of the object at this position that properties read.
  var claimedKeys: [String] { keyChildren.map(\.key.stringValue) }

  /// Adds `field` at `components` below this position.
  func insert(_ field: Field, at components: ArraySlice<PathComponent>) {
    guard let first = components.first else {
      fields.append(field)
      return
    }
    let rest = components.dropFirst()
    switch first {
    case .key(let key):
      if let child = keyChildren.first(where: { $0.key.stringValue == key }) {
        child.node.insert(field, at: rest)
      } else {
        let child = FieldNode()
        child.insert(field, at: rest)
        keyChildren.append((CodixKey(key), child))
      }
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

  /// Works out the required properties once the tree is complete.
  func finish() {
    for child in keyChildren { child.node.finish() }
    leaves = keyChildren.filter { !$0.node.hasChildren }.flatMap { child in
      child.node.fields.map { (child.key, $0) }
    }
    branches = keyChildren.filter(\.node.hasChildren)
    for child in indexChildren { child.node.finish() }
    firstRequiredInObject = keyChildren.lazy.compactMap(\.node.firstRequired).first
    firstRequired =
      fields.first(where: \.failsAtOwnPath) ?? firstRequiredInObject
      ?? indexChildren.lazy.compactMap(\.node.firstRequired).first
    func aliased(_ node: FieldNode) -> [Field] {
      node.fields.filter { !$0.aliases.isEmpty } + node.aliasedBelow
    }
    aliasedInObject = keyChildren.flatMap { aliased($0.node) }
    aliasedBelow = aliasedInObject + indexChildren.flatMap { aliased($0.node) }
    ownerOfObject = firstRequiredInObject ?? keyChildren.lazy.compactMap(\.node.owner).first
    owner =
      firstRequired ?? fields.first ?? ownerOfObject
      ?? indexChildren.lazy.compactMap(\.node.owner).first
  }
}
