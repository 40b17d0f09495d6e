import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Runs the real `atarimania-build` against a loopback copy of the site assembled here: the saved
/// index and three saved title pages, fixture pages for the other titles, HEAD sizes taken from the
/// reference catalogue, a few PDFs that answer 404 or 403, and a CDN that challenges any client
/// whose User-Agent is not a browser's.
final class AtarimaniaBuildTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!
  var reference: IssueCatalogue!
  /// Pages served in place of the site's, by path (for the bad-input tests).
  let overrides = Overrides()

  static let host = "www.atarimania.com"
  /// Files that are gone: two answer 404, one 403.
  static let gone404 = ["mags/pdf/analog_no_50.pdf", "mags/pdf/Foo_02.pdf"]
  static let gone403 = "mags/pdf/Antic_Vol_3_No_1.pdf"

  final class Overrides: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: MirrorResponse] = [:]
    private var challengeHEAD = false
    /// The CDN challenges every HEAD (status 403 with its marker header).
    var headChallenge: Bool {
      get {
        lock.lock()
        defer { lock.unlock() }
        return challengeHEAD
      }
      set {
        lock.lock()
        challengeHEAD = newValue
        lock.unlock()
      }
    }
    subscript(path: String) -> MirrorResponse? {
      get {
        lock.lock()
        defer { lock.unlock() }
        return pages[path]
      }
      set {
        lock.lock()
        pages[path] = newValue
        lock.unlock()
      }
    }
  }

  override func setUpWithError() throws {
    let index = try TestPaths.corpus("atarimania/index.html")
    let referenceURL = try TestPaths.shared("reference-catalogs/atarimania-catalog.json")
    reference = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: referenceURL))
    dir = try Tool.temporaryDirectory("atarimania-e2e")
    let site = dir.appendingPathComponent("site/\(Self.host)")
    let magazines = site.appendingPathComponent("magazines")
    try FileManager.default.createDirectory(at: magazines, withIntermediateDirectories: true)
    // `/magazines` is a folder here (its titles live below it), so the index is its index.html.
    try Data(index).write(to: magazines.appendingPathComponent("index.html"))

    var pages: [String: [UInt8]] = [
      "18": try TestPaths.corpus("atarimania/analog.html"),
      "20": try TestPaths.corpus("atarimania/antic.html"),
      "12": try TestPaths.corpus("atarimania/page6.html"),
      "118": try TestPaths.fixtureBytes("Atarimania/title-mixed-dates.html"),
      "9": try TestPaths.fixtureBytes("Atarimania/title-no-issues.html"),
      "34": try TestPaths.fixtureBytes("Atarimania/title-no-issues.html"),
      "147": try TestPaths.fixtureBytes("Atarimania/title-no-heading.html"),
    ]
    let template = String(decoding: try TestPaths.fixtureBytes("Atarimania/title-template.html"), as: UTF8.self)
    for id in Self.titleIDs(in: index) where pages[id] == nil {
      pages[id] = Array(
        template.replacingOccurrences(of: "{{ID}}", with: id).replacingOccurrences(of: "{{NAME}}", with: "Title \(id)")
          .utf8)
    }
    for (id, bytes) in pages { try Data(bytes).write(to: magazines.appendingPathComponent(id)) }

    server = try SiteMirror(root: dir.appendingPathComponent("site"))
    let sizes = Dictionary(reference.issues.map { ($0.zip, $0.bytes ?? 1) }, uniquingKeysWith: { a, _ in a })
    for bytes in pages.values {
      for path in Self.pdfPaths(in: bytes) where !Self.gone404.contains(path) && path != Self.gone403 {
        server.setSize(Int(sizes[path] ?? 1_000_000), for: "\(Self.host)/\(path)")
      }
    }
    let overrides = self.overrides
    server.route { req in
      // The CDN: anything that is not a browser gets the challenge, as the real one does.
      if !(req.headers["user-agent"] ?? "").hasPrefix("Mozilla/5.0") {
        return MirrorResponse(
          status: 403, headers: ["Content-Type": "text/html", "cf-mitigated": "challenge"],
          body: Array(
            "<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>".utf8))
      }
      if req.method == "HEAD", overrides.headChallenge {
        return MirrorResponse(status: 403, headers: ["cf-mitigated": "challenge"])
      }
      if req.path == "/" + AtarimaniaBuildTests.gone403 {
        return MirrorResponse.text("forbidden\n", status: 403, type: "text/plain")
      }
      return overrides[req.path]
    }
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  static func titleIDs(in index: [UInt8]) -> [String] {
    let text = String(decoding: index, as: UTF8.self)
    var ids: [String] = []
    for part in text.components(separatedBy: "href=\"/magazines/").dropFirst() {
      let id = String(part.prefix { $0.isNumber })
      if !id.isEmpty, part.dropFirst(id.count).hasPrefix("\""), !ids.contains(id) { ids.append(id) }
    }
    return ids
  }

  static func pdfPaths(in page: [UInt8]) -> [String] {
    let text = String(decoding: page, as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&")
    return text.components(separatedBy: "mags/pdf/").dropFirst().compactMap { part in
      guard let end = part.range(of: ".pdf\"") else { return nil }
      return "mags/pdf/" + part[..<end.lowerBound] + ".pdf"
    }
  }

  func run(_ extra: [String], cache: String = "cache", out: String = "out") throws -> Tool.Result {
    try Tool.run(
      "atarimania-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent(cache).path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-11-30", "--delay", "0", "--min-issues", "400",
      ] + extra)
  }

  func output(_ out: String = "out") throws -> IssueCatalogue {
    let data = try Data(contentsOf: dir.appendingPathComponent("\(out)/atarimania-catalog.json"))
    return try JSONDecoder().decode(IssueCatalogue.self, from: data)
  }

  func outputBytes(_ out: String = "out") -> Data? {
    FileManager.default.contents(atPath: dir.appendingPathComponent("\(out)/atarimania-catalog.json").path)
  }

  // MARK: -

  func testAFullBuildMatchesTheReferenceForTheSavedTitlesAndReplaysWithoutNetwork() throws {
    let first = try run([])
    XCTAssertEqual(first.status, 0, first.stderr)
    let c = try output()
    XCTAssertEqual(c.base, "https://www.atarimania.com/")
    XCTAssertEqual(c.generated, "2026-11-30")
    // 85 titles: two "Atari News" pages list nothing and one page has no heading.
    XCTAssertEqual(c.series.count, 82)
    XCTAssertFalse(c.series.contains { $0.code == "9" || $0.code == "34" || $0.code == "147" })
    XCTAssertTrue(first.stderr.contains("https://www.atarimania.com/magazines/147: no title on the page"), first.stderr)
    XCTAssertTrue(first.stdout.contains("titles with issues: 82, empty: 2, without a title: 1"), first.stdout)
    XCTAssertTrue(
      first.stderr.contains(
        "warning: https://www.atarimania.com/magazines/118: item 8 links its PDF on another host (https://files.example.net/mags/pdf/Foo_mirror.pdf); left out"
      ), first.stderr)

    // The saved titles come out as the reference shipped them, but for the files that are gone now.
    for key in ["analog-18", "antic-20", "page-6-12"] {
      var expected = reference.issues.filter { $0.series == key }
      for i in expected.indices where Self.gone404.contains(expected[i].zip) || expected[i].zip == Self.gone403 {
        expected[i].bytes = nil
        expected[i].dead = true
      }
      XCTAssertEqual(c.issues.filter { $0.series == key }, expected, key)
      XCTAssertEqual(c.series.first { $0.key == key }, reference.series.first { $0.key == key })
    }
    XCTAssertEqual(c.issues.filter { $0.dead == true }.map(\.id), ["Foo_02", "analog_no_50", "Antic_Vol_3_No_1"])
    XCTAssertEqual(
      c.issues.filter { $0.series == "foo-bar-118" }.map(\.id),
      ["Foo_01", "Foo_02", "Foo_07", "Foo_special", "Foo_Bar_&_More"])
    XCTAssertEqual(
      c.issues.filter { $0.series == "title-62-62" }.map(\.id), ["title-62-1", "title-62-2", "title-62-special"])
    // Issues follow the index: 8:16 (118) first, Zong (38) last.
    XCTAssertEqual(c.issues.first?.series, "foo-bar-118")
    XCTAssertEqual(c.issues.last?.series, "title-38-38")
    XCTAssertTrue(server.requests.allSatisfy { $0.headers["user-agent"] == AtarimaniaSite.browserUserAgent })
    XCTAssertEqual(server.requests.filter { $0.method == "HEAD" }.count, c.issues.count)
    let check = try Tool.run("catalog", ["check", dir.appendingPathComponent("out").path, "--expect", "present"])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("1 pass, 0 fail"), check.stdout)
    let requests = server.requests.count
    let bytes = try XCTUnwrap(outputBytes())

    // From the cache alone: no request, the same bytes.
    let offline = try run(["--no-network"], out: "offline")
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertEqual(server.requests.count, requests)
    XCTAssertEqual(outputBytes("offline"), bytes)

    // A warm rebuild on another day leaves the file as it was.
    let again = try Tool.run(
      "atarimania-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent("out").path, "--date", "2026-12-01", "--min-issues", "400",
      ])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("unchanged"), again.stdout)
    XCTAssertEqual(server.requests.count, requests)
    XCTAssertEqual(outputBytes(), bytes)
  }

  func testOnlyBuildsTheNamedTitlesInIndexOrder() throws {
    let result = try run(["--only", "20,18"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("[partial]"), result.stdout)
    let c = try output()
    XCTAssertEqual(c.series.map(\.key), ["analog-18", "antic-20"])
    XCTAssertEqual(c.issues.count, 79 + 88)
    XCTAssertEqual(c.issues.first?.id, "analog_no_03")
    XCTAssertEqual(c.issues.last?.id, "Antic_Vol_9_No_2")
    let pages = server.requests.filter { $0.method == "GET" && $0.path.hasPrefix("/magazines") }.map(\.path)
    XCTAssertEqual(pages.sorted(), ["/magazines", "/magazines/18", "/magazines/20"])
  }

  func testNoProbeSendsNoHeadButUsesTheSizesAlreadyRecorded() throws {
    XCTAssertEqual(try run(["--only", "20"]).status, 0)
    let heads = server.requests.filter { $0.method == "HEAD" }.count
    XCTAssertEqual(heads, 88)
    let result = try run(["--only", "20", "--no-probe"], out: "out2")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("--no-probe: 88 of 88 sizes already recorded"), result.stderr)
    XCTAssertEqual(server.requests.filter { $0.method == "HEAD" }.count, heads)
    XCTAssertEqual(outputBytes("out2"), outputBytes())
  }

  func testABadThresholdIsAUsageErrorBeforeAnyRequest() throws {
    let result = try run(["--max-dead", "few"])
    XCTAssertEqual(result.status, 64, result.stderr)
    XCTAssertTrue(result.stderr.contains("--max-dead takes a number from 0 to 100, not 'few'."), result.stderr)
    XCTAssertEqual(server.requests.count, 0)
  }

  func testAnUnknownTitleInOnlyIsAUsageError() throws {
    let result = try run(["--only", "20,99999"])
    XCTAssertEqual(result.status, 64, result.stderr)
    XCTAssertTrue(result.stderr.contains("'99999'"), result.stderr)
  }

  func testANonBrowserUserAgentMeetsTheChallengeAndTheBuildRefuses() throws {
    let result = try run(["--user-agent", "curl/8.5"])
    XCTAssertEqual(result.status, 69, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("https://www.atarimania.com/magazines: the CDN answered with a bot challenge"),
      result.stderr)
    XCTAssertNil(outputBytes())
    // The challenge was not kept as the index: a replay has nothing to replay.
    let replay = try run(["--no-network"])
    XCTAssertEqual(replay.status, 69, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("https://www.atarimania.com/magazines"), replay.stderr)
  }

  func testAChallengeServedAsATitlePageIsARefusalAndIsNotCached() throws {
    XCTAssertEqual(try run([]).status, 0)
    let before = try XCTUnwrap(outputBytes())
    overrides["/magazines/20"] = MirrorResponse(
      status: 200, headers: ["Content-Type": "text/html"],
      body: try TestPaths.fixtureBytes("Atarimania/challenge-just-a-moment.html"))
    let result = try run([], cache: "cache2")
    XCTAssertEqual(result.status, 69, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("https://www.atarimania.com/magazines/20: the CDN answered with a bot challenge"),
      result.stderr)
    XCTAssertEqual(outputBytes(), before, "the previous catalogue is untouched")
    let replay = try run(["--no-network"], cache: "cache2")
    XCTAssertEqual(replay.status, 69, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("https://www.atarimania.com/magazines/20"), replay.stderr)
    XCTAssertFalse(replay.stderr.contains("magazines/18\n"), "pages that were fine stay cached")
  }

  func testATruncatedTitlePageRefusesToWriteAndKeepsTheOldFile() throws {
    XCTAssertEqual(try run([]).status, 0)
    let before = try XCTUnwrap(outputBytes())
    let page = try TestPaths.corpus("atarimania/page6.html")
    overrides["/magazines/12"] = MirrorResponse(
      status: 200, headers: ["Content-Type": "text/html"], body: Array(page.prefix(60_000)))
    let result = try run([], cache: "cache2")
    XCTAssertEqual(result.status, 65, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "https://www.atarimania.com/magazines/12: cut short: no closing </html> in its 60000 bytes"),
      result.stderr)
    XCTAssertEqual(outputBytes(), before)
  }

  func testChallengedSizeProbesAreARefusalAndAreNotKept() throws {
    overrides.headChallenge = true
    let result = try run(["--only", "20"])
    XCTAssertEqual(result.status, 69, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "the CDN answered with a bot challenge (header cf-mitigated: challenge, on 88 size probes)"), result.stderr)
    XCTAssertNil(outputBytes())
    let replay = try run(["--only", "20", "--no-network"])
    XCTAssertEqual(replay.status, 69, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("88 URLs are not cached"), replay.stderr)
    XCTAssertTrue(replay.stderr.contains("https://www.atarimania.com/mags/pdf/Antic_Vol_1_No_1.pdf"), replay.stderr)
  }

  func testATitlePageThatIsGoneIsSkippedWithAWarning() throws {
    overrides["/magazines/62"] = MirrorResponse.text("not found\n", status: 404, type: "text/plain")
    let result = try run([])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "warning: https://www.atarimania.com/magazines/62: the title page answered 404; title 62 skipped"),
      result.stderr)
    XCTAssertFalse(try output().series.contains { $0.code == "62" })
  }

  func testTooFewIssuesOrTooManyDeadFilesRefuseToWrite() throws {
    let few = try run(["--min-issues", "5000"])
    XCTAssertEqual(few.status, 65, few.stderr)
    XCTAssertTrue(few.stderr.contains("threshold/minimum-issues"), few.stderr)
    XCTAssertNil(outputBytes())
    let dead = try run(["--max-dead", "0"])
    XCTAssertEqual(dead.status, 65, dead.stderr)
    XCTAssertTrue(dead.stderr.contains("atarimania/dead-share: 3 of"), dead.stderr)
    XCTAssertNil(outputBytes())
  }

}
