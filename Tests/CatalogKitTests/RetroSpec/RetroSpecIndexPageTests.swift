import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class RetroSpecIndexPageTests: XCTestCase {
  func page(_ fixture: String, name: String = "indexSK") throws -> RetroSpecIndexPage {
    try RetroSpecIndexPage.parse(
      TestPaths.fixtureBytes("RetroSpec/" + fixture), url: XCTUnwrap(RetroSpecSite.indexURL(name)))
  }

  func testOnlyCellsBetweenTheContentMarkersAreIssues() throws {
    let p = try page("index-grid.html")
    XCTAssertEqual(p.cells.map(\.id), ["SK_86_05", "SK_86_04S", "SK_86_04", "SK_86_07", "SK_01_02", "SI_85_12"])
    XCTAssertTrue(p.hasContentMarkers)
    XCTAssertFalse(p.looksTruncated)
    XCTAssertEqual(p.encoding, .utf8)
  }

  func testACellTakesItsZipCoverThumbAndLabelFromThePage() throws {
    let c = try page("index-grid.html").cells[0]
    XCTAssertEqual(
      c,
      RetroSpecIndexCell(
        id: "SK_86_05", zip: "SKH/ZIP/1986_05.zip", cover: "SKH/Covers/SK8605-00.jpg", thumb: "SKH/SK8605-00.jpg",
        label: "1986 - 05", line: 23))
  }

  func testCoverNamesAreTakenAsWrittenNeverBuilt() throws {
    XCTAssertEqual(try page("index-grid.html").cells[2].cover, "SKH/Covers/SK_86_04_001.jpg")
  }

  func testAMagshowLinkOnAnotherHostStillGivesTheID() throws {
    let c = try page("index-grid.html").cells[1]
    XCTAssertEqual(c.id, "SK_86_04S")
    XCTAssertEqual(c.label, "Specijalni broj 1986 - 04")
  }

  func testANestedTableIsCountedOnceFromItsInnerCell() throws {
    let p = try page("index-grid.html")
    XCTAssertEqual(p.cells.filter { $0.id == "SK_86_07" }.count, 1)
    XCTAssertEqual(p.cells[3].label, "1986 - 07/08")
  }

  func testAbsoluteHrefsUnderTheBaseBecomeRelativeAndOthersStayAbsolute() throws {
    let p = try page("index-grid.html")
    XCTAssertEqual(p.cells[3].zip, "SKH/ZIP/1986_07.zip")
    XCTAssertEqual(p.cells[4].zip, "https://files.example.org/SKH/ZIP/2001_02.zip")
  }

  func testUnknownSeriesPrefixesAreSkippedAndReported() throws {
    XCTAssertEqual(try page("index-grid.html").unknownSeriesIDs, ["XX_86_01"])
  }

  func testTheThumbSkipsFrameGraphicsAndTheLabelDecodesEntities() throws {
    let c = try page("index-grid.html").cells[5]
    XCTAssertEqual(c.thumb, "SKH/SI8512-00.jpg")
    XCTAssertEqual(c.zip, "SKH/zip/SI_85_12.ZIP", "the ZIP match is case-insensitive")
    XCTAssertNil(c.cover)
    XCTAssertEqual(c.label, "1985 - 12 & more!")
  }

  func testWithoutMarkersTheWholePageIsScanned() throws {
    let p = try page("index-without-markers.html")
    XCTAssertFalse(p.hasContentMarkers)
    XCTAssertEqual(p.cells.first?.id, "SK_99_01")
    XCTAssertEqual(p.cells.count, 7)
  }

  func testWindows1250BookNamesKeepTheirDiacritics() throws {
    let p = try page("index-books-cp1250.html", name: "indexKnjige")
    XCTAssertEqual(p.encoding, .windows1250)
    XCTAssertEqual(p.cells.map(\.label), ["Spektrum Priručnik za početnike", "Održavanje računala – vaš vodič"])
    let u = try page("index-books-utf8.html", name: "indexKnjige")
    XCTAssertEqual(u.encoding, .utf8)
    XCTAssertEqual(u.cells, p.cells)
  }

  func testATruncatedPageIsFlaggedAndItsCutCellReported() throws {
    let p = try page("index-truncated.html")
    XCTAssertTrue(p.looksTruncated)
    XCTAssertEqual(p.cells.map(\.id), ["SK_86_05", "SK_86_04S"])
    XCTAssertEqual(p.brokenCells.map(\.reason), ["cell for SK_86_04 has no …/ZIP/….zip link"])
  }

  func testHalfCellsAreReportedWithTheirLines() throws {
    let p = try page("index-half-cells.html")
    XCTAssertEqual(p.cells.map(\.id), ["SK_86_05"])
    XCTAssertEqual(p.brokenCells.map(\.line), [22, 28])
    XCTAssertEqual(
      p.brokenCells.map(\.reason),
      ["cell for SK_86_06 has no …/ZIP/….zip link", "cell with SKH/ZIP/1986_09.zip has no magshow.php?all= link"])
  }

  func testAPageWithoutIssueCellsIsAnErrorNamingThePage() throws {
    XCTAssertThrowsError(try page("index-no-issues.html")) { e in
      XCTAssertEqual(
        "\(e)", "https://retrospec.elite.org/pcsux/indexSK.html: no issue cells between the CONTENT markers")
    }
  }

  // MARK: the saved real index pages

  struct Expectation {
    var page: String
    var count: Int
    var first: String
    var last: String
    var encoding: TextEncoding
  }

  /// Counts and first/last ids read off the saved pages by hand.
  let realPages: [Expectation] = [
    Expectation(page: "indexAS", count: 10, first: "AmSt_92_11", last: "AmSv_95_07", encoding: .utf8),
    Expectation(page: "indexBIT", count: 15, first: "BIT_84_06", last: "BIT_86_02", encoding: .utf8),
    Expectation(page: "indexCN", count: 8, first: "CN_93_07", last: "CN_94_11", encoding: .utf8),
    Expectation(page: "indexGal", count: 93, first: "GAL_72_03", last: "GAL_01_01", encoding: .utf8),
    Expectation(page: "indexKnjige", count: 12, first: "Knjige_Mirko", last: "Knjige_BasicGal", encoding: .windows1250),
    Expectation(page: "indexMG", count: 23, first: "MG_93_08", last: "MG_95_08", encoding: .utf8),
    Expectation(page: "indexMMHrv", count: 76, first: "MMH_85_01", last: "MMH_91_10", encoding: .utf8),
    Expectation(page: "indexMMSlo", count: 106, first: "MMS_84_06", last: "MMS_93_12", encoding: .windows1250),
    Expectation(page: "indexPJ", count: 1, first: "PJ_95_10", last: "PJ_95_10", encoding: .utf8),
    Expectation(page: "indexRA", count: 142, first: "RA_84_01", last: "RA_88_04S", encoding: .windows1250),
    Expectation(page: "indexSK", count: 159, first: "SK_84_10", last: "SI_96_06", encoding: .utf8),
    Expectation(page: "indexSpecial", count: 8, first: "MR_85_01", last: "MCW_91_06", encoding: .utf8),
  ]

  func testEveryRealIndexPageYieldsItsIssueCells() throws {
    var total = 0
    for e in realPages {
      let bytes = try TestPaths.corpus("retrospec/index/\(e.page).html")
      let p = try RetroSpecIndexPage.parse(bytes, url: XCTUnwrap(RetroSpecSite.indexURL(e.page)))
      XCTAssertEqual(p.cells.count, e.count, e.page)
      XCTAssertEqual(p.cells.first?.id, e.first, e.page)
      XCTAssertEqual(p.cells.last?.id, e.last, e.page)
      XCTAssertEqual(p.encoding, e.encoding, e.page)
      XCTAssertTrue(p.hasContentMarkers, e.page)
      XCTAssertFalse(p.looksTruncated, e.page)
      XCTAssertTrue(p.brokenCells.isEmpty, "\(e.page): \(p.brokenCells)")
      XCTAssertEqual(p.unknownSeriesIDs, [], e.page)
      total += p.cells.count
    }
    XCTAssertEqual(total, 653)
  }

  func testTheRealWindows1250BooksPageKeepsItsDiacritics() throws {
    let bytes = try TestPaths.corpus("retrospec/index/indexKnjige.html")
    let p = try RetroSpecIndexPage.parse(bytes, url: XCTUnwrap(RetroSpecSite.indexURL("indexKnjige")))
    let labels = Dictionary(uniqueKeysWithValues: p.cells.map { ($0.id, $0.label) })
    XCTAssertEqual(labels["Knjige_SP"], "Spektrum Priručnik")
    XCTAssertEqual(labels["Knjige_Opravka"], "Održavanje i opravka Spectrum-a i Commodore-a")
    XCTAssertEqual(labels["Knjige_Avanture"], "Avanture za vaš ZX Spectrum")
    XCTAssertEqual(labels["Knjige_KUK"], "Kompjutor u Kući")
    XCTAssertFalse(p.cells.contains { $0.label.contains("\u{FFFD}") || $0.label.contains("Ä") })
  }

  /// The UTF-8 pages' issue captions are ASCII; their only letters with diacritics are in the
  /// surrounding text, which the same snippet decoding reads.
  func testTheRealUTF8PagesKeepTheirDiacriticsAndAreNotReadAsWindows1250() throws {
    for (name, word) in [("indexGal", "Določeni"), ("indexMMHrv", "Slovenačko")] {
      let page = RetroSpecMarkup(bytes: try TestPaths.corpus("retrospec/index/\(name).html"))
      XCTAssertEqual(page.encoding, .utf8, name)
      let stem = Array(word.utf8.prefix(4))
      let at = try XCTUnwrap(page.find(stem, from: 0, caseInsensitive: false), name)
      XCTAssertEqual(page.text(at..<(at + word.utf8.count)), word, name)
    }
    let ra = RetroSpecMarkup(bytes: try TestPaths.corpus("retrospec/index/indexRA.html"))
    XCTAssertEqual(ra.encoding, .windows1250)
    let at = try XCTUnwrap(ra.find(Array("revije Ra".utf8), from: 0, caseInsensitive: false))
    XCTAssertEqual(ra.text((at + 7)..<(at + 15)), "Računari", "one cp1250 byte for č")
  }

  func testTheRealFirstSvetKompjuteraCellMatchesThePage() throws {
    let bytes = try TestPaths.corpus("retrospec/index/indexSK.html")
    let c = try XCTUnwrap(
      try RetroSpecIndexPage.parse(bytes, url: XCTUnwrap(RetroSpecSite.indexURL("indexSK"))).cells.first)
    XCTAssertEqual(c.zip, "SKH/ZIP/1984_10.zip")
    XCTAssertEqual(c.cover, "SKH/Covers/SK8410-00.jpg")
    XCTAssertEqual(c.thumb, "SKH/SK8410-00.jpg")
    XCTAssertEqual(c.label, "1984 - 10")
  }

  /// The spec states the cell rule at text level and asks that a DOM reading agree on the saved pages:
  /// innermost cells between the CONTENT comments holding both a magshow link and a ZIP link.
  func testALibxml2DOMReadingFindsTheSameIssuesOnTheRealPages() throws {
    for name in RetroSpecSite.indexPages {
      let bytes = try TestPaths.corpus("retrospec/index/\(name).html")
      let url = try XCTUnwrap(RetroSpecSite.indexURL(name))
      let doc = try HTMLDocument(bytes: bytes, url: url, policy: .utf8Else(.windows1250))
      let cells = doc.select(
        "//td[not(.//td)][preceding::comment()[normalize-space(.)='CONTENT']][following::comment()[normalize-space(.)='/CONTENT']]"
      )
      let domIDs: [String] = cells.compactMap { td in
        let hrefs = td.select(".//a/@href").map(\.rawText)
        guard let show = hrefs.first(where: { $0.contains("magshow.php?all=") }),
          hrefs.contains(where: { $0.lowercased().contains("/zip/") && $0.lowercased().hasSuffix(".zip") })
        else { return nil }
        return show.components(separatedBy: "all=").last
      }
      let textIDs = try RetroSpecIndexPage.parse(bytes, url: url).cells.map(\.id)
      XCTAssertEqual(domIDs, textIDs, name)
    }
  }
}
