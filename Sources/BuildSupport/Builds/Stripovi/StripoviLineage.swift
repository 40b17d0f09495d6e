import CatalogKit

/// Which Stripovi answer gives which field: a comic's first reader page gives its title, run,
/// page count and the page-address rule, later reader pages confirm the rule; cover, creators,
/// date and lead are not on any reader page and come from the previous catalogue.
enum StripoviLineage {
  static let plan = LineagePlan(
    kinds: [
      .init("reader", fields: ["id", "title", "series", "number", "pages", "dir", "prefix", "width", "ext"]),
      .init("sample", fields: ["dir", "prefix", "width", "ext"]),
    ], carried: ["cover", "creators", "date", "lead"])
}
