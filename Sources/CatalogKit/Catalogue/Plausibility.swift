/// The values a real catalogue of one source can hold. A number that parses is not yet a number a
/// magazine has: a mutated index script gave `Ritam 9223372036854775807` and every other rule passed.
/// The rules here (ERROR, named `plausible/…`) bound issue numbers, years, months, page counts, sizes
/// and ids per source; the bounds sit far outside what the shipped files hold, so only nonsense fails.
public struct Plausibility: Sendable, Equatable {
  /// The source (a tool name, `retrospec`) or `general` for a file the list does not know.
  public var source: String
  /// Issue numbers within a run (and the digits of a PopBoks label).
  public var numbers: ClosedRange<Int>
  /// The earliest year an issue may carry.
  public var earliestYear: Int
  /// The latest year an issue may carry; nil takes the year of the catalogue's `generated` date plus
  /// one (a January issue is on sale in November). Passed in, never read from a clock: CatalogKit is pure.
  public var latestYear: Int?
  /// Page counts. 0 is left to `issues/positive-pages` (a warning: the shipped BombJack file has one).
  public var pages: ClosedRange<Int>
  /// Sizes in bytes: a file of several GiB is not a scan, it is a misread header.
  public var bytes: ClosedRange<Int64>
  /// Integer record ids (PopBoks folders, Stripovi comics).
  public var ids: ClosedRange<Int>

  public init(
    source: String, numbers: ClosedRange<Int> = 1...10_000, earliestYear: Int = Plausibility.earliestYear,
    latestYear: Int? = nil, pages: ClosedRange<Int> = 0...Plausibility.maximumPages,
    bytes: ClosedRange<Int64> = 1...Plausibility.maximumBytes, ids: ClosedRange<Int> = 1...1_000_000
  ) {
    self.source = source
    self.numbers = numbers
    self.earliestYear = earliestYear
    self.latestYear = latestYear
    self.pages = pages
    self.bytes = bytes
    self.ids = ids
  }

  /// No source scans anything printed before this.
  public static let earliestYear = 1900
  /// The thickest shipped item has 1,569 pages (a BombJack manual); ten thousand is not a scan.
  public static let maximumPages = 10_000
  /// 8 GiB: the largest shipped file is 1.3 GB; a size past this is a header, not a scan.
  public static let maximumBytes: Int64 = 8 << 30

  /// For a file the list does not know.
  public static let general = Plausibility(source: "general")

  /// The latest plausible year for a catalogue generated on `generated` (`YYYY-MM-DD`).
  func latestYear(generated: String) -> Int? {
    if let latestYear { return latestYear }
    let digits = generated.utf8.prefix(4)
    guard digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } + 1
  }

  func years(generated: String) -> ClosedRange<Int>? {
    guard let last = latestYear(generated: generated), last >= earliestYear else { return nil }
    return earliestYear...last
  }
}

extension Plausibility {
  /// The rules for the issue shape.
  public func issueRules() -> [ValidationRule<IssueCatalogue>] {
    let p = self
    return [
      ValidationRule("plausible/number") { c in
        p.finding(c.issues.filter { !p.numbers.contains($0.number) }, "issue numbers", p.numbers) { "\($0.number)" }
      },
      ValidationRule("plausible/year") { c in
        guard let years = p.years(generated: c.generated) else { return nil }
        return p.finding(c.issues.filter { $0.year.map { !years.contains($0) } == true }, "years", years) {
          "\($0.year ?? 0)"
        }
      },
      ValidationRule("plausible/month") { c in
        p.finding(c.issues.filter { $0.month.map { !(1...12).contains($0) } == true }, "months", 1...12) {
          "\($0.month ?? 0)"
        }
      },
      ValidationRule("plausible/pages") { c in
        p.finding(c.issues.filter { $0.pages.map { !p.pages.contains($0) } == true }, "page counts", p.pages) {
          "\($0.pages ?? 0)"
        }
      },
      ValidationRule("plausible/bytes") { c in
        p.finding(c.issues.filter { $0.bytes.map { !p.bytes.contains($0) } == true }, "sizes", p.bytes) {
          "\($0.bytes ?? 0)"
        }
      },
    ]
  }

