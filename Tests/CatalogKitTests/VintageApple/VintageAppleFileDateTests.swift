import XCTest

@testable import CatalogKit

final class VintageAppleFileDateTests: XCTestCase {
  func testASixDigitStampNeedsASeparatorOnBothSides() {
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "pdf/198106_Foo.pdf", tableYear: nil), 6)
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "Foo_198106.pdf", tableYear: 1981), 6)
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "Foo_198106", tableYear: 1981), 6, "the end counts")
    XCTAssertNil(VintageAppleFileDate.month(fileName: "Foo198106.pdf", tableYear: 1981))
    XCTAssertNil(VintageAppleFileDate.month(fileName: "Foo_1981066.pdf", tableYear: 1981))
  }

  func testASixDigitStampFromAnotherYearIsIgnored() {
    XCTAssertNil(VintageAppleFileDate.month(fileName: "Foo_198106_x.pdf", tableYear: 1982))
  }

  func testAShortStampNeedsAKnownYearAndATrailingSeparator() {
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "MacWorld_8404_April.pdf", tableYear: 1984), 4)
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "MacWorld_0512.pdf", tableYear: 2005), 12)
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "Vol-8402_x.pdf", tableYear: 1984), 2)
    XCTAssertNil(VintageAppleFileDate.month(fileName: "MacWorld_8404x.pdf", tableYear: 1984))
    XCTAssertNil(VintageAppleFileDate.month(fileName: "MacWorld_8404_x.pdf", tableYear: nil))
  }

  func testTheEarliestSpelledMonthWins() {
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "Guide_July_and_March.pdf", tableYear: 1994), 7)
    XCTAssertEqual(VintageAppleFileDate.month(fileName: "MAY-JUNE.pdf", tableYear: nil), 5)
    XCTAssertNil(VintageAppleFileDate.month(fileName: "Annual.pdf", tableYear: 1990))
  }
}
