import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class BombJackCatalogueAssemblyTests: XCTestCase {
  static let site = "https://commodore.bombjack.org"

  func page(_ path: String, _ title: String, _ files: [String]) -> BombJackPage {
    let cells = files.map { "<td>\($0.split(separator: "/").last ?? "")<br><a href=\"\($0)\">x</a><br>10 pages</td>" }
    return BombJackPage.read(
      text: "<title>\(title)</title><table><tr>\(cells.joined())</tr></table>", url: URL(string: Self.site + path)!)
  }

  func testTheDeepestCopyOfAFileNameWinsAndUnrelatedFoldersKeepTheirs() {
    let pages = [
      page("/books/a.htm", "Generic - Books - A", ["/books/a/File.zip", "/books/b/File.zip"]),
      page("/books/a/sub.htm", "Generic - Books - Sub", ["/books/a/sub/file.ZIP"]),
    ]
    let build = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-11-30")
    let zips = build.catalogues[.books]?.issues.map(\.zip)
    XCTAssertEqual(zips, [Self.site + "/books/b/File.zip", Self.site + "/books/a/sub/file.ZIP"])
    XCTAssertEqual(build.dropped.repeats, 1)
  }

  func testAFileIsKeptOnceSiteWideByTheFirstPageInWalkOrder() {
    let pages = [
      page("/books/one.htm", "Books - One", ["/books/x/A.zip", "/books/x/B.zip"]),
      page("/books/two.htm", "Books - Two", ["/books/x/B.zip", "/books/x/C.zip"]),
    ]
    let build = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-11-30")
    let issues = build.catalogues[.books]?.issues ?? []
    XCTAssertEqual(issues.map(\.title), ["A.zip", "B.zip", "C.zip"])
    XCTAssertEqual(issues.map(\.series), ["one", "one", "two"])
    XCTAssertEqual(issues.map(\.number), [1, 2, 1], "numbers count this page's written entries")
    XCTAssertEqual(build.dropped.repeats, 1)
  }

  func testARunSplitAcrossTwoShelvesKeepsCountingAcrossThem() {
    let pages = [page("/commodore/misc.htm", "Commodore - Misc", ["/books/x/A.zip", "/other/B.pdf", "/books/x/C.zip"])]
    let build = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-11-30")
    XCTAssertEqual(build.catalogues[.books]?.issues.map(\.number), [1, 3])
    XCTAssertEqual(build.catalogues[.other]?.issues.map(\.number), [2])
    XCTAssertEqual(build.catalogues[.other]?.series.map(\.key), ["misc"])
  }

  func testGoneFilesAreDroppedAndSizesComeOnlyFromA200() {
    let pages = [page("/books/one.htm", "Books - One", ["/books/x/A.zip", "/books/x/B.zip", "/books/x/C.zip"])]
    let probes = [
      Self.site + "/books/x/A.zip": SizeProbe(status: 404),
      Self.site + "/books/x/B.zip": SizeProbe(status: 200, bytes: 1234),
      Self.site + "/books/x/C.zip": SizeProbe(status: 403, bytes: 99),
    ]
    let build = BombJackCatalogueAssembly.assemble(pages, probes: probes, generated: "2026-11-30")
    let issues = build.catalogues[.books]?.issues ?? []
    XCTAssertEqual(issues.map(\.title), ["B.zip", "C.zip"])
    XCTAssertEqual(issues.map(\.bytes), [1234, nil])
    XCTAssertEqual(issues.map(\.number), [1, 2])
    XCTAssertEqual(build.dropped.gone, 1)
  }

  func testAPageWhoseEntriesAllWentMakesNoRunAndReleasesItsKey() {
    let pages = [
      page("/books/one.htm", "Books - Same", ["/books/x/A.zip"]),
      page("/books/two.htm", "Books - Same", ["/books/y/B.zip"]),
    ]
    let build = BombJackCatalogueAssembly.assemble(
      pages, probes: [Self.site + "/books/x/A.zip": SizeProbe(status: 404)], generated: "2026-11-30")
    XCTAssertEqual(build.catalogues[.books]?.series.map(\.name), ["Books - Same"])
    XCTAssertEqual(build.catalogues[.books]?.series.map(\.key), ["books-same"])
  }

  func testTheFixtureGridKeepsFourIssuesAndCountsWhatItDropped() throws {
    let grid = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/magazine-grid.htm"),
      url: URL(string: Self.site + "/vic-20/magazines/vic-computing/vic-computing.htm")!)
    let listing = BombJackPage.read(
      try TestPaths.fixtureBytes("BombJack/listing-with-foreign-links.htm"),
      url: URL(string: Self.site + "/other/telephony/pdf/")!)
    let build = BombJackCatalogueAssembly.assemble([grid, listing], probes: [:], generated: "2026-11-30")
    let vic = try XCTUnwrap(build.catalogues[.commodoreMagazines])
    XCTAssertEqual(
      vic.issues.map(\.title),
      ["Issue 01 1981 Nov", "Issue 02 1981 Dec/1982 Jan", "Issue 03 & 04 Jun/Jul 1982", "Special Edition Café 1983"])
    XCTAssertEqual(vic.issues[3].id, "vic-20_magazines_vic-computing_files_Vic Computing Special")
    XCTAssertEqual(vic.issues[1].zip, Self.site + "/magazines/vic-20/vic-computing/Vic_Computing_Issue_02_1981_Dec.zip")
    XCTAssertEqual(vic.issues[2].month, 6)
    XCTAssertEqual(
      vic.series, [Series(key: "vic-computing", name: "Vic Computing", code: "vic-computing", language: "en")])
    let other = try XCTUnwrap(build.catalogues[.other])
    XCTAssertEqual(
      other.issues.map(\.id),
      ["other_telephony_pdf_Bell_System_Practices_Key_Telephone_Units", "other_telephony_pdf_Modem Handbook__1984_Mar"])
    XCTAssertEqual(other.issues.map(\.series), ["telephony", "telephony"])
    XCTAssertEqual(build.dropped.noAddress, 5, "example.com, bombjack.org without TLS, https:///, a mirror, ftp")
    XCTAssertEqual(build.dropped.diskContents, 1)
    XCTAssertEqual(build.catalogues[.otherMagazines]?.issues.map(\.series), Array(repeating: "joystik", count: 10))
  }

  func testJoystikIsListedLastOnTheOtherMagazinesShelf() {
    let pages = [
      page("/generic/dragon.htm", "The Dragon", ["/magazines/generic/the-dragon/Dragon%20Magazine%20%23001.zip"])
    ]
    let c = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-11-30").catalogues[.otherMagazines]
    XCTAssertEqual(c?.issues.first?.id, "magazines_generic_the-dragon_Dragon Magazine #001")
    XCTAssertEqual(c?.issues.count, 11)
    XCTAssertEqual(c?.issues.last?.id, "joystik_Joystik_Vol2-3_83-Dec")
    XCTAssertEqual(c?.issues.last?.number, 10)
    XCTAssertEqual(c?.series.map(\.key), ["joystik", "the-dragon"])
    XCTAssertEqual(
      c?.issues[8].cover, "http://bombjack.org/arcade/joystik/1983-Oct_Special%20Edition.jpg")
  }

  func testAssemblyIsAPureFunctionOfItsInputs() throws {
    let pages = try corpusPages()
    let a = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-11-30")
    let b = BombJackCatalogueAssembly.assemble(pages, probes: [:], generated: "2026-11-30")
    XCTAssertEqual(a.catalogues, b.catalogues)
  }

  func testOneSelectionServesTheProbesAndTheAssembly() throws {
    let pages = try corpusPages()
    let selection = BombJackCatalogueAssembly.select(pages)
    XCTAssertEqual(selection.targets, BombJackCatalogueAssembly.probeTargets(pages))
    XCTAssertFalse(selection.targets.isEmpty)
    let probes = [selection.targets[0]: SizeProbe(status: 404, bytes: nil)]
    let a = BombJackCatalogueAssembly.assemble(pages, selection: selection, probes: probes, generated: "2026-11-30")
    let b = BombJackCatalogueAssembly.assemble(pages, probes: probes, generated: "2026-11-30")
    XCTAssertEqual(a.catalogues, b.catalogues)
    XCTAssertEqual(a.dropped, b.dropped)
    XCTAssertEqual(a.dropped.gone, 1)
    XCTAssertEqual(selection.counts.gone, 0, "the probes' verdicts are assembly's, not the selection's")
  }

  // MARK: the real pages against the shipped catalogues

  func corpusPages() throws -> [BombJackPage] {
    try [
      ("index-commodore.htm", "/commodore/index.htm"), ("books-commodore.htm", "/commodore/books.htm"),
      ("magazine-ahoy.htm", "/commodore/magazines/ahoy/ahoy.htm"), ("listing-epson-hx20.htm", "/other/epson-hx-20/"),
    ].map { file, path in
      BombJackPage.read(try TestPaths.corpus("bombjack/" + file), url: URL(string: Self.site + path)!)
    }
  }

  func testTheRealPagesAgreeWithTheShippedShelvesExceptWhereTheReferenceErred() throws {
    let build = BombJackCatalogueAssembly.assemble(try corpusPages(), probes: [:], generated: "2026-11-30")
    var shipped: [String: (BombJackShelf, Issue)] = [:]
    for shelf in BombJackShelf.allCases {
      let url = try TestPaths.shared("reference-catalogs/\(shelf.fileName)")
      let c = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: url))
      for i in c.issues { shipped[i.zip] = (shelf, i) }
    }
    var unmatched: [String] = []
    var pageCountFixes: [String] = []
    var monthFixes: [String] = []
    for (shelf, c) in build.catalogues {
      for mine in c.issues {
        guard let (theirShelf, theirs) = shipped[mine.zip] else {
          unmatched.append(mine.zip)
          continue
        }
        XCTAssertEqual(shelf, theirShelf, mine.zip)
        XCTAssertEqual(mine.id, theirs.id)
        XCTAssertEqual(mine.title, theirs.title)
        XCTAssertEqual(mine.cover, theirs.cover)
        XCTAssertEqual(mine.year, theirs.year)
        if mine.month != theirs.month { monthFixes.append(mine.title) }
        if mine.pages != theirs.pages { pageCountFixes.append(mine.zip) }
      }
    }
    // The reference cut hrefs at an apostrophe, so it never listed these 33 books; we do.
    XCTAssertEqual(unmatched.count, 33)
    XCTAssertTrue(unmatched.allSatisfy { $0.contains("'") }, "\(unmatched)")
    // It also missed "32<span> pages</span>", which we read as 32.
    XCTAssertEqual(pageCountFixes, [Self.site + "/books/commodore/books/Commodore_64_MicroGuide.zip"])
    // Two month names: the reference's unordered map picked March; the earliest, April, is ours.
    XCTAssertEqual(monthFixes, ["PcDex Annual First Edition 1984 Apr - 1985 Mar Magazine Resource Guide"])
    XCTAssertEqual(build.catalogues[.commodoreMagazines]?.issues.count, 61)
    XCTAssertEqual(build.catalogues[.books]?.issues.count, 265)
    XCTAssertEqual(build.catalogues[.other]?.issues.map(\.title), ["Epson HX-20 Technical Manual"])
    // Numbers: Ahoy's 61 are the shipped 1…61; the books run matches once the 33 new rows are set aside.
    for shelf in [BombJackShelf.commodoreMagazines, .books] {
      let kept = (build.catalogues[shelf]?.issues ?? []).filter { !$0.zip.contains("'") }
      XCTAssertEqual(kept.map { shipped[$0.zip]?.1.number }, kept.indices.map { $0 + 1 }, "\(shelf)")
    }
    // Run names: the shipped ones carry the platform because the full site has a second page with the
    // same short name (a disk or repeat page); these four pages alone have no such collision.
    XCTAssertEqual(build.catalogues[.commodoreMagazines]?.series.map(\.name), ["Ahoy"])
    XCTAssertEqual(
      shipped[Self.site + "/magazines/commodore/ahoy/Ahoy_Issue_01_1984_Jan.zip"]?.1.series, "commodore-ahoy")
  }

  func testTheRealPagesNameTheirRunsAsTheShippedFilesDoWhenTheirShortNamesAreShared() throws {
    let pages = try corpusPages()
    // The site has other pages whose short names are "Books", "Ahoy" and "Epson Hx 20".
    let uses = ["Books": 2, "Ahoy": 2, "Epson Hx 20": 2]
    let runs = BombJackRunName.assign(
      pages.filter { !$0.entries.isEmpty }.map { BombJackRunName.Page(url: $0.url, title: $0.title) },
      shortNameUses: uses)
    XCTAssertEqual(runs.map(\.name), ["Commodore - Books", "Commodore - Ahoy", "Other - Epson Hx 20"])
    XCTAssertEqual(runs.map(\.key), ["commodore-books", "commodore-ahoy", "other-epson-hx-20"])
  }
}
