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

  /// The evidence read the way it was before it searched bytes: the prefix decoded, lowercased and
  /// searched as text. Both must name the same marker (or none) on every body below.
  private func decodedEvidence(status: Int, body: [UInt8]) -> String? {
    let head = String(decoding: body.prefix(AtarimaniaChallenge.searchedPrefix), as: UTF8.self).lowercased()
    for marker in AtarimaniaChallenge.bodyMarkers where head.contains(marker) {
      return "the body says \"\(marker)\""
    }
    if [403, 429, 503].contains(status), !AtarimaniaChallenge.looksLikeSitePage(head) {
      return "status \(status) without the site's markup"
    }
    return nil
  }

  func testTheByteSearchNamesWhatTheDecodedTextWouldHaveNamed() throws {
    let page = try TestPaths.fixtureBytes("Atarimania/title-mixed-dates.html")
    let challenge = try TestPaths.fixtureBytes("Atarimania/challenge-just-a-moment.html")
    var bodies: [[UInt8]] = [[], page, challenge, Array("<TITLE>Just A Moment...</title>".utf8)]
    // Each marker in odd case, after accented text, and across the end of the searched prefix.
    for marker in AtarimaniaChallenge.bodyMarkers {
      let shouted = Array(marker.uppercased().utf8)
      bodies.append(Array("<p>Zürich – ".utf8) + shouted + Array(" ✓</p>".utf8))
      let filler = [UInt8](repeating: 0x61, count: AtarimaniaChallenge.searchedPrefix - shouted.count / 2)
      bodies.append(filler + shouted)
      let fits = [UInt8](repeating: 0x20, count: AtarimaniaChallenge.searchedPrefix - shouted.count)
      bodies.append(fits + shouted)
      // Invalid UTF-8 just before the marker.
      bodies.append([0xC3, 0xFF, 0xE2, 0x82] + shouted)
    }
    // The real page with each of its bytes in turn overwritten by a marker's first letters.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<40 where page.count > 64 {
      var mutated = page
      let at = Int.random(in: 0..<(page.count - 32), using: &generator)
      let marker = Array(AtarimaniaChallenge.bodyMarkers.randomElement(using: &generator)!.utf8)
      mutated.replaceSubrange(at..<(at + Swift.min(marker.count, 32)), with: marker.prefix(32))
      bodies.append(mutated)
    }
    for (n, body) in bodies.enumerated() {
      for status in [200, 403, 404, 503] {
        XCTAssertEqual(
          AtarimaniaChallenge.evidence(status: status, body: body), decodedEvidence(status: status, body: body),
          "body \(n), status \(status)")
      }
    }
  }

  func testTheByteSearchFindsNoEmptyNeedleAndNothingInAShorterHaystack() {
    XCTAssertFalse(TextBytes.contains([], in: Array("abc".utf8)))
    XCTAssertFalse(TextBytes.contains(Array("abcd".utf8), in: Array("abc".utf8)))
    XCTAssertTrue(TextBytes.contains(Array("bc".utf8), in: Array("abc".utf8)))
    XCTAssertFalse(TextBytes.contains(Array("x".utf8), in: []))
  }
}
