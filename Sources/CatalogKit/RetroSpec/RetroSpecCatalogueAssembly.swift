/// Builds `retrospec-catalog.json` from parsed pages: a pure function, so the whole catalogue is testable
/// from saved pages, and `--no-network` and a live crawl share every rule.
public enum RetroSpecCatalogueAssembly {
  /// The issue cells to build, in order of discovery (index pages in site order, cells in document
  /// order), restricted to `only` series keys when given. These are the ids whose magshow page and
  /// archive size the build fetches.
  public static func cells(of pages: [RetroSpecIndexPage], only: Set<String>? = nil) -> [RetroSpecIndexCell] {
    pages.flatMap(\.cells).filter { only?.contains($0.issueID.seriesKey) ?? true }
  }

  /// The catalogue.
  ///
  /// Series come in table order (only those selected, when `only` is given); issues series by series,
  /// each sorted by (year, undated last; month, absent as 0; special after regular; order of discovery)
  /// and numbered 1…n, so a special issue lands right after the regular issue of its month.
  ///
  /// - Parameters:
  ///   - magshows: parsed metadata per id; an id without one has "no info" and is titled by its label.
  ///   - probes: the size probe per id; an id without one gets neither `bytes` nor `dead`.
  public static func assemble(
    pages: [RetroSpecIndexPage], magshows: [String: RetroSpecMagshow], probes: [String: SizeProbe],
    series: [Series] = RetroSpecSeries.table, only: Set<String>? = nil, generated: String
  ) -> IssueCatalogue {
    let found = cells(of: pages, only: only)
    var bySeries: [String: [(order: Int, cell: RetroSpecIndexCell, id: RetroSpecIssueID)]] = [:]
    for (order, cell) in found.enumerated() {
      let id = cell.issueID
      bySeries[id.seriesKey, default: []].append((order, cell, id))
    }
    let chosenSeries = series.filter { only?.contains($0.key) ?? true }
    var issues: [Issue] = []
    for s in chosenSeries {
      let sorted = (bySeries[s.key] ?? []).sorted { a, b in
        let ka = (a.id.year ?? Int.max, a.id.month ?? 0, a.id.isSpecial ? 1 : 0, a.order)
        let kb = (b.id.year ?? Int.max, b.id.month ?? 0, b.id.isSpecial ? 1 : 0, b.order)
        return ka < kb
      }
      for (index, entry) in sorted.enumerated() {
        let cell = entry.cell
        let info = magshows[cell.id]
        let probe = probes[cell.id]
        issues.append(
          Issue(
            id: cell.id, series: s.key, number: index + 1,
            title: RetroSpecTitle.title(label: cell.label, info: info), year: entry.id.year,
            month: entry.id.month, zip: cell.zip, cover: cell.cover, thumb: cell.thumb,
            bytes: probe?.isDead == false ? probe?.bytes : nil, pages: info?.pageCount,
            dead: probe?.isDead == true ? true : nil))
      }
    }
    return IssueCatalogue(generated: generated, base: RetroSpecSite.base, series: chosenSeries, issues: issues)
  }
}
