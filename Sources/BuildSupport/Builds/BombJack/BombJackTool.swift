import CatalogKit
import Foundation

/// `bombjack-build`: its declaration and its run.
public enum BombJackTool {
  /// The tool, declared once: help, parsing, `--version` and `catalog build` read it.
  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "bombjack", displayName: "BombJack",
      files: BombJackShelf.allCases.map {
        CatalogueFileEntry(
          $0.fileName, site: "bombjack" + $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst(),
          display: "BombJack: \($0.label)", base: "")
      }, freshness: BombJackFreshness.rules, plausibility: BombJackRules.plausibility, numbering: .gapsAllowed,
      chronology: false),
    abstract: "Build the seven BombJack catalogues (DLH's Commodore Archive).",
    hosts: [BombJackSite.host, "arcarc.xmission.com"],
    // Pages at one a second (a FrontPage site on a volunteer server); HEADs at the reference's 250 ms.
    defaultDelayMS: 1000, defaultProbeDelayMS: 250, defaultJobs: 1,
    options: [start, maxPages, noProbe, minShare, minIssues, maxPerFile], noProbe: noProbe,
    discussion: """
      commodore.bombjack.org's robots.txt disallows every path. Walking it anyway is a project decision, so
      the walk needs --ignore-robots, and the summary says it was given. --only writes just the shelves
      it names; the walk is the same.
      """, fileSelector: "--only",
    onlyKeys: "shelf names (\(BombJackShelf.allCases.map(\.rawValue).joined(separator: ", ")))",
    lineage: BombJackLineage.plan)

  /// The source, declared once: its tool and its run.
  public static let source = Source(tool, build: build, demo: BombJackDemo.sample)

  static let start = Option.list(
    "--start", value: "<url>", help: "Walk from these pages and the folders below them instead of the root (a subset).")
  static let maxPages = Option.integer(
    "--max-pages", 1...10_000_000, help: "Stop the walk after this many pages.", default: 25_000)
  static let noProbe = Option.flag(
    "--no-probe", help: "Skip the HEAD size probes (no bytes, and gone files stay listed).")
  static let minShare = Option.integer(
    "--min-share", value: "<percent>", 0...100, help: "Fewest issues per file, as a share of the last shipped build.",
    default: 80)
  static let minIssues = Option.integer(
    "--min-issues", 0...10_000_000, help: "Fewest issues the seven files may hold together.", default: 15_000)
  static let maxPerFile = Option.integer(
    "--max-per-file", 1...10_000_000, help: "Most issues one file may hold (the app seeds ~9,000 rows/s).",
    default: 10_000)

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable public static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    let o = ctx.options
    let maxPages = o[Self.maxPages]
    let bounds = BombJackShelfBounds(
      minSharePercent: o[minShare], minTotal: o[minIssues], maxPerFile: o[maxPerFile])
    let root = URL(string: BombJackSite.root)
    var start: [URL] = []
    for s in o[Self.start] {
      guard let root, let u = BombJackSiteLinks.followable(s, from: root) else { throw BombJackFailure.badStart(s) }
      start.append(u)
    }
    var shelves = BombJackShelf.allCases
    if let only = o.only {
      let known = Dictionary(uniqueKeysWithValues: BombJackShelf.allCases.map { ($0.rawValue.lowercased(), $0) })
      shelves = try only.map { key in
        guard let shelf = known[key.lowercased()] else { throw BombJackFailure.badShelf(key) }
        return shelf
      }
    }
    let partial = !start.isEmpty || o.only != nil
    if start.isEmpty, let root { start = [root] }

    let crawl = try await BombJackCrawl.walk(ctx, start: start, scoped: partial, maxPages: maxPages)
    if crawl.capped {
      ctx.warn("the walk stopped at --max-pages \(maxPages) with \(Plural.count(crawl.leftOver, "page")) still queued")
    }
    let selection = BombJackCatalogueAssembly.select(crawl.pages)
    let probes = o[noProbe] ? [:] : try await BombJackCrawl.probe(ctx, selection.targets)
    let build = BombJackCatalogueAssembly.assemble(
      crawl.pages, selection: selection, probes: probes, generated: o.date)
    // Only the pages' addresses wait for the lineage: the pages themselves are freed with the walk,
    // here, as in a build without lineage, not held to the process's end.
    let urls = ctx.lineage.isOn ? crawl.pages.map(\.url) : []
    ctx.lineage.later { BombJackLineage.tag(ctx, build, urls: urls, probes: probes) }
    for r in build.runs {
      let count = String(r.count)
      let items = Plural.noun(r.count, "item ", "items")
      ctx.note(String(repeating: " ", count: max(0, 7 - count.count)) + count + " \(items)  " + r.title)
    }

    // The runner checks the seven files as a set before any is written: one bad file stops them all.
    // A run can be split across two shelves, so numbers may have gaps within one file (the set rule
    // checks 1…n across the seven), and runs are numbered in walk order, not by date.
    let shared = SharedRules.issue(numbering: .gapsAllowed, chronology: false)
    var products: [BuildProduct] = []
    let index = BombJackRules.SetIndex(build.catalogues)
    for shelf in BombJackShelf.allCases where shelves.contains(shelf) {
      guard let c = build.catalogues[shelf] else { continue }
      let rules = BombJackRules.rules(
        for: shelf, in: build.catalogues, bounds: bounds, partial: partial, index: index)
      var summary = [
        "\(shelf.label): \(Plural.count(c.issues.count, "issue")) in \(Plural.count(c.series.count, "run"))"
      ]
      if products.isEmpty {
        let d = build.dropped
        summary += [
          "walked \(Plural.count(crawl.pages.count + crawl.failed.count, "page")), \(build.pagesWithArchives) with archives, "
            + "\(crawl.failed.count) failed" + (crawl.capped ? ", stopped at --max-pages" : ""),
          "dropped \(d.noAddress) with no usable address, \(Plural.count(d.repeats, "repeat")), \(d.diskContents) disk contents, "
            + "\(d.gone) gone from the server",
          "\(Plural.count(build.issueCount, "issue")) across \(Plural.count(build.runs.count + 1, "run")), in \(Plural.count(build.catalogues.count, "catalogue"))",
          o.noNetwork
            ? "robots.txt: not consulted (--no-network makes no requests)"
            : o.ignoreRobots ? "robots.txt: ignored (--ignore-robots was given)" : "robots.txt: honoured",
        ]
        if o[noProbe] { summary.append("sizes: not probed (--no-probe)") }
      }
      products.append(
        .issue(c, file: shelf.fileName, rules: rules, partial: partial, summary: summary, sharedRules: shared))
    }
    return products
  }
}
