import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class RetroSpecMagshowTests: XCTestCase {
  func info(_ fixture: String) throws -> RetroSpecMagshow? {
    RetroSpecMagshow.parse(try TestPaths.fixtureBytes("RetroSpec/" + fixture))
  }

  func testAnIssuePageGivesNameDateLanguageAndPageCount() throws {
    XCTAssertEqual(
      try info("magshow-issue.html"),
      RetroSpecMagshow(
        seriesName: "Svet Kompjutera", year: 1986, monthText: "Maj", numberInYear: 5, language: "serbian",
        jezik: "srpski", pageCount: 12))
  }

  func testABookPageHasNoDateLine() throws {
    let i = try XCTUnwrap(try info("magshow-book.html"))
    XCTAssertEqual(i.seriesName, "Spektrum Priru?nik")
    XCTAssertNil(i.year)
    XCTAssertNil(i.monthText)
    XCTAssertNil(i.language)
    XCTAssertEqual(i.pageCount, 7)
  }

  func testAPageWithoutASeriesNameHasNoInfo() throws {
    XCTAssertNil(try info("magshow-no-name.html"))
    XCTAssertNil(RetroSpecMagshow.parse(Array("<html><body>Not found</body></html>".utf8)))
  }

  func testAnEmptyMonthTextStaysEmpty() throws {
    let i = try XCTUnwrap(try info("magshow-without-month.html"))
    XCTAssertEqual(i.year, 1985)
    XCTAssertEqual(i.monthText, "")
    XCTAssertEqual(i.language, "croatian", "srbohrvaški maps to croatian")
  }

  func testAWindows1250PageReadsItsLanguage() throws {
    let i = try XCTUnwrap(try info("magshow-cp1250.html"))
    XCTAssertEqual(i.jezik, "slovenščina")
    XCTAssertEqual(i.language, "slovenian")
    XCTAssertEqual(i.monthText, "Junij")
  }

  func testTheDateLinePatternTakesTheLastHash() {
    XCTAssertEqual(RetroSpecMagshow.parseDateLine("1988 Jul-SpecijalniBroj #0")?.monthText, "Jul-SpecijalniBroj")
    XCTAssertEqual(RetroSpecMagshow.parseDateLine(" 1993 Julij/Avgust  #4 ")?.number, 4)
    XCTAssertNil(RetroSpecMagshow.parseDateLine("Maj 1986 #1"))
    XCTAssertNil(RetroSpecMagshow.parseDateLine("1986 Maj"))
  }

  // MARK: the saved real magshow pages

  func testEveryRealMagshowPageMatchesWhatItShows() throws {
    try TestPaths.requireCorpus()
    let expected: [(String, String, Int?, String?, Int?, String?)] = [
      ("AmSt_92_11", "Amiga Style", 1992, "Novembar", 44, "serbian"),
      ("AmSv_95_07", "Amiga Svet", 1995, "Juli", 20, "serbian"),
      ("BIT_84_06", "BIT", 1984, "Junij", 32, "slovenian"),
      ("CN_93_07", "Club Nintendo", 1993, "Julij/Avgust", 32, "slovenian"),
      ("GAL_72_03", "Galaksija", 1972, "Mart", 64, "serbian"),
      ("KOM_84_05", "Kompjuter", 1984, "Maj", 36, "serbian"),
      ("Knjige_KUK", "Kompjutor u Ku?i", nil, nil, 193, nil),
      ("Knjige_Mirko", "Mirko Tipka Na Radirko", nil, nil, 172, nil),
      ("Knjige_SP", "Spektrum Priru?nik", nil, nil, 261, nil),
      ("MA_94_12", "Master", 1994, "Prosinac", 48, "croatian"),
      ("MCW_91_06", "Micro Computer", 1991, "Juni", 28, "serbian"),
      ("MG_93_08", "Megazin", 1993, "Avgust", 8, "slovenian"),
      ("MMH_85_01", "Moj Mikro [Hrv]", 1985, "Januar", 68, "croatian"),
      ("MMS_84_06", "Moj Mikro", 1984, "Junij", 68, "slovenian"),
      ("MR_85_01", "Mala Ra?unala", 1985, "", 68, "croatian"),
      ("PJ_95_10", "PlayJoy", 1995, "Oktobar", 48, "serbian"),
      ("PV_85_03", "Pilot Video", 1985, "Mart", 48, "croatian"),
      ("RA_84_01", "Ra?unari", 1984, "Januar", 116, "serbian"),
      ("RA_88_04S", "Ra?unari", 1988, "Jul-SpecijalniBroj", 100, "serbian"),
      ("SI_86_01", "Svet Igara", 1986, "Decembar", 52, "serbian"),
      ("SK_84_10", "Svet Kompjutera", 1984, "Oktobar", 48, "serbian"),
      ("Warp_97_05", "Warp", 1997, "Svibanj-Maj", 20, "croatian"),
      ("Warp_98_02", "Warp", 1998, "Velja?a/Februar", 57, "croatian"),
    ]
    for (id, name, year, month, pages, language) in expected {
      let i = try XCTUnwrap(RetroSpecMagshow.parse(try TestPaths.corpus("retrospec/magshow/\(id).html")), id)
      XCTAssertEqual(i.seriesName, name, id)
      XCTAssertEqual(i.year, year, id)
      XCTAssertEqual(i.monthText, month, id)
      XCTAssertEqual(i.pageCount, pages, id)
      XCTAssertEqual(i.language, language, id)
    }
  }
}
