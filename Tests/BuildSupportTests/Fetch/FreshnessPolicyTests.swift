import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

final class FreshnessPolicyTests: XCTestCase {
  private let rules = FreshnessRules([
    FreshnessRule(.detail, "s.example/detail/*"), FreshnessRule(.tile, "s.example/tile/*"),
    FreshnessRule(.listing, "s.example/*"),
  ])
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func iso(daysAgo: Double) -> String {
    let f = ISO8601DateFormatter()
    return f.string(from: now.addingTimeInterval(-daysAgo * 86_400))
  }

  func testListingsAreAlwaysAskedTilesNeverAndDetailsOnlyPastTheirAge() throws {
    let p = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 30, now: now)
    let listing = try XCTUnwrap(URL(string: "https://s.example/index.html"))
    let detail = try XCTUnwrap(URL(string: "https://s.example/detail/1"))
    let tile = try XCTUnwrap(URL(string: "https://s.example/tile/1.jpg"))
    XCTAssertEqual(p.reason(method: .get, url: listing, fetched: iso(daysAgo: 0)), .listing)
    XCTAssertNil(p.reason(method: .get, url: detail, fetched: iso(daysAgo: 1)))
    XCTAssertEqual(p.reason(method: .get, url: detail, fetched: iso(daysAgo: 31)), .aged)
    XCTAssertNil(p.reason(method: .head, url: tile, fetched: iso(daysAgo: 3_000)))
    let all = FreshnessPolicy(rules: rules, mode: .all, maxAgeDays: 30, now: now)
    XCTAssertEqual(all.reason(method: .head, url: tile, fetched: iso(daysAgo: 0)), .all)
  }

  func testCopiesOfOneCrawlComeDueOverSeveralRunsNotAtOnce() {
    let p = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 30, now: now)
    let ages = (0..<1000).map { p.maxAge(for: "s.example/detail/\($0)") / 86_400 }
    XCTAssertTrue(ages.allSatisfy { $0 > 15 && $0 <= 30 })
    XCTAssertGreaterThan(ages.filter { $0 < 22.5 }.count, 300)
    XCTAssertGreaterThan(ages.filter { $0 >= 22.5 }.count, 300)
  }

  func testALinkOnAChangedListingLineIsReaskedThoughItsCopyIsFresh() throws {
    let p = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 30, now: now)
    let listing = try XCTUnwrap(URL(string: "https://s.example/index.html"))
    let detail = try XCTUnwrap(URL(string: "https://s.example/detail/7"))
    func response(_ s: String) -> FetchResponse {
      FetchResponse(url: listing, method: .get, status: 200, headers: [:], body: Array(s.utf8), fromCache: false)
    }
    let counters = Counters()
    p.observeChange(
      url: listing, method: .get, old: response("<a href=\"detail/7\">Seven</a>\n"),
      new: response("<a href=\"detail/7\">Seven, retitled</a>\n"), counters: counters)
    XCTAssertEqual(counters[.refreshChanged], 1)
    XCTAssertEqual(p.reason(method: .get, url: detail, fetched: iso(daysAgo: 0)), .rowChanged)
  }
}
