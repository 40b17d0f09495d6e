import CatalogKit
import XCTest

final class RobotsPolicyTests: XCTestCase {
  func testTheLongestMatchingRuleWinsAndAllowWinsATie() {
    let p = RobotsPolicy.parse(
      """
      User-agent: *
      Disallow: /private
      Allow: /private/open
      Crawl-delay: 2

      User-agent: otherbot
      Disallow: /
      """, agent: "shelfmark")
    XCTAssertTrue(p.allows("/index.html"))
    XCTAssertFalse(p.allows("/private/x"))
    XCTAssertTrue(p.allows("/private/open/x"))
    XCTAssertEqual(p.crawlDelaySeconds, 2)
  }

  func testOurOwnGroupBeatsTheStarGroup() {
    let p = RobotsPolicy.parse(
      "User-agent: *\nDisallow: /\n\nUser-agent: Shelfmark\nDisallow: /cgi\n", agent: "shelfmark")
    XCTAssertTrue(p.allows("/a"))
    XCTAssertFalse(p.allows("/cgi/x"))
  }

  func testWildcardsAndAnchors() {
    let p = RobotsPolicy.parse("User-agent: *\nDisallow: /*.php$\nDisallow: /tmp*x\n", agent: "shelfmark")
    XCTAssertFalse(p.allows("/a/b.php"))
    XCTAssertTrue(p.allows("/a/b.php?x=1"))
    XCTAssertFalse(p.allows("/tmp/abcx"))
  }

}
