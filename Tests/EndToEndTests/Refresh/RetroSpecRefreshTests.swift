import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The default `--refresh` on a generated RetroSpec site that changed between two builds: the
/// refreshed catalogue equals a cold build of the changed site, for a tenth of the cold build's
/// requests plus one per new item; a change only a detail page shows waits for `--max-age`.
final class RetroSpecRefreshTests: XCTestCase {
  private var dir: URL!
  private var server: SiteMirror!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("retrospec-refresh")
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 300)
    server.route { GeneratedSizes.answer($0, for: [".zip"]) }
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  private func publish(_ site: GeneratedRetroSpec) throws { try site.publish(in: dir) }

  /// Runs retrospec-build against the mirror; returns the requests it made.
  @discardableResult
  private func build(cache: String, out: String, _ extra: [String] = []) throws -> Int {
    server.clearLog()
    let r = try Tool.run(
      "retrospec-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent(cache).path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-12-01", "--delay", "0", "--min-issues", "1",
        "--quiet",
      ] + extra, environment: ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    return server.requests.count
  }

  private func catalogue(_ out: String) throws -> Data {
    try Data(contentsOf: dir.appendingPathComponent(out).appendingPathComponent("retrospec-catalog.json"))
  }

  func testTheDefaultRefreshMatchesAColdBuildForATenthOfItsRequests() throws {
    try publish(GeneratedRetroSpec(issuesPerSeries: 12))
    try build(cache: "cache", out: "out")
    try publish(GeneratedRetroSpec(issuesPerSeries: 12, change: .listings))
    // The removed issue is deliberate: without --allow-shrink the series-shrank rule refuses it.
    let refreshed = try build(
      cache: "cache", out: "out", ["--refresh", "--allow-shrink", "--report", dir.path + "/refresh.json"])
    let cold = try build(cache: "cold-cache", out: "cold")
    print("retrospec refresh: \(refreshed) requests; cold build of the changed site: \(cold)")
    XCTAssertEqual(try catalogue("out"), try catalogue("cold"), "the refresh saw every listing change")
    XCTAssertLessThanOrEqual(
      refreshed, cold / 10 + GeneratedRetroSpec.newItems, "refresh \(refreshed) requests, cold \(cold)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("refresh.json")))
    let text = String(describing: report)
    XCTAssertTrue(text.contains("refresh/not-modified"), text.prefix(2000).description)
  }

  func testADetailOnlyChangeIsCaughtOnceItsCopyPassesMaxAge() throws {
    try publish(GeneratedRetroSpec(issuesPerSeries: 3))
    try build(cache: "cache", out: "out")
    try publish(GeneratedRetroSpec(issuesPerSeries: 3, change: .detailOnly))
    try build(cache: "cache", out: "out", ["--refresh"])
    XCTAssertFalse(
      String(decoding: try catalogue("out"), as: UTF8.self).contains("Prvi 1980"),
      "a fresh copy of a detail is trusted")
    let all = try build(cache: "cache", out: "out", ["--refresh", "--max-age", "0"])
    XCTAssertTrue(String(decoding: try catalogue("out"), as: UTF8.self).contains("Prvi 1980"))
    try build(cache: "cold-cache", out: "cold")
    XCTAssertEqual(try catalogue("out"), try catalogue("cold"))
    XCTAssertGreaterThan(all, 12, "--max-age 0 re-asks every detail")
  }

  func testRefreshAllRevalidatesEverything() throws {
    try publish(GeneratedRetroSpec(issuesPerSeries: 2))
    let cold = try build(cache: "cache", out: "out")
    let all = try build(cache: "cache", out: "out", ["--refresh=all"])
    let policy = try build(cache: "cache", out: "out", ["--refresh"])
    XCTAssertEqual(all, cold - 1, "everything but robots.txt (kept for a day) asked again")
    XCTAssertEqual(policy, 12, "only the twelve index pages")
  }

  func testARefreshOrMaxAgeValueOutOfRangeIsAUsageErrorNamingTheRange() throws {
    let r = try Tool.run("retrospec-build", ["--refresh=some", "--no-network"])
    XCTAssertEqual(r.status, 64, r.stderr)
    XCTAssertTrue(r.stderr.contains("error: --refresh takes") && r.stderr.contains("'some'"), r.stderr)
    let age = try Tool.run("retrospec-build", ["--refresh", "--max-age", "-3"])
    XCTAssertEqual(age.status, 64, age.stderr)
    XCTAssertTrue(age.stderr.contains("--max-age takes a number from 0 to 36500, not '-3'."), age.stderr)
  }
}
