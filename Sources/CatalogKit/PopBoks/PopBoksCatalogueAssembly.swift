import Foundation

/// PopBoks's assembly: from an index script's entries and the measured grids to the catalogue, the
/// probe report's items and the issues without a cover, then the console lines the reference
/// printed. Pure: the build fetches, this only puts together.
public enum PopBoksCatalogueAssembly {
  public struct Outcome: Sendable {
    public var catalogue: PopBoksCatalogue
    public var items: [PopBoksProbeReport.Item]
    /// Issue ids, in index order, whose cover tile did not answer.
    public var missingCovers: [Int]
  }

  /// The catalogue in index order, or nil when an entry has no measured grid (a broken invariant of
  /// the survey, which measures every entry).
  public static func assemble(
    _ m: PopBoksMagazine, entries: [PopBoksIndexEntry], results: [Int: PopBoksGridResult], generated: String
  ) -> Outcome? {
    var issues: [PopBoksIssue] = []
    var items: [PopBoksProbeReport.Item] = []
    var missingCovers: [Int] = []
    for e in entries {
      guard let r = results[e.id] else { return nil }
      issues.append(e.issue(grid: r.grid))
      items.append(PopBoksProbeReport.Item(entry: e, result: r))
      if !r.coverPresent { missingCovers.append(e.id) }
    }
    let catalogue = PopBoksCatalogue(
      generated: generated, base: PopBoksMagazine.base, magazine: m.rawValue, issues: issues)
    return Outcome(catalogue: catalogue, items: items, missingCovers: missingCovers)
  }

  /// The console lines the reference printed, plus what the probing cost.
  public static func summary(_ m: PopBoksMagazine, _ items: [PopBoksProbeReport.Item]) -> [String] {
    var grids: [PopBoksTileGrid: Int] = [:]
    for i in items { grids[i.result.grid, default: 0] += 1 }
    let gridText = grids.sorted { ($0.value, $1.key.description) > ($1.value, $0.key.description) }
      .map { "\($0.key) x\($0.value)" }.joined(separator: ", ")
    let pages = CheckedTotal.sum(items.map(\.entry.pages)) ?? 0
    let tiles =
      CheckedTotal.sum(
        items.map { CheckedTotal.product($0.entry.pages, $0.result.grid.columns, $0.result.grid.rows) ?? Int.max }) ?? 0
    let asked = CheckedTotal.sum(items.map(\.result.evidence.asked)) ?? 0
    var out = [
      "\(m.displayName): \(Plural.count(items.count, "issue")), \(Plural.count(pages, "page")), \(Plural.count(tiles, "tile"))",
      "grids: \(gridText)",
      String(
        format: "probes: %d asked (%.1f per issue; the reference asks 121 per issue, %d in all)", asked,
        Double(asked) / Double(max(items.count, 1)), 121 * items.count),
    ]
    let taller = items.filter { $0.result.grid.rows > PopBoksTileGrid.viewer.rows }
    if !taller.isEmpty {
      out.append(
        "taller than the viewer draws: " + taller.map { "\($0.entry.id) (\($0.result.grid))" }.joined(separator: ", "))
    }
    let noCover = items.filter { !$0.result.coverPresent }
    if !noCover.isEmpty { out.append("! no cover: " + noCover.map { String($0.entry.id) }.joined(separator: ", ")) }
    return out
  }
}
