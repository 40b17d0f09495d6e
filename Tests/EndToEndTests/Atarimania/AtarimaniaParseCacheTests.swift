import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The index and the title pages are parsed once: a warm rebuild reads them from the parse cache,
/// and the catalogue comes out byte-identical with the cache of parses present, absent or damaged.
extension AtarimaniaBuildTests {
  func parseCounters(_ report: String) throws -> [String: Int] {
    try ParseCacheStates.counters(report: dir.appendingPathComponent(report))
  }

  /// The parse-cache entries by parser folder.
  func parseEntries(_ cache: String = "cache") -> [String: [URL]] {
    ParseCacheStates.entries(cache: dir.appendingPathComponent(cache))
  }

  func testAWarmRebuildReadsItsPagesFromTheParseCacheAndWritesTheSameCatalogue() throws {
    let first = try run(["--report", dir.appendingPathComponent("r1.json").path])
    XCTAssertEqual(first.status, 0, first.stderr)
    // The index and its 85 title pages, the one without a heading and the two empty ones among them.
    let parsed = 1 + 85
    XCTAssertEqual(try parseCounters("r1.json")["parse/parsed"], parsed)
    XCTAssertEqual(parseEntries().mapValues(\.count), ["atarimania-index": 1, "atarimania-title": 85])
    let catalogue = try XCTUnwrap(outputBytes())

    func rebuild(_ n: Int) throws -> [String: Int] {
      let r = try run(["--no-network", "--report", dir.appendingPathComponent("r\(n).json").path], out: "out\(n)")
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertTrue(r.stderr.contains("magazines/147: no title on the page"), "a kept parse warns as a fresh one")
      XCTAssertEqual(outputBytes("out\(n)"), catalogue, "rebuild \(n)")
      return try parseCounters("r\(n).json")
    }
    try ParseCacheStates.assertRebuildsAlike(
      cache: dir.appendingPathComponent("cache"), parsed: parsed, rebuild: rebuild)
  }

  func testAChallengeServedAsATitlePageIsNeverKeptAsAParse() throws {
    let challenge = try TestPaths.fixtureBytes("Atarimania/challenge-just-a-moment.html")
    overrides["/magazines/20"] = MirrorResponse(status: 200, headers: ["Content-Type": "text/html"], body: challenge)
    let result = try run(["--only", "18,20", "--report", dir.appendingPathComponent("r.json").path])
    XCTAssertEqual(result.status, 69, result.stderr)

    let url = try XCTUnwrap(AtarimaniaSite.titleURL("20"))
    let key = AtarimaniaTitleParse.parseKey(url: url, bodySHA256: SHA256.hex(challenge))
    let entry = dir.appendingPathComponent("cache/parsed/atarimania-title/\(key.prefix(2))/\(key)")
    XCTAssertFalse(FileManager.default.fileExists(atPath: entry.path))
    // The index and title 18 (before 20 in the index's order) were read and kept.
    XCTAssertEqual(parseEntries().mapValues(\.count), ["atarimania-index": 1, "atarimania-title": 1])
  }
}
