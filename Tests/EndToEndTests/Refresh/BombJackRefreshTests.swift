import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// BombJack's refresh reads the site's "what's new" page first: the pages it points at are asked
/// again, the rest of the walk comes from the cache, and the catalogues equal a cold build's.
final class BombJackRefreshTests: XCTestCase {
  private static let zipSizes: @Sendable (MirrorRequest) -> MirrorResponse? = {
    GeneratedSizes.answer($0, for: [".zip"])
  }

  private func trial() throws -> RefreshTrial {
    try RefreshTrial(
      tool: "bombjack-build", arguments: ["--ignore-robots", "--min-share", "0", "--min-issues", "0"],
      files: Sources.catalogues.files(ofSource: "bombjack").map(\.file), sizes: Self.zipSizes)
  }

  func testARefreshWalksOnlyWhatTheChangelogPointsAtAndMatchesAColdBuild() throws {
    let t = try trial()
    try t.publish { try GeneratedBombJack(sections: 4, pagesPerSection: 6, cellsPerPage: 8).write(into: $0) }
    try t.assertRefreshMatchesColdBuild(newItems: GeneratedBombJack.newItems) {
      try t.publish {
        try GeneratedBombJack(sections: 4, pagesPerSection: 6, cellsPerPage: 8, changed: true).write(into: $0)
      }
    }
  }

  func testAnUnannouncedEditWaitsForMaxAgeOrAFullWalk() throws {
    let t = try trial()
    try t.publish { try GeneratedBombJack(sections: 2, pagesPerSection: 2, cellsPerPage: 6).write(into: $0) }
    try t.build(cache: "cache", out: "out")
    // A row retitled on a page the changelog does not mention.
    let page = t.site.appendingPathComponent("\(GeneratedBombJack.host)/s1/m1.htm")
    let html = try String(contentsOf: page, encoding: .utf8)
    try html.replacingOccurrences(of: "Issue 2<br>", with: "Issue 2 (silently renamed)<br>").write(
      to: page, atomically: true, encoding: .utf8)
    try t.build(cache: "cache", out: "out", ["--refresh"])
    let before = t.files.compactMap {
      try? String(contentsOf: t.dir.appendingPathComponent("out/" + $0), encoding: .utf8)
    }
    XCTAssertFalse(before.joined().contains("silently renamed"), "not announced: not seen by the default refresh")
    try t.build(cache: "cache", out: "out", ["--refresh=all"])
    let after = t.files.compactMap {
      try? String(contentsOf: t.dir.appendingPathComponent("out/" + $0), encoding: .utf8)
    }
    XCTAssertTrue(after.joined().contains("silently renamed"), "the full walk sees it")
  }
}
