/// The pre-write thresholds that catch a broken crawl, as settings.
///
/// The reference hard-coded "exactly 653 issues" and "at most 12 dead". Ours defaults each from the
/// previous catalogue: the expected count is the previous count (growth is a note, a drop fails), each
/// series may not shrink, the dead ceiling is the previous dead count plus a margin, and the number of
/// issues with metadata may not fall by more than the margin. Without a previous catalogue the
/// reference's numbers apply.
public struct RetroSpecThresholds: Sendable, Equatable {
  /// Fewest issues a build may write.
  public var minIssues: Int
  /// Most dead archives (probe status not 200) a build may write.
  public var maxDead: Int
  /// Fewest issues that must carry metadata (a page count from their magshow page).
  public var minWithMetadata: Int
  /// Issues per series in the previous catalogue; a series with fewer now fails. Empty: not checked.
  public var previousSeriesCounts: [String: Int]

  /// The reference's issue count: what a full crawl of the site yielded when the reference shipped.
  public static let referenceIssueCount = 653
  /// The reference's dead ceiling.
  public static let referenceMaxDead = 12
  /// How many more dead archives, or fewer described issues, than last time a build tolerates: a
  /// handful of archives do come and go between builds; dozens mean the site or the parse broke.
  public static let margin = 4

  public init(minIssues: Int, maxDead: Int, minWithMetadata: Int, previousSeriesCounts: [String: Int] = [:]) {
    self.minIssues = minIssues
    self.maxDead = maxDead
    self.minWithMetadata = minWithMetadata
    self.previousSeriesCounts = previousSeriesCounts
  }

  /// Thresholds from the previous catalogue (restricted to `only` series for a partial build), with
  /// explicit settings winning.
  public init(
    previous: IssueCatalogue?, only: Set<String>? = nil, minIssues: Int? = nil, maxDead: Int? = nil,
    minWithMetadata: Int? = nil
  ) {
    let prior = previous?.issues.filter { only?.contains($0.series) ?? true }
    var counts: [String: Int] = [:]
    for issue in prior ?? [] { counts[issue.series, default: 0] += 1 }
    self.previousSeriesCounts = counts
    self.minIssues = minIssues ?? prior?.count ?? (only == nil ? RetroSpecThresholds.referenceIssueCount : 1)
    self.maxDead =
      maxDead ?? prior.map { $0.filter { $0.dead == true }.count + RetroSpecThresholds.margin }
      ?? RetroSpecThresholds.referenceMaxDead
    self.minWithMetadata =
      minWithMetadata ?? prior.map { max(0, $0.filter { $0.pages != nil }.count - RetroSpecThresholds.margin) } ?? 0
  }
}
