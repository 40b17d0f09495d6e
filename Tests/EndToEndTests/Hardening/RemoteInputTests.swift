import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Issue 11, remote input: what any server can send, injected into a real build over loopback.
/// Every test checks the exit code; none may end in a signal.
final class RemoteInputTests: XCTestCase {
  // MARK: 1. Retry-After

  func testAHugeRetryAfterOnRobotsTxtIsARefusalNamingHostAndValueNotACrash() throws {
    let site = try HostileSite()
    site.server.inject(
      .status(503, retryAfter: "100000000000000000000000"), matching: "\(HostileSite.host)/robots.txt", times: 10)
    let r = try site.build()
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("vintageapple.org refused us (503)"), r.stderr)
    XCTAssertTrue(r.stderr.contains("Retry-After: 100000000000000000000000"), r.stderr)
  }

  func testARetryAfterDatedInTheYear9999IsARefusalNamingTheValue() throws {
    let site = try HostileSite()
    let date = "Fri, 31 Dec 9999 23:59:59 GMT"
    site.server.inject(.status(429, retryAfter: date), matching: "\(HostileSite.host)/byte/", times: 10)
    let r = try site.build()
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("vintageapple.org refused us (429)"), r.stderr)
    XCTAssertTrue(r.stderr.contains("Retry-After: \(date)"), r.stderr)
    XCTAssertFalse(r.stderr.contains("69890601 hours"), r.stderr)
  }

  func testNegativeFractionalPastAndGarbageRetryAftersAreRetriedAndTheBuildCompletes() throws {
    // Three at a time: a request is tried four times.
    for values in [["-5", "0.2", "Sun, 06 Nov 1994 08:49:37 GMT"], ["soon\u{7f}", "1e23x", "NaN"]] {
      let site = try HostileSite()
      for value in values {
        site.server.inject(.status(429, retryAfter: value), matching: "\(HostileSite.host)/byte/", times: 1)
      }
      let r = try site.build(["--quiet"])
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertEqual(try site.issues().count, 3)
    }
  }

  // MARK: 2. Content-Length

  func testAnImplausibleContentLengthIsWarnedAboutAndLeftUnsizedAndVerifyRemovesIt() throws {
    let site = try HostileSite()
    site.server.inject(.header("Content-Length", "9223372036854775807"), matching: site.pdfTarget(0))
    let r = try site.build()
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(
      r.stderr.contains(
        "\(site.pdfs[0]): Content-Length '9223372036854775807' is over 4 GiB, not a plausible file size; its size is left unknown"
      ), r.stderr)
    let sized = try site.issues().filter { $0["bytes"] != nil }
    XCTAssertEqual(sized.count, 2, "the lying answer carries no size")

    // The answer is kept in head.log; later builds replay it without crashing, and verify names it.
    let offline = try site.build(["--no-network", "--quiet"])
    XCTAssertEqual(offline.status, 0, offline.stderr)
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path])
    XCTAssertEqual(verify.status, 65, verify.stdout + verify.stderr)
    XCTAssertTrue(verify.stderr.contains("HEAD record's Content-Length is not a plausible file size"), verify.stderr)
    let repair = try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path, "--repair"])
    XCTAssertEqual(repair.status, 0, repair.stderr)
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path]).status, 0)
  }

  func testSeveralOrNonNumericContentLengthsNeverStopABuild() throws {
    let site = try HostileSite()
    // libcurl itself rejects some of these (a negative or non-numeric length is a bad header): a
    // transport failure, retried like any other.
    site.server.inject(.header("Content-Length", "abc"), matching: site.pdfTarget(0))
    site.server.inject(.header("Content-Length", "-12"), matching: site.pdfTarget(1))
    site.server.inject(.rawHeaders(["Content-Length: 10", "Content-Length: 20"]), matching: site.pdfTarget(2))
    let r = try site.build()
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(try site.issues().filter { $0["bytes"] != nil }.count, 3, r.stderr)
  }

  func testAHostThatKeepsSendingBadHeadersIsGivenUpOnNamingTheHeader() throws {
    let site = try HostileSite()
    for n in 0..<3 { site.server.inject(.header("Content-Length", "-12"), matching: site.pdfTarget(n), times: 10) }
    let r = try site.build()
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("Content-Length"), r.stderr)
  }

  // MARK: 3. Dead hosts

  func testADeadHostEndsTheBuildInBoundedTimeWithTheRealCause() throws {
    let site = try HostileSite()
    let dead = try SiteMirror.deadBaseURL()
    let start = Date()
    let r = try site.build(["--ignore-robots"], mirror: dead)
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("connection refused"), r.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(start), 60)
  }

  func testRefreshAgainstADeadHostUsesTheCachedCopiesAndSaysSoInOneLine() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let before = try Data(contentsOf: site.catalogue)
    let dead = try SiteMirror.deadBaseURL()
    let start = Date()
    let r = try site.build(["--refresh=all"], mirror: dead)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(start), 20, "the breaker should open after a few failures")
    let lines = r.stderr.split(separator: "\n").filter { $0.contains("cached cop") }
    XCTAssertEqual(lines.count, 1, r.stderr)
    XCTAssertTrue(
      lines.first?.contains("vintageapple.org unreachable (connection refused") ?? false, r.stderr)
    XCTAssertTrue(lines.first?.hasSuffix("using 4 cached copies") ?? false, r.stderr)
    XCTAssertTrue(r.stdout.contains("stale 4"), r.stdout)
    XCTAssertEqual(try Data(contentsOf: site.catalogue), before)
  }

  // MARK: 4. robots.txt that cannot be fetched

  func testAFailingRobotsTxtSaysItCouldNotBeFetchedAndWhy() throws {
    let site = try HostileSite()
    site.server.inject(.status(500), matching: "\(HostileSite.host)/robots.txt", times: 10)
    let r = try site.build()
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("robots.txt could not be fetched (HTTP 500"), r.stderr)
    XCTAssertFalse(r.stderr.contains("robots.txt disallows this path"), r.stderr)
  }

  func testAnUnreachableRobotsTxtNamesTheTransportCause() throws {
    let site = try HostileSite()
    let r = try site.build([], mirror: try SiteMirror.deadBaseURL())
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("connection refused"), r.stderr)
    XCTAssertFalse(r.stderr.contains("robots.txt disallows this path"), r.stderr)
  }

  // MARK: 7. Redirects with dot segments

  func testARedirectThatClimbsOutOfTheMirrorIsRefusedBeforeItIsFollowed() throws {
    for location in ["/vintageapple.org/../../../../etc/passwd", "/vintageapple.org/%2e%2e/%2E%2E/etc/passwd"] {
      let site = try HostileSite()
      site.server.inject(.redirect(site.server.baseURL + location), matching: "\(HostileSite.host)/byte/")
      let r = try site.build()
      XCTAssertEqual(r.status, 69, r.stderr)
      XCTAssertTrue(r.stderr.contains("redirect to another host refused"), r.stderr)
      XCTAssertFalse(site.server.requests.contains { $0.host == "etc" }, "\(site.server.requests)")
    }
  }

  func testARedirectWithDotSegmentsInsideTheSiteIsNormalisedAndFollowed() throws {
    let site = try HostileSite()
    site.server.inject(
      .redirect(site.server.baseURL + "/vintageapple.org/byte/pdf/../%2e/"), matching: "\(HostileSite.host)/byte/")
    let r = try site.build(["--quiet"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(site.server.requests.contains { $0.path == "/byte/" && $0.status == 200 }, "\(site.server.requests)")
  }

  // MARK: 8. A cached page that fails to parse

  func testARefusalBuiltFromCachedPagesSaysHowToFetchThemAgain() throws {
    let site = try HostileSite(page: "VintageApple/section-no-rows.html")
    XCTAssertEqual(try site.build().status, 65)
    let again = try site.build()
    XCTAssertEqual(again.status, 65, again.stderr)
    XCTAssertTrue(again.stderr.contains("read in this run (cache \(site.cache.path))"), again.stderr)
    XCTAssertTrue(again.stderr.contains("--refresh=all fetches every one again"), again.stderr)
    XCTAssertTrue(again.stderr.contains("catalog cache rm --cache \(site.cache.path) --url"), again.stderr)

    // The page is fixed on the server; dropping the one URL is enough for the next build to see it.
    let template = try TestPaths.fixtureBytes("VintageApple/section-template.html")
    try Data(String(decoding: template, as: UTF8.self).replacingOccurrences(of: "{{SLUG}}", with: "byte").utf8)
      .write(to: site.dir.appendingPathComponent("site/vintageapple.org/byte/index.html"))
    let rm = try Tool.run("catalog", ["cache", "rm", "--cache", site.cache.path, "--url", HostileSite.section])
    XCTAssertEqual(rm.status, 0, rm.stderr)
    XCTAssertEqual(rm.stdout, "removed 1 entry for \(HostileSite.section)\n")
    let fixed = try site.build(["--quiet"])
    XCTAssertEqual(fixed.status, 0, fixed.stderr)
  }

  // MARK: --max-time (issue 14, item 2: the fetcher's side)

  func testPastMaxTimeNoNewRequestStartsTheRunExits75AndTheNextRunContinues() throws {
    let site = try HostileSite()
    // The section page is in flight when the budget runs out: it finishes and is cached.
    site.server.inject(.slowFirstByte(milliseconds: 1500), matching: "\(HostileSite.host)/byte/")
    let first = try site.build(["--max-time", "1s"])
    XCTAssertEqual(first.status, 75, first.stderr)
    XCTAssertTrue(first.stderr.contains("run again to continue"), first.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: site.catalogue.path), "nothing is written")
    XCTAssertFalse(site.server.requests.contains { $0.method == "HEAD" }, "no request starts past the budget")
    XCTAssertTrue(site.server.requests.contains { $0.path == "/byte/" && $0.status == 200 })

    site.server.clearLog()
    let second = try site.build(["--max-time", "1m", "--quiet"])
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertEqual(site.server.requests.map(\.method), ["HEAD", "HEAD", "HEAD"], "the page came from the cache")
  }
}
