import CatalogKit

/// Every source's lineage plan, by the source name its tool declares.
enum LineagePlans {
  static func forSource(_ source: String) -> LineagePlan? {
    switch source {
    case "retrospec": RetroSpecLineage.plan
    case "vintageapple": VintageAppleLineage.plan
    case "atarimania": AtarimaniaLineage.plan
    case "archive": ArchiveLineage.plan
    case "spectrum": SpectrumLineage.plan
    case "bombjack": BombJackLineage.plan
    case "popboks": PopBoksLineage.plan
    case "stripovi": StripoviLineage.plan
    default: nil
    }
  }
}
