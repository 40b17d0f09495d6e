import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog report` on a hand-made rebuild: links that follow the page, files the run did not build
/// kept apart from files that came out the same, counted nouns, chart axes, and the history and
/// report inputs it must not chart.
final class ReviewPageTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("review-page") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  private func catalogue(title: String = "SK 1") -> String {
    """
    {"version": 1, "generated": "2026-11-30", "base": "https://retrospec.elite.org/pcsux/",
     "series": [{"key": "SK", "name": "Svet kompjutera", "code": "SK"}],
     "issues": [{"id": "SK_87_01", "series": "SK", "number": 1, "title": "\(title)", "zip": "SK/1.zip", "bytes": 10}]}
    """
  }

  /// A rebuild of two RetroSpec-like files: `a.json` written, `b.json` not run (its budget ran out).
  private func writeRebuild(
    warnings: Int = 1, errors: Int = 1, issuesOfA: Int = 1, baselineTitle: String = "SK 1"
  ) throws -> URL {
    let fm = FileManager.default
    for folder in ["catalogs", "catalogs-new", "rebuild/reports"] {
      try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for name in ["a.json", "b.json"] {
      try Data(catalogue(title: baselineTitle).utf8).write(to: dir.appendingPathComponent("catalogs/" + name))
      try Data(catalogue().utf8).write(to: dir.appendingPathComponent("catalogs-new/" + name))
    }
    try Data("{}".utf8).write(to: dir.appendingPathComponent("rebuild/reports/retrospec.json"))
    let report = """
      {"version": 1, "started": "2026-11-30T03:17:00.000Z", "date": "2026-11-30",
       "out": "\(dir.appendingPathComponent("catalogs-new").path)", "exitCode": 75, "seconds": 10, "maxTime": 60,
       "files": [
         {"file": "a.json", "source": "retrospec", "status": "written", "issues": \(issuesOfA), "series": 1,
          "added": 0, "removed": 0, "changed": 0, "dead": 0, "unsized": 0},
         {"file": "b.json", "source": "other", "status": "not run"}],
       "runs": [
         {"label": "retrospec", "source": "retrospec", "exitCode": 0, "seconds": 5, "postponed": false,
          "files": ["a.json"], "counters": {"fetch/requests": 3, "fetch/hit": 1}, "warnings": ["warning: w"],
          "errors": ["error: e"], "other": [], "missingURLs": [], "report": "reports/retrospec.json"},
         {"label": "other", "source": "other", "exitCode": 0, "seconds": 0, "postponed": true,
          "files": ["b.json"], "counters": {}, "warnings": [], "errors": [], "other": [], "missingURLs": []}],
       "findings": [],
       "totals": {"files": 2, "issues": 1, "added": 0, "removed": 0, "changed": 0, "dead": 0, "unsized": 0,
                  "requests": 3, "cached": 1, "warnings": \(warnings), "errors": \(errors)},
       "versions": {"catalogueFormat": "1"}}
      """
    let file = dir.appendingPathComponent("rebuild/build.json")
    try Data(report.utf8).write(to: file)
    return file
  }

  private func history(_ lines: [String]) throws -> URL {
    let url = dir.appendingPathComponent("history.jsonl")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    return url
  }

  private func line(_ run: String, _ date: String, issues: Int) -> String {
    #"{"run":"\#(run)","date":"\#(date)","file":"a.json","source":"retrospec","status":"written","issues":\#(issues)}"#
  }

  private func render(_ report: URL, history: URL, output: String = "site/pages/review.html") throws -> (
    HTMLDocument, String, Tool.Result
  ) {
    let r = try Tool.run(
      "catalog",
      ["report", report.path, "--new", "catalogs-new", "--history", history.path, "--output", output], in: dir)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    let bytes = try Data(contentsOf: dir.appendingPathComponent(output))
    return (try HTMLDocument(bytes: [UInt8](bytes)), String(decoding: bytes, as: UTF8.self), r)
  }

  func testAToolReportLinkIsRelativeToThePageWhereverOutputPutsIt() throws {
    let report = try writeRebuild()
    let (doc, _, _) = try render(report, history: try history([]))
    let href = try XCTUnwrap(doc.first("//table[@id='requests']//tr[@data-run='retrospec']//a")?.attribute("href"))
    XCTAssertEqual(href, "../../rebuild/reports/retrospec.json")
    let target = dir.appendingPathComponent("site/pages").appendingPathComponent(href).standardizedFileURL
    XCTAssertTrue(FileManager.default.fileExists(atPath: target.path), target.path)

    let (beside, _, _) = try render(report, history: try history([]), output: "rebuild/review.html")
    XCTAssertEqual(
      beside.first("//table[@id='requests']//tr[@data-run='retrospec']//a/@href")?.text, "reports/retrospec.json")
  }

  func testAFileTheRunDidNotBuildIsNotRebuiltNotTheSame() throws {
    let (doc, _, _) = try render(try writeRebuild(), history: try history([]))
    let notRebuilt = try XCTUnwrap(doc.first("//p[@id='not-rebuilt']")?.text)
    XCTAssertTrue(notRebuilt.hasPrefix("1 catalogue was not rebuilt in this run (1 not run)"), notRebuilt)
    XCTAssertTrue(notRebuilt.hasSuffix(": b.json."), notRebuilt)
    XCTAssertEqual(
      doc.first("//p[@id='same']")?.text, "The 1 rebuilt catalogue is the same as in catalogs (generated dates aside).")
  }

  func testTilesCountTheirNounsInTheSingularForOne() throws {
    for (n, warning, error) in [(0, "warnings", "errors"), (1, "warning", "error"), (2, "warnings", "errors")] {
      let (doc, _, _) = try render(try writeRebuild(warnings: n, errors: n), history: try history([]))
      XCTAssertEqual(doc.first("//li[@data-total='warnings']")?.text, "\(n) \(warning)")
      XCTAssertEqual(doc.first("//li[@data-total='errors']")?.text, "\(n) \(error)")
      XCTAssertEqual(doc.first("//li[@data-total='files']")?.text, "2 catalogues")
    }
  }

  func testAChartLabelsItsScaleAndItsDates() throws {
    let h = try history([line("2026-11-16T03:17:00.000Z", "2026-11-16", issues: 20)])
    let (doc, _, _) = try render(try writeRebuild(issuesOfA: 25), history: h)
    let chart = "//table[@id='charts']//tr[@data-file='a.json']/td[2]/svg"
    XCTAssertEqual(doc.select(chart + "/*[@class='axis-value']").map(\.text), ["25", "20"])
    XCTAssertEqual(doc.select(chart + "/*[@class='axis-date']").map(\.text), ["2026-11-16", "2026-11-30"])
    XCTAssertEqual(doc.first(chart + "/*[@class='latest']")?.text, "25")
    XCTAssertEqual(doc.first("//table[@id='charts']//th[2]")?.text, "issues (records)")
  }

  func testBadHistoryLinesAreNamedByNumberAndNegativeCountsAreNotCharted() throws {
    let h = try history([
      line("2026-11-09T03:17:00.000Z", "2026-11-09", issues: 18), "not json",
      line("2026-11-16T03:17:00.000Z", "2026-11-16", issues: -4),
    ])
    let (doc, _, r) = try render(try writeRebuild(), history: h)
    XCTAssertTrue(
      r.stderr.contains(
        "lines 2 and 3 (2: not a history line; 3: issues is negative) could not be read and are left out"),
      r.stderr)
    let title = try XCTUnwrap(doc.first("//table[@id='charts']//tr[@data-file='a.json']/td[2]/svg/title")?.text)
    XCTAssertEqual(title, "a.json issues: 18, 1")
  }

  func testABuildReportWithANegativeCountIsRefused() throws {
    let report = try writeRebuild(issuesOfA: -1)
    let r = try Tool.run("catalog", ["report", report.path, "--history", try history([]).path], in: dir)
    XCTAssertEqual(r.status, 65, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("not a catalog build report (files[0].issues is negative)"), r.stderr)
  }

  func testBidiControlsInATitleAreShownAsCodePointsOnThePageAndInMarkdown() throws {
    let (_, text, _) = try render(
      try writeRebuild(baselineTitle: "SK \u{202E}1 evil\u{2066}x\u{2069}"), history: try history([]))
    XCTAssertTrue(text.contains("SK [U+202E]1 evil[U+2066]x[U+2069]"), text)
    for control in ["\u{202E}", "\u{2066}", "\u{2069}"] { XCTAssertFalse(text.contains(control)) }

    let md = try Tool.run(
      "catalog", ["diff", "--markdown", "catalogs/a.json", "catalogs-new/a.json", "--site", "retrospec"], in: dir)
    XCTAssertEqual(md.status, 1, md.stderr)
    XCTAssertTrue(md.stdout.contains("U+202E"), md.stdout)
    XCTAssertFalse(md.stdout.unicodeScalars.contains { BidiControl.isControl($0) }, md.stdout)
  }
}
