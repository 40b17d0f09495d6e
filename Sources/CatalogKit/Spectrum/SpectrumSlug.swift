/// Series keys from names: `"QL Hacker's Journal"` → `ql-hacker-s-journal`.
public enum SpectrumSlug {
  /// Lowercase; letters and digits stay, everything else becomes one `-`; no `-` at either end.
  public static func make(_ name: String) -> String {
    var out = ""
    var pendingDash = false
    for ch in name.lowercased() {
      if ch.isLetter || ch.isNumber {
        if pendingDash && !out.isEmpty { out.append("-") }
        pendingDash = false
        out.append(ch)
      } else {
        pendingDash = true
      }
    }
    return out
  }

  /// A magazine's series key: slug plus id, or `zxdb-<id>` when the name has no letters or digits.
  public static func seriesKey(magazineName: String, id: Int) -> String {
    let s = make(magazineName)
    return s.isEmpty ? "zxdb-\(id)" : "\(s)-\(id)"
  }
}
