import CatalogKit
import Foundation

/// One retrospec-build run: index pages, then a metadata page and a size probe per issue, then the
/// catalogue. Parsing and assembly are CatalogKit's pure functions; this only fetches and reports.
struct RetroSpecCrawl {
  static let file = "retrospec-catalog.json"

  let ctx: BuildContext
  let only: Set<String>?

  init(_ ctx: BuildContext) throws {
    self.ctx = ctx
    if let keys = ctx.options.only {
      let unknown = keys.filter { !RetroSpecSeries.keys.contains($0) }
      if !unknown.isEmpty {
        throw UsageError(
          "--only takes series keys (\(RetroSpecSeries.table.map(\.key).joined(separator: ","))), not '\(unknown.joined(separator: ","))'.",
          tool: ctx.tool.name)
      }
      only = Set(keys)
    } else {
      only = nil
    }
  }

  func run() async throws -> BuildProduct {
    let o = ctx.options
    let pages = try await indexPages()
    let cells = RetroSpecCatalogueAssembly.cells(of: pages, only: only)
    let seriesCount = Set(cells.map { $0.issueID.seriesKey }).count
    ctx.note("index: \(Plural.count(cells.count, "issue")) across \(seriesCount) series")

    let magshows = try await metadata(for: cells)
    let probed = !o[RetroSpecTool.noProbe]
    let probes = probed ? try await sizes(for: cells) : [:]

    let catalogue = RetroSpecCatalogueAssembly.assemble(
      pages: pages, magshows: magshows, probes: probes, only: only, generated: o.date)
    let previous = try ctx.previousCatalogue(IssueCatalogue.self, file: RetroSpecCrawl.file)
    let thresholds = RetroSpecThresholds(
      previous: o.allowShrink ? nil : previous, only: only,
      minIssues: o[RetroSpecTool.minIssues] ?? (o.allowShrink ? 1 : nil),
      maxDead: o[RetroSpecTool.maxDead], minWithMetadata: o[RetroSpecTool.minDescribed])
    if let previous, only == nil, catalogue.issues.count > previous.issues.count {
      ctx.note(
        "the site grew: \(Plural.count(catalogue.issues.count, "issue")), \(previous.issues.count) in the previous catalogue"
      )
    }
    let dead = catalogue.issues.filter { $0.dead == true }.count
    let live = probes.count - dead
    return .issue(
      catalogue, file: RetroSpecCrawl.file,
      rules: RetroSpecRules.rules(thresholds: thresholds, pages: pages, probed: probed), partial: only != nil,
      summary: [
        "index: \(Plural.count(cells.count, "issue")) across \(seriesCount) series",
        "metadata: \(magshows.count)/\(cells.count) \(Plural.noun(cells.count, "issue"))",
        probed ? "archives: \(live) live, \(dead) missing" : "archives: not probed (--no-probe)",
      ])
  }

  /// The twelve index pages, parsed. A page that does not answer 200, or yields no issue cell, stops
  /// the build: without it a whole run would silently vanish.
  func indexPages() async throws -> [RetroSpecIndexPage] {
    var urls: [URL] = []
    for name in RetroSpecSite.indexPages {
      guard let u = RetroSpecSite.indexURL(name) else { throw RetroSpecBuildError.badURL(name) }
      urls.append(u)
    }
    ctx.progress.step("index", done: 0, total: urls.count)
    let responses = try await ctx.fetcher.getAll(urls, check: .page(RetroSpecIndexPage.shape))
    var pages: [RetroSpecIndexPage] = []
    for url in urls {
      guard let r = responses[url] else { throw RetroSpecBuildError.badURL(url.absoluteString) }
      guard r.status == 200 else { throw RetroSpecBuildError.indexStatus(url: url, status: r.status) }
      let page = try ctx.parses.parsed(r, url: url, as: RetroSpecIndexParse.self).page.get()
      report(page)
      ctx.lineage.tag(page.cells.map(\.id), "index", url)
      pages.append(page)
      ctx.progress.step("index", done: pages.count, total: urls.count)
    }
    return pages
  }

