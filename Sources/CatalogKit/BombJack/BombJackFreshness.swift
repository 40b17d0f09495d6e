/// How a refresh treats BombJack: the site's yearly "what's new" pages (`archive/index-archive-YYYY.htm`)
/// and the front page are revalidated every run; the other 20,000 pages are walked from the cache
/// and revalidated only when a changed page links to them from a changed line (what the changelog
/// points at) or once their revisit interval passes (26 weeks at most); sizes are re-asked only for
/// new files or once due (a zip's within a year). What this can miss, and how `--refresh=all` covers
/// it: docs/sources/bombjack.md.
public enum BombJackFreshness {
  public static let rules = FreshnessRules(
    [
      FreshnessRule(.listing, "\(BombJackSite.host)/", method: "GET"),
      FreshnessRule(.listing, "\(BombJackSite.host)/index.htm*", method: "GET"),
      FreshnessRule(.listing, "\(BombJackSite.host)/*/index-archive-*", method: "GET"),
      FreshnessRule(.page, "*", method: "GET"),
      FreshnessRule(.size, "*", method: "HEAD"),
    ],
    // This year's and last year's changelog are read before the walk starts, so the pages they name
    // are marked before the walk reaches them (in the order a cold walk reaches them).
    readFirst: [
      "https://\(BombJackSite.host)/archive/index-archive-{year}.htm",
      "https://\(BombJackSite.host)/archive/index-archive-{previous-year}.htm",
    ])
}
