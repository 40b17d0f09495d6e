import XCTest

@testable import CatalogKit

final class SpectrumSlugTests: XCTestCase {
  func testTheSpecExamplesGiveTheirKeys() {
    XCTAssertEqual(SpectrumSlug.seriesKey(magazineName: "+3 Contact", id: 333), "3-contact-333")
    XCTAssertEqual(SpectrumSlug.seriesKey(magazineName: "QL Hacker's Journal", id: 451), "ql-hacker-s-journal-451")
    XCTAssertEqual(SpectrumSlug.seriesKey(magazineName: "QL S.U.B.", id: 435), "ql-s-u-b-435")
    XCTAssertEqual(
      SpectrumSlug.seriesKey(magazineName: "Bare Bones / Goblin Gazzette", id: 26), "bare-bones-goblin-gazzette-26")
  }

  func testANameWithoutLettersOrDigitsFallsBackToTheId() {
    XCTAssertEqual(SpectrumSlug.seriesKey(magazineName: "?!", id: 7), "zxdb-7")
    XCTAssertEqual(SpectrumSlug.seriesKey(magazineName: "", id: 8), "zxdb-8")
  }

  func testBookImprintsHaveNoIdSuffix() {
    XCTAssertEqual(SpectrumSlug.make("Other publishers"), "other-publishers")
    XCTAssertEqual(SpectrumSlug.make("ACE (Advanced Computer Entertainment)"), "ace-advanced-computer-entertainment")
  }
}
