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

  public var issueCount: Int { catalogues.values.reduce(0) { $0 + $1.issues.count } }
}
