/// "Did you mean …?" for a mistyped name: only a close match, never the least far of far words.
public enum NearMatch {
  /// The candidate closest to `word`, ties broken alphabetically, when it is close for the word's
  /// length: one edit per three letters of the name (dashes aside), at least one and at most
  /// `maximum`. A fixed allowance would call `--bogus` a typo of `--jobs` (three edits in five letters).
  /// Failing that, a candidate the word abbreviates or extends (`retro` → `retrospec`, `--cache` →
  /// `--cache-root`): people shorten names far beyond a few edits.
  public static func nearest(_ word: String, in candidates: some Sequence<String>, maximum: Int = 2) -> String? {
    let stem = word.drop { $0 == "-" }
    let allowed = min(maximum, max(1, stem.count / 3))
    let scored = candidates.map { ($0, distance(word, $0)) }
    func best(_ list: [(String, Int)]) -> String? {
      list.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }
    if let close = best(scored.filter { $0.1 <= allowed }) { return close }
    guard stem.count >= 3 else { return nil }
    return best(
      scored.filter { c in c.0.hasPrefix(word) || (word.hasPrefix(c.0) && c.0.drop { $0 == "-" }.count >= 3) })
  }

  /// Edits between two words (insert, delete, replace, or swap two neighbours: the optimal string
  /// alignment distance), so `--jbos` is one slip from `--jobs`, as a person counts it.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var current = [i + 1]
      for (j, cb) in b.enumerated() {
        var d = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
        if i > 0, j > 0, ca == b[j - 1], a[i - 1] == cb { d = min(d, before[j - 1] + 1) }
        current.append(d)
      }
      before = previous
      previous = current
    }
    return previous[b.count]
  }
}