  func report(_ page: RetroSpecIndexPage) {
    let name = page.name.padding(toLength: 16, withPad: " ", startingAt: 0)
    ctx.note("  \(name) \(Plural.count(page.cells.count, "issue"))")
    if page.looksTruncated {
      ctx.warn(
        "\(page.url.absoluteString): the page looks truncated (no closing CONTENT marker or </html>); \(page.cells.count) issue cells read"
      )
    } else if !page.hasContentMarkers {
      ctx.warn("\(page.url.absoluteString): no CONTENT markers; the whole page was scanned")
    }
    for cell in page.brokenCells {
      ctx.warn("\(page.url.absoluteString): line \(cell.line): \(cell.reason); the cell is skipped")
    }
    for id in page.unknownSeriesIDs {
      ctx.warn("\(page.url.absoluteString): issue \(id) belongs to no known series; add its prefix to the series table")
    }
  }

  /// One magshow page per issue. A page that answers other than 200, or has no series name, gives no
  /// metadata: the issue is titled by its index label and has no page count.
  func metadata(for cells: [RetroSpecIndexCell]) async throws -> [String: RetroSpecMagshow] {
    var urls: [String: URL] = [:]
    for cell in cells {
      guard let u = RetroSpecSite.magshowURL(cell.id) else { throw RetroSpecBuildError.badURL(cell.id) }
      urls[cell.id] = u
    }
    ctx.progress.step("metadata", done: 0, total: cells.count)
    let responses = try await ctx.fetcher.getAll(cells.compactMap { urls[$0.id] }, check: .page(RetroSpecMagshow.shape))
    var out: [String: RetroSpecMagshow] = [:]
    var missing = WarningBatch("issues without metadata")
    for cell in cells {
      guard let url = urls[cell.id], let r = responses[url] else { continue }
      ctx.lineage.tag(cell.id, "magshow", url)
      if r.status != 200 {
        missing.add(
          "\(url.absoluteString): answered HTTP \(r.status); \(cell.id) has no metadata and is titled '\(cell.label)'",
          to: ctx)
      } else if let info = ctx.parses.parsed(r, url: url, as: RetroSpecMagshowParse.self).magshow {
        out[cell.id] = info
      } else {
        missing.add(
          "\(url.absoluteString): no series name after <font size=\"5\">; \(cell.id) has no metadata and is titled '\(cell.label)'",
          to: ctx)
      }
    }
    missing.finish(ctx)
    ctx.progress.step("metadata", done: cells.count, total: cells.count)
    return out
  }

  /// One HEAD per archive: its size, or "dead" when it answers other than 200.
  func sizes(for cells: [RetroSpecIndexCell]) async throws -> [String: SizeProbe] {
    var urls: [String: URL] = [:]
    for cell in cells {
      guard let u = URL(string: RetroSpecSite.absolute(cell.zip)) else {
        ctx.warn("\(cell.id): the zip path '\(cell.zip)' is not a URL; not probed")
        continue
      }
      guard u.host?.lowercased() == RetroSpecSite.host else {
        ctx.warn("\(cell.id): the archive \(u.absoluteString) is not on \(RetroSpecSite.host); not probed")
        continue
      }
      urls[cell.id] = u
    }
    ctx.progress.step("archives", done: 0, total: urls.count)
    let responses = try await ctx.probeSizes(cells.compactMap { urls[$0.id] })
    var out: [String: SizeProbe] = [:]
    for cell in cells {
      guard let url = urls[cell.id], let r = responses[url] else { continue }
      let probe = SizeProbe(status: r.status, bytes: r.contentLength)
      out[cell.id] = probe
      ctx.lineage.tag(cell.id, "head", url)
      if probe.isDead {
        let id = cell.id.padding(toLength: 14, withPad: " ", startingAt: 0)
        ctx.note("  dead  \(id) \(r.status)  \(url.absoluteString)")
      }
    }
    ctx.progress.step("archives", done: urls.count, total: urls.count)
    return out
  }
}
