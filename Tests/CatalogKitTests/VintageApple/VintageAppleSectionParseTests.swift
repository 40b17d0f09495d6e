import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// What the parse cache keeps of a Vintage Apple section page: the rows, read back exactly, tied
/// to the parser's version; a page the parser refuses is never kept.
final class VintageAppleSectionParseTests: XCTestCase {
  static let fixtures = [
    "section-mixed-dates.html", "section-no-rows.html", "section-template.html", "section-truncated.html",
    "section-undated-out-of-month-order.html",
  ]

  func parsedFixtures() throws -> [(url: URL, parse: VintageAppleSectionParse)] {
    try Self.fixtures.map { name in
      let url = try XCTUnwrap(
        URL(string: "https://vintageapple.org/" + name.replacingOccurrences(of: ".html", with: "/")))
      return (url, VintageAppleSectionParse.parse(try TestPaths.fixtureBytes("VintageApple/" + name), url: url))
    }
  }

  /// The fixtures' kept parses, per parser version: a parser change that changes any fixture's
  /// rows changes the digest; bump `VintageAppleSectionParse.parserVersion` and record it here.
  static let outputByVersion: [Int: String] = [
    1: "fcd8145cecb7cc2c00f3663e762ded1df06171604711c99c11d95b765ca9df41"
  ]

  func testTheParserVersionNamesTheParsersOutputOnTheFixtures() throws {
    var all: [UInt8] = []
    for (url, parse) in try parsedFixtures() where parse.keepsParse {
      all += Array(url.absoluteString.utf8) + [0x0A] + parse.encodedParse() + [0x0A]
    }
    XCTAssertEqual(
      Self.outputByVersion[VintageAppleSectionParse.parserVersion], SHA256.hex(all),
      "the section parser's output on the fixtures changed: bump VintageAppleSectionParse.parserVersion and record this digest for it"
    )
  }

  func testEveryKeptPageReadsBackEqualAndARefusedPageIsNotKept() throws {
    var refused = 0
    var absentValues = false
    for name in Self.fixtures {
      let url = try XCTUnwrap(URL(string: "https://vintageapple.org/x/"))
      let bytes = try TestPaths.fixtureBytes("VintageApple/" + name)
      let parse = VintageAppleSectionParse.parse(bytes, url: url)
      switch parse.rows {
      case .success(let rows):
        XCTAssertTrue(parse.keepsParse, name)
        XCTAssertEqual(rows, try VintageAppleSectionPage.parse(bytes, url: url.absoluteString), name)
        XCTAssertEqual(VintageAppleSectionParse.decodedParse(parse.encodedParse(), url: url), parse, name)
        if rows.contains(where: { $0.thumb == nil || $0.month == nil || $0.year == nil }) { absentValues = true }
      case .failure(let error):
        XCTAssertFalse(parse.keepsParse, "\(name): \(error)")
        refused += 1
      }
    }
    XCTAssertEqual(refused, 1, "the truncated page")
    XCTAssertTrue(absentValues, "some fixture row lacks a thumb, a year or a month")
  }

  func testAnEntryCutOrChangedIsRefused() throws {
    let (url, parse) = try XCTUnwrap(
      try parsedFixtures().first { if case .success(let r) = $0.parse.rows { r.count > 2 } else { false } })
    let bytes = parse.encodedParse()
    XCTAssertNil(VintageAppleSectionParse.decodedParse(Array(bytes.dropLast()), url: url))
    XCTAssertNil(VintageAppleSectionParse.decodedParse(bytes + [0x73], url: url))
    var edited = bytes
    edited[0] = UInt8(ascii: "s")
    XCTAssertNil(VintageAppleSectionParse.decodedParse(edited, url: url))
  }
}
