import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchiveDateTests: XCTestCase {
  func testAFullDateGivesYearAndMonth() {
    XCTAssertEqual(ArchiveDate(parsing: "1991-04-15"), ArchiveDate(year: 1991, month: 4))
  }

  func testMonthZeroKeepsTheYearAlone() {
    XCTAssertEqual(ArchiveDate(parsing: "1991-00"), ArchiveDate(year: 1991, month: nil))
    XCTAssertEqual(ArchiveDate(parsing: "1991-13"), ArchiveDate(year: 1991, month: nil))
  }

  func testTextBeforeTheYearGivesNoDate() {
    XCTAssertNil(ArchiveDate(parsing: "circa 1990"))
    XCTAssertNil(ArchiveDate(parsing: "999-01"))
    XCTAssertNil(ArchiveDate(parsing: ""))
  }

  func testAYearAloneHasNoMonth() {
    XCTAssertEqual(ArchiveDate(parsing: "1988"), ArchiveDate(year: 1988))
  }
}
