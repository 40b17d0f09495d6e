import XCTest

@testable import CatalogKit

final class SlugTests: XCTestCase {
  func testTheSpecExamplesGiveTheirKeys() {
    XCTAssertEqual(Slug.seriesKey(magazineName: "+3 Contact", id: 333), "3-contact-333")
    XCTAssertEqual(Slug.seriesKey(magazineName: "QL Hacker's Journal", id: 451), "ql-hacker-s-journal-451")
    XCTAssertEqual(Slug.seriesKey(magazineName: "QL S.U.B.", id: 435), "ql-s-u-b-435")
    XCTAssertEqual(
      Slug.seriesKey(magazineName: "Bare Bones / Goblin Gazzette", id: 26), "bare-bones-goblin-gazzette-26")
  }

  func testANameWithoutLettersOrDigitsFallsBackToTheId() {
    XCTAssertEqual(Slug.seriesKey(magazineName: "?!", id: 7), "zxdb-7")
    XCTAssertEqual(Slug.seriesKey(magazineName: "", id: 8), "zxdb-8")
  }

  func testBookImprintsHaveNoIdSuffix() {
    XCTAssertEqual(Slug.make("Other publishers"), "other-publishers")
    XCTAssertEqual(Slug.make("ACE (Advanced Computer Entertainment)"), "ace-advanced-computer-entertainment")
  }
}
