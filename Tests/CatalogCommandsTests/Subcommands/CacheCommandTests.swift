import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog cache`, run in-process on a cache written here through `CacheStore`: two pages of one
/// host (one a 404), and one size probe of another.
final class CacheCommandTests: XCTestCase {
  private var temp: URL!
  private var cache: URL { temp.appendingPathComponent("cache") }

  override func setUpWithError() throws {
    temp = try Tool.temporaryDirectory("cache-cmd")
    let store = CacheStore(root: cache)
    for (path, status) in [("one", 200), ("gone", 404)] {
      let url = try XCTUnwrap(URL(string: "https://pages.example/\(path)"))
      try store.write(
        CacheKey(method: .get, url: url),
        response: FetchResponse(
          url: url, method: .get, status: status, headers: [:], body: Array("<html>\(path)</html>".utf8),
          fromCache: false), charset: nil)
    }
    let zip = try XCTUnwrap(URL(string: "https://files.example/a.zip"))
    try store.write(
      CacheKey(method: .head, url: zip),
      response: FetchResponse(
        url: zip, method: .head, status: 200, headers: ["content-length": "1234"], body: [], fromCache: false),
      charset: nil)
  }

  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testLsListsEveryEntrySortedByURL() {
    let r = Captured.run(["cache", "ls", "--cache", cache.path])
    XCTAssertEqual(r.code, .ok, r.stderr)
    let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ") }
    XCTAssertEqual(lines.count, 4, r.stdout)
    XCTAssertEqual(lines[1].first, "HEAD")
    XCTAssertEqual(lines[1].last, "https://files.example/a.zip")
    XCTAssertEqual(lines[1][2], "1234")
    XCTAssertEqual(lines[2].last, "https://pages.example/gone")
  }

  func testStatsCountsByHostMethodAndStatus() {
    let r = Captured.run(["cache", "stats", "--cache", cache.path, "--host", "PAGES.example"])
    XCTAssertEqual(r.code, .ok, r.stderr)
    let rows = r.stdout.split(separator: "\n").map { Array($0.split(separator: " ").prefix(4)) }
    XCTAssertEqual(
      rows.dropFirst(),
      [["pages.example", "GET", "200", "1"], ["pages.example", "GET", "404", "1"], ["total", "2", "33", "B"]])
  }

  func testVerifyOfASoundCacheCountsTheEntries() {
    let r = Captured.run(["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertEqual(r.stdout, "3 entries verified; no problems\n")
  }

  func testACorruptBodyFailsVerifyUntilRepairRemovesIt() throws {
    let bodies =
      FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".body") }
      ?? []
    XCTAssertEqual(bodies.count, 2, "\(bodies)")
    let victim = try XCTUnwrap(bodies.first)
    try Data("tampered".utf8).write(to: cache.appendingPathComponent(victim))
    let bad = Captured.run(["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(bad.code, .invalid)
    XCTAssertTrue(bad.stderr.contains(victim + ": body does not match its record's SHA-256"), bad.stderr)
    XCTAssertEqual(bad.stdout, "3 entries checked; 1 problem found (run with --repair to remove it)\n")
    let repaired = Captured.run(["cache", "verify", "--cache", cache.path, "--repair", "--json"])
    XCTAssertEqual(repaired.code, .ok, repaired.stderr)
    let doc = try JSONSerialization.jsonObject(with: Data(repaired.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(doc?["repaired"] as? Int, 1, repaired.stdout)
    XCTAssertEqual(Captured.run(["cache", "verify", "--cache", cache.path]).code, .ok)
  }

  func testRmByURLRemovesThatURLsEntries() {
    let r = Captured.run(["cache", "rm", "--cache", cache.path, "--url", "https://pages.example/gone"])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertEqual(r.stdout, "removed 1 entry for https://pages.example/gone\n")
    XCTAssertFalse(Captured.run(["cache", "ls", "--cache", cache.path]).stdout.contains("gone"))
  }

  func testPruneDryRunCountsAndRemovesNothing() {
    let r = Captured.run(["cache", "prune", "--cache", cache.path, "--days", "0", "--dry-run", "--include-probes"])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("would remove "), r.stdout)
    XCTAssertTrue(r.stdout.hasSuffix(" unused for 0 days (--dry-run: nothing removed)\n"), r.stdout)
    XCTAssertEqual(
      Captured.run(["cache", "verify", "--cache", cache.path]).stdout, "3 entries verified; no problems\n")
  }

  func testExportThenImportCarriesEveryAnswer() throws {
    let warc = temp.appendingPathComponent("out.warc.gz").path
    let export = Captured.run(["cache", "export", "--cache", cache.path, "--warc", warc])
    XCTAssertEqual(export.code, .ok, export.stderr)
    XCTAssertTrue(export.stdout.hasPrefix("\(warc): 2 GET answers and 1 HEAD answer in "), export.stdout)
    let copy = temp.appendingPathComponent("copy").path
    let load = Captured.run(["cache", "import", warc, "--cache", copy])
    XCTAssertEqual(load.code, .ok, load.stderr)
    XCTAssertEqual(
      Captured.run(["cache", "ls", "--cache", copy]).stdout.split(separator: "\n").count, 4, "header and 3 entries")
  }

  func testUsageErrorsNameWhatIsWrong() {
    let cases: [([String], String)] = [
      (["cache", "lss", "--cache", cache.path], "error: unknown action 'lss'. Did you mean 'ls'?"),
      (["cache", "ls"], "error: --cache <dir> is required."),
      (["cache", "rm", "--cache", cache.path], "error: rm takes one of --url <url> or --host <host>."),
      (
        ["cache", "rm", "--cache", cache.path, "--url", "gone"],
        "error: --url takes an http(s) URL such as http://127.0.0.1:8080, not 'gone'."
      ),
      (
        ["cache", "prune", "--cache", cache.path, "--days", "-1"],
        "error: --days takes a number from 0 to 36500, not '-1'."
      ),
      (
        ["cache", "export", "--cache", cache.path, "--warc", "x.warc", "--warc-version", "2"],
        "error: --warc-version takes 1.0 or 1.1, not '2'."
      ),
    ]
    for (arguments, first) in cases {
      let r = Captured.run(arguments)
      XCTAssertEqual(r.code, .usage, arguments.joined(separator: " "))
      XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), first)
      XCTAssertTrue(r.stderr.hasSuffix("  See 'catalog cache --help'.\n"), r.stderr)
    }
  }

  func testAMissingCacheFolderIsAnIOError() {
    let r = Captured.run(["cache", "stats", "--cache", temp.appendingPathComponent("none").path])
    XCTAssertEqual(r.code, .io)
    XCTAssertEqual(r.stderr, "error: \(temp.appendingPathComponent("none").path): no such cache folder\n")
  }
}
