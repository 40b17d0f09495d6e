import CatalogKit
import Foundation
import SiteMirrorKit
import XCTest

@testable import BuildSupport

/// Issue 18 at the fetcher: a 200 proves nothing. Answers that fail their declared check are asked
/// again and never cached, cached ones that fail it are dropped, hostile validators never travel,
/// the body cap holds during the transfer and a cancelled task aborts its transfer.
final class AnswerCheckTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!
  static let shape = PageShape(kind: "test page", identity: ["<title>Test site"], closing: ["</html>"])
  static let page =
    "<html><head><title>Test site</title></head><body>" + String(repeating: "row ", count: 50)
    + "</body></html>"

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("answers-\(UUID().uuidString.prefix(8))")
    let site = dir.appendingPathComponent("site/example.org/dir")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Data(Self.page.utf8).write(to: site.appendingPathComponent("p.html"))
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 120)
    try server.start()
  }

  override func tearDownWithError() throws {
    server.stop()
    try? FileManager.default.removeItem(at: dir)
  }

  func fetcher(noNetwork: Bool = false) -> Fetcher {
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["example.org"])
    c.mirror = URL(string: server.baseURL)
    c.delayMS = 0
    c.jobs = 2
    c.backoffBase = 0.01
    c.respectRobots = false
    c.noNetwork = noNetwork
    return Fetcher(c)
  }

  var pageURL: URL { URL(string: "https://example.org/dir/p.html")! }

  func testHalfAPageWithAMatchingLengthIsAskedAgainAndTheWholePageKept() async throws {
    server.chaos(ChaosPlan(seed: 1, rate: 1, kinds: [.halfBody]))
    let f = fetcher()
    let r = try await f.get(pageURL, check: .page(Self.shape))
    XCTAssertEqual(r.body, Array(Self.page.utf8), "the second answer is the whole page")
    XCTAssertEqual(f.counters[.rejected], 1)
    XCTAssertEqual(f.counters[.requests], 2)
    XCTAssertEqual(server.chaosInjected[.halfBody], 1)
    let again = try await fetcher(noNetwork: true).get(pageURL, check: .page(Self.shape))
    XCTAssertEqual(again.body, Array(Self.page.utf8), "what was cached is the whole page")
  }

  func testAnErrorPageServedAs200EveryTimeIsAnErrorNamingTheURLAndIsNeverCached() async throws {
    server.route { _ in MirrorResponse.text("<html><title>503 Service Unavailable</title></html>") }
    let f = fetcher()
    do {
      _ = try await f.get(pageURL, check: .page(Self.shape))
      XCTFail("an error page is no page")
    } catch let e as FetchError {
      XCTAssertEqual(e.exitCode, .invalid)
      XCTAssertTrue(
        e.description.contains("https://example.org/dir/p.html: not a test page: no <title>Test site"), e.description)
      XCTAssertTrue(e.description.contains("not kept in the cache"), e.description)
    }
    XCTAssertEqual(f.counters[.requests], BuildDefaults.maxAttempts)
    XCTAssertNil(f.cached(pageURL), "nothing was stored")
  }

  func testACachedAnswerThatFailsItsCheckIsDroppedAndFetchedAgain() async throws {
    // An older build cached a cut page (no check then).
    server.route { _ in MirrorResponse.text("<html><title>Test site</title><body>half") }
    _ = try await fetcher().get(pageURL)
    server.route { _ in nil }
    let f = fetcher()
    let r = try await f.get(pageURL, check: .page(Self.shape))
    XCTAssertEqual(r.body, Array(Self.page.utf8))
    XCTAssertEqual(f.counters[.dropped], 1)
    XCTAssertEqual(f.droppedSummary.count, 1)
    XCTAssertTrue(f.droppedSummary[0].contains("cut short: no closing </html>"), f.droppedSummary[0])
    XCTAssertTrue(f.droppedSummary[0].contains("the next run asks again"), f.droppedSummary[0])
  }

  func testUnderNoNetworkACachedAnswerThatFailsItsCheckIsMissingNotServed() async throws {
    server.route { _ in MirrorResponse.text("") }
    _ = try await fetcher().get(pageURL)
    do {
      _ = try await fetcher(noNetwork: true).get(pageURL, check: .page(Self.shape))
      XCTFail("an empty copy must not be served")
    } catch FetchError.notCached(let u, _) {
      XCTAssertEqual(u, pageURL)
    }
  }

  func testAnErrorPagesTypeOrLengthOnAHeadIsNoSize() async throws {
    let rule = AnswerCheck.size(SizeRule(floorBytes: 1024))
    server.route { req in
      switch req.path {
      case "/dir/html.pdf":
        MirrorResponse(status: 200, headers: ["Content-Type": "text/html"], contentLength: 5_000_000)
      case "/dir/tiny.pdf":
        MirrorResponse(status: 200, headers: ["Content-Type": "application/pdf"], contentLength: 257)
      case "/dir/zero.pdf": MirrorResponse(status: 200, headers: ["Content-Type": "application/pdf"], contentLength: 0)
      default: MirrorResponse(status: 200, headers: ["Content-Type": "application/pdf"], contentLength: 5_000_000)
      }
    }
    let f = fetcher()
    let urls = ["html", "tiny", "zero", "good"].map { URL(string: "https://example.org/dir/\($0).pdf")! }
    let answers = try await f.headEach(urls, check: rule)
    for u in urls.prefix(3) {
      guard case .failure(let e)? = answers[u], case .rejected = e else {
        XCTFail("\(u): \(String(describing: answers[u]))")
        continue
      }
      XCTAssertNil(f.cached(u, method: .head), "\(u) is not kept")
    }
    guard case .success(let good)? = answers[urls[3]] else { return XCTFail("the real size") }
    XCTAssertEqual(good.contentLength, 5_000_000)
    XCTAssertTrue("\(String(describing: answers[urls[0]]))".contains("HTML page"))
    XCTAssertTrue("\(String(describing: answers[urls[1]]))".contains("under this source's floor of 1024 bytes"))
  }

  func testA304ToAnUnconditionalRequestIsAskedAgainAndNeverCachedAsAnEmptyAnswer() async throws {
    let seen = Counter304()
    server.route { req in
      seen.count += 1
      return seen.count == 1 ? MirrorResponse(status: 304) : nil
    }
    let f = fetcher()
    let r = try await f.get(pageURL, check: .page(Self.shape))
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(r.body, Array(Self.page.utf8))
    XCTAssertEqual(f.counters[.retried], 1)
  }

  func testHostileValidatorsAreNeitherStoredNorSent() async throws {
    let huge = String(repeating: "a", count: 100_000)
    server.route { req in
      guard req.method == "GET" else { return nil }
      if req.headers["if-none-match"] != nil || req.headers["if-modified-since"] != nil {
        return MirrorResponse.text("sent a validator", status: 431)
      }
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "text/html", "ETag": "\"\(huge)\"", "Last-Modified": "Mon,\u{1}01"],
        body: Array(AnswerCheckTests.page.utf8))
    }
    _ = try await fetcher().get(pageURL)
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["example.org"])
    c.mirror = URL(string: server.baseURL)
    c.delayMS = 0
    c.respectRobots = false
    c.refresh = true
    let r = try await Fetcher(c).get(pageURL)
    XCTAssertEqual(r.status, 200, "no validator was sent back")
    let record = try XCTUnwrap(Fetcher(c).cache.read(CacheKey(method: .get, url: pageURL), url: pageURL)?.0)
    XCTAssertNil(record.headers["etag"])
    XCTAssertNil(record.headers["last-modified"])
    XCTAssertTrue(Validators.usable("\"abc-123\""))
    XCTAssertFalse(Validators.usable("\"a\r\nSet-Cookie: x\""))
    XCTAssertFalse(Validators.usable(huge))
  }

  func testTheTransportStopsReadingAtTheCapAndSaysSo() async throws {
    server.setSize(8 << 20, for: "example.org/dir/big.bin")
    let request = TransportRequest(
      url: URL(string: server.baseURL + "/example.org/dir/big.bin")!, method: .get, headers: [:], timeout: 30,
      maxBytes: 1 << 20)
    let r = try await CurlTransport.shared.send(request)
    XCTAssertTrue(r.exceededCap)
    XCTAssertEqual(r.body.count, 1 << 20, "exactly the cap was accepted, not the 8 MiB sent")
  }

  func testCancellingTheTaskAbortsATransferInFlight() async throws {
    server.inject(.slowFirstByte(milliseconds: 4000), matching: "example.org/dir/p.html")
    let request = TransportRequest(
      url: URL(string: server.baseURL + "/example.org/dir/p.html")!, method: .get, headers: [:], timeout: 30)
    let task = Task { try await CurlTransport.shared.send(request) }
    try await Task.sleep(nanoseconds: 200_000_000)
    task.cancel()
    do {
      let r = try await task.value
      XCTFail("the transfer finished (\(r.status)) although its task was cancelled")
    } catch is CancellationError {
    }
  }
}

/// A count the route closure can bump (the mirror calls it from its own threads).
final class Counter304: @unchecked Sendable {
  // @unchecked: the mirror answers one connection at a time in these tests (one request in flight).
  var count = 0
}
