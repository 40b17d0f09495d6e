import CatalogKit
import XCTest

final class PluralTests: XCTestCase {
  func testOneTakesTheSingularAndEveryOtherCountThePlural() {
    XCTAssertEqual(Plural.count(1, "issue"), "1 issue")
    XCTAssertEqual(Plural.count(0, "issue"), "0 issues")
    XCTAssertEqual(Plural.count(2, "run"), "2 runs")
    XCTAssertEqual(Plural.count(-1, "file"), "-1 files")
  }

  func testIrregularNounsNameTheirPlural() {
    XCTAssertEqual(Plural.count(1, "series", "series"), "1 series")
    XCTAssertEqual(Plural.count(3, "entry", "entries"), "3 entries")
    XCTAssertEqual(Plural.noun(1, "entry", "entries"), "entry")
  }

  func testTheNumberFormatDoesNotChangeTheChoice() {
    XCTAssertEqual(Plural.count(1_000, "request", number: { _ in "1,000" }), "1,000 requests")
  }
}
