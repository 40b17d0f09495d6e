/// Suggestions for typos on command lines ("did you mean '--no-network'?").
public enum NearMatch {
  /// The candidate closest to `word` within `maximum` edits, ties broken alphabetically.
  /// Failing that, a candidate the word abbreviates or extends (`retro` → `retrospec`, `--cache` →
  /// `--cache-root`): people shorten names far beyond two edits.
  public static func nearest(_ word: String, in candidates: some Sequence<String>, maximum: Int = 2) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }
    func best(_ list: [(String, Int)]) -> String? {
      list.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }
    if let close = best(scored.filter { $0.1 <= maximum }) { return close }
    let stem = word.drop { $0 == "-" }
    guard stem.count >= 3 else { return nil }
    return best(
      scored.filter { c in c.0.hasPrefix(word) || (word.hasPrefix(c.0) && c.0.drop { $0 == "-" }.count >= 3) })
  }

  /// Levenshtein distance over characters.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var current = [i + 1]
      for (j, cb) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
