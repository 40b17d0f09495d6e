/// How a refresh treats Atarimania: the magazine index and each title's page (its issue list) are
/// revalidated every run; sizes are re-asked only for new issues, changed rows or old copies.
public enum AtarimaniaFreshness {
  public static let rules = FreshnessRules([
    FreshnessRule(.size, "\(AtarimaniaSite.host)/*", method: "HEAD"),
    FreshnessRule(.listing, "\(AtarimaniaSite.host)/*", method: "GET"),
  ])
}
