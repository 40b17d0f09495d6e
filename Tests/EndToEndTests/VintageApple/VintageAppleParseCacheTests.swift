import Foundation
import ShelfmarkTestSupport
import XCTest

/// Section pages are parsed once: a warm rebuild reads their rows from the parse cache, and the
/// shelves come out byte-identical with the cache of parses present, absent or damaged.
extension VintageAppleBuildTests {
  func parseCounters(_ report: String) throws -> [String: Int] {
    try ParseCacheStates.counters(report: dir.appendingPathComponent(report))
  }

  func testAWarmRebuildReadsItsSectionPagesFromTheParseCacheAndWritesTheSameShelves() throws {
    let first = try run(["--report", dir.appendingPathComponent("r1.json").path])
    XCTAssertEqual(first.status, 0, first.stderr)
    let parsed = try XCTUnwrap(try parseCounters("r1.json")["parse/parsed"])
    XCTAssertEqual(parsed, 16, "every section page")
    let shelves = [outputBytes(.magazines), outputBytes(.books)]
    XCTAssertNotNil(shelves[0])

    func rebuild(_ n: Int) throws -> [String: Int] {
      let r = try run(["--no-network", "--report", dir.appendingPathComponent("r\(n).json").path], out: "out\(n)")
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertEqual([outputBytes(.magazines, "out\(n)"), outputBytes(.books, "out\(n)")], shelves, "rebuild \(n)")
      return try parseCounters("r\(n).json")
    }
    try ParseCacheStates.assertRebuildsAlike(
      cache: dir.appendingPathComponent("cache"), parsed: parsed, rebuild: rebuild)
  }
}
