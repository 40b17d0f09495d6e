import BuildSupport
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// `catalog cache` on a cache the real fetcher filled.
final class CacheCommandTests: XCTestCase {
  var dir: URL!
  var cache: URL { dir.appendingPathComponent("cache") }

  override func setUp() async throws {
    dir = try Tool.temporaryDirectory("cache-cmd")
    let server = try SiteMirror(lifetime: 60)
    server.route { req in
      req.host != "pages.example" || req.path.hasPrefix("/gone") ? nil : MirrorResponse.text("<html>\(req.path)</html>")
    }
    server.setSize(1234, for: "files.example/a.zip")
    try server.start()
    var c = FetcherConfiguration(cacheRoot: cache, allowedHosts: ["pages.example", "files.example"])
    c.mirror = URL(string: server.baseURL)
    c.delayMS = 0
    c.respectRobots = false
    let f = Fetcher(c)
    for p in ["one", "two", "gone"] { _ = try await f.get(URL(string: "https://pages.example/\(p)")!) }
    _ = try await f.head(URL(string: "https://files.example/a.zip")!)
    server.stop()
  }

  override func tearDown() { try? FileManager.default.removeItem(at: dir) }

  func testLsListsEveryEntryWithItsStatus() throws {
    let r = try Tool.run("catalog", ["cache", "ls", "--cache", cache.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 5, r.stdout)
    XCTAssertTrue(lines[0].hasPrefix("method  status"))
    XCTAssertTrue(r.stdout.contains("HEAD       200   1234"), r.stdout)
    XCTAssertTrue(r.stdout.contains("https://pages.example/gone"))
  }

  func testStatsCountsByHostAndStatus() throws {
    let r = try Tool.run("catalog", ["cache", "stats", "--cache", cache.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("pages.example  GET        200        2"), r.stdout)
    XCTAssertTrue(r.stdout.contains("pages.example  GET        404        1"), r.stdout)
    XCTAssertTrue(r.stdout.contains("files.example  HEAD       200        1"), r.stdout)
  }

  func testVerifyNamesACorruptBodyAndRepairRemovesIt() throws {
    let bodies =
      FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".body") }
      ?? []
    let victim = try XCTUnwrap(bodies.first)
    try Data("tampered".utf8).write(to: cache.appendingPathComponent(victim))
    let bad = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(bad.status, 65)
    XCTAssertTrue(bad.stderr.contains(victim + ": body does not match its record's SHA-256"), bad.stderr)
    let repaired = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path, "--repair"])
    XCTAssertEqual(repaired.status, 0)
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", cache.path]).status, 0)
  }

  func testATornHeadLogLineIsFoundAndRepaired() throws {
    let log = cache.appendingPathComponent("v1/head.log")
    let h = try FileHandle(forWritingTo: log)
    h.seekToEndOfFile()
    h.write(Data("{\"key\":\"abc\",\"url\":\"https://files.ex".utf8))
    try h.close()
    let bad = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(bad.status, 65)
    XCTAssertTrue(bad.stderr.contains("head.log:2: HEAD log line is not a complete record"), bad.stderr)
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", cache.path, "--repair"]).status, 0)
    let after = try Tool.run("catalog", ["cache", "ls", "--cache", cache.path])
    XCTAssertTrue(after.stdout.contains("1234"), "the good HEAD entry survives the repair")
  }

  func testPruneRemovesEntriesUnusedForTheGivenDays() throws {
    let kept = try Tool.run("catalog", ["cache", "prune", "--cache", cache.path, "--days", "1"])
    XCTAssertEqual(kept.stdout, "removed 0 entries unused for 1 day\n")
    let all = try Tool.run("catalog", ["cache", "prune", "--cache", cache.path, "--days", "0", "--include-probes"])
    XCTAssertEqual(all.status, 0)
    XCTAssertEqual(all.stdout, "removed 4 entries unused for 0 days\n")
  }

  func testAMissingCacheFolderAndABadActionAreNamed() throws {
    let missing = try Tool.run("catalog", ["cache", "ls", "--cache", dir.appendingPathComponent("nope").path])
    XCTAssertEqual(missing.status, 74)
    XCTAssertTrue(missing.stderr.contains("nope: no such cache folder"))
    let typo = try Tool.run("catalog", ["cache", "verfy", "--cache", cache.path])
    XCTAssertEqual(typo.status, 64)
    XCTAssertTrue(typo.stderr.contains("unknown action 'verfy'. Did you mean 'verify'?"), typo.stderr)
  }
}
