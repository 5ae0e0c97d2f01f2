// "Did you mean …?" for a missing key, by edit distance.

package enum Suggestions {
  /// The candidate closest to `key`, when it is close enough to be a likely typo
  /// or a spelling variant (`nickName` for `nick_name`, `title` for `titel`):
  /// compared ignoring case, `_` and `-`, within an edit distance of a third
  /// of the shorter key (at least 1), a swap of two neighbours counting as one.
  package static func closest(to key: String, in candidates: [String]) -> String? {
    let target = normalized(key)
    var best: (key: String, distance: Int)?
    for candidate in candidates where candidate != key {
      let distance = editDistance(target, normalized(candidate))
      let limit = max(1, min(target.count, candidate.count) / 3)
      guard distance <= limit else { continue }
      if let current = best, current.distance <= distance { continue }
      best = (candidate, distance)
    }
    return best?.key
  }

  /// Lowercased with `_` and `-` removed, so `nick_name` and `nickName` meet.
  private static func normalized(_ key: String) -> [Character] {
    Array(key.lowercased().filter { $0 != "_" && $0 != "-" })
  }

  /// The optimal string alignment distance: the fewest insertions,
  /// deletions, substitutions and swaps of two adjacent characters that turn
  /// `a` into `b`, no character edited twice. A swap is one edit, so
  /// `titel` is 1 from `title` (Levenshtein's distance counts it as 2).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    if a.count > 64 || b.count > 64 { return a == b ? 0 : max(a.count, b.count) }
    // Three rows of the table: `current` is row i, `previous` i - 1, `beforePrevious` i - 2.
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, beforePrevious[j - 2] + 1)
        }
        current[j] = distance
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
