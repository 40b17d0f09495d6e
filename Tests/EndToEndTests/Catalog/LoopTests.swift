import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The weekly loop end to end, on the project's own fixtures through the demo's loopback mirror:
/// a scheduled `catalog build --all` into a new folder that runs out of time once and continues,
/// `catalog check`, `catalog diff --markdown` against the shipped folder, and the review page.
final class LoopTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("catalog-loop")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func testTheWeeklyLoopStopsAtItsBudgetContinuesFromTheCacheThenChecksDiffsAndReports() throws {
    let fast = try DemoMirrorProcess()
    defer { fast.stop() }
    let shipped = dir.appendingPathComponent("catalogs")
    let new = dir.appendingPathComponent("catalogs-new")
    let history = dir.appendingPathComponent("state/history.jsonl")

    // Last week: a full rebuild, shipped as catalogs/.
    let lastWeek = try Tool.run(
      "catalog",
      [
        "build", "--all", "--mirror", fast.url, "--delay", "0", "--date", "2026-11-23", "--out", shipped.path,
        "--cache-root", dir.appendingPathComponent("last-week-cache").path, "--history", history.path, "--quiet",
      ] + fast.buildArguments, in: dir)
    XCTAssertEqual(lastWeek.status, 0, lastWeek.stdout + lastWeek.stderr)

    // Since then the site gained one book (missing from the shipped file) and lost one.
    let books = shipped.appendingPathComponent("vintageapple-books.json")
    guard case .issue(var c) = try CatalogueFile.decode([UInt8](try Data(contentsOf: books)), file: books.path) else {
      return XCTFail("vintageapple-books.json is not an issue catalogue")
    }
    let gained = c.issues.removeFirst()
    var lost = c.issues[0]
    lost.id = "books-withdrawn-1"
    lost.title = "A <withdrawn> book & \"its\" title"
    lost.zip = "books/withdrawn.pdf"
    c.issues.append(lost)
    try Data(try CatalogueEncoder.encode(c)).write(to: books)

    // This week: catalogs-new starts as the shipped folder (the workflow copies it), so every build
    // sees its previous catalogue.
    try FileManager.default.copyItem(at: shipped, to: new)
    let cache = dir.appendingPathComponent("caches")
    func scheduled(_ mirror: String, report: String) -> [String] {
      [
        "build", "--all", "--mirror", mirror, "--delay", "0", "--date", "2026-11-30", "--out", new.path,
        "--cache-root", cache.path, "--max-time", "8s", "--history", history.path, "--stats-every", "1",
        "--report", dir.appendingPathComponent(report).path,
      ] + fast.buildArguments
    }

    // Run 1 meets a slow site: the budget runs out during the first source (exit 75).
    let slow = try DemoMirrorProcess(slowMilliseconds: 400)
    let first = try Tool.run("catalog", scheduled(slow.url, report: "run-1/build.json"), in: dir)
    slow.stop()
    XCTAssertEqual(first.status, 75, first.stdout + first.stderr)
    XCTAssertTrue(first.stdout.contains("run the same command again to continue"), first.stdout)
    XCTAssertTrue(first.stderr.contains("stopped at the time budget"), first.stderr)
    let firstReport = try Self.json(dir.appendingPathComponent("run-1/build.json"))
    XCTAssertEqual(firstReport["exitCode"] as? Int, 75)
    let firstRuns = firstReport["runs"] as? [[String: Any]] ?? []
    XCTAssertEqual(firstRuns.first?["exitCode"] as? Int, 75, "retrospec stopped at its budget")
    XCTAssertTrue(firstRuns.contains { $0["postponed"] as? Bool == true }, "later sources waited for the next run")
    // Nothing was written by the stopped run: the folder still holds last week's files.
    for file in try FileManager.default.contentsOfDirectory(atPath: shipped.path) {
      XCTAssertEqual(
        try Data(contentsOf: new.appendingPathComponent(file)),
        try Data(contentsOf: shipped.appendingPathComponent(file)),
        file)
    }
    // A log, not a terminal: every line timestamped, a stats line a second, counts that move as
    // pages come in (not only 0/12 then 12/12).
    let stamp = try NSRegularExpression(pattern: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "#)
    for line in first.stderr.split(separator: "\n").map(String.init) where !line.isEmpty {
      XCTAssertNotNil(stamp.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
    }
    let stats = try NSRegularExpression(
      pattern: #"\[1/10\] retrospec: (\w+) (\d+)/(\d+), \d+ requests? \(\d+ cached\), \d+/min, \d+s$"#,
      options: .anchorsMatchLines)
    let statLines = stats.matches(in: first.stderr, range: NSRange(first.stderr.startIndex..., in: first.stderr))
    XCTAssertGreaterThan(statLines.count, 2, first.stderr)
    let midway = statLines.contains { m in
      guard let r = Range(m.range(at: 2), in: first.stderr), let t = Range(m.range(at: 3), in: first.stderr),
        let done = Int(first.stderr[r]), let total = Int(first.stderr[t])
      else { return false }
      return done > 0 && done < total
    }
    XCTAssertTrue(midway, "a stats line shows a phase partly done:\n\(first.stderr)")

    // Run 2, the same command a week later (the site answers quickly now): it continues from the
    // cache and completes.
    let second = try Tool.run("catalog", scheduled(fast.url, report: "run-2/build.json"), in: dir)
    XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
    let secondReport = try Self.json(dir.appendingPathComponent("run-2/build.json"))
    let secondRuns = secondReport["runs"] as? [[String: Any]] ?? []
    let retrospec = secondRuns.first { $0["label"] as? String == "retrospec" }
    let counters = retrospec?["counters"] as? [String: Int] ?? [:]
    XCTAssertGreaterThan(counters["fetch/hit"] ?? 0, 0, "the pages run 1 fetched came from the cache")
    let files = secondReport["files"] as? [[String: Any]] ?? []
    XCTAssertEqual(files.count, 18)
    for f in files {
      XCTAssertTrue(["written", "unchanged"].contains(f["status"] as? String ?? ""), "\(f)")
    }
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: dir.appendingPathComponent("run-2/reports/retrospec.json").path),
      "each tool's own report is kept beside the rebuild's")

