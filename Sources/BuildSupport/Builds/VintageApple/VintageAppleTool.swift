import CatalogKit
import Foundation

/// `vintageapple-build`: its declaration and its run.
public enum VintageAppleTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "vintageapple", displayName: "Vintage Apple",
      files: [
        CatalogueFileEntry(
          VintageAppleGroup.magazines.catalogueFile, site: "vintageAppleMagazines",
          display: "Vintage Apple: Magazines", base: VintageAppleSection.base),
        CatalogueFileEntry(
          VintageAppleGroup.books.catalogueFile, site: "vintageAppleBooks", display: "Vintage Apple: Books & Manuals",
          base: VintageAppleSection.base),
      ], freshness: VintageAppleFreshness.rules, plausibility: VintageAppleRules.plausibility),
    abstract: "Build the Vintage Apple catalogues (magazines, books and manuals).",
    hosts: [VintageAppleSection.host],
    // Section pages are fetched one at a time; the size probes five at a time, each start 150 ms apart.
    defaultDelayMS: 150, defaultJobs: 5,
    options: [group, minMagazines, minBooks, minSized, noProbe], noProbe: noProbe,
    discussion: """
      Reads the section pages of https://vintageapple.org/ (six magazine sections, ten book
      sections), then asks every PDF its size with a HEAD request.
      """, fileSelector: group.name,
    onlyKeys: "section slugs: magazines \(VintageAppleGroup.magazines.sections.map(\.slug).joined(separator: ", ")); "
      + "books \(VintageAppleGroup.books.sections.map(\.slug).joined(separator: ", "))",
    lineage: VintageAppleLineage.plan)

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: VintageAppleCrawl.run, demo: VintageAppleDemo.sample)

  static let group = Option<VintageAppleGroup?>.word(
    "--group", value: "<magazines|books>", help: "Write one shelf only.", defaultText: "both")
  static let minMagazines = Option.integer(
    "--min-magazines", 0...1_000_000, help: "Fewest files the magazine shelf may have.",
    defaultText: "previous count less 5 %, else 900")
  static let minBooks = Option.integer(
    "--min-books", 0...1_000_000, help: "Fewest files the book shelf may have.",
    defaultText: "previous count less 5 %, else 700")
  static let minSized = Option.integer(
    "--min-sized", value: "<percent>", 0...100, help: "Fewest live files that must carry a size.", default: 90)
  static let noProbe = Option.flag(
    "--no-probe", help: "Send no size probes; sizes already recorded in the cache are still used.")
}
