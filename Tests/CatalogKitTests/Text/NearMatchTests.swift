import CatalogKit
import XCTest

final class NearMatchTests: XCTestCase {
  func testATypoWithinTwoEditsFindsItsWord() {
    XCTAssertEqual(NearMatch.nearest("--jsn", in: ["--json", "--stat"]), "--json")
    XCTAssertNil(NearMatch.nearest("--zzzz", in: ["--json", "--stat"]))
  }

  func testAnAbbreviationOrAnExtensionFindsTheFullName() {
    let sources = ["retrospec", "archive", "bombjack", "atarimania"]
    XCTAssertEqual(NearMatch.nearest("retro", in: sources), "retrospec")
    XCTAssertEqual(NearMatch.nearest("--cache", in: ["--cache-root", "--out"]), "--cache-root")
    XCTAssertEqual(NearMatch.nearest("--cache-root", in: ["--cache", "--out"]), "--cache")
  }

  func testTooShortAStemSuggestsNothing() {
    XCTAssertNil(NearMatch.nearest("rtr", in: ["retrospec"]))
    XCTAssertNil(NearMatch.nearest("r", in: ["retrospec"]))
  }
}
