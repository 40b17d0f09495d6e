import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// What the parse cache keeps of Atarimania's title pages and index: what the parsers read, back
/// exactly, tied to each parser's version; a page either parser refuses (a challenge, a page cut
/// short) is never kept.
final class AtarimaniaTitleParseTests: XCTestCase {
  static let titleFixtures = [
    "challenge-just-a-moment.html", "challenge-security-checkpoint.html", "title-mixed-dates.html",
    "title-no-heading.html", "title-no-issues.html", "title-template.html", "title-truncated.html",
  ]
  static let indexFixtures = [
    "challenge-just-a-moment.html", "challenge-security-checkpoint.html", "index-three-titles.html",
    "title-truncated.html",
  ]

  func titles() throws -> [(name: String, url: URL, parse: AtarimaniaTitleParse)] {
    try Self.titleFixtures.enumerated().map { n, name in
      let url = try XCTUnwrap(AtarimaniaSite.titleURL(String(100 + n)))
      return (name, url, AtarimaniaTitleParse.parse(try TestPaths.fixtureBytes("Atarimania/" + name), url: url))
    }
  }

  func indexes() throws -> [(name: String, url: URL, parse: AtarimaniaIndexParse)] {
    try Self.indexFixtures.map { name in
      let url = try XCTUnwrap(AtarimaniaSite.indexURL)
      return (name, url, AtarimaniaIndexParse.parse(try TestPaths.fixtureBytes("Atarimania/" + name), url: url))
    }
  }

  /// The fixtures' kept parses, per parser version: a parser change that changes what any fixture
  /// becomes changes the digest; bump that parser's `parserVersion` and record it here.
  static let titleOutputByVersion: [Int: String] = [
    1: "43692e31a82f569ac8dc7718af9e4c86e122ee1b6031cc8b8561f618edca9183"
  ]
  static let indexOutputByVersion: [Int: String] = [
    1: "46e5015c9abfc83d8d432a41f1e6c013274607fe6423d11956c71cffbc77610b"
  ]

  func testEachParserVersionNamesTheParsersOutputOnTheFixtures() throws {
    var all: [UInt8] = []
    for (_, url, parse) in try titles() where parse.keepsParse {
      all += Array(url.absoluteString.utf8) + [0x0A] + parse.encodedParse() + [0x0A]
    }
    XCTAssertEqual(
      Self.titleOutputByVersion[AtarimaniaTitleParse.parserVersion], SHA256.hex(all),
      "the title parser's output on the fixtures changed: bump AtarimaniaTitleParse.parserVersion and record this digest for it"
    )
    all = []
    for (_, url, parse) in try indexes() where parse.keepsParse {
      all += Array(url.absoluteString.utf8) + [0x0A] + parse.encodedParse() + [0x0A]
    }
    XCTAssertEqual(
      Self.indexOutputByVersion[AtarimaniaIndexParse.parserVersion], SHA256.hex(all),
      "the index parser's output on the fixtures changed: bump AtarimaniaIndexParse.parserVersion and record this digest for it"
    )
  }

  func testEveryKeptTitlePageReadsBackEqualAndARefusedPageIsNotKept() throws {
    var refused: [String] = []
    var seen = (untitled: false, skipped: false, undated: false)
    for (name, url, parse) in try titles() {
      let bytes = try TestPaths.fixtureBytes("Atarimania/" + name)
      switch parse.page {
      case .success(let page):
        XCTAssertTrue(parse.keepsParse, name)
        XCTAssertEqual(
          page, try AtarimaniaTitlePage.parse(bytes, id: url.lastPathComponent, url: url.absoluteString), name)
        XCTAssertEqual(AtarimaniaTitleParse.decodedParse(parse.encodedParse(), url: url), parse, name)
        if page.name == nil { seen.untitled = true }
        if !page.skipped.isEmpty { seen.skipped = true }
        if page.issues.contains(where: { $0.dateCaption == nil || $0.month == nil }) { seen.undated = true }
      case .failure(let error):
        XCTAssertFalse(parse.keepsParse, "\(name): \(error)")
        refused.append(name)
      }
    }
    XCTAssertEqual(
      refused, ["challenge-just-a-moment.html", "challenge-security-checkpoint.html", "title-truncated.html"])
    XCTAssertTrue(seen.untitled && seen.skipped && seen.undated, "\(seen)")
  }

  func testTheKeptIndexReadsBackEqualAndARefusedPageIsNotKept() throws {
    var kept: [String] = []
    for (name, url, parse) in try indexes() {
      switch parse.index {
      case .success(let index):
        XCTAssertTrue(parse.keepsParse, name)
        XCTAssertEqual(
          index, try AtarimaniaIndex.parse(try TestPaths.fixtureBytes("Atarimania/" + name), url: url.absoluteString))
        XCTAssertEqual(AtarimaniaIndexParse.decodedParse(parse.encodedParse(), url: url), parse, name)
        kept.append(name)
      case .failure(let error):
        XCTAssertFalse(parse.keepsParse, "\(name): \(error)")
      }
    }
    XCTAssertEqual(kept, ["index-three-titles.html"])
  }

  func testAnEntryCutOrChangedIsRefused() throws {
    let (_, url, parse) = try XCTUnwrap(
      try titles().first { if case .success(let p) = $0.parse.page { p.issues.count > 2 } else { false } })
    let bytes = parse.encodedParse()
    XCTAssertNotNil(AtarimaniaTitleParse.decodedParse(bytes, url: url))
    XCTAssertNil(AtarimaniaTitleParse.decodedParse(Array(bytes.dropLast()), url: url))
    XCTAssertNil(AtarimaniaTitleParse.decodedParse(bytes + [0x73], url: url))
    var edited = bytes
    edited[0] = UInt8(ascii: "i")
    XCTAssertNil(AtarimaniaTitleParse.decodedParse(edited, url: url))

    let (_, indexURL, index) = try XCTUnwrap(try indexes().first { $0.parse.keepsParse })
    let indexBytes = index.encodedParse()
    XCTAssertNotNil(AtarimaniaIndexParse.decodedParse(indexBytes, url: indexURL))
    XCTAssertNil(AtarimaniaIndexParse.decodedParse(Array(indexBytes.dropLast()), url: indexURL))
    XCTAssertNil(AtarimaniaIndexParse.decodedParse(indexBytes + [0x73], url: indexURL))
    XCTAssertNil(AtarimaniaIndexParse.decodedParse(Array("_n0;".utf8), url: indexURL), "an index of no title")
  }
}
