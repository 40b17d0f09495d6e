import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class BombJackPageTests: XCTestCase {
  static let gridURL = URL(string: "https://commodore.bombjack.org/vic-20/magazines/vic-computing/vic-computing.htm")!

  func grid() throws -> BombJackPage {
    BombJackPage.read(try TestPaths.fixtureBytes("BombJack/magazine-grid.htm"), url: Self.gridURL)
  }

  // MARK: fixtures

  func testACuratedCellGivesTitleCoverAndPageCount() throws {
    let first = try XCTUnwrap(try grid().entries.first)
    XCTAssertEqual(
      first.file.absoluteString,
      "https://commodore.bombjack.org/magazines/vic-20/vic-computing/Vic_Computing_Issue_01_1981_Nov.zip")
    XCTAssertEqual(first.title, "Issue 01 1981 Nov")
    XCTAssertEqual(
      first.cover?.absoluteString, "https://commodore.bombjack.org/vic-20/magazines/vic-computing/vic-computing-01.jpg")
    XCTAssertEqual(first.pages, 36)
  }

  func testEveryCellWithAnArchiveLinkIsReadOnceAndToolCopiesAreSkipped() throws {
    let titles = try grid().entries.map(\.title)
    XCTAssertEqual(
      titles,
      [
        "Issue 01 1981 Nov", "Issue 02 1981 Dec/1982 Jan", "Issue 03 & 04 Jun/Jul 1982", "Issue 05", "Issue 06",
        "Special Edition Café 1983", "Disk", "Issue 09 1983",
      ])
  }

  func testTheLinkTextIsNeverTheTitleAndPageCountsTolerateMarkupAndSingulars() throws {
    let e = try grid().entries
    XCTAssertEqual(e[1].pages, 40, "40pages, no space")
    XCTAssertEqual(e[2].pages, 1, "1 page, and the size after it is ignored")
    XCTAssertNil(e[2].cover, "the link holds text, not an image")
    XCTAssertEqual(e[5].pages, 52, "<span>52</span><span> Pages</span>")
  }

  func testRelativeFilesAndCoversResolveAgainstThePageAndSpacesAreEncoded() throws {
    let special = try grid().entries[5]
    XCTAssertEqual(
      special.file.absoluteString,
      "https://commodore.bombjack.org/vic-20/magazines/vic-computing/files/Vic%20Computing%20Special.pdf")
    XCTAssertEqual(
      special.cover?.absoluteString, "https://commodore.bombjack.org/vic-20/magazines/vic-computing/special.jpg")
    XCTAssertEqual(
      try grid().entries[1].cover?.absoluteString,
      "https://commodore.bombjack.org/vic-20/magazines/vic-computing/images/vic-computing-02.jpg")
  }

  func testOnlySameHostHTMLLinksAreFollowedWithQueriesAndFragmentsDropped() throws {
    XCTAssertEqual(
      try grid().links,
      [
        "https://commodore.bombjack.org/vic-20/magazines-disk.htm",
        "https://commodore.bombjack.org/vic-20/magazines/vic-computing/vic-computing-2.htm",
        "https://commodore.bombjack.org/vic-20/index.htm",
        "https://commodore.bombjack.org/vic-20/magazines/vic-computing/vic-computing-index.htm",
      ])
  }

  func testAFolderLinkWithoutItsSlashIsWalkedAsTheFolderSoRelativeLinksResolve() {
    let root = URL(string: "https://commodore.bombjack.org/commodore/index.htm")!
    XCTAssertEqual(
      BombJackSiteLinks.followable("applications", from: root)?.absoluteString,
      "https://commodore.bombjack.org/commodore/applications/")
    XCTAssertEqual(
      BombJackSiteLinks.followable("https://commodore.bombjack.org", from: root)?.absoluteString,
      "https://commodore.bombjack.org/")
    XCTAssertEqual(
      BombJackSiteLinks.followable("../index2.htm#x", from: root)?.absoluteString,
      "https://commodore.bombjack.org/index2.htm")
    XCTAssertNil(BombJackSiteLinks.followable("manual.PDF", from: root))
  }

  func testAListingTakesTitlesFromFileNamesAndCollapsesItsSortLinks() throws {
    let page = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/listing-with-foreign-links.htm"),
      url: URL(string: "https://commodore.bombjack.org/other/telephony/pdf/")!)
    XCTAssertEqual(page.title, "Index of /other/telephony/pdf")
    XCTAssertEqual(
      page.entries.map(\.title),
      ["Bell System Practices Key Telephone Units", "Modem Handbook 1984 Mar", "Phreak Guide", "Dialer"])
    XCTAssertTrue(page.entries.allSatisfy { $0.cover == nil && $0.pages == nil })
    XCTAssertEqual(
      page.links,
      [
        "https://commodore.bombjack.org/other/telephony/pdf/", "https://commodore.bombjack.org/other/telephony/",
        "https://commodore.bombjack.org/other/telephony/pdf/scans/",
      ])
  }

  func testAChangelogPageIsFollowedForLinksButNeverReadForEntries() throws {
    let page = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/changelog-2014.htm"),
      url: URL(string: "https://commodore.bombjack.org/archive/index-archive-2014.htm")!)
    XCTAssertEqual(page.entries, [])
    XCTAssertEqual(
      page.links, ["https://commodore.bombjack.org/commodore/magazines/ahoy/ahoy.htm"])
  }

  func testAToolPathPageYieldsNothing() throws {
    let page = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/magazine-grid.htm"),
      url: URL(string: "https://commodore.bombjack.org/vic-20/_vti_cnf/vic-computing.htm")!)
    XCTAssertEqual(page.entries, [])
  }

  func testATruncatedPageKeepsItsWholeCellsAndSaysWhereItWasCut() throws {
    let page = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/truncated.htm"),
      url: URL(string: "https://commodore.bombjack.org/commodore/magazines/commodore-horizons/commodore-horizons.htm")!)
    XCTAssertEqual(page.entries.map(\.title), ["Issue 01 1984 Jan"])
    XCTAssertEqual(page.notes.count, 1)
    XCTAssertTrue(
      page.notes[0].hasPrefix(
        "https://commodore.bombjack.org/commodore/magazines/commodore-horizons/commodore-horizons.htm: line 8: "),
      page.notes[0])
  }

  func testALatin1PageDecodesItsAccents() throws {
    let page = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/latin1-books.htm"),
      url: URL(string: "https://commodore.bombjack.org/generic/books-french.htm")!)
    XCTAssertEqual(page.title, "Generic - Books - Livres français")
    XCTAssertEqual(page.entries.map(\.title), ["Le Café du Commodore"])
  }

  func testAPageWithoutATitleIsNamedByItsURL() {
    let url = URL(string: "https://commodore.bombjack.org/x/y.htm")!
    XCTAssertEqual(BombJackPage.read(text: "<p>nothing</p>", url: url).title, url.absoluteString)
  }

  // MARK: the real pages

  static let ahoyURL = URL(string: "https://commodore.bombjack.org/commodore/magazines/ahoy/ahoy.htm")!
  static let booksURL = URL(string: "https://commodore.bombjack.org/commodore/books.htm")!

  func testTheRealAhoyPageListsAll61Issues() throws {
    let page = BombJackPage.read(try TestPaths.corpus("bombjack/magazine-ahoy.htm"), url: Self.ahoyURL)
    XCTAssertEqual(page.title, "Commodore - Magazines - Ahoy")
    XCTAssertEqual(page.entries.count, 61)
    let first = page.entries[0]
    XCTAssertEqual(first.title, "Issue 01 1984 Jan")
    XCTAssertEqual(first.pages, 100)
    XCTAssertEqual(first.cover?.absoluteString, "https://commodore.bombjack.org/commodore/magazines/ahoy/ahoy-01.jpg")
    XCTAssertEqual(page.entries[12].pages, 100, "Issue 13 writes 100pages")
    XCTAssertEqual(page.entries[24].title, "Issue 25 1986 Jan I", "a stray I before the link stays in the title")
    XCTAssertEqual(page.entries[24].pages, 148)
    let last = page.entries[60]
    XCTAssertEqual(last.title, "Issue 61 1989 Jan")
    XCTAssertEqual(last.pages, 76)
    XCTAssertEqual(
      last.file.absoluteString, "https://commodore.bombjack.org/magazines/commodore/ahoy/Ahoy_Issue_61_1989_Jan.zip")
    XCTAssertEqual(page.links, ["https://commodore.bombjack.org/commodore/magazines-disk.htm"])
  }

  func testTheRealBooksPageReadsEveryBookOnceWithMultiLineTitles() throws {
    let page = BombJackPage.read(try TestPaths.corpus("bombjack/books-commodore.htm"), url: Self.booksURL)
    XCTAssertEqual(page.title, "DLH's Commodore Archive - Commodore - Books")
    XCTAssertEqual(page.entries.count, 265, "269 links, four books listed twice")
    XCTAssertEqual(page.entries[0].title, "The Official Guide Oxford PASCAL on the Commodore 64")
    XCTAssertEqual(page.entries[0].pages, 178, "178 pages / 10.8 MB")
    XCTAssertEqual(
      page.entries[0].cover?.absoluteString,
      "https://commodore.bombjack.org/commodore/books/thumbnails/the-official-guide-oxford-pascal-on-the-commodore-654.jpg"
    )
    XCTAssertEqual(page.entries[3].title, "The Hacker's Handbook Commodore 64")
    XCTAssertEqual(page.entries.last?.title, "Business Programming on your Commodore")
    XCTAssertEqual(page.entries.last?.pages, 165)
    let microGuide = try XCTUnwrap(page.entries.first { $0.file.lastPathComponent == "Commodore_64_MicroGuide.zip" })
    XCTAssertEqual(microGuide.pages, 32, "32<span> pages</span>")
    let compute = try XCTUnwrap(page.entries.first { $0.title == "Compute's First Book of Commodore 64" })
    XCTAssertEqual(compute.file.lastPathComponent, "Compute's_1st_Book_of_Commodore_64.zip")
    XCTAssertEqual(compute.pages, 276)
    XCTAssertEqual(
      page.links,
      [
        "https://commodore.bombjack.org/commodore/assembly/", "https://commodore.bombjack.org/commodore/disks/books/",
        "https://commodore.bombjack.org/commodore/disks/books/complete-commodore-machine-code-programming-course/",
      ])
  }

  func testTheRealApacheListingHasOneManualAndNoFurniture() throws {
    let page = BombJackPage.read(
      try TestPaths.corpus("bombjack/listing-epson-hx20.htm"),
      url: URL(string: "https://commodore.bombjack.org/other/epson-hx-20/")!)
    XCTAssertEqual(page.title, "Index of /other/epson-hx-20")
    XCTAssertEqual(page.entries.map(\.title), ["Epson HX-20 Technical Manual"])
    XCTAssertNil(page.entries[0].cover)
    XCTAssertEqual(
      page.links,
      [
        "https://commodore.bombjack.org/other/epson-hx-20/", "https://commodore.bombjack.org/other/",
        "https://commodore.bombjack.org/index2.htm",
      ])
  }

  func testTheRealSectionIndexHasNoEntriesAndThirtyNineLinks() throws {
    let page = BombJackPage.read(
      try TestPaths.corpus("bombjack/index-commodore.htm"),
      url: URL(string: "https://commodore.bombjack.org/commodore/index.htm")!)
    XCTAssertEqual(page.entries, [])
    XCTAssertEqual(page.links.count, 39)
    XCTAssertEqual(
      page.links.first, "https://commodore.bombjack.org/commodore/commodore/",
      "an extension-less link is a folder")
    XCTAssertEqual(page.links.last, "https://commodore.bombjack.org/")
    XCTAssertTrue(page.links.contains("https://commodore.bombjack.org/commodore/misc/index.htm"))
  }
}
