import CatalogKit

/// The reference toolchain's measurement, kept as the baseline the benchmark and the tests compare
/// with: 121 probes per issue asked up front, then the largest run on any line wins
/// (spec: sources/popboks.md, "Measuring the tile grid").
public enum ReferenceGridMeasurement {
  /// The probe list in the reference's order, duplicates included: the cover, then per sampled
  /// page and line L the walk along row L (columns 0…7) and down column L (rows 0…11). The sample
  /// is {first, first + ⌊pages/2⌋, last} as a list of three, so a short issue repeats pages and
  /// still costs 121 probes.
  public static func probes(entry: IndexEntry) -> [GridProbe] {
    var out: [GridProbe] = [.cover]
    for p in [entry.firstPage, entry.firstPage + entry.pages / 2, entry.lastPage] {
      for l in GridMeasurement.measuringLines {
        out += (0...TileGrid.columnLimit).map { .tile(page: p, column: $0, row: l) }
        out += (0...TileGrid.rowLimit).map { .tile(page: p, column: l, row: $0) }
      }
    }
    return out
  }

  /// Assembles the grid from answers the way the reference did: a tile is alive when it answered 200.
  public static func grid(pages: [Int], alive: (GridProbe) -> Bool) -> TileGrid {
    var columns = 0
    var rows = 0
    for p in pages {
      for l in GridMeasurement.measuringLines {
        var w = 0
        while w <= TileGrid.columnLimit, alive(.tile(page: p, column: w, row: l)) { w += 1 }
        var t = 0
        while t <= TileGrid.rowLimit, alive(.tile(page: p, column: l, row: t)) { t += 1 }
        columns = max(columns, w)
        rows = max(rows, t)
      }
    }
    return TileGrid(columns: columns, rows: rows)
  }
}
