import Foundation
import ShelfmarkTestSupport
import XCTest

/// The parse cache changes nothing a build writes: present, absent, or damaged, the same bytes.
extension BombJackBuildTests {
  func parseCounters(_ report: String) throws -> [String: Int] {
    try ParseCacheStates.counters(report: dir.appendingPathComponent(report))
  }

  func parseEntries() -> [URL] {
    let root = dir.appendingPathComponent("cache/parsed/bombjack-page")
    let all = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects ?? []
    return all.compactMap { $0 as? URL }.filter { $0.lastPathComponent.count == 64 }
  }

  func testTheParseCachePresentAbsentOrDamagedLeavesTheCataloguesByteIdentical() throws {
    let first = try run(["--ignore-robots", "--report", dir.appendingPathComponent("r1.json").path] + Self.lowBounds)
    XCTAssertEqual(first.status, 0, first.stderr)
    let files = try outputs()
    XCTAssertFalse(files.isEmpty)
    let parsed = try XCTUnwrap(try parseCounters("r1.json")["parse/parsed"])
    XCTAssertGreaterThan(parsed, 5)
    XCTAssertEqual(try parseCounters("r1.json")["parse/reused"], 0)
    XCTAssertEqual(parseEntries().count, parsed)

    func rebuild(_ n: Int) throws -> [String: Int] {
      let r = try run(
        ["--no-network", "--report", dir.appendingPathComponent("r\(n).json").path] + Self.lowBounds, out: "out\(n)")
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertEqual(try outputs("out\(n)"), files, "rebuild \(n)")
      return try parseCounters("r\(n).json")
    }
    // Present: nothing is parsed again.
    XCTAssertEqual(
      try rebuild(2), ["parse/reused": parsed, "parse/parsed": 0, "parse/refused": 0, "parse/unwritten": 0])

    // Absent: every page is parsed, and kept again.
    try FileManager.default.removeItem(at: dir.appendingPathComponent("cache/parsed"))
    XCTAssertEqual(
      try rebuild(3), ["parse/reused": 0, "parse/parsed": parsed, "parse/refused": 0, "parse/unwritten": 0])

    // Damaged: each entry edited in its payload, or swapped with another's: all refused and parsed again.
    let entries = parseEntries()
    XCTAssertEqual(entries.count, parsed)
    let originals = try entries.map { try Data(contentsOf: $0) }
    for (i, u) in entries.enumerated() {
      if i % 2 == 0 {
        var d = originals[i]
        d[d.count / 2] ^= 0x04
        try d.write(to: u)
      } else {
        try originals[(i + 1) % originals.count].write(to: u)
      }
    }
    // `cache verify` finds every damaged entry (a warning: a build parses them again), `stats` counts.
    let cache = dir.appendingPathComponent("cache").path
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", cache])
    XCTAssertEqual(verify.status, 0, verify.stderr)
    XCTAssertTrue(verify.stdout.contains("parse cache: \(parsed) entries checked, \(parsed) damaged"), verify.stdout)
    XCTAssertTrue(verify.stderr.contains("a damaged parse-cache entry"), verify.stderr)
    let stats = try Tool.run("catalog", ["cache", "stats", "--cache", cache])
    XCTAssertTrue(stats.stdout.contains("parse cache: 0 entries (), \(parsed) damaged entries"), stats.stdout)
    XCTAssertEqual(
      try rebuild(4), ["parse/reused": 0, "parse/parsed": parsed, "parse/refused": parsed, "parse/unwritten": 0])
    XCTAssertEqual(try entries.map { try Data(contentsOf: $0) }, originals, "the entries are written anew")
    let after = try Tool.run("catalog", ["cache", "stats", "--cache", cache])
    XCTAssertTrue(after.stdout.contains("parse cache: \(parsed) entries (bombjack-page \(parsed)), "), after.stdout)

    // --repair removes damaged entries; the next build parses those pages again.
    try Data("junk".utf8).write(to: entries[0])
    let repair = try Tool.run("catalog", ["cache", "verify", "--cache", cache, "--repair"])
    XCTAssertTrue(repair.stdout.contains("parse cache: \(parsed) entries checked, 1 damaged, 1 removed"), repair.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: entries[0].path))
  }

  /// A page whose parse is kept is served by it, body unread: every page body cut short on disk
  /// changes nothing a warm rebuild writes, and `catalog cache verify` still finds each one.
  func testAWarmRebuildServesKeptPagesByTheirParsesSoCutBodiesChangeNothingAndVerifyFindsThem() throws {
    let first = try run(["--ignore-robots", "--report", dir.appendingPathComponent("cold.json").path] + Self.lowBounds)
    XCTAssertEqual(first.status, 0, first.stderr)
    let files = try outputs()
    let parsed = try XCTUnwrap(try parseCounters("cold.json")["parse/parsed"])
    // Every page's body (the 200 answers' only: a 404's body is read and checked as ever).
    let entries = dir.appendingPathComponent("cache/v1")
    let pages = try (FileManager.default.enumerator(at: entries, includingPropertiesForKeys: nil)?.allObjects ?? [])
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
      .filter { record in
        let o = try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any]
        return o?["status"] as? Int == 200 && o?["method"] as? String == "GET"
      }
      .map { $0.deletingPathExtension().appendingPathExtension("body") }
    XCTAssertEqual(pages.count, parsed)
    for b in pages { try Data("<html".utf8).write(to: b) }

    let r = try run(
      ["--no-network", "--report", dir.appendingPathComponent("warm.json").path] + Self.lowBounds, out: "warm")
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(try outputs("warm"), files)
    XCTAssertEqual(
      try parseCounters("warm.json"),
      ["parse/reused": parsed, "parse/parsed": 0, "parse/refused": 0, "parse/unwritten": 0])

    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", dir.appendingPathComponent("cache").path])
    XCTAssertNotEqual(verify.status, 0, "cut bodies are a damaged cache")
    XCTAssertTrue(verify.stdout.contains("; \(parsed) problems found"), verify.stdout)
  }
}
