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
      + "books \(VintageAppleGroup.books.sections.map(\.slug).joined(separator: ", "))")

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: build, demo: VintageAppleDemo.sample)

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

  /// A stop that chooses its exit code: a broken page is invalid (65).
  struct VintageAppleStop: BuildFailure {
    var exitCode: ExitCode = .invalid
    var description: String
  }

  /// `s` padded with spaces to `width`; a longer name is kept whole.
  static func padded(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }

  /// One shelf's thresholds from its options, defaulting the floor to the previous catalogue's count.
  static func thresholds(_ ctx: BuildContext, _ group: VintageAppleGroup) throws -> VintageAppleRules.Thresholds {
    let option = group == .magazines ? minMagazines : minBooks
    let previous = try ctx.previousCatalogue(IssueCatalogue.self, file: group.catalogueFile)
    let floor = VintageAppleRules.Thresholds.minIssues(group: group, previousCount: previous?.issues.count)
    return VintageAppleRules.Thresholds(
      minIssues: ctx.options[option] ?? floor, minSizedPercent: ctx.options[minSized])
  }

  /// The groups to write and the sections to read, from `--group` and `--only`.
  static func plan(_ o: BuildOptions) throws -> [(VintageAppleGroup, [VintageAppleSection])] {
    var groups = VintageAppleGroup.allCases
    if let group = o[group] { groups = [group] }
    var plan: [(VintageAppleGroup, [VintageAppleSection])] = []
    for group in groups {
      var sections = group.sections
      if let only = o.only { sections = sections.filter { only.contains($0.slug) } }
      if !sections.isEmpty { plan.append((group, sections)) }
    }
    if let only = o.only {
      let known = plan.flatMap(\.1).map(\.slug)
      if let bad = only.first(where: { !known.contains($0) }) {
        let names = groups.flatMap(\.sections).map(\.slug).joined(separator: ", ")
        throw UsageError(
          "--only names '\(bad)', which is not a section here; the sections are \(names).", tool: tool.name)
      }
    }
    return plan
  }

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    let o = ctx.options
    let plan = try plan(o)
    let sections = plan.flatMap(\.1)
    // Options are checked before the first request, so a typo costs no crawl.
    var thresholdsByGroup: [VintageAppleGroup: VintageAppleRules.Thresholds] = [:]
    for (group, _) in plan { thresholdsByGroup[group] = try thresholds(ctx, group) }

    // 1. Section pages, one at a time; under --no-network every missing page is listed.
    let pages = sections.compactMap { section in section.url.map { (section, $0) } }
    let parsed = try await ctx.pages(
      pages.map(\.1), phase: "sections", details: pages.map(\.0.slug), check: .page(VintageAppleSectionPage.shape)
    ) {
      n, response -> (String, [VintageAppleRow])? in
      let (section, url) = pages[n]
      guard response.status == 200 else {
        ctx.warn("\(url.absoluteString): the section page answered \(response.status); \(section.name) skipped")
        return nil
      }
      do {
        return (section.slug, try VintageAppleSectionPage.parse(response.body, url: url.absoluteString))
      } catch let error as VintageAppleError {
        // A page cut short must be asked for again, not replayed.
        ctx.fetcher.evict(url)
        throw VintageAppleStop(description: error.description)
      }
    }
    let rowsBySlug = Dictionary(parsed, uniquingKeysWith: { first, _ in first })

    // 2. Per group: assemble to learn the kept PDFs, probe them, assemble with the sizes.
    var products: [BuildProduct] = []
    for (group, groupSections) in plan {
      let listings = groupSections.map {
        VintageAppleCatalogueAssembly.Listing(section: $0, rows: rowsBySlug[$0.slug] ?? [])
      }
      let unsized = VintageAppleCatalogueAssembly.assemble(listings: listings, probes: [:], generated: o.date)
      for section in unsized.emptySections {
        ctx.warn(
          "\(section.url?.absoluteString ?? section.slug): \(section.name): no rows — the page or the parse changed")
      }
      let urls = unsized.catalogue.issues.compactMap { URL(string: VintageAppleSection.base + $0.zip) }
      let probes = ctx.sizeProbes(from: try await ctx.probeSizes(urls), below: VintageAppleSection.base)
      let outcome = VintageAppleCatalogueAssembly.assemble(listings: listings, probes: probes, generated: o.date)
      for section in outcome.perSection {
        ctx.note("  \(padded(section.name, 34)) \(Plural.count(section.files, "file"))")
      }
      let c = outcome.catalogue
      VintageAppleLineage.tag(ctx, c, file: group.catalogueFile, sections: groupSections, probed: Set(probes.keys))
      let limits = try thresholdsByGroup[group] ?? thresholds(ctx, group)
      products.append(
        .issue(
          c, file: group.catalogueFile, rules: VintageAppleRules.rules(group: group, limits), partial: o.only != nil,
          summary: [
            "vintageapple-\(group.rawValue): \(Plural.count(c.issues.count, "file")), \(Plural.count(c.series.count, "section")), \(outcome.dead) dead, \(Plural.count(outcome.duplicatesSkipped, "duplicate link")) skipped, \(outcome.totalBytes / 1000) KB"
          ]))
    }
    return products
  }
}
