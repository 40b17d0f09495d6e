import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

final class RetroSpecBuildEndToEndTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("retrospec-e2e")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func build(_ server: SiteMirror?, _ extra: [String], out: String = "out", cache: String = "cache") throws
    -> Tool.Result
  {
    var args = [
      "--cache", dir.appendingPathComponent(cache).path, "--out", dir.appendingPathComponent(out).path,
      "--date", "2026-11-30", "--delay", "0",
    ]
    if let server { args += ["--mirror", server.baseURL] }
    return try Tool.run("retrospec-build", args + extra, in: dir)
  }

  func catalogue(at path: URL) throws -> IssueCatalogue {
    try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: path))
  }

  func testTheMirroredSiteBuildsThenReplaysOfflineByteIdentically() throws {
    let site = try RetroSpecSiteTree(in: dir)
    let server = try site.serve()
    defer { server.stop() }

    let first = try build(server, [])
    XCTAssertEqual(first.status, 0, first.stderr)
    let firstFile = dir.appendingPathComponent("out/retrospec-catalog.json")
    let firstBytes = try Data(contentsOf: firstFile)
    XCTAssertGreaterThan(server.requests.count, 1300, "12 index pages, 653 magshow pages, 653 probes")
    XCTAssertTrue(first.stdout.contains("index: 653 issues across 19 series"), first.stdout)
    XCTAssertTrue(first.stdout.contains("metadata: 23/653 issues"), first.stdout)
    XCTAssertTrue(first.stdout.contains("archives: 645 live, 8 missing"), first.stdout)

    server.clearLog()
    let replay = try build(server, ["--no-network"], out: "replay")
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertEqual(server.requests, [], "the offline rebuild made no requests")
    XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("replay/retrospec-catalog.json")), firstBytes)

    // The built catalogue against the shipped one: everything the served pages can say.
    let built = try catalogue(at: firstFile)
    XCTAssertEqual(built.series, site.reference.series)
    XCTAssertEqual(built.issues.map(\.id), site.reference.issues.map(\.id))
    for (b, r) in zip(built.issues, site.reference.issues) {
      if site.magshowIDs.contains(b.id) {
        XCTAssertEqual(b, r)
      } else {
        var expected = r
        expected.pages = nil
        expected.title = b.title
        XCTAssertEqual(b, expected)
      }
    }

    let check = try Tool.run(
      "catalog", ["check", dir.appendingPathComponent("out").path, "--expect", "present"], in: dir)
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
  }

  func testATruncatedIndexIsRefusedWithAMessageNamingThePage() throws {
    let site = try RetroSpecSiteTree(in: dir)
    let page = site.indexPage("indexSK")
    let bytes = try Data(contentsOf: page)
    try bytes.prefix(bytes.count * 2 / 5).write(to: page)
    let server = try site.serve()
    defer { server.stop() }

    // A cut page is asked for again, and refused (exit 65, naming it) when it stays cut; it is never
    // cached, so the next run asks again.
    let r = try build(server, ["--no-probe"])
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(
      r.stderr.contains("https://retrospec.elite.org/pcsux/indexSK.html: cut short: no closing </html> in its "),
      r.stderr)
    XCTAssertTrue(r.stderr.contains("(6 attempts); not kept in the cache, the next run asks again"), r.stderr)
    XCTAssertEqual(server.requests.filter { $0.path == "/pcsux/indexSK.html" }.count, 6)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/retrospec-catalog.json").path))
  }

  func testAnIndexWithHalfItsCellsLeavesThePreviousCatalogueUntouched() throws {
    let site = try RetroSpecSiteTree(in: dir)
    // Every second issue cell of the Računari page (Windows-1250) disappears.
    let page = site.indexPage("indexRA")
    let text = try XCTUnwrap(String(data: try Data(contentsOf: page), encoding: .windowsCP1250))
    var kept = ""
    var dropped = 0
    for (n, chunk) in text.components(separatedBy: "<td ").enumerated() {
      if n > 0, chunk.contains("magshow.php?all=RA_"), dropped * 2 < 142 && n % 2 == 0 {
        dropped += 1
        continue
      }
      kept += (n > 0 ? "<td " : "") + chunk
    }
    XCTAssertGreaterThan(dropped, 40)
    try XCTUnwrap(kept.data(using: .windowsCP1250)).write(to: page)
    // The previous catalogue is the shipped one.
    let out = dir.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let previous = try Data(contentsOf: TestPaths.shared("reference-catalogs/retrospec-catalog.json"))
    try previous.write(to: out.appendingPathComponent("retrospec-catalog.json"))
    let server = try site.serve()
    defer { server.stop() }

    let r = try build(server, ["--no-probe", "--min-described", "0"])
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(
      r.stderr.contains(
        "threshold/series-shrank: RA has \(142 - dropped) issues, the previous catalogue had 142 from indexRA.html"),
      r.stderr)
    XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("retrospec-catalog.json")), previous)
  }

  func testMagshowPagesWithoutANameAreNamedAndTheMetadataFloorRefuses() throws {
    let site = try RetroSpecSiteTree(in: dir)
    for id in site.magshowIDs {
      let url = site.magshowPage(id)
      let html = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      try Data(html.replacingOccurrences(of: "<font size=\"5\"", with: "<font size=\"3\"").utf8).write(to: url)
    }
    let server = try site.serve()
    defer { server.stop() }

    let r = try build(server, ["--no-probe", "--min-described", "20"])
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(
      r.stderr.contains(
        "warning: https://retrospec.elite.org/users/tomcat/yu/magshow.php?all=AmSt_92_11: no series name after <font size=\"5\">"
      ),
      r.stderr)
    XCTAssertTrue(
      r.stderr.contains("threshold/metadata: only 0 issues have a metadata page, at least 20 expected"), r.stderr)
  }

  func testTheHelpScreenListsTheThresholdOptionsWithTheirDefaults() throws {
    let r = try Tool.run("retrospec-build", ["--help"])
    XCTAssertEqual(r.status, 0)
    XCTAssertTrue(
      r.stdout.hasPrefix("OVERVIEW: Build the RetroSpec catalogue (ex-Yugoslav computer magazines)."), r.stdout)
    for line in [
      "--min-issues <n>     Fewest issues a full build may write. (default: the previous catalogue's count, else 653; 0 to 100000)",
      "--max-dead <n>       Most archives that may answer other than 200. (default: the previous dead count + 4, else 12; 0 to 100000)",
      "--no-probe           Skip the size probes (HEAD); issues get neither bytes nor a dead flag.",
      "--delay <ms>            Pause between requests to one host. (default: 150; 0 to 600000)",
    ] {
      XCTAssertTrue(r.stdout.contains(line), line)
    }
  }

  func testAnUnknownSeriesKeyIsAUsageError() throws {
    let r = try Tool.run(
      "retrospec-build", ["--only", "SK,XX", "--no-network", "--cache", dir.path + "/c", "--out", dir.path + "/o"])
    XCTAssertEqual(r.status, 64)
    XCTAssertTrue(r.stderr.contains("--only takes series keys"), r.stderr)
    XCTAssertTrue(r.stderr.contains("not 'XX'"), r.stderr)
  }

  func testOnlyBuildsAPartialCatalogueOfTheChosenSeries() throws {
    let site = try RetroSpecSiteTree(in: dir)
    let server = try site.serve()
    defer { server.stop() }
    let r = try build(server, ["--only", "Warp,PJ"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let c = try catalogue(at: dir.appendingPathComponent("out/retrospec-catalog.json"))
    XCTAssertEqual(c.series.map(\.key), ["Warp", "PJ"])
    XCTAssertEqual(c.issues.map(\.title), ["Svibanj-Maj 1997", "Veljača/Februar 1998", "Oktobar 1995"])
    XCTAssertEqual(server.requests.filter { $0.method == "HEAD" }.count, 3, "only the chosen archives are probed")
    XCTAssertTrue(r.stdout.contains("[partial]"), r.stdout)
  }

  func testAnOfflineBuildWithAColdCacheNamesTheMissingPages() throws {
    let r = try build(nil, ["--no-network"])
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("https://retrospec.elite.org/pcsux/indexAS.html"), r.stderr)
    XCTAssertTrue(r.stderr.contains("https://retrospec.elite.org/pcsux/indexSpecial.html"), r.stderr)
  }
}
