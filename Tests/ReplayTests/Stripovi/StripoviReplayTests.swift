import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// stripovi-build over the one real reader page in the corpus (comic 6, page 10). The build also
/// reads page 1 of each comic, which the corpus lacks: it is served from the project's fixture of
/// comic 6's page 1. Every other id answers 404, which the build takes as "not a comic".
final class StripoviReplayTests: XCTestCase {
  func testStripoviReplayMatchesTheReferenceWhereTheCorpusCovers() throws {
    let reference = try ReplayReference.stripovi("stripovi-catalog.json")
    let previous = try TestPaths.shared("reference-catalogs/stripovi-catalog.json")
    let site = try ReplaySite("stripovi")
    defer { site.remove() }
    let comic = 6
    func reader(_ page: Int) -> String {
      "\(StripoviReaderPage.host)/index.asp?page=online-comics-single&ComicID=\(comic)&PageCount=\(page)"
    }
    try site.put(corpus: "stripovi/comic-6-page-10.html", at: reader(10))
    try site.put(try TestPaths.fixtureBytes("Stripovi/comic-6-page-1.html"), at: reader(1))
    let server = try site.serve()
    defer { server.stop() }

    let r = try site.build(
      "stripovi-build", server: server, date: reference.generated, ["--previous", previous.path, "--min-comics", "1"])
    XCTAssertEqual(r.status, 0, r.stderr)
    try LineageCoverage.assertCovers(site, "stripovi-catalog.json")
    let comparison = ReplayComparison(
      source: "stripovi", referenceFile: "stripovi-catalog.json",
      built: try site.built("stripovi-catalog.json"), reference: .stripovi(reference),
      covers: { $0.kind != .comic || $0.key == String(comic) },
      explanations: [],
      notes: [
        "the corpus holds one reader page (comic 6, page 10); page 1 is the project's fixture, so title, pages and the page rule (dir, prefix, width, ext) are checked against the real page 10",
        "cover, creators, date and lead are not on a reader page: they are carried over from --previous, which is the reference itself, so they are not an independent check; series and number too, because the real heading has no run",
        "the other \(reference.comics.count - 1) comics are outside the corpus (their ids answer 404, so the build does not list them)",
      ])
    comparison.print()
    comparison.assertEveryDifferenceIsExplained()
  }
}
