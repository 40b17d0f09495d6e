import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class VintageAppleSectionPageTests: XCTestCase {
  func fixture(_ name: String) throws -> [VintageAppleRow] {
    try VintageAppleSectionPage.parse(
      try TestPaths.fixtureBytes("VintageApple/\(name)"), url: "https://vintageapple.org/foo/")
  }

  func testOnlyRowsLinkingAPDFCountSoHeaderAndLayoutRowsDropOut() throws {
    let rows = try fixture("section-mixed-dates.html")
    XCTAssertEqual(rows.count, 10)
    XCTAssertEqual(rows.map(\.position), Array(0..<10))
    XCTAssertEqual(rows[0].pdf, "pdf/Foo_8404_April_1984.pdf")
    XCTAssertEqual(rows[0].thumb, "thumb/Foo_8404_April_1984.jpg")
    XCTAssertEqual(rows[0].line, 24)
  }

  func testTheTableCellGivesYearAndMonth() throws {
    let row = try fixture("section-mixed-dates.html")[0]
    XCTAssertEqual([row.year, row.month], [1984, 4])
  }

  func testASixDigitStampGivesTheMonthWhenItsYearMatchesTheTable() throws {
    let row = try fixture("section-mixed-dates.html")[1]
    XCTAssertEqual([row.year, row.month], [1981, 6])
  }

  func testAShortStampCountsOnlyWhenItsYearIsTheTableYear() throws {
    let rows = try fixture("section-mixed-dates.html")
    XCTAssertEqual([rows[2].year, rows[2].month], [1984, 11], "_8411_ in 1984")
    XCTAssertEqual([rows[3].year, rows[3].month], [1984, nil], "_9002_ disagrees with 1984 and is ignored")
  }

  func testASpelledMonthTakesTheEarliestName() throws {
    let row = try fixture("section-mixed-dates.html")[4]
    XCTAssertEqual([row.year, row.month], [1985, 9])
  }

  func testWithoutATableYearAStampGivesAMonthButNeverAYear() throws {
    let rows = try fixture("section-mixed-dates.html")
    XCTAssertEqual([rows[5].year, rows[5].month], [nil, nil], "the cell 'n/a' is no year")
    XCTAssertEqual([rows[6].year, rows[6].month], [nil, 3])
  }

  func testACellWithAnImpossibleMonthStillGivesTheYear() throws {
    let row = try fixture("section-mixed-dates.html")[9]
    XCTAssertEqual([row.year, row.month], [1983, nil])
  }

  func testTitlesDropTheStampTheExtensionAndRepeatedSpaces() throws {
    let rows = try fixture("section-mixed-dates.html")
    XCTAssertEqual(rows[0].title, "Foo 8404 April 1984")
    XCTAssertEqual(rows[1].title, "Foo Magazine Vol 06-06")
    XCTAssertEqual(rows[5].title, "Foo Annual")
    XCTAssertEqual(rows[6].title, "Foo Undated Stamp")
    XCTAssertEqual(rows[9].title, "Foo 198313", "a stamp not followed by a space stays")
  }

  func testAnEmptyLinkTextFallsBackToTheFileNameAndEntitiesAreDecoded() throws {
    let row = try fixture("section-mixed-dates.html")[8]
    XCTAssertEqual(row.pdf, "pdf/Zen_&_the_Art_1986.PDF")
    XCTAssertEqual(row.stem, "Zen_&_the_Art_1986")
    XCTAssertEqual(row.title, "Zen & the Art 1986")
    XCTAssertEqual(row.thumb, "thumb/Zen_&_the_Art_1986.jpg")
  }

  func testASectionPageWithNoRowsGivesNoRows() throws {
    XCTAssertEqual(try fixture("section-no-rows.html"), [])
  }

  func testAPageCutInsideTheTableIsAnErrorNamingTheLastRow() throws {
    XCTAssertThrowsError(try fixture("section-truncated.html")) { error in
      XCTAssertEqual(error as? VintageAppleError, .truncated(url: "https://vintageapple.org/foo/", rows: 3, line: 30))
      XCTAssertEqual(
        "\(error)",
        "https://vintageapple.org/foo/: line 30: the page ends inside the file table after 3 rows (no closing </table>); it was cut short"
      )
    }
  }

  func testAnEmptyAnswerIsNotAPage() {
    XCTAssertThrowsError(try VintageAppleSectionPage.parse([], url: "u")) { error in
      XCTAssertEqual(error as? VintageAppleError, .notHTML(url: "u"))
    }
  }

  // MARK: the real pages

  func real(_ slug: String) throws -> [VintageAppleRow] {
    try VintageAppleSectionPage.parse(
      try TestPaths.corpus("vintageapple/\(slug).html"), url: "https://vintageapple.org/\(slug)/")
  }

  func testTheRealBytePageHas287IssuesFromSeptember1975ToJuly1998() throws {
    let rows = try real("byte")
    XCTAssertEqual(rows.count, 287)
    XCTAssertEqual(
      rows.first,
      VintageAppleRow(
        pdf: "pdf/197509_Byte_Magazine_Vol_00-01_The_Worlds_Greatest_Toy.pdf",
        thumb: "thumb/197509_Byte_Magazine_Vol_00-01_The_Worlds_Greatest_Toy.jpg",
        title: "Byte Magazine Vol 00-01 The Worlds Greatest Toy", year: 1975, month: 9, position: 0, line: 123))
    XCTAssertEqual(rows.last?.title, "Byte Magazine Vol 23-07 Year 2000 Survival Guide")
    XCTAssertEqual([rows.last?.year, rows.last?.month], [1998, 7])
    XCTAssertTrue(rows.allSatisfy { $0.month != nil }, "every Byte file name carries a YYYYMM stamp")
  }

  func testTheRealMacworldPageTakesYearAndMonthFromItsYearMoColumn() throws {
    let rows = try real("macworld")
    XCTAssertEqual(rows.count, 258)
    XCTAssertEqual(rows.first?.title, "MacWorld 8404 April 1984 premier")
    XCTAssertEqual([rows.first?.year, rows.first?.month], [1984, 4])
    XCTAssertEqual(rows.last?.pdf, "pdf/MacWorld_0512_December_2005.pdf")
    XCTAssertEqual([rows.last?.year, rows.last?.month], [2005, 12])
  }

  func testTheRealSoftalkPageHas48Issues() throws {
    let rows = try real("softalk")
    XCTAssertEqual(rows.count, 48)
    XCTAssertEqual(rows.first?.title, "SOFTALK 8009 v1 n01")
    XCTAssertEqual(rows.first?.thumb, "thumb/SOFTALK_8009_v1_n01.jpg")
    XCTAssertEqual([rows.last?.year, rows.last?.month], [1984, 8])
  }

  func testTheRealMacBooksPageKeepsAmpersandsAndHasOneUndatedBook() throws {
    let rows = try real("macbooks")
    XCTAssertEqual(rows.count, 409)
    XCTAssertEqual(rows.first?.title, "1001 Things To Do With Your Macintosh 1984")
    XCTAssertEqual([rows.first?.year, rows.first?.month], [1984, nil])
    XCTAssertEqual(rows.last?.pdf, "pdf/Zen_&_the_Art_of_Macintosh_1986.pdf")
    XCTAssertEqual(rows.last?.title, "Zen & the Art of Macintosh 1986")
    let undated = rows.filter { $0.year == nil }
    XCTAssertEqual(undated.map(\.title), ["AppleTalk Remote Access 3.0 Users Manual 199x"], "its year cell reads 199x")
    XCTAssertEqual(rows.filter { $0.month != nil }.count, 4, "four book file names spell a month")
    XCTAssertEqual(
      rows.first { $0.pdf == "pdf/Macintosh_Computers_Service_Guide_Volume_III_July_1994.pdf" }?.month, 7)
  }
}

