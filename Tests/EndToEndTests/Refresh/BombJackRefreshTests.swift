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

  /// A refresh works out the lineage of each shelf whose rows' answers moved and takes the kept one
  /// for the others (their memo untouched); either way every shelf's lineage, yields and memo are
  /// byte for byte what a build that works every lineage out from the same cache leaves.
  func testARefreshWorksOutOnlyTheLineageOfShelvesWhoseAnswersMoved() throws {
    let t = try trial()
    try t.publish { try GeneratedBombJack(sections: 4, pagesPerSection: 6, cellsPerPage: 8).write(into: $0) }
    try t.build(cache: "cache", out: "out")
    try t.build(cache: "cache", out: "out", ["--no-network"])
    let folder = t.dir.appendingPathComponent("cache/lineage")
    func kept() throws -> [String: Data] {
      var out: [String: Data] = [:]
      for file in t.files {
        for name in [LineageNames.current(file), LineageNames.yields(file), LineageNames.memo(file)] {
          out[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
        }
      }
      return out
    }
    let before = try kept()
    XCTAssertFalse(before.isEmpty)
    try t.publish {
      try GeneratedBombJack(sections: 4, pagesPerSection: 6, cellsPerPage: 8, changed: true).write(into: $0)
    }
    try t.build(cache: "cache", out: "out", ["--refresh", "--allow-shrink"])
    let refreshed = try kept()
    let memos = t.files.map(LineageNames.memo).filter { before[$0] != nil }
    let moved = memos.filter { refreshed[$0] != before[$0] }
    XCTAssertFalse(moved.isEmpty, "the changed shelves' lineage was worked out")
    XCTAssertLessThan(moved.count, memos.count, "and a shelf the change did not touch took its kept one")
    for memo in memos where !moved.contains(memo) {
      let file = t.files.first { LineageNames.memo($0) == memo }!
      XCTAssertEqual(
        refreshed[LineageNames.current(file)], before[LineageNames.current(file)], "\(file): the kept lineage stands")
    }

    for memo in memos { try FileManager.default.removeItem(at: folder.appendingPathComponent(memo)) }
    try t.build(cache: "cache", out: "out", ["--no-network"])
    XCTAssertEqual(try kept(), refreshed, "every lineage worked out in full is the one the refresh left")
  }
}
