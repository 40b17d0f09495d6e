import CatalogKit
import Foundation

/// `archive-build`: its declaration and its run.
public enum ArchiveTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    name: "archive-build", abstract: "Build the archive.org fanzine catalogue.", source: "archive",
    // Storage nodes (ia800….us.archive.org) serve the scandata; `.archive.org` declares them.
    hosts: ["archive.org", ".archive.org"], charset: .utf8Else(.latin1),
    // archive.org throttles bursts and has firewalled anonymous high-concurrency clients: 2 in flight,
    // half a second apart, is far inside what it tolerates.
    defaultDelayMS: 500, defaultJobs: 2,
    discussion: """
      Asks the metadata API for each item in ArchiveShelf.fanzines and reads its scandata for the page
      count: about 8 requests.
      """, files: [ArchiveCrawl.file],
    onlyKeys: "series keys, e.g. a-profy,amiga-bilten")

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    [try await ArchiveCrawl(ctx).run()]
  }
}
