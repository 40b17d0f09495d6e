import CatalogKit
import Foundation

/// `archive-build`: its declaration and its run.
public enum ArchiveTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "archive", displayName: "Archive.org",
      files: [
        CatalogueFileEntry(
          ArchiveCrawl.file, site: "archive", display: "Archive.org", base: ArchivePath.downloadBase)
      ], freshness: ArchiveOrgFreshness.rules, plausibility: ArchiveRules.plausibility),
    abstract: "Build the archive.org fanzine catalogue.",
    // Storage nodes (ia800….us.archive.org) serve the scandata; `.archive.org` declares them.
    hosts: ["archive.org", ".archive.org"],
    // archive.org throttles bursts and has firewalled anonymous high-concurrency clients: 2 in flight,
    // half a second apart, is far inside what it tolerates.
    defaultDelayMS: 500, defaultJobs: 2,
    discussion: """
      Asks the metadata API for each item in ArchiveShelf.fanzines and reads its scandata for the page
      count: about 8 requests.
      """,
    onlyKeys: "series keys, e.g. a-profy,amiga-bilten", lineage: ArchiveLineage.plan)

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: build, demo: ArchiveDemo.sample)

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    [try await ArchiveCrawl(ctx).run()]
  }
}
