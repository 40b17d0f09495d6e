/// How a refresh treats Vintage Apple: section and folder pages are revalidated every run; sizes are
/// re-asked only for new files, changed rows or copies due by their revisit interval (a PDF's within
/// a year).
public enum VintageAppleFreshness {
  public static let rules = FreshnessRules([
    FreshnessRule(.size, "\(VintageAppleSection.host)/*", method: "HEAD"),
    FreshnessRule(.listing, "\(VintageAppleSection.host)/*", method: "GET"),
  ])
}
