import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog report`, run in-process on the report of a build run here.
final class ReportCommandTests: XCTestCase {
  private var temp: URL!

  override func setUpWithError() throws { temp = try Tool.temporaryDirectory("report-cmd") }
  override func tearDown() { try? FileManager.default.removeItem(at: temp) }

  func testAFailedBuildsReportStillGivesAPage() throws {
    let report = temp.appendingPathComponent("build.json")
    let build = Captured.run(
      [
        "build", "archive", "--no-network", "--cache-root", temp.path, "--out", temp.appendingPathComponent("out").path,
        "--no-history", "--quiet", "--report", report.path,
      ])
    XCTAssertEqual(build.code, .unavailable, build.stderr)
    let page = temp.appendingPathComponent("review.html")
    let r = Captured.run(
      [
        "report", report.path, "--baseline", Shipped.folder.path, "--history",
        temp.appendingPathComponent("none.jsonl").path, "--output", page.path,
      ])
    XCTAssertEqual(r.code, .ok, r.stderr)
    XCTAssertTrue(r.stdout.hasPrefix("\(page.path): 1 catalogue, "), r.stdout)
    let html = try String(contentsOf: page, encoding: .utf8)
    XCTAssertTrue(html.contains("archive-catalog.json"), "the page names the catalogue")
  }

  func testNoReportOrTwoAreUsageErrors() {
    XCTAssertTrue(
      Captured.run(["report"]).stderr.hasPrefix(
        "error: name the build report (catalog build --report FILE wrote it).\n"))
    XCTAssertTrue(
      Captured.run(["report", "a.json", "b.json"]).stderr.hasPrefix("error: give one build report, not 2.\n"))
  }

  func testAMissingReportIsAnIOError() {
    let r = Captured.run(["report", temp.appendingPathComponent("absent.json").path])
    XCTAssertEqual(r.code, .io)
    XCTAssertTrue(r.stderr.hasPrefix("error: "), r.stderr)
  }

  func testAMissingBaselineIsAnIOErrorNamingTheOption() throws {
    let report = temp.appendingPathComponent("build.json")
    _ = Captured.run(
      [
        "build", "archive", "--no-network", "--cache-root", temp.path, "--no-history", "--quiet", "--report",
        report.path,
        "--out", temp.appendingPathComponent("out").path,
      ])
    let r = Captured.run(["report", report.path, "--baseline", temp.appendingPathComponent("nowhere").path])
    XCTAssertEqual(r.code, .io)
    XCTAssertTrue(r.stderr.contains("no such folder; --baseline names the shipped catalogues"), r.stderr)
  }
}
