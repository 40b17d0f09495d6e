import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// atarimania-build over the real index and the three real title pages in the corpus (ANALOG 18,
/// Antic 20, Page 6 12), built with `--only` those titles.
final class AtarimaniaReplayTests: XCTestCase {
  func testAtarimaniaReplayMatchesTheReferenceWhereTheCorpusCovers() throws {
    let reference = try ReplayReference.issues("atarimania-catalog.json")
    let site = try ReplaySite("atarimania")
    defer { site.remove() }
    let host = "www.atarimania.com"
    // `/magazines` is the index and also the folder of the title pages, so the index is its index.html.
    try site.put(corpus: "atarimania/index.html", at: "\(host)/magazines/index.html")
    let titles = ["18": "analog", "20": "antic", "12": "page6"]
    for (id, file) in titles { try site.put(corpus: "atarimania/\(file).html", at: "\(host)/magazines/\(id)") }
    let server = try site.serve { $0.serveSizes(of: reference) }
    defer { server.stop() }

    let r = try site.build(
      "atarimania-build", server: server, date: reference.generated,
      ["--only", titles.keys.sorted().joined(separator: ",")])
    XCTAssertEqual(r.status, 0, r.stderr)
    try LineageCoverage.assertCovers(site, "atarimania-catalog.json")
    let keys = Set(reference.series.filter { titles[$0.code] != nil }.map(\.key))
    XCTAssertEqual(keys.count, titles.count, "every saved title is a series of the reference")
    let comparison = ReplayComparison(
      source: "atarimania", referenceFile: "atarimania-catalog.json",
      built: try site.built("atarimania-catalog.json"), reference: .issue(reference),
      covers: ReplayRecord.inSeries(keys), explanations: [],
      notes: [
        "the corpus holds the index and 3 title pages; the build runs with --only those titles, the other series are not compared",
        "sizes: HEAD answers are the reference's own `bytes` (404 for its dead rows), so `bytes` and `dead` are not an independent check",
      ])
    comparison.print()
    comparison.assertEveryDifferenceIsExplained()
  }
}
