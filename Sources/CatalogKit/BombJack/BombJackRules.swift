import Foundation

/// BombJack's own checks, run on each of the seven files before any is written. The invariants that
/// span files (a zip in one file only, ids unique across all seven, each run numbered 1…n across the
/// seven) are checked on each file against the whole set, so the runner refuses the file that breaks
/// them and names it.
public enum BombJackRules {
  /// The longest shipped run has 1,765 issues (a games shelf).
  public static let plausibility = Plausibility(source: "bombjack", numbers: 1...10_000)

  /// What the rules that span the seven files need of the whole set, worked out once for all
  /// seven (each file's rules used to gather the other six files' ids, files and numbers anew):
  /// which shelves list each id and each file, and each run's numbers on each shelf.
  public struct SetIndex: Sendable {
    var shelvesOfZip: [String: UInt32] = [:]
    var shelvesOfID: [String: UInt32] = [:]
    var numbers: [String: [(shelf: BombJackShelf, numbers: [Int])]] = [:]

    public init(_ set: [BombJackShelf: IssueCatalogue]) {
      var byRun: [String: [BombJackShelf: [Int]]] = [:]
      for (shelf, c) in set {
        let bit = SetIndex.bit(shelf)
        for i in c.issues {
          shelvesOfZip[i.zip, default: 0] |= bit
          shelvesOfID[i.id, default: 0] |= bit
          byRun[i.series, default: [:]][shelf, default: []].append(i.number)
        }
      }
      numbers = byRun.mapValues { $0.map { (shelf: $0.key, numbers: $0.value) } }
    }

    static func bit(_ shelf: BombJackShelf) -> UInt32 {
      1 << UInt32(BombJackShelf.allCases.firstIndex(of: shelf) ?? 0)
    }

    /// Whether a shelf other than `shelf` lists the value.
    static func elsewhere(_ shelves: UInt32?, than shelf: BombJackShelf) -> Bool {
      (shelves ?? 0) & ~bit(shelf) != 0
    }

    /// A run's numbers on every shelf but `shelf`.
    func numbers(of run: String, besides shelf: BombJackShelf) -> [Int] {
      (numbers[run] ?? []).filter { $0.shelf != shelf }.flatMap(\.numbers)
    }
  }

