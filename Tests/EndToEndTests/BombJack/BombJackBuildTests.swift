import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// bombjack-build against the loopback server, over a site assembled at test time from the real
/// corpus pages and the fixtures.
final class BombJackBuildTests: XCTestCase {
  static let host = "commodore.bombjack.org"
  var dir: URL!
  var server: SiteMirror!
  /// Decoded `host/path` → Content-Length for the HEAD probes.
  var sizes: [String: Int] = [:]
  var gone: [String] = []
  var forbidden = ""

  /// (site path, source): `corpus:` pages are read in place from ../shared, the rest are fixtures.
  static let tree: [(String, String)] = [
    ("/index.html", "fixture:BombJack/site-root.htm"),
    ("/commodore/index.htm", "corpus:bombjack/index-commodore.htm"),
    ("/commodore/books.htm", "corpus:bombjack/books-commodore.htm"),
    ("/commodore/magazines/ahoy/ahoy.htm", "corpus:bombjack/magazine-ahoy.htm"),
    ("/other/epson-hx-20/index.html", "corpus:bombjack/listing-epson-hx20.htm"),
    ("/vic-20/magazines/vic-computing/vic-computing.htm", "fixture:BombJack/magazine-grid.htm"),
    ("/other/telephony/pdf/index.html", "fixture:BombJack/listing-with-foreign-links.htm"),
    ("/commodore/magazines/commodore-horizons/commodore-horizons.htm", "fixture:BombJack/magazine-one-issue.htm"),
    ("/archive/index-archive-2014.htm", "fixture:BombJack/changelog-2014.htm"),
    ("/commodore/misc/misc.htm", "fixture:BombJack/split-run.htm"),
  ]

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("bombjack-e2e")
    let site = dir.appendingPathComponent("site/" + Self.host)
    var pages: [BombJackPage] = []
    for (path, source) in Self.tree {
      let bytes: [UInt8]
      if source.hasPrefix("corpus:") {
        bytes = try TestPaths.corpus(String(source.dropFirst("corpus:".count)))
      } else {
        bytes = try TestPaths.fixtureBytes(String(source.dropFirst("fixture:".count)))
      }
      let file = site.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: file)
      let pagePath = path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path
      pages.append(BombJackPage.read(bytes, url: URL(string: "https://\(Self.host)\(pagePath)")!))
    }
    try Data("User-agent: *\nDisallow: /\n".utf8).write(to: site.appendingPathComponent("robots.txt"))

    // Every file the build will probe gets a size, except two that are gone and one that is forbidden.
    let targets = BombJackCatalogueAssembly.probeTargets(pages).map { URL(string: $0)! }
    XCTAssertGreaterThan(targets.count, 300)
    for (i, u) in targets.enumerated() {
      let key = Self.host + (u.path(percentEncoded: false))
      if i == 5 || i == 70 {
        gone.append(u.absoluteString)
        continue
      }
      sizes[key] = 1_000_000 + i
    }
    forbidden = targets[100].absoluteString
    let sizes = self.sizes
    let forbiddenKey = Self.host + targets[100].path(percentEncoded: false)
    server = try SiteMirror(root: dir.appendingPathComponent("site"))
    server.route { req in
      let key = req.host + (req.path.removingPercentEncoding ?? req.path)
      if req.path == "/private.htm" || key == forbiddenKey {
        return MirrorResponse(status: 403, body: Array("no\n".utf8))
      }
      if req.method == "HEAD", let n = sizes[key] {
        return MirrorResponse(status: 200, headers: ["Content-Type": "application/zip"], contentLength: n)
      }
      return nil
    }
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func run(_ extra: [String], out: String = "out") throws -> Tool.Result {
    try Tool.run(
      "bombjack-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-11-30", "--delay", "0", "--jobs", "4",
      ] + extra)
  }

  static let lowBounds = ["--min-share", "0", "--min-issues", "0"]

  func outputs(_ out: String = "out") throws -> [String: Data] {
    let folder = dir.appendingPathComponent(out)
    var result: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return result
  }

  func catalogue(_ shelf: BombJackShelf, _ out: String = "out") throws -> IssueCatalogue {
    try JSONDecoder().decode(
      IssueCatalogue.self, from: Data(contentsOf: dir.appendingPathComponent("\(out)/\(shelf.fileName)")))
  }

  func testWithoutIgnoreRobotsTheWalkStopsAtTheSitesRobotsTxt() throws {
    let r = try run(Self.lowBounds)
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("robots.txt disallows"), r.stderr)
    XCTAssertTrue(r.stderr.contains("--ignore-robots"), r.stderr)
    XCTAssertEqual(try outputs(), [:])
    XCTAssertEqual(server.requests.map(\.path), ["/robots.txt"], "nothing but robots.txt is asked for")
  }

  func testAFullBuildThenANoNetworkRebuildMakesNoRequestsAndTheSameBytes() throws {
    let first = try run(["--ignore-robots"] + Self.lowBounds)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(first.stdout.contains("robots.txt: ignored (--ignore-robots was given)"), first.stdout)
    XCTAssertTrue(first.stderr.contains("--ignore-robots was given"), first.stderr)
    let files = try outputs()
    XCTAssertEqual(
      Set(files.keys),
      [
        "bombjack-commodoreMagazines.json", "bombjack-books.json", "bombjack-otherMagazines.json",
        "bombjack-other.json", "bombjack-hardware.json",
      ])
    // A run split across two shelves: numbers have a gap in each file and run 1…n across both.
    XCTAssertEqual(try catalogue(.hardware).issues.map(\.number), [2])
    XCTAssertEqual(try catalogue(.books).issues.filter { $0.series == "misc" }.map(\.number), [1])

    // Failed pages are skipped, counted and listed.
    XCTAssertTrue(
      first.stderr.contains("https://commodore.bombjack.org/gone-page.htm: HTTP 404; the page is skipped"), first.stderr
    )
    XCTAssertTrue(
      first.stderr.contains("https://commodore.bombjack.org/private.htm: HTTP 403; the page is skipped"), first.stderr)

    let mags = try catalogue(.commodoreMagazines)
    let ahoy = mags.issues.filter { $0.zip.contains("/ahoy/") }
    XCTAssertEqual(ahoy.count, 61)
    XCTAssertEqual(ahoy.first?.title, "Issue 01 1984 Jan")
    XCTAssertEqual(ahoy.first?.cover, "https://commodore.bombjack.org/commodore/magazines/ahoy/ahoy-01.jpg")
    XCTAssertEqual(ahoy.first.map { [$0.year, $0.month] }, [1984, 1])
    XCTAssertEqual(mags.issues.filter { $0.zip.contains("commodore-horizons") }.map(\.title), ["Issue 01 1984 Jan"])

    // Probes: sizes from HEAD, 404s dropped, a 403 kept without a size.
    let all = BombJackShelf.allCases.compactMap { try? catalogue($0) }.flatMap(\.issues)
    XCTAssertFalse(all.contains { gone.contains($0.zip) })
    let kept403 = try XCTUnwrap(all.first { $0.zip == forbidden })
    XCTAssertNil(kept403.bytes)
    XCTAssertEqual(all.filter { $0.bytes != nil }.count, all.count - 1 - 10, "all but the 403 and Joystik")
    XCTAssertTrue(first.stdout.contains("2 gone from the server"), first.stdout)

    // The shipped-file checks, across the folder too.
    let check = try Tool.run("catalog", ["check", dir.appendingPathComponent("out").path, "--expect", "present"])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

    // The rebuild from the cache alone.
    server.clearLog()
    let second = try run(["--no-network"] + Self.lowBounds)
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertEqual(server.requests.count, 0)
    XCTAssertEqual(try outputs(), files)
    XCTAssertTrue(second.stdout.contains("unchanged"), second.stdout)

    // And into a fresh folder: the same bytes again.
    let third = try run(["--no-network"] + Self.lowBounds, out: "out2")
    XCTAssertEqual(third.status, 0, third.stderr)
    XCTAssertEqual(try outputs("out2"), files)
    XCTAssertEqual(server.requests.count, 0)
  }

  func testThresholdsRefuseToWriteAndLeaveTheOldFilesUntouched() throws {
    XCTAssertEqual(try run(["--ignore-robots"] + Self.lowBounds).status, 0)
    let before = try outputs()
    let r = try run(["--no-network"])
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(r.stderr.contains("threshold/bombjack-min-per-file"), r.stderr)
    XCTAssertTrue(r.stderr.contains("none of the five files was written"), r.stderr)
    XCTAssertEqual(try outputs(), before)
  }

  func testAStartPageWalksOnlyItsFolderAndReportsThresholdsWithoutEnforcingThem() throws {
    let r = try run(["--ignore-robots", "--start", "https://commodore.bombjack.org/commodore/magazines/ahoy/ahoy.htm"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("[partial]"), r.stdout)
    XCTAssertTrue(r.stderr.contains("threshold/bombjack-min-per-file"), "reported as a warning")
    XCTAssertEqual(try catalogue(.commodoreMagazines).issues.count, 61)
    XCTAssertFalse(server.requests.contains { $0.path == "/commodore/books.htm" })
  }

  func testOnlyWritesTheNamedShelvesFromTheSameWalk() throws {
    let r = try run(["--ignore-robots", "--only", "books,other"] + Self.lowBounds)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(Set(try outputs().keys), ["bombjack-books.json", "bombjack-other.json"])
    XCTAssertEqual(try run(["--only", "bookz"]).status, 64)
  }

  func testTheSummaryCountsWhatTheFiltersDropped() throws {
    let r = try run(["--ignore-robots"] + Self.lowBounds)
    XCTAssertEqual(r.status, 0, r.stderr)
    // Fixture grid: example.com, bombjack.org without TLS, https:///; listing: a mirror and ftp.
    XCTAssertTrue(
      r.stdout.contains("dropped 5 with no usable address, 0 repeats, 1 disk contents, 2 gone from the server"),
      r.stdout)
    XCTAssertTrue(r.stdout.contains("failed"), r.stdout)
  }

  func testAPageThatKeepsFailingIsRetriedThenSkippedAndListedWithoutStoppingTheWalk() throws {
    server.inject(.status(500, retryAfter: nil), matching: Self.host + "/other/epson-hx-20/", times: 10)
    // (Slow by design: after the 500s the fetcher slows the host down for the rest of the run.)
    let r = try run(["--ignore-robots"] + Self.lowBounds)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("https://commodore.bombjack.org/other/epson-hx-20/: "), r.stderr)
    XCTAssertTrue(r.stderr.contains("the page is skipped"), r.stderr)
    XCTAssertNil(try? catalogue(.other).issues.first { $0.title == "Epson HX-20 Technical Manual" })
    XCTAssertEqual(try catalogue(.commodoreMagazines).issues.filter { $0.zip.contains("/ahoy/") }.count, 61)
    // Nothing was cached for the failed page, so the next run asks for it again and now gets it.
    server.clearFaults()
    let again = try run(["--ignore-robots"] + Self.lowBounds)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertNotNil(try catalogue(.other).issues.first { $0.title == "Epson HX-20 Technical Manual" })
  }

  func testNoNetworkWithAnEmptyCacheNamesTheMissingPage() throws {
    let r = try run(["--no-network"] + Self.lowBounds)
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertTrue(r.stderr.contains("https://commodore.bombjack.org/"), r.stderr)
    XCTAssertEqual(server.requests.count, 0)
  }

  func testAPageCapStopsTheWalkAndSaysSo() throws {
    let r = try run(["--ignore-robots", "--max-pages", "3", "--no-probe"] + Self.lowBounds)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("the walk stopped at --max-pages 3"), r.stderr)
    XCTAssertEqual(server.requests.filter { $0.method == "GET" && $0.path != "/robots.txt" }.count, 3)
    XCTAssertEqual(server.requests.filter { $0.method == "HEAD" }.count, 0)
  }

  /// A page cut inside its table (issue 18): skipped and listed, never cached, so `--no-network`
  /// refuses rather than writes without it, and the next plain run reads the mended page.
  func testACutPageIsSkippedNeverCachedAndReadOnceWhole() throws {
    let page = dir.appendingPathComponent(
      "site/" + Self.host + "/commodore/magazines/commodore-horizons/commodore-horizons.htm")
    let whole = try Data(contentsOf: page)
    try Data(try TestPaths.fixtureBytes("BombJack/truncated.htm")).write(to: page)
    let first = try run(["--ignore-robots"] + Self.lowBounds)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(
      first.stderr.contains(
        "commodore-horizons.htm: cut short: no closing </table> in its 539 bytes (6 attempts), not kept in the cache; the page is skipped"
      ), first.stderr)
    XCTAssertFalse(try catalogue(.commodoreMagazines).issues.contains { $0.zip.contains("commodore-horizons") })
    let written = try outputs()

    let offline = try run(["--ignore-robots", "--no-network"] + Self.lowBounds)
    XCTAssertEqual(offline.status, 69, offline.stderr)
    XCTAssertTrue(offline.stderr.contains("commodore-horizons.htm"), offline.stderr)
    XCTAssertEqual(try outputs(), written, "nothing was written")

    try whole.write(to: page)
    let mended = try run(["--ignore-robots"] + Self.lowBounds)
    XCTAssertEqual(mended.status, 0, mended.stderr)
    XCTAssertEqual(
      try catalogue(.commodoreMagazines).issues.filter { $0.zip.contains("commodore-horizons") }.map(\.title),
      ["Issue 01 1984 Jan"])
  }
}
