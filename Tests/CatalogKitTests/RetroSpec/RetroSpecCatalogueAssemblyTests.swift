import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class RetroSpecCatalogueAssemblyTests: XCTestCase {
  func fixturePage(_ name: String, as page: String = "indexSK") throws -> RetroSpecIndexPage {
    try RetroSpecIndexPage.parse(
      TestPaths.fixtureBytes("RetroSpec/" + name), url: XCTUnwrap(RetroSpecSite.indexURL(page)))
  }

  func testASpecialIssueIsNumberedRightAfterItsMonth() throws {
    let c = RetroSpecCatalogueAssembly.assemble(
      pages: [try fixturePage("index-grid.html")], magshows: [:], probes: [:], generated: "2026-11-30")
    let sk = c.issues.filter { $0.series == "SK" }
    XCTAssertEqual(sk.map(\.id), ["SK_86_04", "SK_86_04S", "SK_86_05", "SK_86_07", "SK_01_02"])
    XCTAssertEqual(sk.map(\.number), [1, 2, 3, 4, 5])
  }

  func testSeriesFollowTheTableOrderAndIssuesComeSeriesBySeries() throws {
    let c = RetroSpecCatalogueAssembly.assemble(
      pages: [try fixturePage("index-grid.html")], magshows: [:], probes: [:], generated: "2026-11-30")
    XCTAssertEqual(c.series.map(\.key), RetroSpecSeries.table.map(\.key))
    XCTAssertEqual(c.issues.map(\.series), ["SK", "SK", "SK", "SK", "SK", "SI"])
    XCTAssertEqual(c.base, "https://retrospec.elite.org/pcsux/")
  }

  func testMetadataTitlesAndProbesFillTheIssue() throws {
    let page = try fixturePage("index-grid.html")
    let info = try XCTUnwrap(RetroSpecMagshow.parse(try TestPaths.fixtureBytes("RetroSpec/magshow-issue.html")))
    let c = RetroSpecCatalogueAssembly.assemble(
      pages: [page], magshows: ["SK_86_05": info],
      probes: ["SK_86_05": SizeProbe(status: 200, bytes: 1234), "SK_86_04": SizeProbe(status: 404)],
      generated: "2026-11-30")
    let may = try XCTUnwrap(c.issues.first { $0.id == "SK_86_05" })
    XCTAssertEqual(
      may,
      Issue(
        id: "SK_86_05", series: "SK", number: 3, title: "Maj 1986", year: 1986, month: 5, zip: "SKH/ZIP/1986_05.zip",
        cover: "SKH/Covers/SK8605-00.jpg", thumb: "SKH/SK8605-00.jpg", bytes: 1234, pages: 12))
    let dead = try XCTUnwrap(c.issues.first { $0.id == "SK_86_04" })
    XCTAssertEqual(dead.dead, true)
    XCTAssertNil(dead.bytes)
    XCTAssertEqual(dead.cover, "SKH/Covers/SK_86_04_001.jpg", "dead issues stay listed with their cover")
    let unprobed = try XCTUnwrap(c.issues.first { $0.id == "SK_86_07" })
    XCTAssertNil(unprobed.dead)
    XCTAssertEqual(unprobed.title, "1986 - 07/08", "no info: the index label")
  }

  func testOnlyKeepsTheChosenSeries() throws {
    let c = RetroSpecCatalogueAssembly.assemble(
      pages: [try fixturePage("index-grid.html")], magshows: [:], probes: [:], only: ["SI"], generated: "2026-11-30")
    XCTAssertEqual(c.series.map(\.key), ["SI"])
    XCTAssertEqual(c.issues.map(\.id), ["SI_85_12"])
    XCTAssertEqual(
      RetroSpecCatalogueAssembly.cells(of: [try fixturePage("index-grid.html")], only: ["SI"]).map(\.id), ["SI_85_12"])
  }

  func testBooksAreUndatedAndKeepTheirLabel() throws {
    let page = try fixturePage("index-books-cp1250.html", as: "indexKnjige")
    let info = try XCTUnwrap(RetroSpecMagshow.parse(try TestPaths.fixtureBytes("RetroSpec/magshow-book.html")))
    let c = RetroSpecCatalogueAssembly.assemble(
      pages: [page], magshows: ["Knjige_Prirucnik": info], probes: [:], generated: "2026-11-30")
    XCTAssertEqual(c.issues.map(\.title), ["Spektrum Priručnik za početnike", "Održavanje računala – vaš vodič"])
    XCTAssertEqual(c.issues.map(\.number), [1, 2])
    XCTAssertNil(c.issues[0].year)
    XCTAssertEqual(c.issues[0].pages, 7)
    XCTAssertEqual(c.series.last, Series(key: "Knjige", name: "Knjige", code: "KNJ"))
  }

  // MARK: the real corpus against the reference catalogue

  /// Everything the real pages can say, compared field by field with the shipped catalogue. The reference
  /// saw every magshow page; the corpus holds 23, so the others are compared without `title` and
  /// `pages`. Sizes and dead flags come from the reference's own values (the probes are not pages).
  func testTheRealPagesRebuildTheReferenceCatalogue() throws {
    let refData = try Data(contentsOf: TestPaths.shared("reference-catalogs/retrospec-catalog.json"))
    let reference = try JSONDecoder().decode(IssueCatalogue.self, from: refData)
    var pages: [RetroSpecIndexPage] = []
    for name in RetroSpecSite.indexPages {
      pages.append(
        try RetroSpecIndexPage.parse(
          TestPaths.corpus("retrospec/index/\(name).html"), url: XCTUnwrap(RetroSpecSite.indexURL(name))))
    }
    let magshowDir = try TestPaths.shared("corpus/retrospec/magshow")
    var magshows: [String: RetroSpecMagshow] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: magshowDir.path) where file.hasSuffix(".html") {
      let id = String(file.dropLast(5))
      magshows[id] = RetroSpecMagshow.parse([UInt8](try Data(contentsOf: magshowDir.appendingPathComponent(file))))
    }
    XCTAssertEqual(magshows.count, 23)
    var probes: [String: SizeProbe] = [:]
    for issue in reference.issues {
      probes[issue.id] =
        issue.dead == true ? SizeProbe(status: 404) : SizeProbe(status: 200, bytes: issue.bytes)
    }
    let built = RetroSpecCatalogueAssembly.assemble(
      pages: pages, magshows: magshows, probes: probes, generated: reference.generated)

    XCTAssertEqual(built.series, reference.series)
    XCTAssertEqual(built.base, reference.base)
    XCTAssertEqual(built.issues.map(\.id), reference.issues.map(\.id), "same issues in the same order")
    for (b, r) in zip(built.issues, reference.issues) {
      if magshows[b.id] != nil {
        XCTAssertEqual(b, r)
      } else {
        var comparable = r
        comparable.title = b.title
        comparable.pages = nil
        XCTAssertEqual(b, comparable)
      }
    }
    // The corpus lacks 630 magshow pages, so the metadata floor is off here; the others hold.
    let t = RetroSpecThresholds(previous: reference, minWithMetadata: 0)
    let report = ValidationReport.run(RetroSpecRules.rules(thresholds: t, pages: pages), on: built)
    XCTAssertEqual(report.errors, [])
    XCTAssertEqual(report.warnings, [])
  }
}
