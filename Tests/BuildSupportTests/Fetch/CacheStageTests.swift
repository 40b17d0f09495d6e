import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

/// The second stage alone, on a cache in a temporary folder: what it serves, what it asks, what it
/// keeps, drops and stands in with.
final class CacheStageTests: XCTestCase {
  var dir: URL!
  let url = URL(string: "https://example.org/a.html")!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("cache-stage-\(UUID().uuidString.prefix(8))")
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func stage(_ edit: (inout FetcherConfiguration) -> Void = { _ in }) -> CacheStage {
    var c = FetcherConfiguration(cacheRoot: dir, allowedHosts: ["example.org"])
    edit(&c)
    return CacheStage(
      configuration: c, cache: CacheStore(root: dir), counters: Counters(), ledger: FetchLedger(),
      missing: MissingList())
  }

  func answer(_ status: Int, _ body: String, headers: [String: String] = [:]) -> FetchResponse {
    FetchResponse(url: url, method: .get, status: status, headers: headers, body: Array(body.utf8), fromCache: false)
  }

  func testAMissAsksTheNetworkAndAnAnswerIsStoredThenServed() throws {
    let s = stage()
    guard case .ask(nil, let headers) = try s.lookup(url, method: .get, headers: ["X": "1"], check: nil) else {
      return XCTFail("a miss was answered")
    }
    XCTAssertEqual(headers, ["X": "1"])
    XCTAssertEqual(s.counters[.miss], 1)
    _ = try s.settle(answer(200, "page"), url: url, method: .get, cached: nil)
    XCTAssertEqual(s.counters[.stored], 1)
    guard case .answer(let r) = try s.lookup(url, method: .get, headers: [:], check: nil) else {
      return XCTFail("a stored page was asked again")
    }
    XCTAssertEqual(r.body, Array("page".utf8))
    XCTAssertEqual(s.counters[.hit], 1)
    XCTAssertEqual(s.ledger.servedPages, [url.absoluteString])
  }

  func testServerErrorsAreNotKeptAndNegativesAre() throws {
    let s = stage()
    _ = try s.settle(answer(503, ""), url: url, method: .get, cached: nil)
    XCTAssertNil(s.cache.read(CacheKey(method: .get, url: url), url: url))
    _ = try s.settle(answer(404, ""), url: url, method: .get, cached: nil)
    XCTAssertEqual(s.cache.read(CacheKey(method: .get, url: url), url: url)?.1.status, 404)
    XCTAssertEqual(s.counters[.negative], 1)
  }

  func testUnderRefreshACopyIsRevalidatedWithItsValidatorsAndAThreeOhFourServesIt() throws {
    _ = try stage().settle(
      answer(200, "old", headers: ["etag": "\"v1\"", "last-modified": "Tue, 01 Dec 2026 00:00:00 GMT"]), url: url,
      method: .get, cached: nil)
    let s = stage { $0.refresh = true }
    guard case .ask(let cached?, let headers) = try s.lookup(url, method: .get, headers: [:], check: nil) else {
      return XCTFail("--refresh served the copy without asking")
    }
    XCTAssertEqual(headers["If-None-Match"], "\"v1\"")
    XCTAssertEqual(headers["If-Modified-Since"], "Tue, 01 Dec 2026 00:00:00 GMT")
    let r = try s.settle(answer(304, ""), url: url, method: .get, cached: cached)
    XCTAssertEqual(r.body, Array("old".utf8))
    XCTAssertEqual(s.counters[.revalidated], 1)
  }

  func testAHostileValidatorIsNeitherStoredNorSent() throws {
    _ = try stage().settle(
      answer(200, "old", headers: ["etag": String(repeating: "e", count: 2_000)]), url: url, method: .get, cached: nil)
    let s = stage { $0.refresh = true }
    guard case .ask(_, let headers) = try s.lookup(url, method: .get, headers: [:], check: nil) else {
      return XCTFail("--refresh served the copy without asking")
    }
    XCTAssertNil(headers["If-None-Match"])
  }

  func testACopyThatFailsItsCheckIsDroppedAndAskedAgain() throws {
    _ = try stage().settle(answer(200, "<html>cut"), url: url, method: .get, cached: nil)
    let s = stage()
    let check = AnswerCheck { r in String(decoding: r.body, as: UTF8.self).hasSuffix("</html>") ? nil : "cut short" }
    guard case .ask(nil, _) = try s.lookup(url, method: .get, headers: [:], check: check) else {
      return XCTFail("a copy failing its check was served")
    }
    XCTAssertNil(s.cache.read(CacheKey(method: .get, url: url), url: url))
    XCTAssertEqual(s.counters[.dropped], 1)
    XCTAssertEqual(
      s.ledger.droppedSummary, ["\(url.absoluteString): dropped from the cache (cut short); the next run asks again"])
  }

  func testOffTheNetworkAMissIsAnErrorAndListed() throws {
    let s = stage { $0.noNetwork = true }
    XCTAssertThrowsError(try s.lookup(url, method: .get, headers: [:], check: nil)) { e in
      guard case FetchError.notCached(let u, .get) = e else { return XCTFail("\(e)") }
      XCTAssertEqual(u, self.url)
    }
    XCTAssertEqual(s.missing.all, [url])
  }

  func testACopyStandsInForAHostThatCannotAnswerButNotForTheDeadline() {
    let s = stage()
    let old = answer(200, "old")
    XCTAssertNil(s.standIn(nil, for: .unreachable(host: "example.org", reason: "refused"), host: "example.org"))
    XCTAssertNil(s.standIn(old, for: .timeUp(url), host: "example.org"))
    XCTAssertEqual(
      s.standIn(old, for: .unreachable(host: "example.org", reason: "refused"), host: "example.org")?.body, old.body)
    XCTAssertEqual(s.ledger.staleSummary, ["example.org unreachable (refused): using 1 cached copy"])
    XCTAssertEqual(s.counters[.stale], 1)
  }
}
