import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog build`, run in-process: its checks before any tool runs, and a tool's failure passed
/// through the console it was given.
final class BuildCommandTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws { temp = try Tool.temporaryDirectory("build-cmd") }
  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testUsageErrorsComeBeforeAnyToolRuns() {
    let cases: [([String], String)] = [
      ([], "error: name at least one source, or give --all."),
      (["retrospec", "--all"], "error: name sources or give --all, not both."),
      (["archiv"], "error: unknown source 'archiv'. Did you mean 'archive'?"),
      (["--all", "--jobs", "0"], "error: --jobs takes a number from 1 to 8, not '0'."),
      (["--all", "--stats-every", "0"], "error: --stats-every takes a number from 1 to 86400, not '0'."),
      (["--all", "--history", "h", "--no-history"], "error: choose one of --history, --no-history, not both."),
      (
        ["--all", "--with", "retrospec"],
        "error: --with takes <source>:<argument>, such as retrospec:--no-probe, not 'retrospec'."
      ),
      (
        ["--all", "--mirror", "ftp://x"],
        "error: --mirror takes an http(s) URL such as http://127.0.0.1:8080, not 'ftp://x'."
      ),
    ]
    for (arguments, first) in cases {
      let r = Captured.run(["build"] + arguments)
      XCTAssertEqual(r.code, .usage, arguments.joined(separator: " "))
      XCTAssertEqual(r.stdout, "")
      XCTAssertTrue(r.stderr.hasPrefix(first), r.stderr)
    }
  }

  func testAToolThatCannotRunFailsAndItsErrorsReachTheConsole() throws {
    let report = temp.appendingPathComponent("rebuild/build.json")
    let r = Captured.run(
      [
        "build", "archive", "--no-network", "--cache-root", temp.path, "--out", temp.appendingPathComponent("out").path,
        "--no-history", "--quiet", "--report", report.path,
      ])
    XCTAssertEqual(r.code, .unavailable, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("error: archive failed with exit 69\n"), r.stderr)
    XCTAssertTrue(r.stderr.contains("--no-network forbids fetching"), r.stderr)
    XCTAssertTrue(r.stdout.contains("\n1 catalogue: 0 written, 0 unchanged, 0 refused, 1 failed in "), r.stdout)
    let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    XCTAssertEqual(doc?["exitCode"] as? Int, 69, "\(doc ?? [:])")
  }
}
