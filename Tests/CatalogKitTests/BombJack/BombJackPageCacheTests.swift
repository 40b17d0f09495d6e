import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import CatalogKit

/// What the parse cache keeps of a BombJack page: read back exactly, refused when touched, and
/// tied to the parser's version.
final class BombJackPageCacheTests: XCTestCase {
  static let fixtures = [
    "changelog-2014.htm", "latin1-books.htm", "listing-with-foreign-links.htm", "magazine-grid.htm",
    "magazine-one-issue.htm", "section-index-slashless.htm", "site-root.htm", "split-run.htm", "truncated.htm",
  ]

  /// Each fixture parsed at an address of its own, in the list's order.
  func parsedFixtures() throws -> [(url: URL, page: BombJackPage)] {
    try Self.fixtures.map { name in
      let url = try XCTUnwrap(URL(string: "https://commodore.bombjack.org/some/folder/" + name))
      return (url, BombJackPage.read(try TestPaths.fixtureBytes("BombJack/" + name), url: url))
    }
  }

  /// The fixtures' parses as the cache keeps them, per parser version. A change to the parser (or
  /// its encoding) that changes any fixture's result changes the digest: bump
  /// `BombJackPage.parserVersion` and add the new version's digest here, so no cache entry of the
  /// old parser is ever read as the new one's.
  static let outputByVersion: [Int: String] = [
    1: "80e095f495a0c5d624689791e23cbb1e7b362eabe0275698d0cf436a81788b18"
  ]

  func testTheParserVersionNamesTheParsersOutputOnTheFixtures() throws {
    var all: [UInt8] = []
    for (url, page) in try parsedFixtures() {
      all += Array(url.absoluteString.utf8) + [0x0A] + page.encodedParse() + [0x0A]
    }
    XCTAssertEqual(
      Self.outputByVersion[BombJackPage.parserVersion], SHA256.hex(all),
      "BombJackPage's output on the fixtures changed: bump BombJackPage.parserVersion and record this digest for it")
  }

  func testEveryFixturePageReadsBackEqual() throws {
    let pages = try parsedFixtures()
    XCTAssertTrue(pages.contains { !$0.page.entries.isEmpty && $0.page.entries.contains { $0.cover != nil } })
    XCTAssertTrue(pages.contains { !$0.page.notes.isEmpty })
    XCTAssertTrue(pages.contains { !$0.page.slashlessFolders.isEmpty })
    for (url, page) in pages {
      XCTAssertEqual(BombJackPage.decodedParse(page.encodedParse(), url: url), page, url.absoluteString)
    }
  }

  func testAnEntryCutOrChangedAnywhereIsRefused() throws {
    let (url, page) = try XCTUnwrap(try parsedFixtures().first { $0.page.entries.count > 3 })
    let key = BombJackPage.parseKey(url: url, bodySHA256: String(repeating: "0", count: 64))
    let entry = ParseEntry.encode(parser: "bombjack-page", version: 1, key: key, payload: page.encodedParse())
    XCTAssertEqual(
      ParseEntry.payload(entry, parser: "bombjack-page", version: 1, key: key).flatMap {
        BombJackPage.decodedParse($0, url: url)
      }, page)
    XCTAssertNil(ParseEntry.payload(entry, parser: "bombjack-page", version: 2, key: key))
    XCTAssertNil(ParseEntry.payload(entry, parser: "other", version: 1, key: key))
    XCTAssertNil(ParseEntry.payload(entry, parser: "bombjack-page", version: 1, key: String(key.reversed())))
    for at in stride(from: 0, to: entry.count, by: max(1, entry.count / 400)) {
      var changed = entry
      changed[at] ^= 0x01
      XCTAssertNil(ParseEntry.payload(changed, parser: "bombjack-page", version: 1, key: key), "byte \(at)")
      XCTAssertNil(
        ParseEntry.payload(Array(entry[..<at]), parser: "bombjack-page", version: 1, key: key), "cut at \(at)")
    }
    // A payload that is not exactly what `encode` writes is no page, even with a sound digest.
    let payload = page.encodedParse()
    for cut in [1, payload.count / 2, payload.count - 1] {
      XCTAssertNil(BombJackPage.decodedParse(Array(payload[..<cut]), url: url))
    }
    XCTAssertNil(BombJackPage.decodedParse(payload + [UInt8(ascii: "_")], url: url))
  }

  func testTheKeyFollowsTheBodyTheAddressAndTheVersion() throws {
    let u = try XCTUnwrap(URL(string: "https://commodore.bombjack.org/a.htm"))
    let v = try XCTUnwrap(URL(string: "https://commodore.bombjack.org/b.htm"))
    let a = BombJackPage.parseKey(url: u, bodySHA256: SHA256.hex([1]))
    XCTAssertEqual(a, BombJackPage.parseKey(url: u, bodySHA256: SHA256.hex([1])))
    XCTAssertNotEqual(a, BombJackPage.parseKey(url: u, bodySHA256: SHA256.hex([2])))
    XCTAssertNotEqual(a, BombJackPage.parseKey(url: v, bodySHA256: SHA256.hex([1])))
    XCTAssertTrue(
      SHA256.hex(
        ["bombjack-page", String(BombJackPage.parserVersion), u.absoluteString, SHA256.hex([1])].joined(
          separator: "\u{1F}")) == a)
  }
}
