import BuildSupport
import CatalogKit
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

  /// Two pages parsed into the cache's parse cache, one entry then damaged: what `stats` reports.
  private func fillParseCache() throws -> (entries: [String], bytes: Int) {
    let parses = ParseCache(cacheRoot: cache)
    for p in ["one", "two"] {
      let html = "<html><body><a href=\"m\(p).htm\">\(p)</a></body></html>"
      _ = parses.parsed(Array(html.utf8), url: URL(string: "https://pages.example/\(p)")!, as: BombJackPage.self)
    }
    let root = parses.root.path
    let entries = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root)).filter { $0.count > 60 }
    XCTAssertEqual(entries.count, 2)
    var damaged = try Data(contentsOf: URL(fileURLWithPath: root + "/" + entries[0]))
    damaged[damaged.count / 2] ^= 0x01
    try damaged.write(to: URL(fileURLWithPath: root + "/" + entries[0]))
    let bytes = try entries.reduce(0) {
      $0 + (try FileManager.default.attributesOfItem(atPath: root + "/" + $1)[.size] as? Int ?? 0)
    }
    return (entries, bytes)
  }

  func testStatsJSONReportsTheParseCache() throws {
    let none = try XCTUnwrap(try json(["stats", "--cache", cache.path])["parseCache"] as? [String: Any])
    XCTAssertEqual(none["entries"] as? Int, 0)
    XCTAssertEqual(none["bytes"] as? Int, 0)
    XCTAssertEqual(none["parsers"] as? [String: Int], [:])

    let (_, bytes) = try fillParseCache()
    let doc = try json(["stats", "--cache", cache.path])
    XCTAssertEqual(doc["entries"] as? Int, 4, "the fetch cache's entries alone")
    let parsed = try XCTUnwrap(doc["parseCache"] as? [String: Any])
    XCTAssertEqual(parsed["entries"] as? Int, 1)
    XCTAssertEqual(parsed["damaged"] as? Int, 1)
    XCTAssertEqual(parsed["bytes"] as? Int, bytes)
    XCTAssertGreaterThan(bytes, 0)
    XCTAssertEqual(parsed["parsers"] as? [String: Int], [BombJackPage.parserName: 1])
    // Parse-cache entries are not filed by host: a host's stats leave them out.
    XCTAssertNil(try json(["stats", "--cache", cache.path, "--host", "pages.example"])["parseCache"])

    let folder = try json(["stats", "--cache", caches.path])
    let row = try XCTUnwrap((folder["caches"] as? [[String: Any]])?.first?["parseCache"] as? [String: Any])
    XCTAssertEqual(row["entries"] as? Int, 1)
    XCTAssertEqual(row["bytes"] as? Int, bytes)
  }

  /// Both stats documents, with a parse cache, as schemas/cache-stats.schema.json describes them.
  func testStatsJSONMatchesItsSchema() throws {
    let checker = try SchemaAgreementTests.checkJSONSchema()
    _ = try fillParseCache()
    var files: [String] = []
    for (name, target) in [("one", cache.path), ("folder", caches.path)] {
      let r = try Tool.run("catalog", ["cache", "stats", "--json", "--cache", target])
      XCTAssertEqual(r.status, 0, r.stderr)
      let file = dir.appendingPathComponent("stats-\(name).json").path
      try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: file))
      files.append(file)
    }
    let schema = TestPaths.packageRoot.appendingPathComponent("schemas/cache-stats.schema.json").path
    let checked = try ChildProcess.run(URL(fileURLWithPath: checker), ["--schemafile", schema] + files)
    XCTAssertEqual(checked.status, 0, checked.stdoutText + checked.stderrText)
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
