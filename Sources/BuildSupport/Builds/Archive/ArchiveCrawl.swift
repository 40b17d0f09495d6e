import CatalogKit
import Foundation

/// One archive-build run: metadata for every configured item, the scandata of each, then the catalogue.
struct ArchiveCrawl {
  static let file = "archive-catalog.json"

  let ctx: BuildContext
  let shelves: [ArchiveShelf]

  init(_ ctx: BuildContext) throws {
    self.ctx = ctx
    let all = ArchiveShelf.fanzines
    if let keys = ctx.options.only {
      let known = Set(all.map(\.series.key))
      let unknown = keys.filter { !known.contains($0) }
      if !unknown.isEmpty {
        throw UsageError(
          "--only takes series keys (\(all.map(\.series.key).joined(separator: ","))), not '\(unknown.joined(separator: ","))'.",
          tool: ctx.tool.name)
      }
      shelves = all.filter { keys.contains($0.series.key) }
    } else {
      shelves = all
    }
  }

  func run() async throws -> BuildProduct {
    let client = ArchiveClient(ctx)
    let ids = shelves.flatMap(\.identifiers)
    let lookups = try await client.lookups(ids, phase: "metadata")

    var pages: [String: Int?] = [:]
    var scandataURLs: [String: URL] = [:]
    for (n, id) in ids.enumerated() {
      // Missing, dark or scan-less items fail in the assembly with their own message.
      guard let item = lookups[id]?.item, let scandata = item.scandata else { continue }
      let (url, r) = try await client.file(scandata.name, of: item)
      guard r.status == 200 else { throw ArchiveError.scandataStatus(url: url, status: r.status) }
      scandataURLs[id] = url
      pages[id] = try ArchiveScandata.pageCount(r.body, url: url)
      ctx.progress.step("scandata", done: n + 1, total: ids.count)
    }
    let catalogue = try ArchiveCatalogueAssembly.assemble(
      shelves: shelves, lookups: lookups, pages: pages, scandataURLs: scandataURLs, generated: ctx.options.date)
    ArchiveLineage.tag(ctx, catalogue, scandataURLs: scandataURLs)
    for issue in catalogue.issues {
      let id = issue.id.padding(toLength: 44, withPad: " ", startingAt: 0)
      let title = issue.title.padding(toLength: 16, withPad: " ", startingAt: 0)
      ctx.note("\(id) \(title) \(issue.pages ?? 0) pages, \((issue.bytes ?? 0) / 1024) KB")
    }
    return .issue(
      catalogue, file: ArchiveCrawl.file, rules: ArchiveRules.rules(expectedIssues: ids.count),
      partial: ctx.options.only != nil,
      summary: ["series: \(catalogue.series.count)", "issues: \(catalogue.issues.count) of \(ids.count) configured"])
  }
}
