import Foundation
import XCTest
import ShelfmarkTestSupport

@testable import CatalogKit

final class DzuboksIndexTests: XCTestCase {
  func testZeroPageIssuesAndIssuesInNoYearAreDropped() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/dzuboks-small.js"), magazine: .dzuboks)
    XCTAssertEqual(index.entries.map(\.id), [1, 3, 4, 5, 6, 7, 8])
    XCTAssertEqual(index.dropped, ["Džuboks 2 has 0 pages (never scanned)", "Džuboks 9 falls in no year range"])
  }

  func testEntriesCarryYearFromTheirInclusiveRange() throws {
    let index = try PopBoksIndex.parse(try TestPaths.fixtureBytes("PopBoks/dzuboks-small.js"), magazine: .dzuboks)
    XCTAssertEqual(index.entries.map(\.year), [1974, 1974, 1975, 1975, 1975, 1976, 1976])
    let seven = try XCTUnwrap(index.entries.first { $0.id == 7 })
    XCTAssertEqual(seven.pages, 76, "the commented-out [7,99] inside the literal is ignored")
    XCTAssertEqual(seven.title, "Džuboks 7")
    XCTAssertEqual(seven.label, "7")
    XCTAssertEqual(seven.number, 7)
    XCTAssertEqual(seven.firstPage, 1)
    XCTAssertNil(seven.month)
    XCTAssertEqual(index.entries.first { $0.id == 4 }?.pages, 32, "the third number is a hint and is ignored")
  }

  func testABackwardsYearRangeFailsWithItsLine() {
    let bytes = Array("var years = [[74, [1, 3]],\n [75, [9, 4]]];\nvar numbers = [[1,2]];".utf8)
    XCTAssertThrowsError(try PopBoksIndex.parse(bytes, magazine: .dzuboks, name: "s.js")) { error in
      XCTAssertEqual("\(error)", "s.js: line 2: `years` entry 2 has its range backwards (9 > 4)")
    }
  }

  func testTheRealScriptMatchesTheReferenceCatalogue() throws {
    let index = try PopBoksIndex.parse(try TestPaths.corpus("popboks/dzuboks.js"), magazine: .dzuboks)
    XCTAssertEqual(index.entries.count, 183)
    XCTAssertEqual(index.dropped.count, 11)
    let reference = try JSONDecoder().decode(
      PopBoksCatalogue.self, from: Data(contentsOf: TestPaths.shared("reference-catalogs/popboks-dzuboks.json")))
    XCTAssertEqual(index.entries.map { $0.issue(grid: .viewer) }, reference.issues.map { var i = $0; i.columns = 5; i.rows = 7; return i })
  }
}
