/// Turns parsed title pages and size probes into the Atarimania catalogue.
public enum AtarimaniaCatalogueAssembly {
  /// What happened on the way, for the console summary and warnings.
  public struct Outcome: Sendable {
    public var catalogue: IssueCatalogue
    /// Titles that contributed at least one issue.
    public var titlesWithIssues: Int
    /// Titles whose page lists no issues: they get no series.
    public var emptyTitles: [String]
    /// Titles whose page has no `<h1>`: skipped.
    public var untitled: [String]
    /// PDFs listed a second time (on the same title or another) and left out.
    public var duplicatesSkipped: Int
    public var dead: Int
    public var sized: Int
    /// Per title in index order: (series name, issues kept), for the per-title console line.
    public var perTitle: [(name: String, issues: Int)]
  }

  /// Builds the catalogue from title pages in index order.
  ///
  /// - Each title's issues are sorted by (year, undated last; month, absent as 0; page position).
  /// - A PDF is kept once across the whole site; the first occurrence wins (some titles list the same
  ///   scan twice, or share one with another title).
  /// - Numbers run 1…n per title over the issues kept.
  /// - `probes` is keyed by the issue's `zip` (`mags/pdf/<file>.pdf`).
  public static func assemble(
    titles: [AtarimaniaTitlePage], probes: [String: SizeProbe], generated: String
  ) -> Outcome {
    var series: [Series] = []
    var issues: [Issue] = []
    var seenPDFs = Set<String>()
    var outcome = Outcome(
      catalogue: IssueCatalogue(generated: generated, base: AtarimaniaSite.base, series: [], issues: []),
      titlesWithIssues: 0, emptyTitles: [], untitled: [], duplicatesSkipped: 0, dead: 0, sized: 0,
      perTitle: [])
    for page in titles {
      guard let name = page.name else {
        outcome.untitled.append(page.id)
        continue
      }
      let key = seriesKey(name: name, id: page.id)
      var kept: [AtarimaniaListedIssue] = []
      for listed in sortedForNumbering(page.issues) {
        if seenPDFs.contains(listed.pdf) {
          outcome.duplicatesSkipped += 1
          continue
        }
        seenPDFs.insert(listed.pdf)
        kept.append(listed)
      }
      guard !kept.isEmpty else {
        outcome.emptyTitles.append(page.id)
        continue
      }
      series.append(Series(key: key, name: name, code: page.id, language: "en"))
      outcome.titlesWithIssues += 1
      outcome.perTitle.append((name, kept.count))
      for (n, listed) in kept.enumerated() {
        let probe = probes[listed.pdf]
        let dead = probe?.isDead == true
        let bytes = dead ? nil : probe?.bytes
        if dead { outcome.dead += 1 }
        if bytes != nil { outcome.sized += 1 }
        issues.append(
          Issue(
            id: listed.stem, series: key, number: n + 1, title: listed.label.isEmpty ? listed.stem : listed.label,
            year: listed.year, month: listed.month, zip: listed.pdf, cover: listed.cover, thumb: listed.cover,
            bytes: bytes, dead: dead ? true : nil))
      }
    }
    series.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    outcome.catalogue.series = series
    outcome.catalogue.issues = issues
    return outcome
  }

  /// By (year, undated last; month, absent as 0; page position): `ChronologicalOrder`, shared with
  /// Vintage Apple, so an undated issue that names a month is placed by it too.
  public static func sortedForNumbering(_ issues: [AtarimaniaListedIssue]) -> [AtarimaniaListedIssue] {
    ChronologicalOrder.sorted(issues, year: \.year, month: \.month, position: \.position)
  }

  /// `slug(name) + "-" + id`: the id keeps apart the titles that share a name ("Atari News" twice).
  public static func seriesKey(name: String, id: String) -> String {
    let slug = slug(name)
    return slug.isEmpty ? "atarimania-\(id)" : "\(slug)-\(id)"
  }

  /// Lowercased; every character that is not a letter or digit becomes `-` (non-ASCII letters such as
  /// `é` stay); runs of `-` collapse; `-` is trimmed from both ends.
  public static func slug(_ name: String) -> String {
    var out = ""
    var pendingDash = false
    for ch in name.lowercased() {
      if ch.isLetter || ch.isNumber {
        if pendingDash, !out.isEmpty { out.append("-") }
        pendingDash = false
        out.append(ch)
      } else {
        pendingDash = true
      }
    }
    return out
  }
}
