/// How a refresh treats archive.org (the fanzine build and Spectrum): search answers and the ZXDB
/// dump are listings, revalidated every run; an item's metadata is a detail and a file's size a size
/// answer, re-asked only when new or due by its revisit interval (`RevisitSchedule`).
public enum ArchiveOrgFreshness {
  public static let rules = FreshnessRules([
    FreshnessRule(.detail, "archive.org/metadata/*", method: "GET"),
    FreshnessRule(.size, "*", method: "HEAD"),
    FreshnessRule(.listing, "*", method: "GET"),
  ])
}
