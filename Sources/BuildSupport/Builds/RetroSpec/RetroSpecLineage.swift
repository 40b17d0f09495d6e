import CatalogKit

/// Which RetroSpec answer gives which field: the index page lists the issue (its id, date, zip,
/// cover), its magshow page titles it and counts its pages, the HEAD sizes it.
enum RetroSpecLineage {
  static let plan = LineagePlan(kinds: [
    .init("magshow", fields: ["title", "pages"]),
    .init(
      "index", fields: ["id", "series", "number", "title", "year", "month", "zip", "cover", "thumb"], listing: true),
    .init("head", method: "HEAD", fields: ["bytes", "dead"]),
  ])
}
