import CatalogKit
import Foundation

/// One Atarimania run: the crawl behind `AtarimaniaTool.source`, fetching through the context and handing
/// pages to CatalogKit's parsers.
enum AtarimaniaCrawl {
  /// A stop that chooses its exit code: a challenge is a refusal (69), a broken page is invalid (65).
  struct AtarimaniaStop: BuildFailure {
    var exitCode: ExitCode
    var description: String

    init(_ error: AtarimaniaError) {
      exitCode = error.isRefusal ? .unavailable : .invalid
      description = error.description
    }

    init(_ code: ExitCode, _ message: String) {
      exitCode = code
      description = message
    }
  }

  /// Runs a parser; a challenge or a broken page is evicted from the cache before the build stops,
  /// so the next run asks again instead of replaying it (nor is its parse kept: the parse cache
  /// keeps only pages the parser read).
  static func parsed<T>(_ response: FetchResponse, ctx: BuildContext, _ parse: () throws -> T) throws -> T {
    do {
      return try parse()
    } catch let error as AtarimaniaError {
      ctx.fetcher.evict(response.url)
      throw AtarimaniaStop(error)
    }
  }

  /// Stops on a challenge in any answer, whatever its status, after evicting it.
  static func refuseChallenge(_ response: FetchResponse, ctx: BuildContext) throws {
    guard
      let evidence = AtarimaniaChallenge.evidence(
        status: response.status, headers: response.headers, body: response.body)
    else { return }
    ctx.fetcher.evict(response.url, method: response.method)
    throw AtarimaniaStop(.challenge(url: response.url.absoluteString, evidence: evidence))
  }

  /// `s` padded with spaces to `width`; a longer name is kept whole.
  static func padded(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }

  /// `--only` keys as title ids: `18`, or a series key such as `analog-18`.
  static func requestedIDs(_ only: [String], index: AtarimaniaIndex) throws -> Set<String> {
    var ids = Set<String>()
    for key in only {
      let id = key.split(separator: "-").last.map(String.init) ?? key
      guard index.ids.contains(id) else {
        throw UsageError(
          "--only names '\(key)', which is not a title on the index; give title ids such as 20,18.",
          tool: AtarimaniaTool.tool.name)
      }
      ids.insert(id)
    }
    return ids
  }

  /// The run: fetch and parse, then hand the catalogues to the runner to validate and write.
  @Sendable static func run(_ ctx: BuildContext) async throws -> [BuildProduct] {
    let o = ctx.options
    guard let indexURL = AtarimaniaSite.indexURL else { throw AtarimaniaStop(.software, "the index URL is malformed") }
    // Options are checked before the first request, so a typo costs no crawl.
    let thresholds = AtarimaniaRules.Thresholds(
      minIssues: try o[AtarimaniaTool.minIssues]
        ?? AtarimaniaRules.Thresholds.minIssues(
          previousCount: try ctx.previousCatalogue(IssueCatalogue.self, file: AtarimaniaSite.catalogueFile)?.issues
            .count),
      maxDeadPercent: o[AtarimaniaTool.maxDead], minSizedPercent: o[AtarimaniaTool.minSized])

    // 1. The index.
    let indexPage = try await ctx.fetcher.get(indexURL, check: .body(AtarimaniaIndex.refusal))
    try refuseChallenge(indexPage, ctx: ctx)
    guard indexPage.status == 200 else {
      throw AtarimaniaStop(.unavailable, "\(indexURL.absoluteString): the index answered \(indexPage.status)")
    }
    let index = try parsed(indexPage, ctx: ctx) {
      try ctx.parses.parsed(indexPage, url: indexURL, as: AtarimaniaIndexParse.self).index.get()
    }
    ctx.note("index: \(Plural.count(index.ids.count, "title"))")
    if let stated = index.statedCount, stated != index.ids.count {
      ctx.warn(
        "\(indexURL.absoluteString): the page states \(Plural.count(stated, "magazine")) but links \(index.ids.count)")
    }
    let wanted = try o.only.map { try requestedIDs($0, index: index) }
    let ids = index.ids.filter { wanted?.contains($0) ?? true }

    // 2. One page per title, one at a time; under --no-network every missing page is listed.
    let pages = ids.compactMap { id in AtarimaniaSite.titleURL(id).map { (id, $0) } }
    let titles = try await ctx.pages(
      pages.map(\.1), phase: "titles", details: pages.map(\.0), check: .body(AtarimaniaTitlePage.refusal)
    ) {
      n, response -> AtarimaniaTitlePage? in
      let (id, url) = pages[n]
      try refuseChallenge(response, ctx: ctx)
      guard response.status == 200 else {
        ctx.warn("\(url.absoluteString): the title page answered \(response.status); title \(id) skipped")
        return nil
      }
      let page = try parsed(response, ctx: ctx) {
        try ctx.parses.parsed(response, url: url, as: AtarimaniaTitleParse.self).page.get()
      }
      for line in page.skipped { ctx.warn(line) }
      if let stated = page.statedCount, stated != page.issues.count {
        ctx.warn(
          "\(url.absoluteString): the page states \(Plural.count(stated, "issue")) but lists \(page.issues.count) with a PDF"
        )
      }
      if page.name == nil { ctx.warn("\(url.absoluteString): no title on the page; title \(id) skipped") }
      return page
    }

    // 3. Assemble once to learn which PDFs are kept, probe them, then assemble with the sizes.
    let unsized = AtarimaniaCatalogueAssembly.assemble(titles: titles, probes: [:], generated: o.date)
    let urls = unsized.catalogue.issues.compactMap { AtarimaniaSite.url(ofPath: $0.zip) }
    let answers = try await ctx.probeSizes(urls)
    let challenged = answers.filter { AtarimaniaChallenge.headerEvidence($0.value.headers) != nil }
    if let (u, r) = challenged.min(by: { $0.key.absoluteString < $1.key.absoluteString }) {
      for v in challenged.keys { ctx.fetcher.evict(v, method: .head) }
      let evidence = AtarimaniaChallenge.headerEvidence(r.headers) ?? ""
      throw AtarimaniaStop(
        .challenge(url: u.absoluteString, evidence: "\(evidence), on \(challenged.count) size probes"))
    }
    let probes = ctx.sizeProbes(from: answers, below: AtarimaniaSite.base)
    let outcome = AtarimaniaCatalogueAssembly.assemble(titles: titles, probes: probes, generated: o.date)
    for title in outcome.perTitle {
      ctx.note("  \(padded(title.name, 40)) \(Plural.count(title.issues, "issue"))")
    }
    let c = outcome.catalogue
    AtarimaniaLineage.tag(ctx, c, titles: titles, probed: Set(probes.keys))
    let megabytes = c.totalBytes.map { "\($0 / 1_000_000) MB" } ?? "more MB than can be added up"
    return [
      .issue(
        c, file: AtarimaniaSite.catalogueFile, rules: AtarimaniaRules.rules(thresholds), partial: o.only != nil,
        summary: [
          "titles with issues: \(outcome.titlesWithIssues), empty: \(outcome.emptyTitles.count), without a title: \(outcome.untitled.count), issues: \(c.issues.count), duplicate links skipped: \(outcome.duplicatesSkipped)",
          "sized: \(outcome.sized), dead: \(outcome.dead), \(megabytes) in all",
        ])
    ]
  }
}
