import CatalogKit
import Foundation

/// `stripovi-build`: its declaration and its run.
public enum StripoviTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "stripovi", displayName: "Stripovi.com",
      files: [
        CatalogueFileEntry(
          StripoviCrawl.file, shape: .stripovi, site: "stripovi", display: "Stripovi.com",
          base: StripoviReaderPage.base)
      ], plausibility: StripoviRules.plausibility),
    abstract: "Build the Stripovi.com web-comics catalogue.", hosts: [StripoviReaderPage.host],
    defaultDelayMS: StripoviBuildDefaults.delayMS, defaultJobs: 1,
    options: [maxMissing, previous, dropIncomplete, minComics],
    discussion: """
      Comic ids are walked upwards from 1 through the reader page (PageCount=1), until a run of ids
      that are not comics. Each comic's page-address rule is fitted from page 1, page 10 and, past 99
      pages, its last page. The reader page shows title, pages and images only: cover, creators, date
      and lead come from --previous, never guessed; a comic without them fails validation unless
      --drop-incomplete leaves it out.
      """, onlyKeys: "comic ids, e.g. 6,12", lineage: StripoviLineage.plan)

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: build, demo: StripoviDemo.sample)

  static let maxMissing = Option.integer(
    "--max-missing", 1...10_000, help: "Stop after this many ids in a row that are not comics.",
    default: StripoviBuildDefaults.maxMissing)
  static let previous = Option.path(
    "--previous",
    help: "Catalogue to take cover, creators, date, lead and run from (the reader page does not show them).",
    defaultText: "the output file, when it exists")
  static let dropIncomplete = Option.flag(
    "--drop-incomplete", help: "Leave out comics that still lack cover, creators or date, with a warning.")
  static let minComics = Option.integer(
    "--min-comics", 0...100_000, help: "Fewest comics the catalogue may list.",
    defaultText: "the previous catalogue's count")

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    try await StripoviCrawl(ctx).products()
  }
}
