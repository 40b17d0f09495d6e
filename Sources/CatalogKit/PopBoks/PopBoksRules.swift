/// The checks a PopBoks catalogue must pass before it is written (spec: sources/popboks.md,
/// "Validation before writing"). The shared rules for every catalogue are added by the runner.
public enum PopBoksRules {
  /// The magazines' own years; Džuboks printed 194 issues, Ritam about 30.
  public static let plausibility = Plausibility(
    source: "popboks", numbers: 1...1_000, earliestYear: 1974, latestYear: 1995, pages: 1...1_000, ids: 1...10_000)

  /// Which issue years the magazines span.
  public static let years = 1974...1995

  /// - Parameters:
  ///   - minimumIssues: fewer issues means a broken parse, not a shrinking site.
  ///   - missingCovers: ids whose `…/1/icon.jpg` answered "missing"; any is fatal.
  public static func rules(
    magazine: PopBoksMagazine, minimumIssues: Int, years: ClosedRange<Int> = PopBoksRules.years,
    missingCovers: [Int] = []
  ) -> [ValidationRule<PopBoksCatalogue>] {
    var rules: [ValidationRule<PopBoksCatalogue>] = [
      ValidationRule("popboks/magazine") { c in
        c.magazine == magazine.rawValue
          ? nil : finding("the catalogue says magazine \"\(c.magazine)\" but \(magazine.rawValue) was built")
      },
      ValidationRule("popboks/not-empty") { c in c.issues.isEmpty ? finding("the catalogue lists no issues") : nil },
      ValidationRule("popboks/unique-id") { c in
        duplicates(c.issues.map(\.id)).map { finding("ids are listed more than once", $0) }
      },
      ValidationRule("popboks/unique-number") { c in
        duplicates(c.issues.map(\.number)).map { finding("numbers are listed more than once", $0) }
      },
      ValidationRule("popboks/issue-fields") { c in
        let bad = c.issues.filter {
          $0.pages <= 0 || $0.firstPage < 1 || $0.title.isEmpty || $0.label.isEmpty
        }
        return bad.isEmpty
          ? nil : finding("issues need pages > 0, firstPage ≥ 1, a title and a label", bad.map(\.id))
      },
      ValidationRule("popboks/has-tiles") { c in
        let bad = c.issues.filter { $0.columns <= 0 || $0.rows <= 0 }
        return bad.isEmpty ? nil : finding("issues have no tiles at all", bad.map(\.id))
      },
      ValidationRule("popboks/probe-limit") { c in
        let bad = c.issues.filter { $0.columns > PopBoksTileGrid.columnLimit || $0.rows > PopBoksTileGrid.rowLimit }
        return bad.isEmpty
          ? nil
          : finding(
            "issues reached the probe limit (\(PopBoksTileGrid.columnLimit) columns, \(PopBoksTileGrid.rowLimit) rows); raise it and rebuild",
            bad.map(\.id))
      },
      ValidationRule("popboks/cover") { _ in
        missingCovers.isEmpty ? nil : finding("issues have no cover (…/1/icon.jpg is missing)", missingCovers)
      },
      // A threshold (`threshold/minimum-issues`): a partial build (`--only`) reports it, a full one refuses.
      SharedRules.countFloor("minimum-issues", .atLeast(minimumIssues)) { _ in
        "fewer issues means a broken parse, not a shrinking site"
      },
    ]
    if magazine == .ritam {
      rules.append(
        ValidationRule("popboks/running-order") { c in
          let numbers = c.issues.map(\.number)
          return numbers.enumerated().allSatisfy({ $0.element == $0.offset + 1 })
            ? nil : finding("Ritam numbers are not exactly 1…\(numbers.count) in order")
        })
      rules.append(
        ValidationRule("popboks/chronology", .warning) { c in
          var bad: [Int] = []
          for (a, b) in zip(c.issues, c.issues.dropFirst())
          where (b.year, b.month ?? 0) < (a.year, a.month ?? 0) {
            bad.append(b.id)
          }
          return bad.isEmpty ? nil : finding("(year, month) goes backwards in the running order", bad)
        })
    }
    // The year window is the build's (`--years`), so the plausibility bounds follow it.
    var plausible = plausibility
    plausible.earliestYear = years.lowerBound
    plausible.latestYear = years.upperBound
    return rules + plausible.popboksRules()
  }

  static func finding(_ message: String, _ ids: [Int] = []) -> Finding {
    Finding(rule: "", severity: .error, message: message, records: ids.map(String.init), count: ids.count)
  }

  static func duplicates(_ values: [Int]) -> [Int]? {
    var seen = Set<Int>()
    let d = values.filter { !seen.insert($0).inserted }
    return d.isEmpty ? nil : d
  }
}
