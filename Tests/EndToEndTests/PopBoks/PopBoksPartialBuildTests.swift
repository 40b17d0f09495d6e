import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// `popboks-build` without `--min-issues`: the other end-to-end tests pass `--min-issues 1` on every
/// run, which hid that the count floor was not a `threshold/…` rule and refused every `--only` build.
final class PopBoksPartialBuildTests: XCTestCase {
  private func arguments(_ server: SiteMirror, _ dir: URL, _ extra: [String]) -> [String] {
    [
      "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache").path, "--out",
      dir.appendingPathComponent("out").path, "--date", "2026-11-30", "--delay", "0", "--jobs", "5",
    ] + extra
  }

  func testOnlyOneRitamIssueIsWrittenWithTheFloorReportedNotEnforced() throws {
    let archive = try SimulatedTileArchive.start()
    let dir = try Tool.temporaryDirectory("popboks-partial")
    defer { try? FileManager.default.removeItem(at: dir) }
    // The command of issue 12 §3, word for word.
    let id = 155
    XCTAssertEqual(archive.indexes[.ritam]?.entries.contains { $0.id == id }, true)
    let r = try Tool.run("popboks-build", arguments(archive.server, dir, ["--magazine", "ritam", "--only", "155"]))
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertFalse(r.stderr.contains("popboks/minimum-issues"), r.stderr)
    XCTAssertTrue(r.stderr.contains("WARN threshold/minimum-issues: only 1 issue, expected at least 25"), r.stderr)
    let data = try Data(contentsOf: dir.appendingPathComponent("out/popboks-ritam.json"))
    let c = try CatalogueFile.decode(PopBoksCatalogue.self, from: [UInt8](data), file: "popboks-ritam.json")
    XCTAssertEqual(c.issues.map(\.id), [id])
  }

  func testAFullBuildBelowTheFloorIsStillRefused() throws {
    let archive = try SimulatedTileArchive.start()
    let dir = try Tool.temporaryDirectory("popboks-floor")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try Tool.run("popboks-build", arguments(archive.server, dir, ["--magazine", "ritam"]))
    XCTAssertEqual(r.status, 65, r.stderr)
    XCTAssertTrue(r.stderr.contains("ERROR threshold/minimum-issues"), r.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/popboks-ritam.json").path))
  }
}
