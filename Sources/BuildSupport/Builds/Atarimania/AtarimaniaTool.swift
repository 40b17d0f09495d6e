import CatalogKit
import Foundation

/// `atarimania-build`: its declaration and its run.
public enum AtarimaniaTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "atarimania", displayName: "Atarimania",
      files: [
        CatalogueFileEntry(
          AtarimaniaSite.catalogueFile, site: "atarimania", display: "Atarimania", base: AtarimaniaSite.base)
      ], freshness: AtarimaniaFreshness.rules, plausibility: AtarimaniaRules.plausibility),
    abstract: "Build the Atarimania catalogue of Atari magazines.", hosts: [AtarimaniaSite.host],
    // Pages are fetched one at a time; the size probes five at a time, each start 150 ms apart.
    defaultDelayMS: 150, defaultJobs: 5,
    // The CDN in front of the site answers a non-browser User-Agent with a challenge page.
    userAgent: AtarimaniaSite.browserUserAgent,
    options: [minIssues, maxDead, minSized, noProbe], noProbe: noProbe,
    discussion: """
      Reads https://www.atarimania.com/magazines, then one page per title (one at a time), then asks
      every PDF its size with a HEAD request. A CDN challenge page instead of a page stops the build
      (exit 69) and is removed from the cache.
      """,
    onlyKeys: "title ids (the number in /magazines/<id>), e.g. 20,18", lineage: AtarimaniaLineage.plan)

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: AtarimaniaCrawl.run, demo: AtarimaniaDemo.sample)

  static let minIssues = Option.integer(
    "--min-issues", 0...1_000_000, help: "The catalogue needs more issues than this.",
    defaultText: "previous count less 5 %, else 1500")
  static let maxDead = Option.integer(
    "--max-dead", value: "<percent>", 0...100, help: "Most issues that may answer not found.", default: 5)
  static let minSized = Option.integer(
    "--min-sized", value: "<percent>", 0...100, help: "Fewest issues that must carry a size.", default: 90)
  static let noProbe = Option.flag(
    "--no-probe", help: "Send no size probes; sizes already recorded in the cache are still used.")
}
