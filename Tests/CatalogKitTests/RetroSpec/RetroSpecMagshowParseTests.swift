import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// What the parse cache keeps of a RetroSpec magshow page: the metadata, read back exactly, tied
/// to the parser's version; a page without a series name is never kept.
final class RetroSpecMagshowParseTests: XCTestCase {
  static let fixtures = [
    "magshow-book.html", "magshow-cp1250.html", "magshow-damaged-month.html", "magshow-issue.html",
    "magshow-no-name.html", "magshow-without-month.html",
  ]

  func parsedFixtures() throws -> [(name: String, url: URL, parse: RetroSpecMagshowParse)] {
    try Self.fixtures.map { name in
      let url = try XCTUnwrap(RetroSpecSite.magshowURL(String(name.dropLast(5))))
      return (name, url, RetroSpecMagshowParse.parse(try TestPaths.fixtureBytes("RetroSpec/" + name), url: url))
    }
  }

  /// The fixtures' kept parses, per parser version: a parser change that changes any fixture's
  /// metadata changes the digest; bump `RetroSpecMagshowParse.parserVersion` and record it here.
  static let outputByVersion: [Int: String] = [
    1: "38c72856fdfe387ae656a7c2fbef1667ee76c75ca3ee26c845282324bddbacf3"
  ]

  func testTheParserVersionNamesTheParsersOutputOnTheFixtures() throws {
    var all: [UInt8] = []
    for (_, url, parse) in try parsedFixtures() where parse.keepsParse {
      all += Array(url.absoluteString.utf8) + [0x0A] + parse.encodedParse() + [0x0A]
    }
    XCTAssertEqual(
      Self.outputByVersion[RetroSpecMagshowParse.parserVersion], SHA256.hex(all),
      "the magshow parser's output on the fixtures changed: bump RetroSpecMagshowParse.parserVersion and record this digest for it"
    )
  }

  func testEveryKeptPageReadsBackEqualAndAPageWithoutANameIsNotKept() throws {
    var notKept: [String] = []
    var absentValues = false
    for (name, url, parse) in try parsedFixtures() {
      let bytes = try TestPaths.fixtureBytes("RetroSpec/" + name)
      XCTAssertEqual(parse.magshow, RetroSpecMagshow.parse(bytes), name)
      guard let m = parse.magshow else {
        XCTAssertFalse(parse.keepsParse, name)
        notKept.append(name)
        continue
      }
      XCTAssertTrue(parse.keepsParse, name)
      XCTAssertEqual(RetroSpecMagshowParse.decodedParse(parse.encodedParse(), url: url), parse, name)
      if m.year == nil || m.language == nil || m.monthText == nil { absentValues = true }
    }
    XCTAssertEqual(notKept, ["magshow-no-name.html"])
    XCTAssertTrue(absentValues, "some fixture lacks a date line or a known language")
  }

  func testTheLanguageIsWorkedOutAgainFromTheKeptJezikValue() throws {
    let url = try XCTUnwrap(RetroSpecSite.magshowURL("SK_86_05"))
    let page = RetroSpecMagshowParse(
      magshow: RetroSpecMagshow(seriesName: "Svet Kompjutera", language: "not kept", jezik: "hrvatski"))
    XCTAssertEqual(RetroSpecMagshowParse.decodedParse(page.encodedParse(), url: url)?.magshow?.language, "croatian")
  }

  func testAnEntryCutOrChangedIsRefused() throws {
    let (_, url, parse) = try XCTUnwrap(try parsedFixtures().first { $0.parse.magshow?.pageCount != nil })
    let bytes = parse.encodedParse()
    XCTAssertNotNil(RetroSpecMagshowParse.decodedParse(bytes, url: url))
    XCTAssertNil(RetroSpecMagshowParse.decodedParse(Array(bytes.dropLast()), url: url))
    XCTAssertNil(RetroSpecMagshowParse.decodedParse(bytes + [0x73], url: url))
    var edited = bytes
    edited[0] = UInt8(ascii: "i")
    XCTAssertNil(RetroSpecMagshowParse.decodedParse(edited, url: url))
    XCTAssertNil(RetroSpecMagshowParse.decodedParse([], url: url), "nothing is no page")
  }
}
