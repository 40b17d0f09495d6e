import CatalogKit

/// Every source's lineage plan, by the source name its tool declares.
enum LineagePlans {
  static func forSource(_ source: String) -> LineagePlan? {
    switch source {
    case "retrospec": RetroSpecLineage.plan
    default: nil
    }
  }
}
