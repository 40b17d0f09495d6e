import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Issue 11, the cache (items 9 to 11), and issue 14's cache messages: a damaged or odd cache
/// meets a real build and `catalog cache`.
final class CacheInputTests: XCTestCase {
  // MARK: 9. A body changed on disk

  func testABodyChangedOnDiskIsReportedAsCorruptNamingTheRepairCommand() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let entry = try site.entry(for: HostileSite.section)
    var body = try Data(contentsOf: entry.body)
    // Same length, other bytes: a page count 48 that became 98.
    let i = try XCTUnwrap(body.firstIndex(of: UInt8(ascii: "1")))
    body[i] = UInt8(ascii: "9")
    try body.write(to: entry.body)

    let offline = try site.build(["--no-network"])
    XCTAssertEqual(offline.status, 69, offline.stderr)
    XCTAssertTrue(offline.stderr.contains("the cached copy is corrupt"), offline.stderr)
    XCTAssertTrue(offline.stderr.contains("catalog cache verify --cache \(site.cache.path) --repair"), offline.stderr)
    XCTAssertFalse(offline.stderr.contains("not cached"), offline.stderr)

    // With the network the damaged copy is simply fetched again.
    site.server.clearLog()
    let online = try site.build(["--quiet"])
    XCTAssertEqual(online.status, 0, online.stderr)
    XCTAssertEqual(site.server.requests.map(\.path), ["/byte/"])
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path]).status, 0)
  }

  // MARK: 10. A record filed under another URL's name

  func testARecordCopiedOverAnotherIsRefusedOnReadAndFlaggedByVerify() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let section = try site.entry(for: HostileSite.section)
    let robots = try site.entry(for: "https://vintageapple.org/robots.txt")
    try FileManager.default.removeItem(at: section.record)
    try FileManager.default.removeItem(at: section.body)
    try FileManager.default.copyItem(at: robots.record, to: section.record)
    try FileManager.default.copyItem(at: robots.body, to: section.body)

    let offline = try site.build(["--no-network"])
    XCTAssertEqual(offline.status, 69, offline.stderr)
    XCTAssertTrue(offline.stderr.contains("records https://vintageapple.org/robots.txt"), offline.stderr)
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path])
    XCTAssertEqual(verify.status, 65)
    XCTAssertTrue(
      verify.stderr.contains(section.record.lastPathComponent + ": record is filed under another URL's name"),
      verify.stderr)
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path, "--repair"]).status, 0)
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
  }

  func testRecordsClaimingHugeSizesNeverCrashCacheStatsOrLs() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    for url in [HostileSite.section, "https://vintageapple.org/robots.txt"] {
      let record = try site.entry(for: url).record
      var o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
      o["bodyBytes"] = Int.max
      try JSONSerialization.data(withJSONObject: o).write(to: record)
    }
    for action in ["stats", "ls"] {
      let r = try Tool.run("catalog", ["cache", action, "--cache", site.cache.path])
      XCTAssertEqual(r.status, 0, action + ": " + r.stderr)
    }
    let folder = try Tool.run("catalog", ["cache", "stats", "--cache", site.dir.path])
    XCTAssertEqual(folder.status, 0, folder.stderr)
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path])
    XCTAssertEqual(verify.status, 65, verify.stderr)
    XCTAssertTrue(
      verify.stdout.contains("5 entries checked; 2 problems found (run with --repair to remove them)"), verify.stdout)
  }

  // MARK: 11. Temporary files left by a killed run

  func testStaleTemporaryFilesAreCleanedByTheNextRunAndByVerifyRepair() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let pid = deadPID()
    let fm = FileManager.default
    let zxdb = site.cache.appendingPathComponent(".zxdb.sqlite.\(pid).tmp")
    let shard = try XCTUnwrap(
      fm.contentsOfDirectory(atPath: site.cache.appendingPathComponent("v1").path).first { $0.count == 2 })
    // The cache's own temporaries are made in v1/tmp/; one in a shard was left by an older version.
    try fm.createDirectory(at: site.cache.appendingPathComponent("v1/tmp"), withIntermediateDirectories: true)
    let torn = site.cache.appendingPathComponent("v1/tmp/abc.json.tmp-\(pid)-7")
    let legacy = site.cache.appendingPathComponent("v1/\(shard)/abd.json.tmp-\(pid)-8")
    let mine = site.cache.appendingPathComponent(".zxdb.sqlite.\(getpid()).tmp")
    for f in [zxdb, torn, legacy, mine] { try Data(count: 1024).write(to: f) }

    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path])
    XCTAssertEqual(verify.status, 65)
    XCTAssertTrue(verify.stderr.contains(zxdb.lastPathComponent + ": temporary file left"), verify.stderr)
    XCTAssertFalse(verify.stderr.contains(mine.lastPathComponent), "a running process's file is not stale")

    let r = try site.build(["--no-network", "--quiet"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertFalse(fm.fileExists(atPath: zxdb.path))
    XCTAssertFalse(fm.fileExists(atPath: torn.path))
    XCTAssertTrue(fm.fileExists(atPath: legacy.path), "a run does not list the shards")
    XCTAssertTrue(fm.fileExists(atPath: mine.path))

    // One more left behind, removed by verify --repair this time; an hour-old one goes whoever owns it.
    try Data(count: 10).write(to: zxdb)
    try fm.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: mine.path)
    let repair = try Tool.run("catalog", ["cache", "verify", "--cache", site.cache.path, "--repair"])
    XCTAssertEqual(repair.status, 0, repair.stderr)
    XCTAssertFalse(fm.fileExists(atPath: zxdb.path))
    XCTAssertFalse(fm.fileExists(atPath: mine.path))
    XCTAssertFalse(fm.fileExists(atPath: legacy.path), "verify --repair finds what an older version left in a shard")
  }

  // MARK: Issue 14, item 8: cache messages and commands

  func testNoNetworkWithACacheFolderThatDoesNotExistSaysSo() throws {
    let site = try HostileSite()
    let missing = site.dir.appendingPathComponent("no-such-cache")
    let r = try Tool.run(
      "vintageapple-build",
      [
        "--no-network", "--cache", missing.path, "--out", site.out.path, "--group", "magazines", "--only", "byte",
      ])
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("the cache folder \(missing.path) does not exist"), r.stderr)
  }

  func testStatsOnAFolderOfCachesListsThem() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let r = try Tool.run("catalog", ["cache", "stats", "--cache", site.dir.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines.first?.split(separator: " ", omittingEmptySubsequences: true), ["cache", "entries", "GET", "HEAD", "bytes"])
    XCTAssertTrue(lines.contains { $0.hasPrefix("cache ") && $0.contains("5") && $0.contains(" 2 ") }, r.stdout)
    XCTAssertTrue(lines.last?.hasPrefix("total (1 cache)") ?? false, r.stdout)
  }

  func testPruneDryRunCountsAndRemovesNothing() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let dry = try Tool.run(
      "catalog", ["cache", "prune", "--cache", site.cache.path, "--days", "0", "--include-probes", "--dry-run"])
    XCTAssertEqual(dry.status, 0, dry.stderr)
    XCTAssertEqual(dry.stdout, "would remove 5 entries unused for 0 days (--dry-run: nothing removed)\n")
    let offline = try site.build(["--no-network", "--quiet"])
    XCTAssertEqual(offline.status, 0, "the dry run removed something: \(offline.stderr)")
  }

  func testRmByHostDropsEveryEntryOfThatHost() throws {
    let site = try HostileSite()
    XCTAssertEqual(try site.build(["--quiet"]).status, 0)
    let rm = try Tool.run("catalog", ["cache", "rm", "--cache", site.cache.path, "--host", "VintageApple.org"])
    XCTAssertEqual(rm.status, 0, rm.stderr)
    XCTAssertEqual(rm.stdout, "removed 5 entries for host vintageapple.org\n")
    let ls = try Tool.run("catalog", ["cache", "ls", "--cache", site.cache.path])
    XCTAssertEqual(ls.stdout.split(separator: "\n").count, 1, ls.stdout)
    let both = try Tool.run(
      "catalog", ["cache", "rm", "--cache", site.cache.path, "--host", "a", "--url", "https://a/"])
    XCTAssertEqual(both.status, 64, both.stderr)
  }
}
