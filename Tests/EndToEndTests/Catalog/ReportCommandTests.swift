import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `catalog report`: the review page of one rebuild, well-formed whatever the tools printed.
final class ReportCommandTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("catalog-report")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func testThePageIsWellFormedEscapesWhatToolsPrintedAndHoldsTheNumbers() throws {
    let mirror = try DemoMirrorProcess()
    defer { mirror.stop() }
    let out = dir.appendingPathComponent("catalogs-new")
    let history = dir.appendingPathComponent("history.jsonl")
    let build = try Tool.run(
      "catalog",
      [
        "build", "archive", "vintageapple", "--mirror", mirror.url, "--delay", "0", "--date", "2026-11-30", "--out",
        out.path, "--cache-root", dir.appendingPathComponent("cache").path, "--report",
        dir.appendingPathComponent("rebuild/build.json").path, "--history", history.path, "--quiet",
      ] + mirror.buildArguments, in: dir)
    XCTAssertEqual(build.status, 0, build.stdout + build.stderr)

    // The shipped folder: the same files, one magazine issue missing and one title different.
    let shipped = dir.appendingPathComponent("catalogs")
    try FileManager.default.copyItem(at: out, to: shipped)
    let magazines = shipped.appendingPathComponent("vintageapple-magazines.json")
    guard case .issue(var c) = try CatalogueFile.decode([UInt8](try Data(contentsOf: magazines)), file: "m") else {
      return XCTFail("vintageapple-magazines.json is not an issue catalogue")
    }
    let gained = c.issues.removeLast()
    c.issues[0].title = "Old ]]> title <!-- & -->"
    try Data(try CatalogueEncoder.encode(c)).write(to: magazines)

    // What a hostile page could make a tool print: markup, a CDATA end, control characters.
    let reportFile = dir.appendingPathComponent("rebuild/build.json")
    var report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: reportFile)) as? [String: Any])
    var runs = try XCTUnwrap(report["runs"] as? [[String: Any]])
    runs[0]["warnings"] = ["warning: </pre><script>alert(1)</script> \u{1}\u{7F} & ]]> 'q' \"qq\""]
    report["runs"] = runs
    try JSONSerialization.data(withJSONObject: report).write(to: reportFile)
    // Two older rebuilds in the history, one with more issues.
    let older = [
      #"{"run":"2026-11-16T03:17:00.000Z","date":"2026-11-16","file":"vintageapple-magazines.json","source":"vintageapple","status":"written","issues":20,"dead":2,"unsized":0}"#,
      #"{"run":"2026-11-23T03:17:00.000Z","date":"2026-11-23","file":"vintageapple-magazines.json","source":"vintageapple","status":"failed"}"#,
      "not a line",
    ]
    let existing = try String(contentsOf: history, encoding: .utf8)
    try (older.joined(separator: "\n") + "\n" + existing).write(to: history, atomically: true, encoding: .utf8)

    let r = try Tool.run(
      "catalog", ["report", reportFile.path, "--baseline", shipped.path, "--history", history.path], in: dir)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("history.jsonl: line 3 (not a history line) could not be read"), r.stderr)
    let page = dir.appendingPathComponent("rebuild/review.html")
    XCTAssertTrue(r.stdout.hasPrefix(page.path + ": 3 catalogues, 1 added, 0 removed, 1 changed"), r.stdout)

    let bytes = try Data(contentsOf: page)
    let xml = XMLParser(data: bytes)
    XCTAssertTrue(xml.parse(), "well-formed: \(String(describing: xml.parserError))")
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertFalse(text.contains("<script>"), "no markup from a tool reaches the page")
    for outside in ["src=", "<link", "<script", "@import", "url("] {
      XCTAssertFalse(text.contains(outside), "self-contained: no \(outside)")
    }

    let doc = try HTMLDocument(bytes: [UInt8](bytes))
    XCTAssertEqual(doc.first("//li[@data-total='files']/strong")?.text, "3")
    XCTAssertEqual(doc.first("//li[@data-total='added']/strong")?.text, "1")
    XCTAssertEqual(doc.first("//li[@data-total='changed']/strong")?.text, "1")
    XCTAssertEqual(doc.select("//table[@id='diff']//tr[@data-file]").count, 1, "only the file that moved")
    XCTAssertNotNil(doc.first("//li[@class='added'][@data-id='\(gained.id)']"))
    XCTAssertEqual(
      doc.first("//li[@class='changed']")?.text.contains("Old ]]> title <!-- & -->"), true,
      doc.first("//li[@class='changed']")?.text ?? "no changed record")
    let warning = doc.first("//details[@data-run='archive']/pre")?.text ?? ""
    XCTAssertTrue(warning.contains("</pre><script>alert(1)</script> \u{FFFD}\u{FFFD} & ]]> 'q' \"qq\""), warning)
    // The charts: 20 issues, then a failed rebuild (a gap), then this one.
    let issues = try XCTUnwrap(
      doc.first("//table[@id='charts']//tr[@data-file='vintageapple-magazines.json']/td[2]/svg/title")?.text)
    XCTAssertTrue(issues.hasPrefix("vintageapple-magazines.json issues: 20, –, "), issues)
    let requests = doc.select("//table[@id='requests']//tr[@data-run]/td[3]").map(\.text)
    XCTAssertEqual(requests.count, 2)
    XCTAssertTrue(requests.allSatisfy { (Int($0) ?? 0) > 0 }, "\(requests)")
  }

  func testAMissingOrForeignReportIsNamed() throws {
    let missing = try Tool.run("catalog", ["report", dir.appendingPathComponent("nope.json").path], in: dir)
    XCTAssertEqual(missing.status, 74)
    XCTAssertTrue(missing.stderr.contains("nope.json: cannot be read"), missing.stderr)
    let foreign = dir.appendingPathComponent("foreign.json")
    try Data(#"{"tool":"retrospec-build"}"#.utf8).write(to: foreign)
    let r = try Tool.run("catalog", ["report", foreign.path], in: dir)
    XCTAssertEqual(r.status, 65)
    XCTAssertTrue(r.stderr.contains("foreign.json: not a catalog build report"), r.stderr)
    let none = try Tool.run("catalog", ["report"], in: dir)
    XCTAssertEqual(none.status, 64)
  }
}
