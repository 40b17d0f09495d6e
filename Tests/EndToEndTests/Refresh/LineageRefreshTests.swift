import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Lineage across two builds of a generated RetroSpec site: `catalog explain` names the answers
/// behind a retitled and a resized row, and a listing page whose markup changed is the one drift
/// finding.
final class LineageRefreshTests: XCTestCase {
  private var dir: URL!
  private var server: SiteMirror!
  /// Sizes that differ from the site's own, by archive path.
  private let resized = ResizedFiles()

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("lineage-refresh")
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 300)
    let resized = self.resized
    server.route { req in
      guard req.method == "HEAD", req.path.hasSuffix(".zip") else { return nil }
      let size = resized.size(req.path) ?? GeneratedRetroSpec.size(ofPath: req.path)
      return MirrorResponse(status: 200, headers: ["Content-Type": "application/zip"], contentLength: size)
    }
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  private func publish(_ site: GeneratedRetroSpec) throws { try site.publish(in: dir) }

  private func build(_ extra: [String] = []) throws -> Tool.Result {
    try Tool.run(
      "retrospec-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent("out").path, "--date", "2026-12-01", "--delay", "0", "--min-issues", "1",
        "--quiet", "--report", dir.appendingPathComponent("report.json").path,
      ] + extra, environment: ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1"])
  }

  private var lineageFolder: URL { dir.appendingPathComponent("cache/lineage") }

  /// `catalog explain --json` of one row between the previous and this build's lineage.
  private func explain(_ id: String) throws -> [String: Any] {
    try ExplainRun.json(
      out: dir.appendingPathComponent("out"), file: "retrospec-catalog.json", id: id,
      cache: dir.appendingPathComponent("cache"))
  }

  private func changes(_ doc: [String: Any]) throws -> [[String: Any]] {
    try XCTUnwrap(doc["changes"] as? [[String: Any]])
  }

  func testExplainNamesTheMagshowBehindARetitledRowAndTheHeadBehindAResizedOne() throws {
    try publish(GeneratedRetroSpec(issuesPerSeries: 3))
    XCTAssertEqual(try build().status, 0)
    // The listing change retitles MMS_80_01 (its index caption and its magshow page); GAL_80_02's
    // archive (on a page the change leaves alone) now answers another size.
    try publish(GeneratedRetroSpec(issuesPerSeries: 3, change: .listings))
    let galPath = "/pcsux/GALH/ZIP/1980_02.zip"
    resized.set(4_242_424, galPath)
    let second = try build(["--refresh=all", "--allow-shrink"])
    XCTAssertEqual(second.status, 0, second.stderr)

    let retitled = try explain("MMS_80_01")
    let titleChange = try XCTUnwrap(
      try changes(retitled).first { ($0["fields"] as? [String])?.contains("title") == true })
    let old = try XCTUnwrap(titleChange["old"] as? [String: Any])
    let new = try XCTUnwrap(titleChange["new"] as? [String: Any])
    XCTAssertEqual(new["url"] as? String, "https://retrospec.elite.org/users/tomcat/yu/magshow.php?all=MMS_80_01")
    XCTAssertEqual(old["url"] as? String, new["url"] as? String)
    XCTAssertEqual(new["kind"] as? String, "magshow")
    XCTAssertNotEqual(old["sha256"] as? String, new["sha256"] as? String, "the page's content changed")
    XCTAssertEqual(new["cache"] as? String, "same", "the cache holds the answer the row was built from")
    XCTAssertEqual(retitled["parserChange"] as? Bool, false)
    let titleField = try XCTUnwrap(
      (retitled["fields"] as? [[String: Any]])?.first { $0["field"] as? String == "title" })
    XCTAssertEqual(titleField["value"] as? String, "Reprint 1980")

    let resizedRow = try explain("GAL_80_02")
    let sizeChanges = try changes(resizedRow)
    XCTAssertEqual(sizeChanges.map { $0["fields"] as? [String] ?? [] }, [["bytes"]], "only the size moved")
    let head = try XCTUnwrap(sizeChanges.first?["new"] as? [String: Any])
    XCTAssertEqual(head["method"] as? String, "HEAD")
    XCTAssertEqual(head["url"] as? String, "https://retrospec.elite.org" + galPath)
    XCTAssertEqual(head["length"] as? String, "4242424")
    XCTAssertEqual(
      (sizeChanges.first?["old"] as? [String: Any])?["length"] as? String,
      String(GeneratedRetroSpec.size(ofPath: galPath)))

    // A row nothing changed for: no answer moved, so no change is listed.
    XCTAssertEqual(try changes(try explain("GAL_80_03")).count, 0)

    let text = try Tool.run(
      "catalog",
      [
        "explain", dir.appendingPathComponent("out/retrospec-catalog.json").path, "GAL_80_02", "--cache",
        dir.appendingPathComponent("cache").path,
      ])
    XCTAssertEqual(text.status, 0, text.stderr)
    let bytesLine = text.stdout.split(separator: "\n").first { $0.hasPrefix("  bytes ") }.map(String.init) ?? ""
    XCTAssertTrue(bytesLine.contains("4242424") && bytesLine.hasSuffix("] head"), text.stdout)
    XCTAssertTrue(text.stdout.contains("HEAD https://retrospec.elite.org\(galPath)  status 200"), text.stdout)
    XCTAssertTrue(text.stdout.contains("the cache still holds it"), text.stdout)
  }

  /// The review page of a rebuild: the retitled row shows the magshow answer that changed and the
  /// explain command; a row whose value differs from the shipped one while no answer changed (here
  /// the shipped title as an older parser might have read it) is flagged as a parser change.
  func testTheReviewPageShowsTheAnswerThatChangedAndFlagsAParserChange() throws {
    try publish(GeneratedRetroSpec(issuesPerSeries: 3))
    XCTAssertEqual(try build().status, 0)
    // The shipped folder: the first build, with one title as another parser would have written it.
    let shipped = dir.appendingPathComponent("catalogs")
    try FileManager.default.createDirectory(at: shipped, withIntermediateDirectories: true)
    let first = dir.appendingPathComponent("out/retrospec-catalog.json")
    var c = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: first))
    let i = try XCTUnwrap(c.issues.firstIndex { $0.id == "GAL_80_03" })
    c.issues[i].title = "Mart 80"
    try Data(try CatalogueEncoder.encode(c)).write(to: shipped.appendingPathComponent("retrospec-catalog.json"))
    try publish(GeneratedRetroSpec(issuesPerSeries: 3, change: .listings))
    XCTAssertEqual(try build(["--refresh", "--allow-shrink"]).status, 0)

    let report = dir.appendingPathComponent("rebuild/build.json")
    try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
    let out = dir.appendingPathComponent("out").path
    let json = """
      {"version": 1, "started": "2026-12-01T03:17:00.000Z", "date": "2026-12-01", "out": "\(out)", "exitCode": 0,
       "seconds": 1, "files": [{"file": "retrospec-catalog.json", "source": "retrospec", "status": "written",
         "issues": 1, "series": 1, "added": 0, "removed": 0, "changed": 0, "dead": 0, "unsized": 0}],
       "runs": [{"label": "retrospec", "source": "retrospec", "exitCode": 0, "seconds": 1, "postponed": false,
         "files": ["retrospec-catalog.json"], "counters": {}, "warnings": [], "errors": [], "other": [],
         "missingURLs": []}],
       "findings": [], "totals": {"files": 1, "issues": 1, "added": 0, "removed": 0, "changed": 0, "dead": 0,
         "unsized": 0, "requests": 0, "cached": 0, "warnings": 0, "errors": 0}, "versions": {"catalogueFormat": "1"}}
      """
    try Data(json.utf8).write(to: report)
    let r = try Tool.run(
      "catalog",
      [
        "report", report.path, "--baseline", shipped.path, "--history", dir.appendingPathComponent("h.jsonl").path,
        "--lineage", lineageFolder.path, "--output", dir.appendingPathComponent("review.html").path,
      ])
    XCTAssertEqual(r.status, 0, r.stderr)
    let page = try String(contentsOf: dir.appendingPathComponent("review.html"), encoding: .utf8)
    let retitled = try XCTUnwrap(Self.item(page, id: "MMS_80_01"), page)
    XCTAssertTrue(
      retitled.contains("title from magshow GET https://retrospec.elite.org/users/tomcat/yu/magshow.php?all=MMS_80_01"),
      retitled)
    XCTAssertTrue(retitled.contains("catalog explain \(out)/retrospec-catalog.json MMS_80_01 --lineage "), retitled)
    XCTAssertFalse(retitled.contains("parser change"), retitled)
    let parser = try XCTUnwrap(Self.item(page, id: "GAL_80_03"), page)
    XCTAssertTrue(parser.contains("class=\"changed parser-change\""), parser)
    XCTAssertTrue(parser.contains("parser change: no answer this row was built from changed"), parser)
  }

  /// The page's list item of one changed row, up to the next row's.
  static func item(_ page: String, id: String) -> String? {
    guard let start = page.range(of: "data-id=\"\(id)\"") else { return nil }
    let rest = page[start.lowerBound...]
    let end = rest.dropFirst().range(of: "data-id=")?.lowerBound ?? rest.endIndex
    return String(page[page.index(start.lowerBound, offsetBy: -40)..<end])
  }

  func testOneListingPageWhoseMarkupChangedIsTheOneDriftFinding() throws {
    let site = GeneratedRetroSpec(issuesPerSeries: 12)
    try publish(site)
    XCTAssertEqual(try build().status, 0)
    // The redesign moves Svet Kompjutera's archives out of /ZIP/ (ten of its twelve cells lose the
    // link the parser reads) and its covers out of /Covers/; every other page is as it was.
    let page = dir.appendingPathComponent("site/\(GeneratedRetroSpec.host)/pcsux/indexSK.html")
    var html = try String(contentsOf: page, encoding: .utf8)
    for n in 2..<12 {
      let id = GeneratedRetroSpec.id(series: "SK", number: n)
      let zip = "SKH/ZIP/19\(id.dropFirst(3).prefix(2))_\(id.suffix(2)).zip"
      XCTAssertTrue(html.contains(zip), zip)
      html = html.replacingOccurrences(of: zip, with: zip.replacingOccurrences(of: "/ZIP/", with: "/files/"))
    }
    html = html.replacingOccurrences(of: "/Covers/", with: "/scans/")
    try Data(html.utf8).write(to: page)
    let second = try build(["--refresh"])
    XCTAssertEqual(second.status, 65, "the shrink guards still refuse the loss: " + second.stderr)
    let report = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("report.json")))
        as? [String: Any])
    let findings = try XCTUnwrap((report["products"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
    let drift = findings.filter { ($0["rule"] as? String)?.hasPrefix("drift/") == true }
    XCTAssertEqual(drift.count, 1, "\(drift)")
    let message = try XCTUnwrap(drift.first?["message"] as? String)
    XCTAssertEqual(drift.first?["rule"] as? String, "drift/yield")
    XCTAssertTrue(message.contains("https://retrospec.elite.org/pcsux/indexSK.html"), message)
    XCTAssertTrue(message.contains("yields 2 rows, 12 last build"), message)
    XCTAssertTrue(message.hasSuffix("first field gone: cover"), message)
    XCTAssertEqual(findings.first?["rule"] as? String, "drift/yield", "drift is listed before the shrink guards")
    XCTAssertTrue(findings.contains { $0["rule"] as? String == "catalogue/shrink-series" }, "\(findings)")
  }

  /// A redesign of every magshow page that moves the page thumbnails (the page count) to another
  /// link: the pages still answer 200 and still give titles, but no row gets its page count from
  /// them any more, which is one `drift/fields` finding naming the kind and the field.
  func testMagshowPagesThatNoLongerGivePageCountsAreTheOneFieldsFinding() throws {
    try publish(GeneratedRetroSpec(issuesPerSeries: 2))
    XCTAssertEqual(try build().status, 0)
    let folder = dir.appendingPathComponent("site/\(GeneratedRetroSpec.host)/users/tomcat/yu")
    var redesigned = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("magshow.php") {
      let u = folder.appendingPathComponent(name)
      let html = try String(contentsOf: u, encoding: .utf8)
      try Data(html.replacingOccurrences(of: "magshow.php?auto=&page=", with: "viewer.php?sheet=").utf8).write(to: u)
      redesigned += 1
    }
    XCTAssertGreaterThan(redesigned, 4)
    let second = try build(["--refresh=all"])
    XCTAssertTrue([0, 65].contains(second.status), second.stderr)
    try DriftReport.assertOne(
      "drift/fields", startingWith: "magshow pages gave pages to \(redesigned) rows last build and to none now",
      in: dir.appendingPathComponent("report.json"))
  }

  /// A small site built once: where the cache keeps its lineage, and where the previous one would go.
  private func keptLineageOfAFirstBuild() throws -> (current: URL, previous: URL) {
    try publish(GeneratedRetroSpec(issuesPerSeries: 2))
    XCTAssertEqual(try build().status, 0)
    return (
      lineageFolder.appendingPathComponent(LineageNames.current("retrospec-catalog.json")),
      lineageFolder.appendingPathComponent(LineageNames.previous("retrospec-catalog.json"))
    )
  }

  /// A rebuild whose lineage is byte for byte the kept one writes none (a warm rebuild costs no
  /// lineage write and the previous one stays the last build that differed); a rebuild whose
  /// answers changed moves the kept one to the previous.
  func testAnUnchangedLineageIsNotRewrittenAndAChangedOneMovesTheKeptOneToPrevious() throws {
    let (current, previous) = try keptLineageOfAFirstBuild()
    let first = try Data(contentsOf: current)
    let inode = try FileManager.default.attributesOfItem(atPath: current.path)[.systemFileNumber] as? Int
    XCTAssertEqual(try build(["--no-network"]).status, 0)
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: current.path)[.systemFileNumber] as? Int, inode,
      "not written again")
    XCTAssertFalse(FileManager.default.fileExists(atPath: previous.path))
    try publish(GeneratedRetroSpec(issuesPerSeries: 2, change: .listings))
    XCTAssertEqual(try build(["--refresh=all", "--allow-shrink"]).status, 0)
    XCTAssertEqual(try Data(contentsOf: previous), first, "the kept lineage became the previous one")
    XCTAssertNotEqual(try Data(contentsOf: current), first)
  }

  func testAKeptLineageCutOnDiskIsReplacedWithAWarningAndNotKeptAsThePreviousOne() throws {
    let (current, previous) = try keptLineageOfAFirstBuild()
    let whole = try Data(contentsOf: current)
    try whole.prefix(whole.count / 2).write(to: current)
    let r = try build(["--no-network"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("did not inflate (cut or edited on disk)"), r.stderr)
    XCTAssertEqual(try Data(contentsOf: current), whole, "the same answers give the same file again")
    XCTAssertFalse(FileManager.default.fileExists(atPath: previous.path), "a damaged file is no build's lineage")
  }
}
