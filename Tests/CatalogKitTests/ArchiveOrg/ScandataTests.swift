import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ScandataTests: XCTestCase {
  func testLeafCountWinsWhenPositive() throws {
    XCTAssertEqual(Scandata.pageCount(try TestPaths.fixtureBytes("ArchiveOrg/scandata-leafcount-spaced.xml")), 24)
  }

  func testAZeroLeafCountFallsBackToCountingPageElements() throws {
    XCTAssertEqual(Scandata.pageCount(try TestPaths.fixtureBytes("ArchiveOrg/scandata-page-elements.xml")), 3)
  }

  func testAScandataWithoutPagesStatesNoCount() throws {
    XCTAssertNil(Scandata.pageCount(try TestPaths.fixtureBytes("ArchiveOrg/scandata-without-pages.xml")))
    XCTAssertNil(Scandata.pageCount([]))
  }

  func testTheRealTrimmedScandataStatesEighteenLeaves() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(Scandata.pageCount(try TestPaths.corpus("archiveorg/synthetic/scandata-trimmed.xml")), 18)
  }
}
