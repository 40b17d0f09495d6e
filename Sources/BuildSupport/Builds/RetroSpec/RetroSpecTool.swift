import CatalogKit
import Foundation

/// `retrospec-build`: its declaration and its run.
public enum RetroSpecTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "retrospec", displayName: "RetroSpec",
      files: [
        CatalogueFileEntry(
          RetroSpecCrawl.file, site: "retrospec", display: "RetroSpec", base: RetroSpecSite.base)
      ], freshness: RetroSpecFreshness.rules, plausibility: RetroSpecRules.plausibility),
    abstract: "Build the RetroSpec catalogue (ex-Yugoslav computer magazines).", hosts: [RetroSpecSite.host],
    // The reference's pace on this one small server: sequential, 150 ms after each request.
    defaultDelayMS: 150, defaultJobs: 1,
    options: [minIssues, maxDead, minDescribed, noProbe], noProbe: noProbe,
    discussion: """
      Crawls the 12 index pages, one metadata (magshow) page per issue and one HEAD per archive, about
      1,300 requests.
      """,
    onlyKeys: "series keys (\(RetroSpecSeries.table.map(\.key).joined(separator: ",")))", lineage: RetroSpecLineage.plan
  )

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: build, demo: RetroSpecDemo.sample)

  static let minIssues = Option.integer(
    "--min-issues", 0...100_000, help: "Fewest issues a full build may write.",
    defaultText: "the previous catalogue's count, else 653")
  static let maxDead = Option.integer(
    "--max-dead", 0...100_000, help: "Most archives that may answer other than 200.",
    defaultText: "the previous dead count + 4, else 12")
  static let minDescribed = Option.integer(
    "--min-described", 0...100_000, help: "Fewest issues that must have a metadata page.",
    defaultText: "the previous count with pages - 4, else 0")
  static let noProbe = Option.flag(
    "--no-probe", help: "Skip the size probes (HEAD); issues get neither bytes nor a dead flag.")

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    let crawl = try RetroSpecCrawl(ctx)
    return [try await crawl.run()]
  }
}
