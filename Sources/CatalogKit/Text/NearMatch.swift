/// Suggestions for typos on command lines ("did you mean '--no-network'?").
public enum NearMatch {
  /// The candidate closest to `word` within `maximum` edits, ties broken alphabetically.
  public static func nearest(_ word: String, in candidates: some Sequence<String>, maximum: Int = 2) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= maximum }
    return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
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
