import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// Runs the real `vintageapple-build` against a loopback copy of the site assembled here: the four
/// saved section pages, fixture pages for the other twelve sections, HEAD sizes taken from the
/// reference catalogues, and a few PDFs that answer 404 or 403.
final class VintageAppleBuildTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!
  var references: [VintageAppleGroup: IssueCatalogue] = [:]
  let overrides = Overrides()

  static let host = "vintageapple.org"
  static let saved = ["byte", "macworld", "softalk", "macbooks"]
  static let gone404 = "byte/pdf/198207_Byte_Magazine_Vol_07-07_Computers_in_the_Arts_&_Sciences.pdf"
  static let gone403 = "macbooks/pdf/Zen_&_the_Art_of_Macintosh_1986.pdf"

  final class Overrides: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String: MirrorResponse] = [:]
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
    var pages: [String: [UInt8]] = [:]
    for slug in Self.saved { pages[slug] = try TestPaths.corpus("vintageapple/\(slug).html") }
    for group in VintageAppleGroup.allCases {
      let url = try TestPaths.shared("reference-catalogs/\(group.catalogueFile)")
      references[group] = try JSONDecoder().decode(IssueCatalogue.self, from: Data(contentsOf: url))
    }
    let template = String(decoding: try TestPaths.fixtureBytes("VintageApple/section-template.html"), as: UTF8.self)
    for section in VintageAppleSection.all where pages[section.slug] == nil {
      pages[section.slug] = Array(template.replacingOccurrences(of: "{{SLUG}}", with: section.slug).utf8)
    }
    dir = try Tool.temporaryDirectory("vintageapple-e2e")
    let site = dir.appendingPathComponent("site/\(Self.host)")
    var sizes: [String: Int64] = [:]
    for c in references.values { for i in c.issues { sizes[i.zip] = i.bytes } }
    server = try SiteMirror(root: dir.appendingPathComponent("site"))
    for (slug, bytes) in pages {
      let folder = site.appendingPathComponent(slug)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(bytes).write(to: folder.appendingPathComponent("index.html"))
      for file in Self.pdfFiles(in: bytes) {
        let zip = "\(slug)/\(file)"
        if zip == Self.gone404 || zip == Self.gone403 { continue }
        server.setSize(Int(sizes[zip] ?? 2_000_000), for: "\(Self.host)/\(zip)")
      }
    }
    let overrides = self.overrides
    server.route { req in
      if req.path == "/" + VintageAppleBuildTests.gone403 { return MirrorResponse.text("forbidden\n", status: 403) }
      return overrides[req.path]
    }
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  static func pdfFiles(in page: [UInt8]) -> [String] {
    String(decoding: page, as: UTF8.self).components(separatedBy: "href=\"pdf/").dropFirst().compactMap { part in
      guard let end = part.firstIndex(of: "\"") else { return nil }
      return "pdf/" + part[..<end]
    }
  }

  func run(_ extra: [String], cache: String = "cache", out: String = "out") throws -> Tool.Result {
    try Tool.run(
      "vintageapple-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent(cache).path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-11-30", "--delay", "0", "--min-magazines", "500",
        "--min-books", "400",
      ] + extra)
  }

  func outputBytes(_ group: VintageAppleGroup, _ out: String = "out") -> Data? {
    FileManager.default.contents(atPath: dir.appendingPathComponent("\(out)/\(group.catalogueFile)").path)
  }

  func output(_ group: VintageAppleGroup, _ out: String = "out") throws -> IssueCatalogue {
    try JSONDecoder().decode(IssueCatalogue.self, from: try XCTUnwrap(outputBytes(group, out)))
  }

  var sectionRequests: [String] {
    server.requests.filter { $0.method == "GET" && $0.path != "/robots.txt" }.map(\.path)
  }

  // MARK: -

  func testBothShelvesMatchTheReferenceForTheSavedSectionsAndReplayWithoutNetwork() throws {
    let first = try run([])
    XCTAssertEqual(first.status, 0, first.stderr)
    let magazines = try output(.magazines)
    let books = try output(.books)
    XCTAssertEqual(magazines.base, "https://vintageapple.org/")
    XCTAssertEqual(magazines.series.map(\.key), ["byte", "develop", "macuser", "macworld", "pcworld", "softalk"])
    XCTAssertEqual(books.series.count, 10)
    XCTAssertTrue(Set(magazines.series.map(\.key)).isDisjoint(with: books.series.map(\.key)))
    // Issues follow the configuration: Byte first, Apple develop last.
    XCTAssertEqual(magazines.issues.first?.id, "byte/197509_Byte_Magazine_Vol_00-01_The_Worlds_Greatest_Toy")
    XCTAssertEqual(magazines.issues.last?.id, "develop/develop_Undated")

    for (group, c) in [(VintageAppleGroup.magazines, magazines), (.books, books)] {
      let reference = try XCTUnwrap(references[group])
      for slug in Self.saved where group.sections.contains(where: { $0.slug == slug }) {
        var expected = reference.issues.filter { $0.series == slug }
        for i in expected.indices where [Self.gone404, Self.gone403].contains(expected[i].zip) {
          expected[i].bytes = nil
          expected[i].dead = true
        }
        XCTAssertEqual(c.issues.filter { $0.series == slug }, expected, slug)
        XCTAssertEqual(c.series.first { $0.key == slug }, reference.series.first { $0.key == slug })
      }
    }
    XCTAssertEqual(
      (magazines.issues + books.issues).filter { $0.dead == true }.map(\.zip), [Self.gone404, Self.gone403])
    let develop = magazines.issues.filter { $0.series == "develop" }
    XCTAssertEqual(develop.map(\.title), ["develop 198501 First", "develop 198502 Second", "develop Undated"])
    XCTAssertEqual(develop.map(\.number), [1, 2, 3])
    XCTAssertTrue(
      first.stdout.contains("vintageapple-magazines: 602 files, 6 sections, 1 dead, 3 duplicate links skipped"),
      first.stdout)
    XCTAssertEqual(server.requests.filter { $0.method == "HEAD" }.count, magazines.issues.count + books.issues.count)

    let check = try Tool.run("catalog", ["check", dir.appendingPathComponent("out").path, "--expect", "present"])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    XCTAssertTrue(check.stdout.contains("2 pass, 0 fail"), check.stdout)
    let requests = server.requests.count
    let offline = try run(["--no-network"], out: "offline")
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertEqual(server.requests.count, requests, "a replay asks nothing")
    XCTAssertEqual(outputBytes(.magazines, "offline"), outputBytes(.magazines))
    XCTAssertEqual(outputBytes(.books, "offline"), outputBytes(.books))
  }

  func testGroupBooksWritesOnlyTheBookShelf() throws {
    let result = try run(["--group", "books"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertNil(outputBytes(.magazines))
    XCTAssertEqual(try output(.books).series.count, 10)
    XCTAssertEqual(Set(sectionRequests), Set(VintageAppleGroup.books.sections.map { "/\($0.slug)/" }))
  }

  func testOnlyBuildsTheNamedSectionsAsAPartialShelf() throws {
    let result = try run(["--only", "byte,softalk"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("[partial]"), result.stdout)
    let c = try output(.magazines)
    XCTAssertEqual(c.series.map(\.key), ["byte", "softalk"])
    XCTAssertEqual(c.issues.count, 287 + 48)
    XCTAssertNil(outputBytes(.books))
    XCTAssertEqual(sectionRequests, ["/byte/", "/softalk/"])
  }

  func testAnUnknownSectionOrGroupIsAUsageError() throws {
    let section = try run(["--only", "byte,lisainfo"])
    XCTAssertEqual(section.status, 64, section.stderr)
    XCTAssertTrue(section.stderr.contains("--only names 'lisainfo'"), section.stderr)
    let group = try run(["--group", "manuals"])
    XCTAssertEqual(group.status, 64, group.stderr)
    XCTAssertTrue(group.stderr.contains("--group takes magazines or books, not 'manuals'."), group.stderr)
  }

  func testASectionPageWithNoRowsRefusesToWriteItsShelf() throws {
    XCTAssertEqual(try run([]).status, 0)
    let before = try XCTUnwrap(outputBytes(.magazines))
    overrides["/develop/"] = MirrorResponse(
      status: 200, headers: ["Content-Type": "text/html"],
      body: try TestPaths.fixtureBytes("VintageApple/section-no-rows.html"))
    let result = try run([], cache: "cache2")
    XCTAssertEqual(result.status, 65, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "https://vintageapple.org/develop/: Apple develop: no rows — the page or the parse changed"),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("threshold/every-section"), result.stderr)
    XCTAssertEqual(outputBytes(.magazines), before, "the previous shelf is untouched")
  }

  func testATruncatedSectionPageStopsTheBuildAndIsNotReplayed() throws {
    XCTAssertEqual(try run([]).status, 0)
    let before = try XCTUnwrap(outputBytes(.magazines))
    let page = try TestPaths.corpus("vintageapple/softalk.html")
    overrides["/softalk/"] = MirrorResponse(
      status: 200, headers: ["Content-Type": "text/html"], body: Array(page.prefix(12_000)))
    let result = try run([], cache: "cache2")
    XCTAssertEqual(result.status, 65, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("https://vintageapple.org/softalk/: cut short: no closing </table> in its 12000 bytes"),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("not kept in the cache, the next run asks again"), result.stderr)
    XCTAssertEqual(outputBytes(.magazines), before)
    let replay = try run(["--no-network"], cache: "cache2")
    XCTAssertEqual(replay.status, 69, replay.stderr)
    XCTAssertTrue(replay.stderr.contains("https://vintageapple.org/softalk/"), replay.stderr)
  }

  func testTooFewFilesRefusesToWriteEitherShelf() throws {
    let result = try run(["--min-books", "5000"])
    XCTAssertEqual(result.status, 65, result.stderr)
    XCTAssertTrue(result.stderr.contains("only 436 files, expected at least 5000"), result.stderr)
    XCTAssertNil(outputBytes(.books))
    // A run writes all its files or none: the magazines passed but are not written alone.
    XCTAssertNil(outputBytes(.magazines), "the other shelf passed and is withheld")
    XCTAssertTrue(result.stderr.contains("none of the two files was written"), result.stderr)
  }

}
