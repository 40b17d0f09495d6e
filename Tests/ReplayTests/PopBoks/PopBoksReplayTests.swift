import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// popboks-build over the two real index scripts. The tile archive is not in the corpus, so a
/// simulated one answers: every page of an issue has exactly the reference's columns × rows of tiles
/// (200 inside, 403 outside, as the real archive refuses a missing file), and every cover exists.
final class PopBoksReplayTests: XCTestCase {
  func testPopBoksReplayMatchesTheReferenceWhereTheCorpusCovers() throws {
    let references = try PopBoksMagazine.allCases.map { try ReplayReference.popboks($0.catalogueFile) }
    let site = try ReplaySite("popboks")
    defer { site.remove() }
    for m in PopBoksMagazine.allCases {
      try site.put(
        corpus: "popboks/\(m.scriptFileName)", at: "\(PopBoksMagazine.host)/\(m.rawValue)/js/\(m.scriptFileName)")
    }
    let archives = zip(PopBoksMagazine.allCases, references).map { m, reference in
      PopBoksTileArchiveModel(
        magazine: m,
        folders: reference.issues.map {
          .init(
            id: $0.id, firstPage: $0.firstPage, pages: $0.pages,
            grid: PopBoksTileGrid(columns: $0.columns, rows: $0.rows))
        })
    }
    let server = try site.serve { server in
      server.route { req in
        guard req.host == PopBoksMagazine.host,
          let status = archives.lazy.compactMap({ $0.status(path: req.path) }).first
        else { return nil }
        return MirrorResponse(
          status: status, headers: ["Content-Type": status == 200 ? "image/jpeg" : "application/xml"])
      }
    }
    defer { server.stop() }

    let r = try site.build("popboks-build", server: server, date: references[0].generated, ["--jobs", "5"])
    XCTAssertEqual(r.status, 0, r.stderr)
    for (m, reference) in zip(PopBoksMagazine.allCases, references) {
      try LineageCoverage.assertCovers(site, m.catalogueFile)
      let comparison = ReplayComparison(
        source: "popboks \(m.rawValue)", referenceFile: m.catalogueFile,
        built: try site.built(m.catalogueFile), reference: .popboks(reference),
        explanations: [],
        notes: [
          "the index script is real; the tile archive is simulated from the reference's own columns × rows (200 inside, 403 outside, every cover present), so columns and rows check the measurement, not the archive"
        ])
      comparison.print()
      comparison.assertEveryDifferenceIsExplained()
    }
  }
}
