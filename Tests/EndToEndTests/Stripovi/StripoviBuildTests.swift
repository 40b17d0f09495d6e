import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The real `stripovi-build` against a loopback site whose reader pages are the fixtures (and the
/// real corpus page, read in place); every other id answers with a page that is not a reader page.
final class StripoviBuildTests: XCTestCase {
  func startSite() throws -> SiteMirror {
    let page7 = try TestPaths.fixtureBytes("Stripovi/comic-7-page-1-run-heading.html")
    var pages: [String: [UInt8]] = [
      "2/1": try TestPaths.fixtureBytes("Stripovi/comic-2-page-1.html"),
      "2/10": try TestPaths.fixtureBytes("Stripovi/comic-2-page-10.html"),
      "6/1": try TestPaths.fixtureBytes("Stripovi/comic-6-page-1.html"),
      "6/10": try TestPaths.corpus("stripovi/comic-6-page-10.html"),
      "7/1": page7,
      "7/10": Array(String(decoding: page7, as: UTF8.self).replacingOccurrences(of: "mm0201", with: "mm0210").utf8),
      "12/1": try TestPaths.fixtureBytes("Stripovi/comic-12-page-1.html"),
      "12/10": try TestPaths.fixtureBytes("Stripovi/comic-12-page-10.html"),
      "12/126": try TestPaths.fixtureBytes("Stripovi/comic-12-page-126.html"),
    ]
    pages["front"] = try TestPaths.fixtureBytes("Stripovi/not-a-reader-page.html")
    let served = pages
    let server = try SiteMirror()
    server.route { req in
      guard req.host == StripoviReaderPage.host, req.path == "/index.asp", let q = req.query else { return nil }
      var id = ""
      var n = ""
      for pair in q.split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
        if kv.count == 2, kv[0] == "ComicID" { id = kv[1] }
        if kv.count == 2, kv[0] == "PageCount" { n = kv[1] }
      }
      return MirrorResponse(
        status: 200, headers: ["Content-Type": "text/html"], body: served["\(id)/\(n)"] ?? served["front"] ?? [])
    }
    try server.start()
    return server
  }

  func arguments(_ server: SiteMirror, _ dir: URL, _ extra: [String]) -> [String] {
    [
      "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
      dir.appendingPathComponent("out").path, "--date", "2026-11-30", "--delay", "0", "--max-missing", "5", "--quiet",
    ] + extra
  }

  func testComicsAreWalkedFittedAndCarriedAndARerunWithoutNetworkIsByteIdentical() throws {
    let server = try startSite()
    let dir = try Tool.temporaryDirectory("stripovi-e2e")
    defer { try? FileManager.default.removeItem(at: dir) }
    let previous = TestPaths.fixture("Stripovi/previous-catalog.json").path
    let first = try Tool.run("stripovi-build", arguments(server, dir, ["--previous", previous]))
    XCTAssertEqual(first.status, 0, first.stderr)
    let file = dir.appendingPathComponent("out/stripovi-catalog.json")
    let c = try JSONDecoder().decode(StripoviCatalogue.self, from: Data(contentsOf: file))
    XCTAssertEqual(c.comics.map(\.id), [2, 6, 7, 12])
    let byID = Dictionary(uniqueKeysWithValues: c.comics.map { ($0.id, $0) })
    XCTAssertEqual(byID[12]?.width, 3)
    XCTAssertEqual(byID[12]?.prefix, "Strumfovi1")
    XCTAssertEqual(byID[2]?.dir, "webcomics/lumen&kremen")
    XCTAssertEqual(byID[7]?.series, "Martina Mjesec", "from the heading")
    XCTAssertEqual(byID[7]?.title, "Poljubac dug 10.000 godina")

    // Walked ids 1…17: the last comic is 12, then five ids in a row are not comics.
    let readerPages = server.requests.filter { $0.path == "/index.asp" }
    XCTAssertEqual(readerPages.filter { $0.query?.hasSuffix("PageCount=1") == true }.count, 17)
    XCTAssertEqual(readerPages.count, 17 + 5, "plus page 10 of comics 2, 6, 7 and 12, and page 126 of 12")
    XCTAssertTrue(readerPages.allSatisfy { $0.query?.contains("PageNum") == false })

    // Comic 6 as the reference catalogue has it.
    let reference = try JSONDecoder().decode(
      StripoviCatalogue.self, from: Data(contentsOf: TestPaths.shared("reference-catalogs/stripovi-catalog.json")))
    XCTAssertEqual(byID[6], reference.comics.first { $0.id == 6 })

    let before = try Data(contentsOf: file)
    server.clearLog()
    let second = try Tool.run("stripovi-build", arguments(server, dir, ["--previous", previous, "--no-network"]))
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertEqual(server.requests.count, 0)
    XCTAssertEqual(try Data(contentsOf: file), before)
  }

  func testWithoutAPreviousCatalogueComicsLackingShelfFieldsFailValidation() throws {
    let server = try startSite()
    let dir = try Tool.temporaryDirectory("stripovi-e2e")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try Tool.run("stripovi-build", arguments(server, dir, []))
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(r.stderr.contains("stripovi/shelf-fields"), r.stderr)
    XCTAssertTrue(r.stderr.contains(": 2, 6, 7, 12"), r.stderr)
  }

  func testDropIncompleteLeavesOutOnlyTheComicsWithoutShelfFields() throws {
    let server = try startSite()
    let dir = try Tool.temporaryDirectory("stripovi-e2e")
    defer { try? FileManager.default.removeItem(at: dir) }
    // A previous catalogue that lacks comic 12.
    let full = try JSONDecoder().decode(
      StripoviCatalogue.self, from: Data(contentsOf: TestPaths.fixture("Stripovi/previous-catalog.json")))
    var partial = full
    partial.comics.removeAll { $0.id == 12 }
    let previous = dir.appendingPathComponent("previous.json")
    try Data(try CatalogueEncoder.encode(partial)).write(to: previous)
    let r = try Tool.run("stripovi-build", arguments(server, dir, ["--previous", previous.path, "--drop-incomplete"]))
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("comic 12 \"Štrumfovi\" has no cover, creators or date"), r.stderr)
    let c = try JSONDecoder().decode(
      StripoviCatalogue.self, from: Data(contentsOf: dir.appendingPathComponent("out/stripovi-catalog.json")))
    XCTAssertEqual(c.comics.map(\.id), [2, 6, 7])
  }

  func testOnlyReadsTheNamedComicsIntoAPartialCatalogue() throws {
    let server = try startSite()
    let dir = try Tool.temporaryDirectory("stripovi-only")
    defer { try? FileManager.default.removeItem(at: dir) }
    let previous = TestPaths.fixture("Stripovi/previous-catalog.json").path
    let r = try Tool.run("stripovi-build", arguments(server, dir, ["--previous", previous, "--only", "6,12,40"]))
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("[partial]"), r.stdout)
    XCTAssertTrue(r.stderr.contains("comic 40 does not exist"), r.stderr)
    let c = try JSONDecoder().decode(
      StripoviCatalogue.self, from: Data(contentsOf: dir.appendingPathComponent("out/stripovi-catalog.json")))
    XCTAssertEqual(c.comics.map(\.id), [6, 12])
    let bad = try Tool.run("stripovi-build", arguments(server, dir, ["--only", "six"]))
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderr.contains("--only takes comic ids"), bad.stderr)
  }
}
