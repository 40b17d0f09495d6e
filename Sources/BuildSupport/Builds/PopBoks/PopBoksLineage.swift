import CatalogKit
import Foundation

/// Which PopBoks answer gives which field: the magazine's index script lists every issue (id,
/// number, title, label, date); the grid (pages, columns, rows, first page) is measured from HEADs
/// of its tiles. A grid rests on many tiles; lineage names the first one asked, and the grid
/// evidence file beside the cache holds the rest.
enum PopBoksLineage {
  static let plan = LineagePlan(kinds: [
    .init("script", fields: ["id", "number", "title", "label", "year", "month"], listing: true),
    .init("tile", method: "HEAD", fields: ["pages", "columns", "rows", "firstPage"]),
  ])
}
