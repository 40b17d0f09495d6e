import XCTest

@testable import CatalogKit

final class RetroSpecIssueIDTests: XCTestCase {
  func testTwoDigitYearsPivotAtSeventy() {
    XCTAssertEqual(RetroSpecIssueID("GAL_72_03").year, 1972)
    XCTAssertEqual(RetroSpecIssueID("SK_99_12").year, 1999)
    XCTAssertEqual(RetroSpecIssueID("GAL_01_01").year, 2001)
    XCTAssertEqual(RetroSpecIssueID("GAL_69_01").year, 2069)
  }

  func testTheMonthIsTheLeadingDigitsAndTrailingLettersMarkASpecial() {
    let special = RetroSpecIssueID("RA_88_04S")
    XCTAssertEqual(special.seriesKey, "RA")
    XCTAssertEqual(special.month, 4)
    XCTAssertTrue(special.isSpecial)
    XCTAssertFalse(RetroSpecIssueID("RA_88_04").isSpecial)
  }

  func testAMonthOutsideOneToTwelveIsDropped() {
    let id = RetroSpecIssueID("SK_86_13")
    XCTAssertEqual(id.year, 1986)
    XCTAssertNil(id.month)
  }

  func testBookIDsHaveNoDate() {
    let id = RetroSpecIssueID("Knjige_Mirko")
    XCTAssertEqual(id.seriesKey, "Knjige")
    XCTAssertNil(id.year)
    XCTAssertNil(id.month)
    XCTAssertFalse(id.isSpecial)
  }

  func testASecondPartThatIsNotTwoDigitsGivesNoDate() {
    XCTAssertNil(RetroSpecIssueID("SK_1986_05").year)
    XCTAssertNil(RetroSpecIssueID("SK_8a_05").year)
  }
}
