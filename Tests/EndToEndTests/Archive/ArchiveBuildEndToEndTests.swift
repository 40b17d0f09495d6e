import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// archive-build against the loopback mirror: the saved real answer for amiga-bilten-1 (copied into a
/// temporary site tree at test time) and our own fixture answers, shaped like archive.org's, for the
/// other three items, one of which names a storage node the way full answers do.
final class ArchiveBuildEndToEndTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("archive-e2e")
  }

  override func tearDownWithError() throws {
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func put(_ data: Data, at relative: String) throws {
    let u = dir.appendingPathComponent("site/" + relative)
    try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: u)
  }

  func fixture(_ name: String) throws -> Data { try Data(contentsOf: TestPaths.fixture("ArchiveOrg/items/" + name)) }

  func siteTree() throws {
    let apro1 = "a-profy-yugoslav-amiga-fanzine-1-july-1990"
    let apro2 = "a-profy-yugoslav-amiga-fanzine-2-august-1990"
    try put(Data(try TestPaths.corpus("archiveorg/amiga-bilten-1.json")), at: "archive.org/metadata/amiga-bilten-1")
    try put(
      Data(try TestPaths.corpus("archiveorg/synthetic/scandata-trimmed.xml")),
      at: "archive.org/download/amiga-bilten-1/Amiga Bilten 1_scandata.xml")
    for id in [apro1, apro2, "amiga-bilten-2"] { try put(try fixture(id + ".json"), at: "archive.org/metadata/" + id) }
    try put(
      try fixture("a-profy-1-scandata.xml"),
      at: "archive.org/download/\(apro1)/A-Profy Yugoslav Amiga Fanzine 1 July 1990_scandata.xml")
    try put(
      try fixture("a-profy-2-scandata.xml"),
      at: "ia800105.us.archive.org/5/items/\(apro2)/A-Profy Yugoslav Amiga Fanzine 2 August 1990_scandata.xml")
    try put(
      try fixture("amiga-bilten-2-scandata.xml"), at: "archive.org/download/amiga-bilten-2/Amiga Bilten 2_scandata.xml")
  }

  func build(_ server: SiteMirror, _ extra: [String], out: String) throws -> Tool.Result {
    try Tool.run(
      "archive-build",
      [
        "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
        dir.appendingPathComponent(out).path, "--date", "2026-08-17", "--delay", "0",
      ] + extra, in: dir)
  }

  func testTheFanzinesBuildAsShippedThenReplayOffline() throws {
    try siteTree()
    let server = try SiteMirror(root: dir.appendingPathComponent("site"))
    try server.start()
    defer { server.stop() }

    let first = try build(server, [], out: "out")
    XCTAssertEqual(first.status, 0, first.stderr)
    let bytes = try Data(contentsOf: dir.appendingPathComponent("out/archive-catalog.json"))
    XCTAssertTrue(
      server.requests.contains { $0.host == "ia800105.us.archive.org" }, "the named storage node served its scandata")
    let reference = try Data(contentsOf: TestPaths.shared("reference-catalogs/archive-catalog.json"))
    XCTAssertEqual(
      try JSONDecoder().decode(IssueCatalogue.self, from: bytes),
      try JSONDecoder().decode(IssueCatalogue.self, from: reference))
    XCTAssertEqual(bytes, reference, "same date, same content: the shipped bytes")

    let check = try Tool.run(
      "catalog", ["check", dir.appendingPathComponent("out").path, "--expect", "present"], in: dir)
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

    server.clearLog()
    let replay = try build(server, ["--no-network"], out: "replay")
    XCTAssertEqual(replay.status, 0, replay.stderr)
    XCTAssertEqual(server.requests, [])
    XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("replay/archive-catalog.json")), bytes)
  }

  func testAnItemArchiveOrgDoesNotHaveStopsTheBuildNamingIt() throws {
    try siteTree()
    try put(Data("{}".utf8), at: "archive.org/metadata/amiga-bilten-2")
    let server = try SiteMirror(root: dir.appendingPathComponent("site"))
    try server.start()
    defer { server.stop() }

    let r = try build(server, [], out: "out")
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(r.stderr.contains("amiga-bilten-2: no such item on archive.org"), r.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/archive-catalog.json").path))
  }

  func testAServerErrorIsRetriedAndANotFoundIsNot() throws {
    try siteTree()
    let server = try SiteMirror(root: dir.appendingPathComponent("site"))
    server.inject(.status(503), matching: "archive.org/metadata/amiga-bilten-1", times: 1)
    server.route { req in
      req.host == "archive.org" && req.path == "/metadata/amiga-bilten-2" ? MirrorResponse(status: 404) : nil
    }
    try server.start()
    defer { server.stop() }

    let r = try build(server, [], out: "out")
    XCTAssertEqual(r.status, 65, r.stderr)
    let asked = server.requests.filter { $0.host == "archive.org" && $0.path.hasPrefix("/metadata/") }
    XCTAssertEqual(asked.filter { $0.path == "/metadata/amiga-bilten-1" }.map(\.status), [503, 200], "503 retried")
    XCTAssertEqual(asked.filter { $0.path == "/metadata/amiga-bilten-2" }.map(\.status), [404], "404 asked once")
    XCTAssertTrue(r.stderr.contains("amiga-bilten-2: no such item on archive.org"), r.stderr)
  }
}
