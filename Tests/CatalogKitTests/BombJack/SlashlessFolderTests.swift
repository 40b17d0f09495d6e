import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// Issue 13 item 2: a folder linked without its trailing slash is read once, but named as the
/// shipped shelves' walk named it, which fetched both spellings and counted both.
final class SlashlessFolderTests: XCTestCase {
  static let site = "https://commodore.bombjack.org"
  let index = URL(string: site + "/commodore/index.htm")!

  func listing(_ folder: String, _ files: [String]) -> BombJackPage {
    let rows = files.map { "<tr><td><a href=\"\($0)\">\($0)</a></td><td align=\"right\">12M</td></tr>" }
    return BombJackPage.read(
      text: "<title>Index of /commodore/\(folder)</title><table>\(rows.joined())</table>",
      url: URL(string: Self.site + "/commodore/\(folder)/")!)
  }

  func testALinkWithoutTheSlashLeadsToTheFolderAndSaysSo() throws {
    let bare = try XCTUnwrap(BombJackSiteLinks.link("geos", from: index))
    XCTAssertEqual(bare.url.absoluteString, Self.site + "/commodore/geos/")
    XCTAssertTrue(bare.slashless)
    XCTAssertEqual(BombJackSiteLinks.link("geos/", from: index)?.slashless, false)
    XCTAssertEqual(
      BombJackSiteLinks.link("geos?C=M;O=A", from: index)?.slashless, true, "the query goes, the slash is still missing"
    )
    XCTAssertEqual(BombJackSiteLinks.link("books.htm", from: index)?.slashless, false, "a page is not a folder")
    XCTAssertEqual(BombJackSiteLinks.link(Self.site, from: index)?.slashless, false, "the root's path is `/`")
  }

  func testTheRealShapedIndexPageRecordsTheFoldersItLinksWithoutTheSlash() throws {
    let page = BombJackPage.read(try TestPaths.fixtureBytes("BombJack/section-index-slashless.htm"), url: index)
    XCTAssertEqual(
      page.links,
      ["commodore/", "geos/", "games-multi/", "books.htm", "magazines/", "disks/"].map {
        Self.site + "/commodore/" + $0
      }, "each folder once, slashed")
    XCTAssertEqual(
      page.slashlessFolders.map(\.absoluteString),
      ["commodore/", "geos/", "games-multi/", "disks/"].map { Self.site + "/commodore/" + $0 },
      "games-multi is linked both ways and counts as linked without the slash")
  }

  func testAFolderLinkedWithoutItsSlashCountsTwiceTowardItsShortName() throws {
    let root = BombJackPage.read(try TestPaths.fixtureBytes("BombJack/section-index-slashless.htm"), url: index)
    let pages = [root, listing("geos", ["GEOS_Manual.pdf"]), listing("bbs", ["BBS_Guide.pdf"])]
    let uses = BombJackCatalogueAssembly.shortNameUses(pages)
    XCTAssertEqual(uses["Geos"], 2)
    XCTAssertEqual(uses["Bbs"], 1, "linked nowhere without its slash")
    XCTAssertNil(uses["Commodore"], "the index page has no archive links, and /commodore/commodore/ was not read")
  }

  func testTheRunOfAFolderLinkedWithoutItsSlashGetsThePlatformInFrontAsShipped() throws {
    let root = BombJackPage.read(try TestPaths.fixtureBytes("BombJack/section-index-slashless.htm"), url: index)
    let pages = [
      root, listing("commodore", ["64C_Test_Pilot.pdf"]), listing("geos", ["GEOS_Manual.pdf"]),
      listing("bbs", ["BBS_Guide.pdf"]),
    ]
    let build = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-12-01")
    XCTAssertEqual(build.runs.map(\.run.key), ["commodore-commodore", "commodore-geos", "bbs"])
    XCTAssertEqual(build.runs.map(\.run.name), ["Commodore - Commodore", "Commodore - Geos", "Bbs"])
    XCTAssertEqual(
      build.catalogues[.hardware]?.issues.map(\.series), ["commodore-commodore", "commodore-geos", "bbs"])
  }
}
