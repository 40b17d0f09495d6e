/// The Atarimania catalogue's own checks; the shared rules (unique ids, known series, 1…n numbering,
/// relative paths, hosts) are applied by the build runner for every catalogue.
public enum AtarimaniaRules {
  /// The longest shipped Atarimania run stays below 700 issues.
  public static let plausibility = Plausibility(source: "atarimania", numbers: 1...5_000)

  /// The numbers that decide whether a crawl looks complete. They are settings, not constants.
  public struct Thresholds: Sendable, Equatable {
    /// The catalogue needs more than this many issues (the reference required more than 1,500; the
    /// site lists about 1,900).
    public var minIssues: Int
    /// At most this percentage of issues may be dead (reference: 5 %).
    public var maxDeadPercent: Int
    /// At least this percentage of all issues must carry a size (reference: 90 %).
    public var minSizedPercent: Int
    /// More than this percentage of issues must have a cover.
    public var minCoverPercent: Int

    public init(minIssues: Int = 1500, maxDeadPercent: Int = 5, minSizedPercent: Int = 90, minCoverPercent: Int = 90) {
      self.minIssues = minIssues
      self.maxDeadPercent = maxDeadPercent
      self.minSizedPercent = minSizedPercent
      self.minCoverPercent = minCoverPercent
    }

    /// The reference's floor when there is no previous catalogue.
    public static let referenceMinIssues = 1500

    /// The floor from a previous catalogue: its count less 5 %, so a few withdrawn scans pass but a
    /// broken index (a handful of titles) does not. Without one, the reference's 1,500.
    public static func minIssues(previousCount: Int?) -> Int {
      SharedRules.previousFloor(previousCount: previousCount, reference: referenceMinIssues)
    }
  }

  /// The rules. The count floor is named `threshold/…`, so the build runner reports it without
  /// enforcing it for an `--only` subset; the shares hold for any subset.
  public static func rules(_ t: Thresholds) -> [ValidationRule<IssueCatalogue>] {
    plausibility.issueRules() + [
      SharedRules.countFloor("minimum-issues", .moreThan(t.minIssues)) { _ in
        "the site lists ~1,900, so the parse or the index is broken"
      },
      ValidationRule("atarimania/dead-share") { c in
        let dead = c.issues.filter { $0.dead == true }
        guard dead.count * 100 > c.issues.count * t.maxDeadPercent else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "\(dead.count) of \(c.issues.count) issues are dead, more than \(t.maxDeadPercent) %: the probes or the site are broken",
          records: dead.map(\.id))
      },
      ValidationRule("atarimania/sized-share") { c in
        let sized = c.issues.filter { $0.bytes != nil }.count
        guard sized * 100 < c.issues.count * t.minSizedPercent else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "only \(sized) of \(c.issues.count) issues have a size, fewer than \(t.minSizedPercent) %: the size probes did not run or failed",
          records: c.issues.filter { $0.bytes == nil }.map(\.id), count: c.issues.count - sized)
      },
      ValidationRule("atarimania/cover-share") { c in
        let bare = c.issues.filter { $0.cover == nil }
        guard (c.issues.count - bare.count) * 100 <= c.issues.count * t.minCoverPercent, !c.issues.isEmpty else {
          return nil
        }
        return Finding(
          rule: "", severity: .error,
          message:
            "\(bare.count) of \(c.issues.count) issues have no cover; more than \(t.minCoverPercent) % must have one",
          records: bare.map(\.id))
      },
      ValidationRule("atarimania/pdf-path") { c in
        let odd = c.issues.filter { !$0.zip.hasPrefix("mags/pdf/") || !$0.zip.lowercased().hasSuffix(".pdf") }
        guard !odd.isEmpty else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "\(Plural.count(odd.count, "issue")) \(Plural.verb(odd.count, "has", "have")) a zip outside mags/pdf/<file>.pdf",
          records: odd.map(\.id))
      },
    ]
  }
}
