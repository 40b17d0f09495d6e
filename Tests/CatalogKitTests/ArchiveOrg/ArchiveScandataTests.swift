import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

final class ArchiveScandataTests: XCTestCase {
  let url = URL(string: "https://archive.org/download/demo/demo_scandata.xml")!

  func testLeafCountWinsWhenPositive() throws {
    XCTAssertEqual(
      try ArchiveScandata.pageCount(TestPaths.fixtureBytes("ArchiveOrg/scandata-leafcount-spaced.xml"), url: url), 24)
  }

  func testAZeroLeafCountFallsBackToCountingPageElements() throws {
    XCTAssertEqual(
      try ArchiveScandata.pageCount(TestPaths.fixtureBytes("ArchiveOrg/scandata-page-elements.xml"), url: url), 3)
  }

  func testAScandataWithoutPagesStatesNoCount() throws {
    XCTAssertNil(
      try ArchiveScandata.pageCount(TestPaths.fixtureBytes("ArchiveOrg/scandata-without-pages.xml"), url: url))
    XCTAssertNil(try ArchiveScandata.pageCount(Array("<?xml version=\"1.0\"?>\n<book/>\n".utf8), url: url))
  }

  func testAWholeScandataCountsAllItsPages() throws {
    XCTAssertEqual(
      try ArchiveScandata.pageCount(TestPaths.fixtureBytes("ArchiveOrg/scandata-nineteen-pages.xml"), url: url), 19)
  }

  func testAScandataCutShortAnywhereIsAnErrorNotFewerPages() throws {
    let whole = try TestPaths.fixtureBytes("ArchiveOrg/scandata-nineteen-pages.xml")
    // The file ends "</book>\n": every cut before its `>` loses the closing tag.
    for cut in Array(stride(from: 0, to: whole.count - 2, by: 7)) + [whole.count - 2] {
      XCTAssertThrowsError(try ArchiveScandata.pageCount(Array(whole.prefix(cut)), url: url), "cut at \(cut)") {
        error in
        guard case .scandataCutShort(let u, let bytes, _)? = error as? ArchiveError else {
          return XCTFail("cut at \(cut): \(error)")
        }
        XCTAssertEqual(u, self.url)
        XCTAssertEqual(bytes, cut)
      }
    }
  }

  func testACutShortMessageNamesTheURLTheSizeAndTheMissingTag() {
    XCTAssertThrowsError(try ArchiveScandata.pageCount(Array("<book><pageData><page leafNum=\"0\">".utf8), url: url)) {
      XCTAssertEqual(
        "\($0)",
        "https://archive.org/download/demo/demo_scandata.xml: the scandata is cut short: no closing </book> in 34 bytes"
      )
    }
    XCTAssertThrowsError(try ArchiveScandata.pageCount([], url: url)) {
      XCTAssertEqual(
        "\($0)",
        "https://archive.org/download/demo/demo_scandata.xml: the scandata is cut short: no XML document in 0 bytes")
    }
  }

  func testTheRealTrimmedScandataStatesEighteenLeaves() throws {
    try TestPaths.requireCorpus()
    XCTAssertEqual(
      try ArchiveScandata.pageCount(TestPaths.corpus("archiveorg/synthetic/scandata-trimmed.xml"), url: url), 18)
  }

  /// Issue 11, item 6: cut at 941 bytes, the real file was read as 8 pages instead of 19.
  func testTheRealAmigaBiltenScandataCutAt941BytesIsAnError() throws {
    // Skips, naming the file, where the corpus lacks it.
    let whole = try TestPaths.corpus("archiveorg/Amiga Bilten 1_scandata.xml")
    XCTAssertEqual(try ArchiveScandata.pageCount(whole, url: url), 19)
    XCTAssertThrowsError(try ArchiveScandata.pageCount(Array(whole.prefix(941)), url: url))
  }
}
