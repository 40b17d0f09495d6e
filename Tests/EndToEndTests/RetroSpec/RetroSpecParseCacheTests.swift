import Foundation
import ShelfmarkTestSupport
import XCTest

/// Index and magshow pages are parsed once: a warm rebuild reads them from the parse cache, and the
/// catalogue comes out byte-identical with the cache of parses present, absent or damaged.
extension RetroSpecBuildEndToEndTests {
  func parseCounters(_ report: String) throws -> [String: Int] {
    try ParseCacheStates.counters(report: dir.appendingPathComponent(report))
  }

  /// The parse-cache entries by parser folder.
  func parseEntries() -> [String: [URL]] {
    ParseCacheStates.entries(cache: dir.appendingPathComponent("cache"))
  }

  func testAWarmRebuildReadsItsPagesFromTheParseCacheAndWritesTheSameCatalogue() throws {
    let site = try RetroSpecSiteTree(in: dir)
    let server = try site.serve()
    defer { server.stop() }
    let file = "retrospec-catalog.json"

    let first = try build(server, ["--no-probe", "--report", dir.appendingPathComponent("r1.json").path])
    XCTAssertEqual(first.status, 0, first.stderr)
    // Twelve index pages and the 23 magshow pages with a series name; the others answer 404.
    let parsed = 12 + site.magshowIDs.count
    XCTAssertEqual(site.magshowIDs.count, 23)
    XCTAssertEqual(try parseCounters("r1.json")["parse/parsed"], parsed)
    XCTAssertEqual(parseEntries().mapValues(\.count), ["retrospec-index": 12, "retrospec-magshow": 23])
    let catalogue = try Data(contentsOf: dir.appendingPathComponent("out/" + file))

    func rebuild(_ n: Int) throws -> [String: Int] {
      let r = try build(
        nil, ["--no-probe", "--no-network", "--report", dir.appendingPathComponent("r\(n).json").path], out: "out\(n)")
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("out\(n)/" + file)), catalogue, "rebuild \(n)")
      return try parseCounters("r\(n).json")
    }
    try ParseCacheStates.assertRebuildsAlike(
      cache: dir.appendingPathComponent("cache"), parsed: parsed, rebuild: rebuild)
  }

  func testAMagshowPageWithoutANameIsNeverKept() throws {
    let site = try RetroSpecSiteTree(in: dir)
    let named = try XCTUnwrap(site.magshowIDs.first)
    let page = site.magshowPage(named)
    let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
    try Data(html.replacingOccurrences(of: "<font size=\"5\"", with: "<font size=\"3\"").utf8).write(to: page)
    let server = try site.serve()
    defer { server.stop() }

    let r = try build(server, ["--no-probe", "--report", dir.appendingPathComponent("r.json").path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("magshow.php?all=\(named): no series name"), r.stderr)
    XCTAssertEqual(try parseCounters("r.json")["parse/parsed"], 12 + site.magshowIDs.count)
    XCTAssertEqual(parseEntries()["retrospec-magshow"]?.count, site.magshowIDs.count - 1)
  }
}
