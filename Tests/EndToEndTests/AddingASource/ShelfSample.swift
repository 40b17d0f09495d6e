import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

// A ninth source declared only here, as docs/adding-a-source.md describes: a small shelf of
// magazines whose one listing page links a PDF per issue. Everything the toolchain needs of it is
// in this folder; nothing outside it names the shelf.

/// The listing page, parsed: a pure function of its bytes, like every parser in CatalogKit.
enum ShelfSampleIndex {
  struct Row: Equatable {
    var number: Int
    var year: Int
    var month: Int
    var title: String
    var file: String
  }

  /// What the listing must hold to count as the whole page: the shelf's title, its closed table
  /// and the page's end.
  static let shape = PageShape(
    kind: "Sample Shelf listing", identity: ["<title>Sample Shelf</title>"], closing: ["</html>"],
    closedBlocks: [("<table", "</table>")])

  struct Malformed: Error, CustomStringConvertible {
    var line: Int
    var description: String { "line \(line): a row that is not number|year|month|file|title" }
  }

  /// Each `<tr data-row="number|year|month|file">title</tr>` in page order.
  static func parse(_ body: [UInt8]) throws -> [Row] {
    var rows: [Row] = []
    for (n, line) in String(decoding: body, as: UTF8.self).split(separator: "\n").enumerated() {
      guard let open = line.range(of: "<tr data-row=\""), let close = line.range(of: "</tr>") else { continue }
      let rest = line[open.upperBound...]
      guard let quote = rest.firstIndex(of: "\""), let gt = rest[quote...].firstIndex(of: ">"), gt < close.lowerBound
      else { throw Malformed(line: n + 1) }
      let fields = rest[..<quote].split(separator: "|").map(String.init)
      guard fields.count == 4, let number = Int(fields[0]), let year = Int(fields[1]), let month = Int(fields[2])
      else { throw Malformed(line: n + 1) }
      let title = String(line[line.index(after: gt)..<close.lowerBound])
      rows.append(Row(number: number, year: year, month: month, title: title, file: fields[3]))
    }
    return rows
  }

  /// The page a test site serves for `rows`.
  static func page(_ rows: [Row]) -> [UInt8] {
    let cells = rows.map { "<tr data-row=\"\($0.number)|\($0.year)|\($0.month)|\($0.file)\">\($0.title)</tr>" }
    return Array(
      (["<html><head><title>Sample Shelf</title></head><body>", "<table>"] + cells + ["</table>", "</body></html>"])
        .joined(separator: "\n").utf8)
  }
}

/// The shelf's one declaration: catalogue, tool, typed options, run and demo sample.
enum ShelfSampleTool {
  static let host = "shelf.example.org"
  static let file = "shelfsample-catalog.json"
  static let base = "https://archive.org/download/sample-shelf/"
  static let listing = "https://\(host)/magazines.html"

  static let minIssues = Option.integer(
    "--min-issues", 0...10_000, help: "Fewest issues the shelf may hold.", default: 2)
  static let noProbe = Option.flag("--no-probe", help: "Send no size probes.")

  static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "shelfsample", displayName: "Sample Shelf",
      files: [CatalogueFileEntry(file, site: "shelfSample", display: "Sample Shelf", base: base)],
      freshness: FreshnessRules([
        FreshnessRule(.listing, "\(host)/*", method: "GET"), FreshnessRule(.size, "archive.org/*", method: "HEAD"),
      ]),
      plausibility: Plausibility(source: "shelfsample", numbers: 1...500, earliestYear: 1980)),
    abstract: "Build the Sample Shelf catalogue.", hosts: [host, "archive.org"], defaultDelayMS: 0,
    options: [minIssues, noProbe], noProbe: noProbe, onlyKeys: "issue numbers, e.g. 1,2")

  static let source = Source(tool, build: build, demo: demo)

  @Sendable static func build(_ ctx: BuildContext) async throws -> [BuildProduct] {
    guard let url = URL(string: listing) else { return [] }
    let page = try await ctx.fetcher.get(url, check: .page(ShelfSampleIndex.shape))
    var rows = try ShelfSampleIndex.parse(page.body)
    if let only = ctx.options.only { rows = rows.filter { only.contains(String($0.number)) } }
    let files = rows.compactMap { URL(string: base + $0.file) }
    let sizes = try await ctx.probeSizes(files)
    let catalogue = IssueCatalogue(
      generated: ctx.options.date, base: base, series: [Series(key: "SS", name: "Sample Shelf", code: "SS")],
      issues: rows.map { row in
        let size = URL(string: base + row.file).flatMap { sizes[$0]?.contentLength }
        return Issue(
          id: "SS_\(row.number)", series: "SS", number: row.number, title: row.title, year: row.year,
          month: row.month, zip: row.file, bytes: size)
      })
    let floor = ctx.options[minIssues]
    let enough = ValidationRule<IssueCatalogue>("threshold/minimum-issues") { c in
      c.issues.count >= floor
        ? nil : Finding(rule: "", severity: .error, message: "only \(Plural.count(c.issues.count, "issue"))")
    }
    return [.issue(catalogue, file: file, rules: [enough], partial: ctx.options.only != nil)]
  }

  /// Two issues, for `catalog demo`.
  static let demoRows = [
    ShelfSampleIndex.Row(number: 1, year: 1985, month: 3, title: "Sample Shelf 1", file: "issue-1.pdf"),
    ShelfSampleIndex.Row(number: 2, year: 1985, month: 4, title: "Sample Shelf 2", file: "issue-2.pdf"),
  ]

  @Sendable static func demo(_ fixtures: DemoFixtures) throws -> DemoSample {
    var sample = DemoSample(summary: "2 issues on one listing page")
    sample.pages["\(host)/magazines.html"] = ShelfSampleIndex.page(demoRows)
    for row in demoRows { sample.sizes["archive.org/download/sample-shelf/\(row.file)"] = 1_000_000 + row.number }
    return sample
  }
}
