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

final class NearMatchClosenessTests: XCTestCase {
  func testAWordFarFromEveryNameGetsNoSuggestion() {
    let options = ["--jobs", "--delay", "--help", "--only", "--out", "--json", "--quiet", "--cache"]
    XCTAssertNil(NearMatch.nearest("--bogus", in: options))
    XCTAssertNil(NearMatch.nearest("--bogus", in: options, maximum: 3))
    XCTAssertNil(NearMatch.nearest("--frobnicate", in: options, maximum: 3))
  }

  func testSwappedNeighboursAreOneSlip() {
    XCTAssertEqual(NearMatch.distance("--jbos", "--jobs"), 1)
    XCTAssertEqual(NearMatch.nearest("--jbos", in: ["--jobs", "--json"]), "--jobs")
    XCTAssertEqual(NearMatch.nearest("--dealy", in: ["--delay", "--date"], maximum: 3), "--delay")
  }

  func testALongNameMayCarryMoreSlipsThanAShortOne() {
    XCTAssertEqual(NearMatch.nearest("--no-netwrk", in: ["--no-network", "--jobs"], maximum: 3), "--no-network")
    XCTAssertNil(NearMatch.nearest("--jxbz", in: ["--jobs"], maximum: 3))
  }
}
