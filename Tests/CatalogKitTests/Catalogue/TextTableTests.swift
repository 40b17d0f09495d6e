import CatalogKit
import XCTest

final class TextTableTests: XCTestCase {
  func testTheFirstColumnIsLeftAlignedAndNumbersAreRightAligned() {
    var t = TextTable(header: ["file", "issues"])
    t.append(["a.json", "7"])
    t.append(["longer-name.json", "1234"])
    XCTAssertEqual(t.render(), "file              issues\na.json                 7\nlonger-name.json    1234")
  }

  func testSizesUseDecimalUnits() {
    XCTAssertEqual(CatalogueStats.humanBytes(999), "999 B")
    XCTAssertEqual(CatalogueStats.humanBytes(17_766_642), "17.8 MB")
    XCTAssertEqual(CatalogueStats.humanBytes(926_500_000_000), "926.5 GB")
  }
}
