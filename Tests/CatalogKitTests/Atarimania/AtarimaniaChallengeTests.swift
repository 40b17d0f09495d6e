import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class AtarimaniaChallengeTests: XCTestCase {
  func testAChallengeHeaderIsEvidenceOnAnyStatus() {
    let evidence = AtarimaniaChallenge.evidence(status: 200, headers: ["cf-mitigated": "challenge"], body: [])
    XCTAssertEqual(evidence, "header cf-mitigated: challenge")
    XCTAssertNotNil(AtarimaniaChallenge.evidence(status: 429, headers: ["x-vercel-mitigated": "challenge"], body: []))
  }

  func testAChallengeServedWithStatus200IsRecognisedByItsBody() throws {
    let body = try TestPaths.fixtureBytes("Atarimania/challenge-just-a-moment.html")
    XCTAssertEqual(AtarimaniaChallenge.evidence(status: 200, body: body), "the body says \"<title>just a moment\"")
  }

  func testARefusalStatusWithoutTheSiteMarkupIsAChallenge() {
    let body = Array("<html><body>Forbidden</body></html>".utf8)
    XCTAssertEqual(AtarimaniaChallenge.evidence(status: 403, body: body), "status 403 without the site's markup")
    XCTAssertNil(AtarimaniaChallenge.evidence(status: 404, body: body), "a 404 is an answer, not a challenge")
  }

  func testTheSitesOwnPagesAreNotChallenges() throws {
    let page = try TestPaths.fixtureBytes("Atarimania/title-mixed-dates.html")
    XCTAssertNil(AtarimaniaChallenge.evidence(status: 200, body: page))
    XCTAssertNil(AtarimaniaChallenge.evidence(status: 403, body: page), "the site's own 403 page carries its markup")
  }
}