  /// The rules for the PopBoks shape: numbers, the digits of labels and titles, years, pages, ids.
  public func popboksRules() -> [ValidationRule<PopBoksCatalogue>] {
    let p = self
    return [
      ValidationRule("plausible/number") { c in
        let bad = c.issues.filter { i in
          !p.numbers.contains(i.number)
            || (Plausibility.digitRuns(i.label) + Plausibility.digitRuns(i.title)).contains { !p.numbers.contains($0) }
        }
        return p.finding(bad, "issue numbers or labels", p.numbers, id: { "\($0.id)" }) { "\($0.title)" }
      },
      ValidationRule("plausible/year") { c in
        guard let years = p.years(generated: c.generated) else { return nil }
        return p.finding(c.issues.filter { !years.contains($0.year) }, "years", years, id: { "\($0.id)" }) {
          "\($0.year)"
        }
      },
      ValidationRule("plausible/pages") { c in
        let bad = c.issues.filter { !p.pages.contains($0.pages) || !p.pages.contains($0.firstPage) }
        return p.finding(bad, "page counts or first pages", p.pages, id: { "\($0.id)" }) { "\($0.pages)" }
      },
      ValidationRule("plausible/id") { c in
        p.finding(c.issues.filter { !p.ids.contains($0.id) }, "ids", p.ids, id: { "\($0.id)" }) { "\($0.id)" }
      },
    ]
  }

  /// The rules for the Stripovi shape: episode numbers, page counts, ids and the year of the date.
  public func stripoviRules() -> [ValidationRule<StripoviCatalogue>] {
    let p = self
    return [
      ValidationRule("plausible/number") { c in
        p.finding(c.comics.filter { !p.numbers.contains($0.number) }, "episode numbers", p.numbers, id: { "\($0.id)" })
        {
          "\($0.number)"
        }
      },
      ValidationRule("plausible/pages") { c in
        p.finding(c.comics.filter { !p.pages.contains($0.pages) }, "page counts", p.pages, id: { "\($0.id)" }) {
          "\($0.pages)"
        }
      },
      ValidationRule("plausible/id") { c in
        p.finding(c.comics.filter { !p.ids.contains($0.id) }, "ids", p.ids, id: { "\($0.id)" }) { "\($0.id)" }
      },
      ValidationRule("plausible/year") { c in
        guard let years = p.years(generated: c.generated) else { return nil }
        // `13.4.2010.`: the year is the third field.
        let bad = c.comics.filter { m in
          let fields = m.date.split(separator: " ").first?.split(separator: ".") ?? []
          guard fields.count >= 3, let y = Int(fields[2]) else { return false }
          return !years.contains(y)
        }
        return p.finding(bad, "years", years, id: { "\($0.id)" }) { $0.date }
      },
    ]
  }

  /// Every run of ASCII digits in `s` as a number; a run too long for `Int` counts as `Int.max`.
  static func digitRuns(_ s: String) -> [Int] {
    var out: [Int] = []
    var current: Int? = nil
    for b in s.utf8 {
      if b >= 0x30 && b <= 0x39 {
        let (m, o1) = (current ?? 0).multipliedReportingOverflow(by: 10)
        let (n, o2) = m.addingReportingOverflow(Int(b - 0x30))
        current = o1 || o2 || current == Int.max ? Int.max : n
      } else if let c = current {
        out.append(c)
        current = nil
      }
    }
    if let c = current { out.append(c) }
    return out
  }

  private func finding<R, B: Comparable>(
    _ bad: [R], _ what: String, _ range: ClosedRange<B>, id: (R) -> String, value: (R) -> String
  ) -> Finding? {
    guard let first = bad.first else { return nil }
    return Finding(
      rule: "", severity: .error,
      message:
        "\(bad.count) \(bad.count == 1 ? "record has" : "records have") \(what) outside \(range.lowerBound)…\(range.upperBound), implausible for \(source) (\(id(first)): \(value(first)))",
      records: bad.map(id))
  }

  private func finding<B: Comparable>(
    _ bad: [Issue], _ what: String, _ range: ClosedRange<B>, value: (Issue) -> String
  ) -> Finding? {
    finding(bad, what, range, id: \.id, value: value)
  }
}
