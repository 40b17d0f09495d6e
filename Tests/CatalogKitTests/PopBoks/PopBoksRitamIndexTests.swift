import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class PopBoksRitamIndexTests: XCTestCase {
  func testRunningOrderFollowsSeriesThenListOrder() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/ritam-small.js"), magazine: .ritam)
    XCTAssertEqual(index.entries.map(\.id), [155, 156, 157, 145, 140, 154])
    XCTAssertEqual(index.entries.map(\.number), [1, 2, 3, 4, 5, 6])
    XCTAssertEqual(index.entries.map(\.relaunch), [1, 1, 1, 2, 2, 3])
  }

  func testDuplicatesUnknownIdsAndUnlistedFoldersAreDroppedWithAReason() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/ritam-small.js"), magazine: .ritam)
    XCTAssertEqual(index.dropped.count, 3)
    XCTAssertTrue(index.dropped[0].contains("145 is listed again"))
    XCTAssertTrue(index.dropped[1].contains("999"))
    XCTAssertTrue(index.dropped[2].contains("160"))
  }

  func testAScanMayStartAfterSitePageOne() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/ritam-small.js"), magazine: .ritam)
    let e = try XCTUnwrap(index.entries.first { $0.id == 157 })
    XCTAssertEqual(e.firstPage, 3)
    XCTAssertEqual(e.pages, 68, "pages 3…70 inclusive")
    XCTAssertEqual(e.sampledPages, [3, 37, 70])
    XCTAssertEqual(e.title, "Ritam 8/9")
    XCTAssertEqual(e.label, "8/9")
    XCTAssertEqual(e.year, 1989)
    XCTAssertEqual(e.month, 8)
  }

  func testBackwardsPagesFailWithTheLine() throws {
    let bytes = try TestPaths.fixtureBytes("PopBoks/ritam-backwards-pages.js")
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .ritam, name: "r.js")) { error in
      XCTAssertEqual("\(error)", "r.js: line 3: `numbers` entry 156 has its pages backwards (90 > 12)")
    }
  }

  func testNumbersMustBeAnObjectLiteral() {
    let bytes = Array("var years = [[1, [1]]];\nvar numbers = [[1, [1, 2]]];".utf8)
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .ritam, name: "r.js")) { error in
      XCTAssertEqual("\(error)", "r.js: line 2: `numbers` entry list is not an object literal `{…}`")
    }
  }

  func testTheCommentedOutCopiesAtTheTopAreIgnored() throws {
    let index = try PopBoksIndex.parse(try TestPaths.corpus("popboks/ritam.js"), magazine: .ritam)
    XCTAssertEqual(index.entries.count, 25)
    XCTAssertEqual(index.entries.first?.id, 155)
    XCTAssertEqual(index.dropped, [])
  }

  func testTheRealScriptMatchesTheReferenceCatalogue() throws {
    let index = try PopBoksIndex.parse(try TestPaths.corpus("popboks/ritam.js"), magazine: .ritam)
    let reference = try JSONDecoder().decode(
      PopBoksCatalogue.self, from: Data(contentsOf: TestPaths.shared("reference-catalogs/popboks-ritam.json")))
    let grids = Dictionary(
      uniqueKeysWithValues: reference.issues.map { ($0.id, PopBoksTileGrid(columns: $0.columns, rows: $0.rows)) })
    XCTAssertEqual(index.entries.map { $0.issue(grid: grids[$0.id] ?? .viewer) }, reference.issues)
  }
}

final class PopBoksRitamLabelTests: XCTestCase {
  func testLabelsGiveDesignationYearAndEarliestMonth() {
    let cases: [(String, String, Int, Int?)] = [
      ("8 / 9 - Avg-Sep '91.", "8/9", 1991, 8),
      ("Specijal '94.", "Specijal", 1994, nil),
      ("10 / 11 - Dec '89-Jan '90.", "10/11", 1989, 12),
      ("6 / 7 / 8 - Mar-Maj '91.", "6/7/8", 1991, 3),
      ("Godišnjak '93.", "Godišnjak", 1993, nil),
      ("3 - Dec", "3", 0, 12),
    ]
    for (label, designation, year, month) in cases {
      let l = PopBoksRitamLabel(label)
      XCTAssertEqual(l.designation, designation, label)
      XCTAssertEqual(l.year, year, label)
      XCTAssertEqual(l.month, month, label)
    }
  }
}
