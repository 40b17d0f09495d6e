import BuildSupport
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// `catalog cache ls|stats --json` on a cache the real fetcher filled: what scripts read.
final class CacheJSONTests: XCTestCase {
  var dir: URL!
  var caches: URL { dir.appendingPathComponent("caches") }
  var cache: URL { caches.appendingPathComponent(".pages-cache") }

  override func setUp() async throws {
    dir = try Tool.temporaryDirectory("cache-json")
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

  private func json(_ args: [String]) throws -> [String: Any] {
    let r = try Tool.run("catalog", ["cache"] + args + ["--json"])
    XCTAssertEqual(r.status, 0, r.stderr)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
  }

  func testLsJSONListsEveryEntryWithItsSize() throws {
    let doc = try json(["ls", "--cache", cache.path])
    XCTAssertEqual(doc["cache"] as? String, cache.path)
    let entries = try XCTUnwrap(doc["entries"] as? [[String: Any]])
    XCTAssertEqual(entries.count, 4)
    let head = try XCTUnwrap(entries.first { $0["method"] as? String == "HEAD" })
    XCTAssertEqual(head["url"] as? String, "https://files.example/a.zip")
    XCTAssertEqual(head["bytes"] as? Int, 1234)
    XCTAssertEqual(head["status"] as? Int, 200)
    let gone = try XCTUnwrap(entries.first { $0["url"] as? String == "https://pages.example/gone" })
    XCTAssertEqual(gone["status"] as? Int, 404)
    XCTAssertEqual(gone["host"] as? String, "pages.example")
  }

  func testStatsJSONGroupsByHostMethodAndStatus() throws {
    let doc = try json(["stats", "--cache", cache.path])
    XCTAssertEqual(doc["entries"] as? Int, 4)
    let groups = try XCTUnwrap(doc["groups"] as? [[String: Any]])
    let summary = groups.map {
      "\($0["host"] ?? "") \($0["method"] ?? "") \($0["status"] ?? "") \($0["entries"] ?? "")"
    }
    XCTAssertEqual(summary, ["files.example HEAD 200 1", "pages.example GET 200 2", "pages.example GET 404 1"])
  }

  func testStatsJSONOnAFolderOfCachesHasOneRowPerCache() throws {
    let doc = try json(["stats", "--cache", caches.path])
    let rows = try XCTUnwrap(doc["caches"] as? [[String: Any]])
    XCTAssertEqual(rows.map { $0["cache"] as? String }, [".pages-cache"])
    XCTAssertEqual(rows.first?["get"] as? Int, 3)
    XCTAssertEqual(rows.first?["head"] as? Int, 1)
    XCTAssertEqual(doc["entries"] as? Int, 4)
  }

  func testVerifyJSONNamesEachProblemByKindThenRepairs() throws {
    let clean = try json(["verify", "--cache", cache.path])
    XCTAssertEqual(clean["entries"] as? Int, 4)
    XCTAssertEqual((clean["problems"] as? [Any])?.count, 0)
    XCTAssertNil(clean["repaired"])
    let body = try XCTUnwrap(
      FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String }.first { $0.hasSuffix(".body") })
    try Data("damaged".utf8).write(to: cache.appendingPathComponent(body))
    let bad = try Tool.run("catalog", ["cache", "verify", "--json", "--cache", cache.path])
    XCTAssertEqual(bad.status, 65, bad.stderr)
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as? [String: Any])
    let problems = try XCTUnwrap(doc["problems"] as? [[String: Any]])
    XCTAssertEqual(problems.map { $0["kind"] as? String }, ["bodyMismatch"])
    XCTAssertEqual(problems.first?["path"] as? String, cache.appendingPathComponent(body).path)
    let repaired = try json(["verify", "--repair", "--cache", cache.path])
    XCTAssertEqual(repaired["repaired"] as? Int, 1)
    XCTAssertEqual(try json(["verify", "--cache", cache.path])["entries"] as? Int, 3)
  }

  func testExportImportPruneAndRmPrintJSON() throws {
    let warc = dir.appendingPathComponent("pages.warc.gz").path
    let exported = try json(["export", "--cache", cache.path, "--warc", warc])
    XCTAssertEqual(exported["gets"] as? Int, 3)
    XCTAssertEqual(exported["heads"] as? Int, 1)
    XCTAssertEqual(exported["warc"] as? String, warc)
    let back = dir.appendingPathComponent("back").path
    let imported = try json(["import", warc, "--cache", back])
    XCTAssertEqual(imported["gets"] as? Int, 3)
    XCTAssertEqual(imported["heads"] as? Int, 1)
    XCTAssertEqual(imported["cache"] as? String, back)
    let pruned = try json(["prune", "--days", "0", "--dry-run", "--cache", back])
    XCTAssertEqual(pruned["dryRun"] as? Bool, true)
    XCTAssertEqual(pruned["days"] as? Int, 0)
    let removed = try json(["rm", "--host", "files.example", "--cache", back])
    XCTAssertEqual(removed["host"] as? String, "files.example")
    XCTAssertEqual(removed["removed"] as? Int, 1)
  }

  func testCommandsThatReportNothingRefuseJSONSayingWhereTheNumbersAre() throws {
    for (sub, hint) in [("report", "catalog build --json"), ("demo", "catalog demo --serve")] {
      let r = try Tool.run("catalog", [sub, "--json"])
      XCTAssertEqual(r.status, 64, r.stderr)
      XCTAssertTrue(r.stderr.hasPrefix("error: \(sub) has no --json: "), r.stderr)
      XCTAssertTrue(r.stderr.contains(hint), r.stderr)
    }
  }
}
