import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// Issue 13 item 1: undated rows that carry a month are numbered by month, not in table order.
final class VintageAppleNumberingOrderTests: XCTestCase {
  let catalogs = VintageAppleSection(group: .books, slug: "catalogs", name: "Mac Catalogs")

  func row(_ stem: String, year: Int?, month: Int?, at position: Int) -> VintageAppleRow {
    VintageAppleRow(
      pdf: "pdf/\(stem).pdf", thumb: "thumb/\(stem).jpg", title: stem, year: year, month: month,
      position: position, line: position + 1)
  }

  func testTwoUndatedRowsListedAugustThenJanuaryAreNumberedJanuaryFirst() throws {
    let rows = try VintageAppleSectionPage.parse(
      try TestPaths.fixtureBytes("VintageApple/section-undated-out-of-month-order.html"),
      url: "https://vintageapple.org/catalogs/")
    XCTAssertEqual(rows.map(\.stem), ["Foo_August_2000", "Bar_January_2007"], "the table lists Foo first")
    XCTAssertEqual(rows.map(\.year), [nil, nil])
    XCTAssertEqual(rows.map(\.month), [8, 1])
    let issues = VintageAppleCatalogueAssembly.assemble(
      listings: [.init(section: catalogs, rows: rows)], probes: [:], generated: "2026-12-01"
    ).catalogue.issues
    XCTAssertEqual(issues.map(\.id), ["catalogs/Bar_January_2007", "catalogs/Foo_August_2000"])
    XCTAssertEqual(issues.map(\.number), [1, 2])
  }

  func testUndatedRowsComeAfterDatedOnesThenByMonthWithAbsentAsZeroThenTablePosition() {
    let rows = [
      row("MacUser_8702_February_1987", year: nil, month: 2, at: 0),
      row("Catalog_1985", year: 1985, month: nil, at: 1),
      row("MacUser_8601_January_1986", year: nil, month: 1, at: 2),
      row("MacUser_9300_Buying_Guide_1993", year: nil, month: nil, at: 3),
      row("MacUser_8701_January_1987", year: nil, month: 1, at: 4),
      row("Catalog_1984_May", year: 1984, month: 5, at: 5),
    ]
    XCTAssertEqual(
      VintageAppleCatalogueAssembly.sortedForNumbering(rows).map(\.stem),
      [
        "Catalog_1984_May", "Catalog_1985", "MacUser_9300_Buying_Guide_1993", "MacUser_8601_January_1986",
        "MacUser_8701_January_1987", "MacUser_8702_February_1987",
      ])
  }
}
