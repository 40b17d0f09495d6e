import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Weekly `--refresh` runs of retrospec-build over a small generated site, time moved a week per
/// run through SOURCE_DATE_EPOCH (the refresh clock): a listing change is in the catalogue the week
/// it is made; a change only a magshow page shows is there within the 26-week horizon; the waits
/// the cache's revisit log keeps grow and stay within the horizon.
final class WeeklyRefreshTests: XCTestCase {
  private var dir: URL!
  private var server: SiteMirror!
  /// Monday 2027-01-04 06:00 UTC.
  private let start = 1_799_042_400

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("weekly-refresh")
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 600)
    server.route { GeneratedSizes.answer($0, for: [".zip"]) }
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  private var cache: URL { dir.appendingPathComponent("cache") }

  /// A `--refresh` build dated `week` weeks after the first; returns the requests it made.
  @discardableResult
  private func build(week: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
    server.clearLog()
    let r = try Tool.run(
      "retrospec-build",
      [
        "--mirror", server.baseURL, "--cache", cache.path, "--out", dir.appendingPathComponent("out").path,
        "--delay", "0", "--min-issues", "1", "--refresh", "--allow-shrink", "--quiet",
      ],
      environment: [
        "SOURCE_DATE_EPOCH": String(start + week * 604_800), "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1",
      ])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr, file: file, line: line)
    return server.requests.count
  }

  private func catalogue() throws -> String {
    String(
      decoding: try Data(contentsOf: dir.appendingPathComponent("out/retrospec-catalog.json")), as: UTF8.self)
  }

  func testAListingChangeIsInTheCatalogueTheWeekItIsMade() throws {
    var site = GeneratedRetroSpec(issuesPerSeries: 6)
    try site.write(into: dir.appendingPathComponent("site"))
    let cold = try build(week: 0)
    for week in 1...3 {
      let key = GeneratedRetroSpec.seriesKeys[week]
      site.added[key, default: 0] += 1
      try site.write(into: dir.appendingPathComponent("site"))
      let id = GeneratedRetroSpec.id(series: key, number: site.issuesPerSeries)
      XCTAssertFalse(try catalogue().contains("\"id\" : \"\(id)\""))
      let requests = try build(week: week)
      XCTAssertTrue(try catalogue().contains("\"id\" : \"\(id)\""), "week \(week): \(id) is listed")
      XCTAssertLessThan(requests, cold / 2, "week \(week)")
    }
  }

  func testAChangeOnlyADetailShowsIsInTheCatalogueWithinTheHorizonEvenAfterItsWaitGrew() throws {
    var site = GeneratedRetroSpec(issuesPerSeries: 2)
    try site.write(into: dir.appendingPathComponent("site"))
    try build(week: 0)
    let horizonWeeks = RevisitSchedule.details.horizonDays / 7
    // Half a year of unchanged answers first: every detail has been asked again at least once, and
    // its wait has doubled towards the horizon.
    for week in 1...horizonWeeks { try build(week: week) }
    let id = GeneratedRetroSpec.id(series: "GAL", number: 1)
    site.monthWords[id] = "Izmena"
    try site.write(into: dir.appendingPathComponent("site"))
    let changed = horizonWeeks + 1
    var seen: Int? = nil
    for week in changed...(changed + horizonWeeks) {
      try build(week: week)
      for (key, e) in RevisitLog(root: cache).all {
        let h =
          key.hasPrefix("HEAD ") ? RevisitSchedule.immutableFiles.horizonDays : RevisitSchedule.details.horizonDays
        XCTAssertLessThanOrEqual(e.intervalDays ?? 0, h, "\(key) waits past its horizon")
      }
      if try catalogue().contains("\"title\" : \"Izmena 1980\"") {
        seen = week
        break
      }
    }
    XCTAssertNotNil(seen, "the magshow change reached the catalogue within \(horizonWeeks) weekly runs")
    print("retrospec: a magshow-only change made in week \(changed) reached the catalogue in week \(seen ?? 0)")
    // Copies that answered 304 wait longer than a copy with no evidence does.
    let fresh = FreshnessPolicy(rules: RetroSpecFreshness.rules, mode: .policy, maxAgeDays: 30)
    let grown = RevisitLog(root: cache).all.filter { key, e in
      let parts = key.split(separator: " ")
      guard parts.count == 2, let method = HTTPMethod(rawValue: String(parts[0])),
        let u = URL(string: "https://" + parts[1]), let wait = e.intervalDays,
        let first = fresh.interval(method: method, url: u)
      else { return false }
      return wait > first
    }
    XCTAssertFalse(grown.isEmpty, "some copy's wait grew after an unchanged answer")
  }
}
