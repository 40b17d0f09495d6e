import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// The default `--refresh` on generated Atarimania and Vintage Apple sites that changed between two
/// builds (issues added, one removed, a row retitled; for Atarimania a new title), big enough that the
/// listings a refresh always revalidates are under a tenth of a cold build: the refreshed
/// catalogues equal a cold build of the changed site, within 10% of its requests plus one per new item.
final class ListingRefreshTests: XCTestCase {
  private static let pdfSizes: @Sendable (MirrorRequest) -> MirrorResponse? = {
    GeneratedSizes.answer($0, for: [".pdf"])
  }

  func testAtarimaniaRefreshMatchesAColdBuildForATenthOfItsRequests() throws {
    let t = try RefreshTrial(
      tool: "atarimania-build", arguments: ["--min-issues", "0"],
      files: Sources.catalogues.files(ofSource: "atarimania").map(\.file), sizes: Self.pdfSizes)
    try t.publish { try GeneratedAtarimania(titles: 6, issuesPerTitle: 30).write(into: $0) }
    try t.assertRefreshMatchesColdBuild(newItems: GeneratedAtarimania.newItems) {
      try t.publish { try GeneratedAtarimania(titles: 6, issuesPerTitle: 30, changed: true).write(into: $0) }
    }
  }

  func testVintageAppleRefreshMatchesAColdBuildForATenthOfItsRequests() throws {
    let t = try RefreshTrial(
      tool: "vintageapple-build", arguments: ["--min-magazines", "1", "--min-books", "1"],
      files: Sources.catalogues.files(ofSource: "vintageapple").map(\.file), sizes: Self.pdfSizes)
    let slugs = VintageAppleSection.all.map(\.slug)
    try t.publish { try GeneratedVintageApple(slugs: slugs, rowsPerSection: 20).write(into: $0) }
    try t.assertRefreshMatchesColdBuild(newItems: GeneratedVintageApple.newItems) {
      try t.publish { try GeneratedVintageApple(slugs: slugs, rowsPerSection: 20, changed: true).write(into: $0) }
    }
  }
}
