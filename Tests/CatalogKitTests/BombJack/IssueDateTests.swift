import XCTest

@testable import CatalogKit

final class IssueDateTests: XCTestCase {
  func testYearAndMonthComeFromTheTitle() {
    XCTAssertEqual(IssueDate.read("Issue 07 1985 Jul"), IssueDate(year: 1985, month: 7))
  }

  func testTheEarliestMonthInTheTitleWinsEveryTime() {
    XCTAssertEqual(IssueDate.read("Issue 03 & 04 Jul/Jun 1982").month, 7)
    XCTAssertEqual(IssueDate.read("Jun-Jul 1982").month, 6)
    XCTAssertEqual(IssueDate.read("1981 Dec/1982 Jan"), IssueDate(year: 1981, month: 12))
  }

  func testAMonthWithoutAYearIsNotRead() {
    XCTAssertEqual(IssueDate.read("Issue 12 December"), IssueDate())
  }

  func testYearsMustBeWholeWordsBetween1950And2029() {
    XCTAssertNil(IssueDate.read("Model 19845").year)
    XCTAssertNil(IssueDate.read("A1984").year)
    XCTAssertNil(IssueDate.read("Issue_1984").year, "the underscore is a word character")
    XCTAssertNil(IssueDate.read("1949 and 2030").year)
    XCTAssertEqual(IssueDate.read("(1984) and 1985").year, 1984)
  }

  func testMonthsAreFoundInsideWords() {
    // The reference's substring rule: "Mayhem" reads as May. Kept for compatibility.
    XCTAssertEqual(IssueDate.read("Mayhem 1990").month, 5)
  }
}
