import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// What the parse cache keeps of a RetroSpec index page: the cells and what was wrong with the
/// page, read back exactly, tied to the parser's version and the series table; a page refused or
/// cut short is never kept.
final class RetroSpecIndexParseTests: XCTestCase {
  static let fixtures = [
    "index-books-cp1250.html", "index-books-utf8.html", "index-grid.html", "index-half-cells.html",
    "index-no-issues.html", "index-truncated.html", "index-without-markers.html",
  ]

  func parsedFixtures() throws -> [(name: String, url: URL, parse: RetroSpecIndexParse)] {
    try Self.fixtures.map { name in
      let url = try XCTUnwrap(RetroSpecSite.indexURL(String(name.dropLast(5))))
      return (name, url, RetroSpecIndexParse.parse(try TestPaths.fixtureBytes("RetroSpec/" + name), url: url))
    }
  }

  /// The fixtures' kept parses, per parser version: a parser change that changes any fixture's
  /// cells changes the digest; bump `RetroSpecIndexParse.parserVersion` and record it here.
  static let outputByVersion: [Int: String] = [
    1: "d4302920e1bb60434740c07a199d04a82168d70b899bcaa56732086ff6b1b0b6"
  ]

  func testTheParserVersionNamesTheParsersOutputOnTheFixtures() throws {
    var all: [UInt8] = []
    // Without the series table's stamp: a new series changes the stamp, which refuses the old
    // entries by itself, and needs no version bump.
    for (_, url, parse) in try parsedFixtures() where parse.keepsParse {
      all += Array(url.absoluteString.utf8) + [0x0A] + parse.encodedParse().dropFirst(68) + [0x0A]
    }
    XCTAssertEqual(
      Self.outputByVersion[RetroSpecIndexParse.parserVersion], SHA256.hex(all),
      "the index parser's output on the fixtures changed: bump RetroSpecIndexParse.parserVersion and record this digest for it"
    )
  }

  func testEveryKeptPageReadsBackEqualAndARefusedOrCutPageIsNotKept() throws {
    var notKept: [String] = []
    var seen = (broken: false, unmarked: false, cp1250: false)
    for (name, url, parse) in try parsedFixtures() {
      let bytes = try TestPaths.fixtureBytes("RetroSpec/" + name)
      switch parse.page {
      case .success(let page):
        XCTAssertEqual(page, try RetroSpecIndexPage.parse(bytes, url: url), name)
        guard parse.keepsParse else {
          XCTAssertTrue(page.looksTruncated, name)
          notKept.append(name)
          continue
        }
        XCTAssertEqual(RetroSpecIndexParse.decodedParse(parse.encodedParse(), url: url), parse, name)
        if !page.brokenCells.isEmpty { seen.broken = true }
        if !page.hasContentMarkers { seen.unmarked = true }
        if page.encoding == .windows1250 { seen.cp1250 = true }
      case .failure(let error):
        XCTAssertFalse(parse.keepsParse, "\(name): \(error)")
        notKept.append(name)
      }
    }
    XCTAssertEqual(notKept, ["index-no-issues.html", "index-truncated.html"])
    XCTAssertTrue(seen.broken && seen.unmarked && seen.cp1250, "\(seen)")
  }

  func testAnEntryOfAnotherSeriesTableIsRefused() throws {
    let (_, url, parse) = try XCTUnwrap(try parsedFixtures().first { $0.parse.keepsParse })
    let bytes = parse.encodedParse()
    let stamp = Array(RetroSpecIndexParse.seriesStamp.utf8)
    XCTAssertEqual(Array(bytes[4..<68]), stamp, "the entry opens with the table's stamp")
    var other = bytes
    other.replaceSubrange(4..<68, with: Array(SHA256.hex("SK").utf8))
    XCTAssertNil(RetroSpecIndexParse.decodedParse(other, url: url))
  }

  func testAnEntryCutOrChangedIsRefused() throws {
    let (_, url, parse) = try XCTUnwrap(
      try parsedFixtures().first { if case .success(let p) = $0.parse.page { p.cells.count > 2 } else { false } })
    let bytes = parse.encodedParse()
    XCTAssertNotNil(RetroSpecIndexParse.decodedParse(bytes, url: url))
    XCTAssertNil(RetroSpecIndexParse.decodedParse(Array(bytes.dropLast()), url: url))
    XCTAssertNil(RetroSpecIndexParse.decodedParse(bytes + [0x73], url: url))
    var edited = bytes
    edited[0] = UInt8(ascii: "i")
    XCTAssertNil(RetroSpecIndexParse.decodedParse(edited, url: url))
  }
}
