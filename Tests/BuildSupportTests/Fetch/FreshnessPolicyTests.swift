import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

final class FreshnessPolicyTests: XCTestCase {
  private let rules = FreshnessRules([
    FreshnessRule(.detail, "s.example/detail/*"), FreshnessRule(.tile, "s.example/tile/*"),
    FreshnessRule(.size, "s.example/files/*", method: "HEAD"), FreshnessRule(.listing, "s.example/*"),
  ])
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func iso(daysAgo: Double) -> String {
    let f = ISO8601DateFormatter()
    return f.string(from: now.addingTimeInterval(-daysAgo * 86_400))
  }

  func testListingsAreAlwaysAskedTilesNeverAndDetailsOnlyPastTheirWait() throws {
    let p = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 30, now: now)
    let listing = try XCTUnwrap(URL(string: "https://s.example/index.html"))
    let detail = try XCTUnwrap(URL(string: "https://s.example/detail/1"))
    let tile = try XCTUnwrap(URL(string: "https://s.example/tile/1.jpg"))
    XCTAssertEqual(p.reason(method: .get, url: listing, fetched: iso(daysAgo: 0)), .listing)
    XCTAssertNil(p.reason(method: .get, url: detail, fetched: iso(daysAgo: 29)), "never before --max-age")
    XCTAssertEqual(p.reason(method: .get, url: detail, fetched: iso(daysAgo: 183)), .aged, "always by the horizon")
    XCTAssertNil(p.reason(method: .head, url: tile, fetched: iso(daysAgo: 3_000)))
    let all = FreshnessPolicy(rules: rules, mode: .all, maxAgeDays: 30, now: now)
    XCTAssertEqual(all.reason(method: .head, url: tile, fetched: iso(daysAgo: 0)), .all)
    let zero = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 0, now: now)
    XCTAssertEqual(zero.reason(method: .get, url: detail, fetched: iso(daysAgo: 0)), .aged, "--max-age 0: every one")
  }

  func testCopiesOfOneCrawlComeDueOverTheWholeHorizonNotAtOnce() throws {
    let p = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 30, now: now)
    let waits = try (0..<1000).map { try XCTUnwrap(p.interval(method: .get, url: url("detail/\($0)"))) }
    XCTAssertTrue(waits.allSatisfy { $0 >= 30 && $0 <= 182 }, "\(waits.min() ?? 0)…\(waits.max() ?? 0)")
    XCTAssertGreaterThan(waits.filter { $0 < 106 }.count, 400)
    XCTAssertGreaterThan(waits.filter { $0 >= 106 }.count, 400)
  }

  private func url(_ path: String) throws -> URL { try XCTUnwrap(URL(string: "https://s.example/" + path)) }

  private func page(_ u: URL, _ s: String) -> FetchResponse {
    FetchResponse(url: u, method: .get, status: 200, headers: [:], body: Array(s.utf8), fromCache: false)
  }

  /// A policy dated `days` after `now`, sharing one log (as weekly runs share one cache).
  private func run(_ days: Int, _ log: RevisitLog, maxAge: Int = 30) -> FreshnessPolicy {
    FreshnessPolicy(
      rules: rules, mode: .policy, maxAgeDays: maxAge, now: now.addingTimeInterval(Double(days) * 86_400), log: log)
  }

  func testEveryUnchangedAnswerDoublesTheWaitUpToTheHorizonAndAChangeResetsIt() throws {
    let log = RevisitLog(root: nil)
    let u = try url("detail/7")
    let first = run(0, log)
    first.observeNew(url: u, method: .get, new: page(u, "one"))
    var wait = try XCTUnwrap(first.interval(method: .get, url: u))
    XCTAssertTrue((30...182).contains(wait))
    var waits: [Int] = []
    for day in 1...8 {
      // A 304: the copy is confirmed.
      XCTAssertTrue(run(day * 200, log).restartsAge(method: .get, url: u))
      let next = try XCTUnwrap(run(day * 200, log).interval(method: .get, url: u))
      XCTAssertEqual(next, min(182, max(30, wait * 2)))
      XCTAssertLessThanOrEqual(next, 182, "never past the horizon")
      waits.append(next)
      wait = next
    }
    XCTAssertEqual(waits.last, 182)
    // The same body again counts as unchanged; another body brings the wait back to --max-age.
    let later = run(3_000, log)
    later.observeChange(url: u, method: .get, old: page(u, "one"), new: page(u, "one"), counters: Counters())
    XCTAssertEqual(later.interval(method: .get, url: u), 182)
    let counters = Counters()
    later.observeChange(url: u, method: .get, old: page(u, "one"), new: page(u, "two"), counters: counters)
    XCTAssertEqual(later.interval(method: .get, url: u), 30)
    XCTAssertEqual(counters[.refreshChanged], 1)
    // The wait is counted from the last check, on the policy's clock.
    XCTAssertNil(run(3_029, log).reason(method: .get, url: u, fetched: iso(daysAgo: 9_999)))
    XCTAssertEqual(run(3_030, log).reason(method: .get, url: u, fetched: iso(daysAgo: 0)), .aged)
  }

  func testAHeadWithAnotherSizeIsAChangeAndOneWithTheSameSizeIsNot() throws {
    let log = RevisitLog(root: nil)
    let u = try url("files/a.bin")
    func head(_ size: String) -> FetchResponse {
      FetchResponse(url: u, method: .head, status: 200, headers: ["content-length": size], body: [], fromCache: false)
    }
    let p = run(0, log)
    p.observeNew(url: u, method: .head, new: head("10"))
    let counters = Counters()
    p.observeChange(url: u, method: .head, old: head("10"), new: head("10"), counters: counters)
    XCTAssertEqual(counters[.refreshChanged], 0)
    XCTAssertGreaterThan(try XCTUnwrap(p.interval(method: .head, url: u)), 30)
    p.observeChange(url: u, method: .head, old: head("10"), new: head("11"), counters: counters)
    XCTAssertEqual(counters[.refreshChanged], 1)
    XCTAssertEqual(p.interval(method: .head, url: u), 30)
  }

  func testSizesOfPDFsAndZipsWaitHalfAYearToAYear() throws {
    let p = FreshnessPolicy(rules: rules, mode: .policy, maxAgeDays: 30, now: now)
    for n in 0..<200 {
      let zip = try XCTUnwrap(p.interval(method: .head, url: url("files/\(n).ZIP")))
      let pdf = try XCTUnwrap(p.interval(method: .head, url: url("files/\(n).pdf?x=1")))
      let other = try XCTUnwrap(p.interval(method: .head, url: url("files/\(n).htm")))
      XCTAssertTrue((182...365).contains(zip) && (182...365).contains(pdf), "\(zip) \(pdf)")
      XCTAssertTrue((30...182).contains(other), "\(other)")
    }
  }

  func testTheEvidenceOutlivesTheRunInTheCacheFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("revisit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let u = try url("detail/3")
    let p = run(0, RevisitLog(root: root))
    p.observeNew(url: u, method: .get, new: page(u, "x"))
    _ = run(100, RevisitLog(root: root)).restartsAge(method: .get, url: u)
    let wait = try XCTUnwrap(run(100, RevisitLog(root: root)).interval(method: .get, url: u))
    XCTAssertEqual(wait, min(182, max(30, 2 * (p.interval(method: .get, url: u) ?? 0))))
    let next = run(200, RevisitLog(root: root)).nextCheck(method: .get, url: u)
    XCTAssertEqual(next, now.addingTimeInterval(Double(100 + wait) * 86_400))
    // A torn last line (a crash mid-write) is skipped; the line before it still counts.
    let path = root.appendingPathComponent(RevisitLog.fileName).path
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("1799 4 GET s.example/de".utf8))
    try handle.close()
    XCTAssertEqual(RevisitLog(root: root).entry("GET s.example/detail/3")?.intervalDays, wait)
  }

  func testTheLogIsRewrittenOneLinePerKeyWhenOldLinesPileUp() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("revisit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let log = RevisitLog(root: root)
    for i in 0..<1_500 { log.record("GET s.example/d/\(i % 3)", .init(checked: Int64(i), intervalDays: i % 7)) }
    let path = root.appendingPathComponent(RevisitLog.fileName).path
    func lines() throws -> Int { try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count }
    XCTAssertEqual(try lines(), 1_500)
    let reread = RevisitLog(root: root)
    XCTAssertEqual(reread.entry("GET s.example/d/2"), .init(checked: 1_499, intervalDays: 1_499 % 7))
    XCTAssertEqual(try lines(), 3)
    XCTAssertEqual(RevisitLog(root: root).all.count, 3)
  }

  func testTheSampleIsFixedByTheRunDateAndCountsWhatItFoundChanged() throws {
    let sampled = FreshnessRules(
      [FreshnessRule(.detail, "s.example/detail/*"), FreshnessRule(.listing, "s.example/*")], sampleShare: 0.05)
    func policy(_ date: String) -> FreshnessPolicy {
      FreshnessPolicy(rules: sampled, mode: .policy, maxAgeDays: 30, now: now, runDate: date)
    }
    func picks(_ date: String, daysAgo: Double = 10) throws -> Set<Int> {
      let p = policy(date)
      return Set(
        try (0..<2_000).filter {
          p.reason(method: .get, url: try url("detail/\($0)"), fetched: iso(daysAgo: daysAgo)) == .sampled
        })
    }
    let a = try picks("2027-01-04")
    XCTAssertEqual(a, try picks("2027-01-04"), "the same date picks the same copies")
    XCTAssertNotEqual(a, try picks("2027-01-11"))
    XCTAssertTrue((50...150).contains(a.count), "\(a.count) of 2,000 at 5%")
    XCTAssertTrue(try picks("2027-01-04", daysAgo: 2).isEmpty, "a copy checked this week is never sampled")
    let p = policy("2027-01-04")
    let n = try XCTUnwrap(a.first)
    let u = try url("detail/\(n)")
    let counters = Counters()
    XCTAssertFalse(p.keeps(method: .get, url: u, fetched: iso(daysAgo: 10), counters: counters))
    XCTAssertEqual(counters[.refreshSampled], 1)
    XCTAssertEqual(counters[.refreshReasked], 0)
    p.observeChange(url: u, method: .get, old: page(u, "a"), new: page(u, "b"), counters: counters)
    XCTAssertEqual(counters[.refreshSampleChanged], 1)
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
