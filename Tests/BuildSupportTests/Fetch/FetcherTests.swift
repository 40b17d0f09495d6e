import Foundation
import SiteMirrorKit
import XCTest

@testable import BuildSupport

final class FetcherTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("fetcher-\(UUID().uuidString.prefix(8))")
    let site = dir.appendingPathComponent("site/example.org/dir")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    for i in 0..<5 {
      try Data("<html><body>page \(i)</body></html>".utf8).write(to: site.appendingPathComponent("p\(i).html"))
    }
    try Data("result".utf8).write(to: site.appendingPathComponent("show.php?all=X_1"))
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 120)
    try server.start()
  }

  override func tearDownWithError() throws {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  func fetcher(noNetwork: Bool = false, mirror: Bool = true, cache: String = "cache") -> Fetcher {
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent(cache), allowedHosts: ["example.org"])
    c.mirror = mirror ? URL(string: server.baseURL) : nil
    c.noNetwork = noNetwork
    c.delayMS = 0
    c.jobs = 4
    c.backoffBase = 0.05
    // robots.txt has tests of its own below; here it would add one request per run.
    c.respectRobots = false
    return Fetcher(c)
  }

  func url(_ p: String) -> URL { URL(string: "https://example.org/dir/\(p)")! }

  func testASecondRunMakesNoRequests() async throws {
    let urls = (0..<5).map { url("p\($0).html") } + [url("show.php?all=X_1"), url("missing.html")]
    let first = try await fetcher().getAll(urls)
    XCTAssertEqual(first[url("p3.html")]?.status, 200)
    XCTAssertEqual(String(decoding: first[url("show.php?all=X_1")]?.body ?? [], as: UTF8.self), "result")
    XCTAssertEqual(first[url("missing.html")]?.status, 404)
    XCTAssertEqual(server.requests.count, 7)
    server.clearLog()
    let again = fetcher()
    let second = try await again.getAll(urls)
    XCTAssertEqual(server.requests.count, 0)
    XCTAssertEqual(again.counters[.hit], 7)
    XCTAssertEqual(second[url("missing.html")]?.status, 404, "a 404 is cached as an answer")
    XCTAssertEqual(second[url("p3.html")]?.body, first[url("p3.html")]?.body)
  }

  /// `catalog cache prune` goes by a record's modification time: a copy a build serves is marked as
  /// used when its record is a day old, and one used within the day is not written to.
  func testAServedCopyIsMarkedAsUsedOnceADay() async throws {
    let (old, recent) = (url("p1.html"), url("p2.html"))
    _ = try await fetcher().getAll([old, recent])
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    func recordPath(_ u: URL) -> String { store.paths(CacheKey(method: .get, url: u)).record }
    func modified(_ u: URL) throws -> Date {
      try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: recordPath(u))[.modificationDate] as? Date)
    }
    let threeDaysAgo = Date().addingTimeInterval(-3 * 86_400)
    let anHourAgo = Date().addingTimeInterval(-3_600)
    try FileManager.default.setAttributes([.modificationDate: threeDaysAgo], ofItemAtPath: recordPath(old))
    try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: recordPath(recent))
    let warm = fetcher(noNetwork: true)
    _ = try await warm.getAll([old, recent])
    XCTAssertEqual(warm.counters[.hit], 2)
    XCTAssertGreaterThan(try modified(old), Date().addingTimeInterval(-600), "a day-old record is marked as used")
    XCTAssertEqual(
      try modified(recent).timeIntervalSince1970, anHourAgo.timeIntervalSince1970, accuracy: 1,
      "a record used within the day is left as it is")
  }

  func testNoNetworkWithAColdCacheListsEveryMissingURL() async throws {
    let f = fetcher(noNetwork: true)
    do {
      _ = try await f.getAll([url("p0.html"), url("p1.html")])
      XCTFail("expected a miss")
    } catch FetchError.notCachedMany(let urls) {
      XCTAssertEqual(urls, [url("p0.html"), url("p1.html")])
    }
    XCTAssertEqual(server.requests.count, 0)
  }

  func testARetryAfterIsWaitedOutAndRetried() async throws {
    server.inject(.status(429, retryAfter: "2"), matching: "example.org/dir/p0.html", times: 1)
    let f = fetcher()
    let start = Date()
    let r = try await f.get(url("p0.html"))
    XCTAssertEqual(r.status, 200)
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1.9)
    XCTAssertEqual(server.requests.map(\.status), [429, 200])
    XCTAssertEqual(f.counters[.retried], 1)
    XCTAssertEqual(f.counters[.refused], 1)
  }

  func testA503IsNeverCached() async throws {
    server.inject(.status(503), matching: "example.org/dir/p1.html", times: 10)
    var c = fetcher().configuration
    c.maxAttempts = 2
    let f = Fetcher(c)
    do {
      _ = try await f.get(url("p1.html"))
      XCTFail("expected failure")
    } catch FetchError.failed(let u, _) {
      XCTAssertEqual(u, url("p1.html"))
    }
    server.clearLog()
    server.clearFaults()
    let later = try await fetcher().get(url("p1.html"))
    XCTAssertEqual(later.status, 200)
    XCTAssertFalse(later.fromCache)
  }

  func testADroppedOrTruncatedBodyIsNeverCached() async throws {
    server.inject(.dropMidBody, matching: "example.org/dir/p2.html", times: 1)
    server.inject(.shortBody, matching: "example.org/dir/p3.html", times: 1)
    var c = fetcher().configuration
    c.maxAttempts = 1
    let f = Fetcher(c)
    for p in ["p2.html", "p3.html"] {
      do {
        let r = try await f.get(url(p))
        XCTFail("\(p): expected a failure, got \(r.status) with \(r.body.count) bytes")
      } catch is FetchError {}
    }
    let offline = fetcher(noNetwork: true)
    for p in ["p2.html", "p3.html"] {
      do {
        _ = try await offline.get(url(p))
        XCTFail("\(p) was cached")
      } catch FetchError.notCached {}
    }
  }

  func testASlowBodyArrivesWholeAndASilentServerTimesOutUncached() async throws {
    server.inject(.slowBody(milliseconds: 5), matching: "example.org/dir/p0.html", times: 1)
    let slow = try await fetcher().get(url("p0.html"))
    XCTAssertEqual(String(decoding: slow.body, as: UTF8.self), "<html><body>page 0</body></html>")

    server.inject(.slowFirstByte(milliseconds: 1500), matching: "example.org/dir/p1.html", times: 1)
    var c = fetcher().configuration
    c.timeout = 0.3
    c.maxAttempts = 1
    do {
      _ = try await Fetcher(c).get(url("p1.html"))
      XCTFail("expected a time-out")
    } catch FetchError.failed(let u, let reason) {
      XCTAssertEqual(u, url("p1.html"))
      XCTAssertTrue(reason.contains("transport error"), reason)
    }
    do {
      _ = try await fetcher(noNetwork: true).get(url("p1.html"))
      XCTFail("a time-out was cached")
    } catch FetchError.notCached {}
  }

  func testForbiddenAndGoneAreCachedAsAnswers() async throws {
    server.inject(.status(403), matching: "example.org/dir/p2.html", times: 1)
    server.inject(.status(410), matching: "example.org/dir/p3.html", times: 1)
    let f = fetcher()
    let forbidden = try await f.get(url("p2.html"))
    let gone = try await f.get(url("p3.html"))
    XCTAssertEqual([forbidden.status, gone.status], [403, 410])
    XCTAssertEqual(f.counters[.negative], 2)
    let offline = fetcher(noNetwork: true)
    let again = [try await offline.get(url("p2.html")).status, try await offline.get(url("p3.html")).status]
    XCTAssertEqual(again, [403, 410])
  }

  func testABodyOverItsCapIsCutOffAndNeverStored() async throws {
    let big = BuildDefaults.pageBodyCap + 1_000_000
    server.setSize(big, for: "example.org/dir/huge.html")
    do {
      _ = try await fetcher().get(url("huge.html"))
      XCTFail("expected the cap to stop it")
    } catch FetchError.tooLarge(let u, let bytes, let cap) {
      XCTAssertEqual(u, url("huge.html"))
      XCTAssertEqual(bytes, big)
      XCTAssertEqual(cap, BuildDefaults.pageBodyCap)
    }
    XCTAssertEqual(server.requests.count, 1, "a body over its cap is not retried")
    do {
      _ = try await fetcher(noNetwork: true).get(url("huge.html"))
      XCTFail("an over-cap body was cached")
    } catch FetchError.notCached {}
  }

  func testARedirectToAForeignHostIsRefused() async throws {
    server.inject(.redirect("https://elsewhere.example/x"), matching: "example.org/dir/p4.html", times: 1)
    do {
      _ = try await fetcher().get(url("p4.html"))
      XCTFail("expected refusal")
    } catch FetchError.foreignRedirect(let from, let to) {
      XCTAssertEqual(from, url("p4.html"))
      XCTAssertEqual(to, "https://elsewhere.example/x")
    }
  }

  func testARedirectToADeclaredSubdomainIsFollowedAndCachedUnderTheAskedURL() async throws {
    let node = dir.appendingPathComponent("site/ia800.example.org/items/x")
    try FileManager.default.createDirectory(at: node, withIntermediateDirectories: true)
    try Data("<scandata/>".utf8).write(to: node.appendingPathComponent("scandata.xml"))
    server.inject(
      .redirect("https://ia800.example.org/items/x/scandata.xml"), matching: "example.org/dir/scan", times: 1)
    var c = fetcher().configuration
    c.allowedHosts = ["example.org", ".example.org"]
    let r = try await Fetcher(c).get(url("scan"))
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(String(decoding: r.body, as: UTF8.self), "<scandata/>")
    XCTAssertEqual(server.requests.map(\.host), ["example.org", "ia800.example.org"])
    c.noNetwork = true
    let again = try await Fetcher(c).get(url("scan"))
    XCTAssertEqual(again.body, r.body)
  }

  func testAHostNotDeclaredIsNeverContacted() async throws {
    do {
      _ = try await fetcher().get(URL(string: "https://evil.example/")!)
      XCTFail("expected refusal")
    } catch FetchError.hostNotAllowed {}
    XCTAssertEqual(server.requests.count, 0)
  }

  func testAPathTraversalURLCannotWriteOutsideTheCache() async throws {
    let hostile = URL(string: "https://example.org/../../etc/passwd?x=/..")!
    _ = try await fetcher().get(hostile)
    let cache = dir.appendingPathComponent("cache")
    let files = FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String } ?? []
    XCTAssertFalse(files.isEmpty)
    for f in files where f != "v1/tmp" {
      XCTAssertTrue(f.allSatisfy { "0123456789abcdefv/.jsonbody".contains($0) }, f)
    }
    let outside = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    XCTAssertEqual(outside, ["cache", "site"])
  }

  func testTheMirrorProducesTheSameCacheKeysAsTheRealURLs() async throws {
    _ = try await fetcher().get(url("p0.html"))
    // A fetcher with no mirror at all finds the entry under the real URL.
    let direct = fetcher(noNetwork: true, mirror: false)
    let r = try await direct.get(url("p0.html"))
    XCTAssertTrue(r.fromCache)
    XCTAssertEqual(r.url, url("p0.html"))
  }

  func testHeadAnswersCarryTheSizeAndAreCached() async throws {
    server.setSize(17_766_642, for: "example.org/dir/ZIP/1984_10.zip")
    let r = try await fetcher().head(url("ZIP/1984_10.zip"))
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(r.contentLength, 17_766_642)
    XCTAssertEqual(server.requests.map(\.method), ["HEAD"])
    let again = try await fetcher(noNetwork: true).head(url("ZIP/1984_10.zip"))
    XCTAssertEqual(again.contentLength, 17_766_642)
  }

  func testOneProbeThatFailsForGoodDoesNotStopTheOthers() async throws {
    for i in 0..<4 { server.setSize(100 + i, for: "example.org/dir/f\(i).zip") }
    server.inject(.status(503), matching: "example.org/dir/f2.zip", times: 100)
    var c = fetcher().configuration
    c.maxAttempts = 2
    let each = try await Fetcher(c).headEach((0..<4).map { url("f\($0).zip") })
    XCTAssertEqual(each.count, 4)
    for i in [0, 1, 3] {
      guard case .success(let r)? = each[url("f\(i).zip")] else { return XCTFail("f\(i).zip: no answer") }
      XCTAssertEqual(r.contentLength, Int64(100 + i))
    }
    guard case .failure(.failed(let u, _))? = each[url("f2.zip")] else { return XCTFail("f2.zip should have failed") }
    XCTAssertEqual(u, url("f2.zip"))
  }

  func testProbesKeepTheirOwnPaceBesidePages() async throws {
    for i in 0..<4 { server.setSize(100 + i, for: "example.org/dir/f\(i).zip") }
    var c = fetcher().configuration
    c.jobs = 1
    c.delayMS = 400
    c.probeDelayMS = 0
    let f = Fetcher(c)
    let start = Date()
    _ = try await f.headAll((0..<4).map { url("f\($0).zip") })
    XCTAssertLessThan(Date().timeIntervalSince(start), 1.2, "four HEADs at the page pace would take 1.2 s")
    XCTAssertEqual(server.requests.count, 4)
  }

  func testRefreshRevalidatesWithAConditionalRequest() async throws {
    _ = try await fetcher().get(url("p0.html"))
    var c = fetcher().configuration
    c.refresh = true
    let f = Fetcher(c)
    let r = try await f.get(url("p0.html"))
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(f.counters[.revalidated], 1)
    XCTAssertEqual(server.requests.last?.status, 304)
  }

  func testRefreshServesTheCachedCopyWhenTheServerIsDown() async throws {
    let first = try await fetcher().get(url("p0.html"))
    server.inject(.status(503), matching: "example.org/dir/p0.html", times: 10)
    var c = fetcher().configuration
    c.refresh = true
    c.maxAttempts = 2
    let f = Fetcher(c)
    let r = try await f.get(url("p0.html"))
    XCTAssertEqual(r.body, first.body)
    XCTAssertTrue(r.fromCache)
    XCTAssertEqual(f.counters[.stale], 1)
  }

  func testTwoFetchersFillingOneCacheLeaveItConsistent() async throws {
    let urls = (0..<5).map { url("p\($0).html") }
    let f1 = fetcher()
    let f2 = fetcher()
    async let a = f1.getAll(urls)
    async let b = f2.getAll(urls.reversed())
    _ = try await (a, b)
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    XCTAssertEqual(store.allRecords().count, 5)
    let offline = try await fetcher(noNetwork: true).getAll(urls)
    XCTAssertEqual(offline.count, 5)
  }

  func testTheBreakerStopsARefusingHostAndSaysSo() async throws {
    server.inject(.status(429, retryAfter: "1"), matching: "example.org/", times: 100)
    var c = fetcher().configuration
    c.breakerThreshold = 2
    c.maxAttempts = 5
    let f = Fetcher(c)
    do {
      _ = try await f.get(url("p0.html"))
      XCTFail("expected refusal")
    } catch FetchError.refused(let host, let status, _) {
      XCTAssertEqual(host, "example.org")
      XCTAssertEqual(status, 429)
    }
    XCTAssertEqual(server.requests.count, 2)
  }

  func testRetryAfterReadsSecondsAndDatesAndIgnoresZero() {
    XCTAssertEqual(RetryAfter.seconds("2"), 2)
    XCTAssertNil(RetryAfter.seconds("0"))
    XCTAssertNil(RetryAfter.seconds("-5"))
    XCTAssertNil(RetryAfter.seconds("soon"))
    let now = Date(timeIntervalSince1970: 1_000_000_000)
    XCTAssertEqual(RetryAfter.seconds("Sun, 09 Sep 2001 01:49:00 GMT", now: now), 140)
    XCTAssertNil(RetryAfter.seconds("Sun, 09 Sep 2001 01:40:00 GMT", now: now))
    XCTAssertEqual(RetryAfter.phrase(1), "1 second")
    XCTAssertEqual(RetryAfter.phrase(89.2), "90 seconds")
    XCTAssertEqual(RetryAfter.phrase(91), "2 minutes")
    XCTAssertEqual(RetryAfter.phrase(5400), "2 hours")
    XCTAssertEqual(RetryAfter.phrase(nil), "a few minutes")
  }
}

