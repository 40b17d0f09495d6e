/// One Vintage Apple shelf's own checks; the shared rules (unique ids, known series, 1…n numbering,
/// relative paths, hosts) are applied by the build runner for every catalogue.
public enum VintageAppleRules {
  /// The longest shipped Vintage Apple run stays below 700 issues.
  public static let plausibility = Plausibility(source: "vintageapple", numbers: 1...5_000)

  /// The numbers that decide whether a crawl looks complete. They are settings, not constants.
  public struct Thresholds: Sendable, Equatable {
    /// The shelf needs at least this many files (reference: 900 magazines, 700 books).
    public var minIssues: Int
    /// At least this percentage of the live (not dead) files must carry a size (reference: 90 %).
    public var minSizedPercent: Int
    /// More than this percentage of dead files is reported (a warning: the spec sets no limit).
    public var maxDeadPercent: Int

    public init(minIssues: Int, minSizedPercent: Int = 90, maxDeadPercent: Int = 5) {
      self.minIssues = minIssues
      self.minSizedPercent = minSizedPercent
      self.maxDeadPercent = maxDeadPercent
    }

    /// The floor from the previous catalogue of the group, less 5 %; without one, the reference's.
    public static func minIssues(group: VintageAppleGroup, previousCount: Int?) -> Int {
      SharedRules.previousFloor(previousCount: previousCount, reference: group.referenceMinIssues)
    }
  }

  /// The rules for one group. The count floor and the every-section check are named `threshold/…`,
  /// so the build runner reports them without enforcing them for an `--only` subset.
  public static func rules(group: VintageAppleGroup, _ t: Thresholds) -> [ValidationRule<IssueCatalogue>] {
    let slugs = Set(group.sections.map(\.slug))
    let expected = group.sections.map(\.slug)
    return plausibility.issueRules() + [
      SharedRules.countFloor("minimum-issues", .atLeast(t.minIssues), noun: "file") { _ in
        "the parse or a section is broken"
      },
      ValidationRule("threshold/every-section") { c in
        let present = Set(c.series.map(\.key))
        let missing = expected.filter { !present.contains($0) }
        guard !missing.isEmpty else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "\(Plural.count(missing.count, "\(group.rawValue) section")) \(Plural.verb(missing.count, "has", "have")) no files (\(missing.joined(separator: ", "))): their pages or the parse changed",
          records: missing)
      },
      ValidationRule("vintageapple/series-in-group") { c in
        let stray = c.series.map(\.key).filter { !slugs.contains($0) }
        guard !stray.isEmpty else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "series \(stray.joined(separator: ", ")) are not \(group.rawValue) sections; the two shelves must share no series",
          records: stray)
      },
      ValidationRule("vintageapple/sized-share") { c in
        let live = c.issues.filter { $0.dead != true }
        let unsized = live.filter { $0.bytes == nil }
        guard (live.count - unsized.count) * 100 < live.count * t.minSizedPercent else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "only \(live.count - unsized.count) of \(live.count) live files have a size, fewer than \(t.minSizedPercent) %: the size probes did not run or failed",
          records: unsized.map(\.id))
      },
      ValidationRule("vintageapple/dead-share", .warning) { c in
        let dead = c.issues.filter { $0.dead == true }
        guard dead.count * 100 > c.issues.count * t.maxDeadPercent else { return nil }
        return Finding(
          rule: "", severity: .warning,
          message: "\(dead.count) of \(c.issues.count) files answered not found, more than \(t.maxDeadPercent) %",
          records: dead.map(\.id))
      },
      ValidationRule("vintageapple/cover") { c in
        let bare = c.issues.filter { $0.cover == nil }
        guard !bare.isEmpty else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "\(Plural.count(bare.count, "file")) \(Plural.verb(bare.count, "has", "have")) no thumbnail; every row should have one",
          records: bare.map(\.id))
      },
      ValidationRule("vintageapple/pdf-path") { c in
        let odd = c.issues.filter {
          !$0.zip.lowercased().hasSuffix(".pdf") || $0.zip.lowercased().hasPrefix("http") || !$0.zip.contains("/pdf/")
        }
        guard !odd.isEmpty else { return nil }
        return Finding(
          rule: "", severity: .error,
          message:
            "\(Plural.count(odd.count, "file")) \(Plural.verb(odd.count, "has", "have")) a zip that is not <section>/pdf/<file>.pdf",
          records: odd.map(\.id))
      },
    ]
  }
}
