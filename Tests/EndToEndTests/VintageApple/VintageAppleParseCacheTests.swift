import Foundation
import ShelfmarkTestSupport
import XCTest

/// Section pages are parsed once: a warm rebuild reads their rows from the parse cache, and the
/// shelves come out byte-identical with the cache of parses present, absent or damaged.
extension VintageAppleBuildTests {
  func parseCounters(_ report: String) throws -> [String: Int] {
    let data = try Data(contentsOf: dir.appendingPathComponent(report))
    let top = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try XCTUnwrap(top["counters"] as? [String: Int]).filter { $0.key.hasPrefix("parse/") }
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
    XCTAssertEqual(
      try rebuild(2), ["parse/reused": parsed, "parse/parsed": 0, "parse/refused": 0, "parse/unwritten": 0])

    let root = dir.appendingPathComponent("cache/parsed/vintageapple-section")
    let entries = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects ?? [])
      .compactMap { $0 as? URL }.filter { $0.lastPathComponent.count == 64 }
    XCTAssertEqual(entries.count, parsed)
    for u in entries {
      var d = try Data(contentsOf: u)
      d[d.count / 2] ^= 0x04
      try d.write(to: u)
    }
    XCTAssertEqual(
      try rebuild(3), ["parse/reused": 0, "parse/parsed": parsed, "parse/refused": parsed, "parse/unwritten": 0])

    try FileManager.default.removeItem(at: dir.appendingPathComponent("cache/parsed"))
    XCTAssertEqual(
      try rebuild(4), ["parse/reused": 0, "parse/parsed": parsed, "parse/refused": 0, "parse/unwritten": 0])
  }
}
