import CatalogKit
import Foundation
import SiteMirrorKit
import XCTest

@testable import BuildSupport

/// The fetcher and the cache against hostile answers and damaged caches (issue 11), one test per
/// item at the unit level; the end-to-end tests in Hardening/ run the same through a real build.
final class FetcherHardeningTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("hardening-\(UUID().uuidString.prefix(8))")
    let site = dir.appendingPathComponent("site/example.org/dir")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    for i in 0..<8 {
      try Data("<html><body>page \(i)</body></html>".utf8).write(to: site.appendingPathComponent("p\(i).html"))
    }
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 120)
    try server.start()
  }

  override func tearDownWithError() throws {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  func configuration(mirror: String? = nil) -> FetcherConfiguration {
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["example.org"])
    c.mirror = URL(string: mirror ?? server.baseURL)
    c.delayMS = 0
    c.jobs = 2
    c.backoffBase = 0.02
    c.respectRobots = false
    return c
  }

  func url(_ p: String) -> URL { URL(string: "https://example.org/dir/\(p)")! }

  // MARK: 1. Retry-After

  func testRetryAfterOfAnyValueIsClampedOrIgnoredAndNeverTraps() {
    let now = Date(timeIntervalSince1970: 1_000_000_000)
    XCTAssertEqual(RetryAfter.seconds("100000000000000000000000", now: now), RetryAfter.longest)
    XCTAssertEqual(RetryAfter.seconds("1" + String(repeating: "0", count: 400), now: now), nil, "too long to read")
    XCTAssertEqual(RetryAfter.seconds("Fri, 31 Dec 9999 23:59:59 GMT", now: now), RetryAfter.longest)
    XCTAssertNil(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now))
    XCTAssertEqual(RetryAfter.seconds("0.5", now: now), 0.5)
    XCTAssertNil(RetryAfter.seconds("-5", now: now))
    XCTAssertNil(RetryAfter.seconds("1e23", now: now))
    XCTAssertNil(RetryAfter.seconds("nan", now: now))
    XCTAssertNil(RetryAfter.seconds("\u{0}\u{7f}", now: now))
    for s in [1e300, Double.infinity, Double.nan, -1, RetryAfter.longest, 9.3e18 * 3600] {
      XCTAssertFalse(RetryAfter.phrase(s).isEmpty)
    }
    XCTAssertEqual(RetryAfter.phrase(1e300), "more than 10 years")
    XCTAssertEqual(RetryAfter.phrase(4 * 86_400), "4 days")
    XCTAssertEqual(RetryAfter.printable("a\r\nb"), "a\\x0D\\x0Ab")
  }

  func testAWaitBeyondTheCapIsARefusalNamingHostAndRawValue() async throws {
    server.inject(.status(503, retryAfter: "100000000000000000000000"), matching: "example.org/dir/p0.html")
    do {
      _ = try await Fetcher(configuration()).get(url("p0.html"))
      XCTFail("expected a refusal")
    } catch let e as FetchError {
      guard case .refused(let host, let status, _) = e else { return XCTFail("\(e)") }
      XCTAssertEqual(host, "example.org")
      XCTAssertEqual(status, 503)
      XCTAssertTrue(e.description.contains("Retry-After: 100000000000000000000000"), e.description)
      XCTAssertEqual(e.exitCode, .unavailable)
    }
    XCTAssertEqual(server.requests.count, 1, "a refusal is not retried")
  }

  // MARK: 2. Content-Length

  func testContentLengthOfAnyValueIsReadOrRefusedAsASize() {
    XCTAssertEqual(try FetchResponse.readSize("1234").get(), 1234)
    XCTAssertEqual(try FetchResponse.readSize(" 7 , 7 ").get(), 7)
    XCTAssertEqual(try FetchResponse.readSize("4294967296").get(), 4 << 30)
    for bad in ["9223372036854775807", "99999999999999999999999", "4294967297", "-1", "+5", "abc", "10, 20", "", "1e9"]
    {
      guard case .failure(let p) = FetchResponse.readSize(bad) else { return XCTFail("'\(bad)' was taken as a size") }
      XCTAssertTrue(p.description.contains("Content-Length '\(bad)'"), p.description)
    }
    let r = FetchResponse(
      url: url("a.zip"), method: .head, status: 200, headers: ["content-length": "9223372036854775807"], body: [],
      fromCache: false)
    XCTAssertNil(r.contentLength)
    XCTAssertNotNil(r.contentLengthProblem)
  }

  func testVerifyFlagsAnImplausibleHeadRecordAndRepairDropsIt() async throws {
    server.setSize(100, for: "example.org/dir/ok.zip")
    server.setSize(100, for: "example.org/dir/liar.zip")
    server.inject(.header("Content-Length", "9223372036854775807"), matching: "example.org/dir/liar.zip")
    let f = Fetcher(configuration())
    _ = try await f.headAll([url("ok.zip"), url("liar.zip")])
    let problems = f.cache.verify()
    XCTAssertEqual(problems.map(\.kind), [.implausibleSize], "\(problems)")
    try f.cache.repair(problems)
    XCTAssertTrue(f.cache.verify().isEmpty)
    let after = CacheStore(root: dir.appendingPathComponent("cache"))
    XCTAssertNotNil(after.read(CacheKey(method: .head, url: url("ok.zip")), url: url("ok.zip")))
    XCTAssertNil(after.read(CacheKey(method: .head, url: url("liar.zip")), url: url("liar.zip")))
  }

  // MARK: 3. Transport failures

  func testConnectionsRefusedOpenTheBreakerAndNameTheCause() async throws {
    var c = configuration(mirror: try SiteMirror.deadBaseURL())
    c.breakerThreshold = 3
    let f = Fetcher(c)
    let start = Date()
    do {
      _ = try await f.getEach((0..<8).map { url("p\($0).html") })
      XCTFail("a dead host answered")
    } catch FetchError.unreachable(let host, let reason) {
      XCTAssertEqual(host, "example.org")
      XCTAssertTrue(reason.hasPrefix("connection refused"), reason)
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    XCTAssertLessThanOrEqual(f.counters[.requests], 4, "the breaker stops further requests")
  }

  func testADeadHostAtThePoliteDefaultsIsGivenUpOnWellUnderTwoMinutes() async throws {
    // The defaults a real build uses: one request a second, four attempts, backoff from one second.
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["example.org"])
    c.mirror = URL(string: try SiteMirror.deadBaseURL())
    c.respectRobots = false
    let f = Fetcher(c)
    let start = Date()
    do {
      _ = try await f.getEach((0..<50).map { url("p\($0).html") })
      XCTFail("a dead host answered")
    } catch FetchError.unreachable(_, let reason) {
      XCTAssertTrue(reason.hasPrefix("connection refused"), reason)
    }
    let seconds = Date().timeIntervalSince(start)
    print("dead host at the polite defaults given up on after \(Int(seconds)) s, \(f.counters[.requests]) requests")
    XCTAssertLessThan(seconds, 60)
  }

  func testAHostThatOnlyTimesOutIsGivenUpAfterTheDeadHostWindow() async throws {
    server.inject(.slowFirstByte(milliseconds: 1500), matching: "example.org/", times: 100)
    var c = configuration()
    c.timeout = 0.2
    c.deadHostSeconds = 0.5
    c.maxAttempts = 10
    c.breakerThreshold = 100
    let f = Fetcher(c)
    do {
      _ = try await f.get(url("p0.html"))
      XCTFail("expected the host to be given up on")
    } catch FetchError.unreachable(_, let reason) {
      XCTAssertTrue(reason.hasPrefix("timed out"), reason)
    }
    XCTAssertLessThan(f.counters[.requests], 10)
  }

  func testRefreshAgainstADeadHostServesCopiesAndCountsThem() async throws {
    let urls = (0..<8).map { url("p\($0).html") }
    _ = try await Fetcher(configuration()).getAll(urls)
    var c = configuration(mirror: try SiteMirror.deadBaseURL())
    c.refresh = true
    c.breakerThreshold = 3
    c.backoffBase = 5  // a retry would show in the time
    let f = Fetcher(c)
    let start = Date()
    let answers = try await f.getAll(urls)
    XCTAssertEqual(answers.count, 8)
    XCTAssertLessThan(Date().timeIntervalSince(start), 3)
    XCTAssertEqual(f.counters[.stale], 8)
    XCTAssertLessThanOrEqual(f.counters[.requests], 4)
    XCTAssertEqual(f.staleSummary.count, 1)
    XCTAssertTrue(f.staleSummary[0].hasPrefix("example.org unreachable (connection refused"), f.staleSummary[0])
    XCTAssertTrue(f.staleSummary[0].hasSuffix("using 8 cached copies"), f.staleSummary[0])
  }

  // MARK: 4. robots.txt

  func testAnUnreachableRobotsTxtDisallowsAllAndSaysWhy() async throws {
    server.inject(.status(500), matching: "example.org/robots.txt", times: 10)
    var c = configuration()
    c.respectRobots = true
    c.maxAttempts = 2
    do {
      _ = try await Fetcher(c).get(url("p0.html"))
      XCTFail("expected robots.txt to stop the fetch")
    } catch let e as FetchError {
      guard case .robotsUnavailable(let u, let reason) = e else { return XCTFail("\(e)") }
      XCTAssertEqual(u, url("p0.html"))
      XCTAssertTrue(reason.hasPrefix("HTTP 500"), reason)
      XCTAssertTrue(e.description.contains("robots.txt could not be fetched"), e.description)
    }
    XCTAssertEqual(server.requests.map(\.path), ["/robots.txt", "/robots.txt"])
  }

  // MARK: 7. Dot segments

  func testDotSegmentsAreRemovedAsRFC3986Says() {
    let cases = [
      ("/a/b/c/./../../g", "/a/g"), ("/mid/content=5/../6", "/mid/6"), ("/../../etc/passwd", "/etc/passwd"),
      ("/a/%2e%2E/b", "/b"), ("/a/.%2e/b", "/b"), ("/a/b/..", "/a/"), ("/a/./", "/a/"), ("/a//b", "/a//b"),
      ("/a/..b/c", "/a/..b/c"), ("/", "/"), ("", "/"),
    ]
    for (input, expected) in cases { XCTAssertEqual(DotSegments.remove(input), expected, input) }
  }

  func testARedirectClimbingOutOfTheMirrorIsRefusedAndNeverSent() async throws {
    let hostile = server.baseURL + "/example.org/dir/../../../../etc/passwd"
    server.inject(.redirect(hostile), matching: "example.org/dir/p0.html")
    let f = Fetcher(configuration())
    XCTAssertNil(f.realURL(hostile, relativeTo: url("p0.html"))?.host.flatMap { f.configuration.allows($0) ? $0 : nil })
    do {
      _ = try await f.get(url("p0.html"))
      XCTFail("expected refusal")
    } catch FetchError.foreignRedirect(let from, let to) {
      XCTAssertEqual(from, url("p0.html"))
      XCTAssertEqual(to, hostile)
    }
    XCTAssertEqual(server.requests.count, 1)
    XCTAssertEqual(
      f.wireURL(URL(string: "https://example.org/a/%2e%2e/%2e%2e/other.org/x")!).absoluteString,
      server.baseURL + "/example.org/other.org/x", "a request path cannot climb to another host's folder")
  }

  // MARK: 8. Where a bad page came from

  func testThePageABuildFailedOnIsDroppedFromTheCacheAndTheNoteSaysSo() async throws {
    let first = Fetcher(configuration())
    XCTAssertNil(first.cacheHint(for: "anything"), "no page was read yet")
    _ = try await first.get(url("p0.html"))
    _ = try await first.get(url("p1.html"))
    let general = try XCTUnwrap(first.cacheHint(for: "a rule failed"))
    XCTAssertTrue(general.contains("2 pages were read in this run"), general)
    XCTAssertTrue(general.contains("--refresh=all fetches every one again"), general)
    XCTAssertTrue(general.contains("catalog cache rm --cache \(dir.path)/cache --url URL"), general)

    let fresh = Fetcher(configuration())
    _ = try await fresh.get(url("p0.html"))
    let hint = try XCTUnwrap(fresh.cacheHint(for: "\(url("p0.html").absoluteString): line 3: the table ends early"))
    XCTAssertEqual(
      hint,
      "note: \(url("p0.html").absoluteString) was dropped from the cache in \(dir.path)/cache; the next run fetches it again"
    )
    XCTAssertNil(fresh.cached(url("p0.html")), "the next run asks again")
    XCTAssertEqual(fresh.counters[.dropped], 1)
  }

  // MARK: 9, 10. Damaged entries

  func testACorruptBodyIsNeverServedAndIsFetchedAgainOrReported() async throws {
    _ = try await Fetcher(configuration()).get(url("p0.html"))
    let key = CacheKey(method: .get, url: url("p0.html"))
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    let bodyPath = store.paths(key).body
    var body = try Data(contentsOf: URL(fileURLWithPath: bodyPath))
    body[body.count - 10] ^= 0x01
    try body.write(to: URL(fileURLWithPath: bodyPath))
    guard case .corrupt(let reason) = store.lookup(key, url: url("p0.html")) else { return XCTFail("served") }
    XCTAssertTrue(reason.contains("does not match its record's SHA-256"), reason)

    var offline = configuration()
    offline.noNetwork = true
    do {
      _ = try await Fetcher(offline).get(url("p0.html"))
      XCTFail("a corrupt body was served")
    } catch let e as FetchError {
      guard case .corruptInCache = e else { return XCTFail("\(e)") }
      XCTAssertTrue(e.description.contains("catalog cache verify --cache"), e.description)
    }
    let online = Fetcher(configuration())
    let r = try await online.get(url("p0.html"))
    XCTAssertEqual(String(decoding: r.body, as: UTF8.self), "<html><body>page 0</body></html>")
    XCTAssertEqual(online.counters[.corrupt], 1)
  }

  func testARecordFiledUnderAnotherURLsDigestIsRefused() async throws {
    _ = try await Fetcher(configuration()).getAll([url("p0.html"), url("p1.html")])
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    let a = store.paths(CacheKey(method: .get, url: url("p0.html")))
    let b = store.paths(CacheKey(method: .get, url: url("p1.html")))
    for (from, to) in [(a.record, b.record), (a.body, b.body)] {
      unlink(to)
      try FileManager.default.copyItem(atPath: from, toPath: to)
    }
    XCTAssertNil(store.read(CacheKey(method: .get, url: url("p1.html")), url: url("p1.html")))
    XCTAssertEqual(store.verify().map(\.kind), [.misfiled])
  }

  // MARK: 11. Stale temporary files

  func testStaleTemporaryFilesAreFoundByOwnerAndAge() throws {
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    let tmp = dir.appendingPathComponent("cache/v1/tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    var dead: Int32 = 4_000_000
    while kill(dead, 0) == 0 || errno == EPERM { dead -= 1 }
    let names = [
      "cache/.zxdb.sqlite.\(dead).tmp", "cache/v1/tmp/x.json.tmp-\(dead)-1", "cache/.zxdb.sqlite.\(getpid()).tmp",
      "cache/v1/tmp/y.body.tmp-\(getpid())-2", "cache/notes.tmp",
    ]
    for n in names { try Data([1]).write(to: dir.appendingPathComponent(n)) }
    XCTAssertEqual(
      Set(store.staleTemporaries().map { URL(fileURLWithPath: $0).lastPathComponent }),
      ["x.json.tmp-\(dead)-1", ".zxdb.sqlite.\(dead).tmp"])
    let later = Date().addingTimeInterval(2 * BuildDefaults.staleTemporarySeconds)
    XCTAssertEqual(store.staleTemporaries(now: later).count, 4, "past the hour every temporary is stale")
    XCTAssertEqual(Fetcher(configuration()).removedTemporaries, 2)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("cache/notes.tmp").path))
  }

  func testATemporaryAnOlderVersionLeftInAShardIsFoundByVerifyAndRepaired() throws {
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    let shard = dir.appendingPathComponent("cache/v1/ab")
    try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
    var dead: Int32 = 4_000_000
    while kill(dead, 0) == 0 || errno == EPERM { dead -= 1 }
    let stray = shard.appendingPathComponent("x.json.tmp-\(dead)-1")
    try Data([1]).write(to: stray)
    XCTAssertEqual(store.staleTemporaries(), [], "the shards are not listed to find temporaries")
    let problems = store.verify()
    XCTAssertEqual(problems.map(\.kind), [.leftoverTemporary])
    XCTAssertEqual(problems.first?.path, stray.path)
    XCTAssertEqual(try store.repair(problems), 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: stray.path))
    XCTAssertTrue(store.verify().isEmpty)
  }

  // MARK: --max-time

  func testPastTheDeadlineNoRequestStartsAndTheRunIsATempfail() async throws {
    _ = try await Fetcher(configuration()).get(url("p0.html"))
    server.clearLog()
    var c = configuration()
    c.deadline = Date().addingTimeInterval(-1)
    let f = Fetcher(c)
    let cached = try await f.get(url("p0.html"))
    XCTAssertTrue(cached.fromCache, "cached answers are still served")
    do {
      _ = try await f.getAll([url("p1.html"), url("p2.html")])
      XCTFail("a request started past the deadline")
    } catch let e as FetchError {
      guard case .timeUp = e else { return XCTFail("\(e)") }
      XCTAssertEqual(e.exitCode, .tempfail)
      XCTAssertEqual(e.exitCode.rawValue, 75)
      XCTAssertTrue(e.description.contains("run again to continue"), e.description)
    }
    XCTAssertEqual(server.requests.count, 0)
  }

  func testRequestsInFlightAtTheDeadlineFinishAndAreCached() async throws {
    server.inject(.slowFirstByte(milliseconds: 2000), matching: "example.org/dir/p1.html")
    var c = configuration()
    c.jobs = 1
    c.deadline = Date().addingTimeInterval(1)
    let f = Fetcher(c)
    // p1 is in flight before p2 is asked (a batch's tasks reach the gate in no set order), and p2
    // waits at the host's one slot until the budget has run out.
    let p1 = url("p1.html")
    let first = Task { try await f.get(p1) }
    for _ in 0..<1000 where server.requests.isEmpty { try await Task.sleep(nanoseconds: 2_000_000) }
    XCTAssertEqual(server.requests.map(\.path), ["/dir/p1.html"])
    do {
      _ = try await f.get(url("p2.html"))
      XCTFail("the second request should not have started")
    } catch FetchError.timeUp(let u) {
      XCTAssertEqual(u, url("p2.html"))
    }
    _ = try await first.value
    XCTAssertEqual(server.requests.map(\.path), ["/dir/p1.html"])
    var offline = configuration()
    offline.noNetwork = true
    let kept = try await Fetcher(offline).get(url("p1.html"))
    XCTAssertEqual(kept.status, 200, "what was in flight is in the cache for the next run")
  }
}