extension VintageAppleSectionPageTests {
  func testALatin1PageKeepsItsAccents() throws {
    let row =
      "<table><tr><td><img src=\"thumb/Caf\u{E9}.jpg\"></td><td><a href=\"pdf/Cafe_1984.pdf\">Caf\u{E9} Guide 1984.pdf</a></td><td>1984</td></tr></table>"
    let bytes = row.unicodeScalars.map { UInt8($0.value) }
    let rows = try VintageAppleSectionPage.parse(bytes, url: "https://vintageapple.org/macbooks/")
    XCTAssertEqual(rows.map(\.title), ["Café Guide 1984"])
  }
}

extension VintageAppleSectionPageTests {
  func testALinkToAnotherHostIsNotARow() throws {
    let page = """
      <table><tr><td><img src="thumb/x.jpg"></td><td><a href="https://mirror.example.net/pdf/x.pdf">x.pdf</a></td><td>1984</td></tr>
      <tr><td><img src="thumb/y.jpg"></td><td><a href="//mirror.example.net/byte/pdf/y.pdf">y.pdf</a></td><td>1984</td></tr>
      <tr><td><img src="thumb/z.jpg"></td><td><a href="pdf/z.pdf">z.pdf</a></td><td>1984</td></tr></table>
      """
    let rows = try VintageAppleSectionPage.parse(Array(page.utf8), url: "https://vintageapple.org/byte/")
    XCTAssertEqual(rows.map(\.pdf), ["pdf/z.pdf"])
  }
}