    let check = try Tool.run("catalog", ["check", new.path], in: dir)
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

    // The pull request's body: one book added, one removed.
    let diff = try Tool.run("catalog", ["diff", shipped.path, new.path, "--markdown"], in: dir)
    XCTAssertEqual(diff.status, 1, diff.stdout + diff.stderr)
    // Markdown escapes the underscores of an id (`macbooks\_198501`).
    let markdown = diff.stdout.replacingOccurrences(of: "\\_", with: "_")
    XCTAssertTrue(markdown.contains("Added") && markdown.contains(gained.id), "the added book:\n\(diff.stdout)")
    XCTAssertTrue(markdown.contains("Removed") && markdown.contains(lost.id), "the removed book:\n\(diff.stdout)")

    // The review page: well-formed, and holding those numbers.
    let page = dir.appendingPathComponent("review.html")
    let report = try Tool.run(
      "catalog",
      [
        "report", dir.appendingPathComponent("run-2/build.json").path, "--baseline", shipped.path, "--history",
        history.path, "--output", page.path,
      ], in: dir)
    XCTAssertEqual(report.status, 0, report.stdout + report.stderr)
    XCTAssertTrue(report.stdout.contains("1 added, 1 removed"), report.stdout)
    let bytes = try Data(contentsOf: page)
    let xml = XMLParser(data: bytes)
    XCTAssertTrue(xml.parse(), "the page is well-formed XML: \(String(describing: xml.parserError))")
    let doc = try HTMLDocument(bytes: [UInt8](bytes))
    let totals = secondReport["totals"] as? [String: Int] ?? [:]
    XCTAssertEqual(doc.first("//li[@data-total='issues']/strong")?.text, totals["issues"].map(String.init))
    XCTAssertEqual(doc.first("//li[@data-total='added']/strong")?.text, "1")
    XCTAssertEqual(doc.first("//li[@data-total='removed']/strong")?.text, "1")
    XCTAssertEqual(doc.first("//li[@data-total='requests']/strong")?.text, totals["requests"].map(String.init))
    XCTAssertEqual(doc.select("//table[@id='files']//tr[@data-file]").count, 18)
    XCTAssertEqual(doc.select("//table[@id='requests']//tr[@data-run]").count, 10)
    XCTAssertNotNil(doc.first("//details[@data-series]/ul/li[@class='added'][@data-id='\(gained.id)']"))
    let removed = doc.first("//li[@class='removed'][@data-id='books-withdrawn-1']")
    XCTAssertEqual(
      removed?.text, "− books-withdrawn-1 A <withdrawn> book & \"its\" title", "escaped, and read back whole")
    // Charts over the three rebuilds: last week, the stopped run (no count: a gap) and this one.
    let chart = doc.first("//table[@id='charts']//tr[@data-file='vintageapple-books.json']/td[2]/svg/title")?.text
    XCTAssertEqual(chart, "vintageapple-books.json issues: 30, –, 30")
    XCTAssertEqual(doc.select("//table[@id='charts']//svg").count, 18 * 3)
  }

  static func json(_ url: URL) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try XCTUnwrap(object as? [String: Any], url.path)
  }
}
