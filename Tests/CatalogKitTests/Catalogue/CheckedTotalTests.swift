import CatalogKit
import XCTest

final class CheckedTotalTests: XCTestCase {
  func testSizesThatOverflowInt64GiveNilInsteadOfTrapping() {
    var c = CatalogueTestData.retroSpec()
    XCTAssertEqual(c.totalBytes, 17_766_642 + 18_000_000 + 9_000_000)
    c.issues[0].bytes = Int64.max
    c.issues[1].bytes = Int64.max
    XCTAssertNil(c.totalBytes)
    XCTAssertNil(c.issues.totalBytes)
  }

  func testStatsMarkAnOverflowingSumInsteadOfCrashing() {
    var c = CatalogueTestData.retroSpec()
    c.issues[0].bytes = 9_223_372_036_854_775_807
    c.issues[1].bytes = 9_223_372_036_854_775_807
    let s = CatalogueStats(.issue(c))
    XCTAssertNil(s.bytes)
    XCTAssertTrue(s.bytesOverflow)
    XCTAssertFalse(CatalogueStats(.issue(CatalogueTestData.retroSpec())).bytesOverflow)
  }

  func testSumsAndProductsReportOverflow() {
    XCTAssertEqual(CheckedTotal.sum([1, 2, 3]), 6)
    XCTAssertEqual(CheckedTotal.sum([Int]()), 0)
    XCTAssertNil(CheckedTotal.sum([Int.max, 1]))
    XCTAssertNil(CheckedTotal.sum([Int64.min, -1]))
    XCTAssertEqual(CheckedTotal.product(52, 5, 8), 2080)
    XCTAssertNil(CheckedTotal.product(Int.max, 2, 1))
  }
}
