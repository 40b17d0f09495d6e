import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog demo`, run in-process: the whole tour, then a build from the cache it filled.
final class DemoCommandTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws { temp = try Tool.temporaryDirectory("demo-cmd") }
  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testTheTourBuildsEverythingThenReplaysItOfflineUnchanged() throws {
    let r = Captured.run(["demo", "--out", temp.path, "--date", "2026-11-30", "--quiet"])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertEqual(r.stderr, "")
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertTrue(lines[0].hasPrefix("Shelfmark demo: 8 sources from the fixture pages in "), lines[0])
    let verdicts = lines.filter { $0.hasPrefix("18 catalogues: ") }
    XCTAssertEqual(verdicts.count, 2, r.stdout)
    XCTAssertTrue(verdicts[0].hasPrefix("18 catalogues: 18 written, 0 unchanged, 0 refused, 0 failed; "), verdicts[0])
    XCTAssertEqual(
      verdicts.last, "18 catalogues: 0 written, 18 unchanged, 0 refused, 0 failed; the mirror answered 0 requests")
    XCTAssertTrue(lines.contains("  no differences in 18 catalogues"), r.stdout)
    XCTAssertTrue(lines.contains("  catalogues     \(temp.appendingPathComponent("catalogs").path)"), r.stdout)

    // What it left is a cache a build reads offline.
    let out = temp.appendingPathComponent("again")
    let build = Captured.run(
      [
        "build", "archive", "--no-network", "--cache-root", temp.appendingPathComponent("cache").path, "--out",
        out.path, "--date", "2026-11-30", "--delay", "0", "--no-history", "--quiet",
      ])
    XCTAssertEqual(build.code, .ok, build.stderr)
    XCTAssertEqual(
      try Data(contentsOf: out.appendingPathComponent("archive-catalog.json")),
      try Data(contentsOf: temp.appendingPathComponent("catalogs/archive-catalog.json")))
  }

  func testUsageErrorsComeBeforeAnythingIsServed() {
    let cases: [([String], String)] = [
      (["stray"], "error: demo takes no arguments, not 'stray'."),
      (["--serve", "--slow", "70000"], "error: --slow takes a number from 0 to 60000, not '70000'."),
      (["--date", "2026-1-1"], "error: --date takes a date like 2026-11-30, not '2026-1-1'."),
    ]
    for (arguments, first) in cases {
      let r = Captured.run(["demo"] + arguments)
      XCTAssertEqual(r.code, .usage, arguments.joined(separator: " "))
      XCTAssertTrue(r.stderr.hasPrefix(first + "\n"), r.stderr)
    }
  }

  func testAFixturesFolderThatIsNotThereIsAnIOError() {
    let r = Captured.run(["demo", "--fixtures", temp.appendingPathComponent("none").path, "--out", temp.path])
    XCTAssertEqual(r.code, .io)
    XCTAssertTrue(r.stderr.hasPrefix("error: "), r.stderr)
    XCTAssertEqual(r.stdout, "")
  }
}
