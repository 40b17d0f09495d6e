/// How a refresh treats Atarimania: the magazine index and each title's page (its issue list) are
/// revalidated every run (their 300 pages are most of a week's requests); sizes are re-asked only for
/// new issues, changed rows or copies due by their revisit interval (a PDF's within a year).
public enum AtarimaniaFreshness {
  public static let rules = FreshnessRules([
    FreshnessRule(.size, "\(AtarimaniaSite.host)/*", method: "HEAD"),
    FreshnessRule(.listing, "\(AtarimaniaSite.host)/*", method: "GET"),
  ])
}
