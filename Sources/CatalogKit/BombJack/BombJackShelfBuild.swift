/// The seven shelves built from one walk.
public struct BombJackShelfBuild: Sendable {
  /// Only the shelves that have issues.
  public var catalogues: [BombJackShelf: IssueCatalogue]
  public var dropped: BombJackDropCounts
  /// Pages read, and how many of them yielded archive links.
  public var pagesRead: Int
  public var pagesWithArchives: Int
  /// Each run with its page title and kept entries, in walk order (for the console).
  public var runs: [(run: BombJackRun, title: String, count: Int)]
  /// For each shelf, beside its catalogue's issues, the walk page (its place in the pages the
  /// assembly was given) that kept each file, or nil for the tool's own Joystik run: what lineage
  /// names, without working each page's addresses out again.
  public var sourcePages: [BombJackShelf: [Int?]] = [:]

  public var issueCount: Int { catalogues.values.reduce(0) { $0 + $1.issues.count } }
}
