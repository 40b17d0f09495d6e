import XCTest

@testable import CatalogKit

final class BombJackIssueDateTests: XCTestCase {
  func testYearAndMonthComeFromTheTitle() {
    XCTAssertEqual(BombJackIssueDate.read("Issue 07 1985 Jul"), BombJackIssueDate(year: 1985, month: 7))
  }

  func testTheEarliestMonthInTheTitleWinsEveryTime() {
    XCTAssertEqual(BombJackIssueDate.read("Issue 03 & 04 Jul/Jun 1982").month, 7)
    XCTAssertEqual(BombJackIssueDate.read("Jun-Jul 1982").month, 6)
    XCTAssertEqual(BombJackIssueDate.read("1981 Dec/1982 Jan"), BombJackIssueDate(year: 1981, month: 12))
  }

  func testAMonthWithoutAYearIsNotRead() {
    XCTAssertEqual(BombJackIssueDate.read("Issue 12 December"), BombJackIssueDate())
  }

  func testYearsMustBeWholeWordsBetween1950And2029() {
    XCTAssertNil(BombJackIssueDate.read("Model 19845").year)
    XCTAssertNil(BombJackIssueDate.read("A1984").year)
    XCTAssertNil(BombJackIssueDate.read("Issue_1984").year, "the underscore is a word character")
    XCTAssertNil(BombJackIssueDate.read("1949 and 2030").year)
    XCTAssertEqual(BombJackIssueDate.read("(1984) and 1985").year, 1984)
  }

  func testMonthsAreFoundInsideWords() {
    // The reference's substring rule: "Mayhem" reads as May. Kept for compatibility.
    XCTAssertEqual(BombJackIssueDate.read("Mayhem 1990").month, 5)
  }
}
