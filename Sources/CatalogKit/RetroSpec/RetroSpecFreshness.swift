/// How a refresh treats RetroSpec's URLs: the twelve index pages are revalidated every run; a
/// magshow page and an archive's size are re-asked only for a new issue, an issue whose index cell
/// changed, or a copy due by its revisit interval (details within 26 weeks, zip sizes within a year).
public enum RetroSpecFreshness {
  public static let rules = FreshnessRules([
    FreshnessRule(.detail, "\(RetroSpecSite.host)/users/tomcat/yu/magshow.php?*", method: "GET"),
    FreshnessRule(.size, "\(RetroSpecSite.host)/*", method: "HEAD"),
    FreshnessRule(.listing, "\(RetroSpecSite.host)/*", method: "GET"),
  ])
}
