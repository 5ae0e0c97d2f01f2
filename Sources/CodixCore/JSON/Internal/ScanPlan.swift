import Foundation

/// The path a scan keeps on the tape (JSONScanner.swift): `decode(_:from:at:)`
/// needs the containers on its path and the value it ends at, not the rest.
struct ScanPlan {
  /// One step of the path, as the scan compares it with the document.
  enum Step {
    /// A member whose key is written with these bytes, all ASCII (a key
    /// with an escape or a byte above 0x7F is kept whatever it says, and
    /// compared when read).
    case key([UInt8])
    /// The element at this position.
    case index(Int)
  }

  let steps: [Step]
  /// The containers that may be open at once: a document's limit, or less
  /// for streamed elements scanned as a document of their own, which in the
  /// whole document sit inside containers of its path.
  private(set) var depthLimit = JSONScanner.depthLimit
  /// The bytes per tape entry the tape is first sized for: a whole
  /// document's first guess, or a streamed run's (small objects, many
  /// short values), which a tape that grows would copy.
  private(set) var bytesPerEntry = 8

  /// A value's level: how many steps lead to it. At `steps.count` or more,
  /// the value is the one the path ends at, or inside it: kept whole.
  /// `off`: the value is off the path.
  static let off = -1

  /// No steps: the whole document is kept.
  static let wholeDocument = ScanPlan(steps: [])

  private init(steps: [Step]) {
    self.steps = steps
  }

  /// The whole document of a streamed run, with containers open at most
  /// `depthLimit` deep.
  static func run(depthLimit: Int) -> ScanPlan {
    var plan = ScanPlan(steps: [])
    plan.depthLimit = min(depthLimit, JSONScanner.depthLimit)
    plan.bytesPerEntry = 4
    return plan
  }

  /// The plan for `path` under `strategy`; `nil` when the reader must see
  /// the whole document to find the path's value: a key strategy that
  /// converts keys, `[*]`, an index counted from the end, or a key with a
  /// byte above 0x7F (which other bytes may spell: `"é"` is also `"e\u{301}"`).
  init?(_ path: Path, keys strategy: JSONDecoder.KeyDecodingStrategy) {
    guard case .useDefaultKeys = strategy, let components = try? path.validComponents(),
      !components.isEmpty
    else { return nil }
    var steps: [Step] = []
    steps.reserveCapacity(components.count)
    for component in components {
      switch component {
      case .key(let key):
        let bytes = Array(key.utf8)
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        steps.append(.key(bytes))
      case .index(let index) where index >= 0: steps.append(.index(index))
      case .index, .wildcard: return nil
      }
    }
    self.steps = steps
  }
}
