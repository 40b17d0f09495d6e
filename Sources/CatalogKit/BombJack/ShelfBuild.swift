/// The seven shelves built from one walk.
public struct ShelfBuild: Sendable {
  /// Only the shelves that have issues.
  public var catalogues: [Shelf: IssueCatalogue]
  public var dropped: DropCounts
  /// Pages read, and how many of them yielded archive links.
  public var pagesRead: Int
  public var pagesWithArchives: Int
  /// Each run with its page title and kept entries, in walk order (for the console).
  public var runs: [(run: Run, title: String, count: Int)]

  public var issueCount: Int { catalogues.values.reduce(0) { $0 + $1.issues.count } }
}
