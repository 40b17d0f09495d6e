/// retrospec-build's own checks before writing. The shared rules already cover unique ids, known
/// series, non-empty titles, relative paths, the host allowlist and 1…n numbering.
public enum RetroSpecRules {
  /// The longest shipped RetroSpec run stays below 700 issues.
  public static let plausibility = Plausibility(source: "retrospec", numbers: 1...5_000)

  /// - Parameters:
  ///   - thresholds: the counts a healthy crawl reaches.
  ///   - pages: the parsed index pages, so a failure can name the pages an issue count came from.
  ///   - probed: the size probes ran, so a live issue without `bytes` is worth a warning.
  public static func rules(
    thresholds t: RetroSpecThresholds, pages: [RetroSpecIndexPage], probed: Bool = true
  ) -> [ValidationRule<IssueCatalogue>] {
    // Named `threshold/…` so a partial build (`--only`) reports them as warnings instead of refusing.
    let gate = Severity.error
    let suspects = pages.compactMap(suspicion)
    let pagesOfSeries = seriesPages(pages)
    var rules: [ValidationRule<IssueCatalogue>] = [
      SharedRules.countFloor("issue-count", .atLeast(t.minIssues), gate) { _ in
        suspects.isEmpty ? "the parse or the index is broken" : suspects.joined(separator: "; ")
      },
      ValidationRule("threshold/series-shrank", gate) { c in
        var now: [String: Int] = [:]
        for issue in c.issues { now[issue.series, default: 0] += 1 }
        let shrunk = t.previousSeriesCounts.keys.sorted().filter { (now[$0] ?? 0) < (t.previousSeriesCounts[$0] ?? 0) }
        guard !shrunk.isEmpty else { return nil }
        let parts = shrunk.map { key in
          let from = pagesOfSeries[key].map { " from \($0.joined(separator: ", "))" } ?? " (no index page lists it now)"
          return
            "\(key) has \(now[key] ?? 0) issues, the previous catalogue had \(t.previousSeriesCounts[key] ?? 0)\(from)"
        }
        return Finding(rule: "", severity: gate, message: parts.joined(separator: "; "), records: shrunk)
      },
      ValidationRule("threshold/dead-archives", gate) { c in
        let dead = c.issues.filter { $0.dead == true }
        guard dead.count > t.maxDead else { return nil }
        return Finding(
          rule: "", severity: gate,
          message:
            "\(dead.count) archives are missing (at most \(t.maxDead) allowed): the site or the parse is broken, not the archive",
          records: dead.map(\.id))
      },
      ValidationRule("threshold/metadata", gate) { c in
        let described = c.issues.filter { $0.pages != nil }.count
        guard described < t.minWithMetadata else { return nil }
        return Finding(
          rule: "", severity: gate,
          message:
            "only \(Plural.count(described, "issue")) \(Plural.verb(described, "has", "have")) a metadata page, at least \(t.minWithMetadata) expected: magshow pages came back without their series name",
          records: c.issues.filter { $0.pages == nil }.map(\.id))
      },
      ValidationRule("retrospec/title-question-mark", .warning) { c in
        let bad = c.issues.filter { $0.title.utf8.contains(UInt8(ascii: "?")) }
        guard !bad.isEmpty else { return nil }
        return Finding(
          rule: "", severity: .warning,
          message: "titles still contain '?' for a lost letter (e.g. '\(bad[0].title)'); add a month repair",
          records: bad.map(\.id))
      },
    ]
    if probed {
      rules.append(
        ValidationRule("retrospec/live-without-bytes", .warning) { c in
          let bad = c.issues.filter { $0.dead != true && $0.bytes == nil }
          guard !bad.isEmpty else { return nil }
          return Finding(
            rule: "", severity: .warning, message: "live issues without a size (bytes)", records: bad.map(\.id))
        })
    }
    return rules + plausibility.issueRules()
  }

  /// Why a page looks damaged, or nil.
  static func suspicion(_ page: RetroSpecIndexPage) -> String? {
    var why: [String] = []
    if page.looksTruncated { why.append("looks truncated") }
    if !page.hasContentMarkers, !page.looksTruncated { why.append("has no CONTENT markers") }
    if !page.brokenCells.isEmpty { why.append("has \(page.brokenCells.count) half cells") }
    guard !why.isEmpty else { return nil }
    return "\(page.url.absoluteString) \(why.joined(separator: ", ")) (\(page.cells.count) issue cells)"
  }

  /// For each series key, the index pages that list it.
  static func seriesPages(_ pages: [RetroSpecIndexPage]) -> [String: [String]] {
    var out: [String: [String]] = [:]
    for page in pages {
      for key in Set(page.cells.map { $0.issueID.seriesKey }) {
        out[key, default: []].append(page.url.lastPathComponent)
      }
    }
    return out
  }
}
