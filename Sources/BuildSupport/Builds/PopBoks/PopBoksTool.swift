import CatalogKit
import Foundation

/// `popboks-build`: its declaration and its run.
public enum PopBoksTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "popboks", displayName: "PopBoks",
      files: PopBoksMagazine.allCases.map {
        CatalogueFileEntry(
          $0.catalogueFile, shape: .popboks,
          site: "popboks" + $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst(),
          display: "PopBoks: \($0.displayName)", base: PopBoksMagazine.base)
      }, freshness: PopBoksFreshness.rules, plausibility: PopBoksRules.plausibility),
    abstract: "Build the PopBoks catalogues (Džuboks, Ritam).", hosts: [PopBoksMagazine.host],
    defaultDelayMS: PopBoksBuildDefaults.delayMS, defaultJobs: PopBoksBuildDefaults.jobs,
    options: [magazine, probeReport, minIssues, years],
    discussion: """
      Each page is a pyramid of 256-pixel tiles; the archive answers 403 for a tile that does not
      exist. Every issue's level-2 grid is measured on its first, middle and last page, asking about
      24 HEAD requests per issue where the reference asked 121. Probe answers are cached like pages,
      so a rerun asks nothing; the measured grids and their evidence are saved next to the cache as
      grids-<magazine>.json.
      """, fileSelector: magazine.name,
    onlyKeys: "issue folder ids of the one --magazine, e.g. 154,155", lineage: PopBoksLineage.plan)

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: build, demo: PopBoksDemo.sample)

  static let magazine = Option<PopBoksMagazine?>.word(
    "--magazine", value: "<name>", help: "Build one magazine: dzuboks or ritam.", defaultText: "both")
  static let probeReport = Option.path(
    "--probe-report", value: "<file.html>", help: "Write a page drawing every measured tile grid.")
  static let minIssues = Option.integer(
    "--min-issues", 0...100_000, help: "Fewest issues a magazine may have.",
    defaultText: "the previous catalogue's count, else 183 for dzuboks and 25 for ritam")
  static let years = Option.span(
    "--years", value: "<from-to>", 1900...2100, help: "Years an issue may carry.",
    defaultText: "\(PopBoksRules.years.lowerBound)-\(PopBoksRules.years.upperBound)")

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    try await PopBoksCrawl(ctx).products()
  }
}