final class FetcherRobotsTests: XCTestCase {
  func testADisallowEverythingSiteStopsTheFetcherUnlessIgnored() async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("robots-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: dir) }
    let site = dir.appendingPathComponent("site/closed.example")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Data("User-agent: *\nDisallow: /\n".utf8).write(to: site.appendingPathComponent("robots.txt"))
    try Data("hello".utf8).write(to: site.appendingPathComponent("page.html"))
    let server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 60)
    try server.start()
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["closed.example"])
    c.mirror = URL(string: server.baseURL)
    c.delayMS = 0
    let url = URL(string: "https://closed.example/page.html")!
    do {
      _ = try await Fetcher(c).get(url)
      XCTFail("robots.txt should have stopped the fetch")
    } catch FetchError.disallowedByRobots(let u) {
      XCTAssertEqual(u, url)
    }
    XCTAssertEqual(server.requests.map(\.path), ["/robots.txt"])
    // Many requests at once still ask for robots.txt only once.
    server.clearLog()
    var cold = c
    cold.cacheRoot = dir.appendingPathComponent("cold-cache")
    cold.jobs = 4
    _ = try? await Fetcher(cold).getAll((0..<6).map { URL(string: "https://closed.example/p\($0).html")! })
    XCTAssertEqual(server.requests.map(\.path), ["/robots.txt"])
    c.respectRobots = false
    let r = try await Fetcher(c).get(url)
    XCTAssertEqual(r.status, 200)
  }
}
