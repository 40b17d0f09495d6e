/// How a refresh treats PopBoks: the index scripts are revalidated every run; a tile grid, once
/// measured, is never re-measured unless `--refresh=all` asks (thousands of HEADs for nothing: a
/// scanned issue's pages do not change).
public enum PopBoksFreshness {
  public static let rules = FreshnessRules([
    FreshnessRule(.tile, "\(PopBoksMagazine.host)/*", method: "HEAD"),
    FreshnessRule(.listing, "\(PopBoksMagazine.host)/*", method: "GET"),
  ])
}
