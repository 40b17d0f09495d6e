import CatalogKit
import Foundation

/// Which PopBoks answer gives which field: the magazine's index script lists every issue (id,
/// number, title, label, date, first page and page count); the grid's columns and rows are each
/// measured from HEADs of its tiles, and rest on the two the value turns on: on the line that
/// proved it, the last tile there and the first one missing. The rest of the proof (where every
/// other measuring line stops) is in `grids-<magazine>.json` beside the cache.
enum PopBoksLineage {
  static let plan = LineagePlan(kinds: [
    .init("script", fields: ["id", "number", "title", "label", "year", "month", "firstPage", "pages"], listing: true),
    .init("column-edge", method: "HEAD", fields: ["columns"], jointly: true),
    .init("row-edge", method: "HEAD", fields: ["rows"], jointly: true),
  ])
}
