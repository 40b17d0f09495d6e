import CatalogKit
import Foundation

/// One VintageApple run: the crawl behind `VintageAppleTool.source`, fetching through the context and handing
/// pages to CatalogKit's parsers.
enum VintageAppleCrawl {
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
    let option = group == .magazines ? VintageAppleTool.minMagazines : VintageAppleTool.minBooks
    let previous = try ctx.previousCatalogue(IssueCatalogue.self, file: group.catalogueFile)
    let floor = VintageAppleRules.Thresholds.minIssues(group: group, previousCount: previous?.issues.count)
    return VintageAppleRules.Thresholds(
      minIssues: ctx.options[option] ?? floor, minSizedPercent: ctx.options[VintageAppleTool.minSized])
  }

  /// The groups to write and the sections to read, from `--group` and `--only`.
  static func plan(_ o: BuildOptions) throws -> [(VintageAppleGroup, [VintageAppleSection])] {
    var groups = VintageAppleGroup.allCases
    if let group = o[VintageAppleTool.group] { groups = [group] }
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
          "--only names '\(bad)', which is not a section here; the sections are \(names).",
          tool: VintageAppleTool.tool.name)
      }
    }
    return plan
  }

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable static func run(_ ctx: BuildContext) async throws -> [BuildProduct] {
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
      switch ctx.parses.parsed(response, url: url, as: VintageAppleSectionParse.self).rows {
      case .success(let rows): return (section.slug, rows)
      case .failure(let error):
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
      let urls = unsized.catalogue.issues.compactMap { i in
        URL(string: VintageAppleSection.base + i.zip).map { (zip: i.zip, url: $0) }
      }
      let probes = ctx.sizeProbes(from: try await ctx.probeSizes(urls.map(\.url)), below: VintageAppleSection.base)
      let outcome = VintageAppleCatalogueAssembly.assemble(listings: listings, probes: probes, generated: o.date)
      for section in outcome.perSection {
        ctx.note("  \(padded(section.name, 34)) \(Plural.count(section.files, "file"))")
      }
      let c = outcome.catalogue
      VintageAppleLineage.tag(
        ctx, c, file: group.catalogueFile, sections: groupSections,
        probed: Dictionary(
          urls.filter { probes[$0.zip] != nil }.map { ($0.zip, $0.url) }, uniquingKeysWith: { a, _ in a }))
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