  /// `index` is `SetIndex(set)`, made once by a caller that asks for every shelf's rules.
  public static func rules(
    for shelf: BombJackShelf, in set: [BombJackShelf: IssueCatalogue],
    bounds: BombJackShelfBounds = BombJackShelfBounds(),
    partial: Bool = false, index: SetIndex? = nil
  ) -> [ValidationRule<IssueCatalogue>] {
    let index = index ?? SetIndex(set)
    let completeness: Severity = partial ? .warning : .error
    var rules: [ValidationRule<IssueCatalogue>] = [
      ValidationRule("bombjack/not-empty") { c in
        c.issues.isEmpty ? Finding(rule: "", severity: .error, message: "\(shelf.fileName) has no issues") : nil
      },
      ValidationRule("bombjack/unique-id") { c in
        duplicates(c.issues.map(\.id)).map {
          Finding(rule: "", severity: .error, message: "ids listed twice in \(shelf.fileName)", records: $0)
        }
      },
      ValidationRule("bombjack/unique-zip") { c in
        duplicates(c.issues.map(\.zip)).map {
          Finding(rule: "", severity: .error, message: "files listed twice in \(shelf.fileName)", records: $0)
        }
      },
      ValidationRule("bombjack/distinct-run-names") { c in
        duplicates(c.series.map(\.name)).map {
          Finding(rule: "", severity: .error, message: "run names used by two runs in \(shelf.fileName)", records: $0)
        }
      },
      ValidationRule("bombjack/runs-present") { c in
        let keys = Set(c.series.map(\.key))
        let bad = c.issues.filter { !keys.contains($0.series) }.map { "\($0.id) (\($0.series))" }
        return bad.isEmpty
          ? nil
          : Finding(
            rule: "", severity: .error, message: "issues whose run is not in the file's series block", records: bad,
            count: bad.count)
      },
      ValidationRule("bombjack/titles") { c in
        let bad = c.issues.filter { ASCIIText.isBlank($0.title) }.map(\.id)
        return bad.isEmpty
          ? nil
          : Finding(rule: "", severity: .error, message: "issues with an empty title", records: bad, count: bad.count)
      },
      ValidationRule("bombjack/https-downloads") { c in
        let bad = c.issues.filter { !isDownload($0.zip) }.map(\.zip)
        return bad.isEmpty
          ? nil
          : Finding(
            rule: "", severity: .error,
            message: "downloads that are not https on \(BombJackSite.downloadHosts.sorted().joined(separator: " or "))",
            records: bad, count: bad.count)
      },
      ValidationRule("bombjack/max-per-file") { c in
        c.issues.count > bounds.maxPerFile
          ? Finding(
            rule: "", severity: .error,
            message:
              "\(shelf.fileName) holds \(Plural.count(c.issues.count, "issue")), more than \(bounds.maxPerFile) (--max-per-file); split the shelf or raise the limit"
          )
          : nil
      },
      ValidationRule("threshold/bombjack-min-per-file", completeness) { c in
        let floor = bounds.floor(shelf)
        return c.issues.count < floor
          ? Finding(
            rule: "", severity: completeness,
            message:
              "\(shelf.fileName) holds \(Plural.count(c.issues.count, "issue")), fewer than \(floor) (\(bounds.minSharePercent)% of the \(shelf.shippedCount) shipped; --min-share)"
          )
          : nil
      },
      ValidationRule("bombjack/zip-in-one-file") { c in
        let bad = c.issues.map(\.zip).filter { SetIndex.elsewhere(index.shelvesOfZip[$0], than: shelf) }
        return bad.isEmpty
          ? nil
          : Finding(
            rule: "", severity: .error, message: "files of \(shelf.fileName) also listed in another BombJack file",
            records: bad, count: bad.count)
      },
      ValidationRule("bombjack/id-across-files") { c in
        let bad = c.issues.map(\.id).filter { SetIndex.elsewhere(index.shelvesOfID[$0], than: shelf) }
        return bad.isEmpty
          ? nil
          : Finding(
            rule: "", severity: .error, message: "ids of \(shelf.fileName) also used in another BombJack file",
            records: bad, count: bad.count)
      },
      ValidationRule("bombjack/run-numbering") { c in
        var mine: [String: [Int]] = [:]
        for i in c.issues { mine[i.series, default: []].append(i.number) }
        let bad = mine.keys.sorted().filter { key in
          let n = (index.numbers(of: key, besides: shelf) + (mine[key] ?? [])).sorted()
          return n != Array(1...max(1, n.count))
        }
        return bad.isEmpty
          ? nil
          : Finding(
            rule: "", severity: .error, message: "runs not numbered 1…n across the seven files", records: bad,
            count: bad.count)
      },
    ]
    // The total is checked once, on the first shelf present in menu order.
    if set.keys.min() == shelf {
      let total =
        set.values.reduce(0) { $0 + $1.issues.count }
        - set[shelf, default: IssueCatalogue(generated: "", base: "", series: [], issues: [])].issues.count
      rules.append(
        ValidationRule("threshold/bombjack-min-total", completeness) { c in
          let all = total + c.issues.count
          return all < bounds.minTotal
            ? Finding(
              rule: "", severity: completeness,
              message:
                "the seven files hold \(Plural.count(all, "issue")), fewer than \(bounds.minTotal) (--min-issues)")
            : nil
        })
    }
    return rules + plausibility.issueRules()
  }

  static func isDownload(_ zip: String) -> Bool {
    guard let u = URL(string: zip), u.scheme == "https", let host = u.host(percentEncoded: true) else { return false }
    return BombJackSite.downloadHosts.contains(host)
  }

  /// The values listed more than once, in first-seen order; nil when all are distinct.
  static func duplicates(_ values: [String]) -> [String]? {
    var seen: Set<String> = []
    var twice: [String] = []
    var reported: Set<String> = []
    for v in values where !seen.insert(v).inserted {
      if reported.insert(v).inserted { twice.append(v) }
    }
    return twice.isEmpty ? nil : twice
  }
}
