import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

@testable import BuildSupport

final class ParseCacheTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("parse-cache") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  let url = URL(string: "https://commodore.bombjack.org/vic-20/magazines/vic-computing/vic-computing.htm")!

  /// The one entry file the cache holds.
  func entries() throws -> [String] {
    let root = dir.appendingPathComponent("parsed/bombjack-page").path
    guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
    return e.compactMap { $0 as? String }.filter { $0.count > 60 }.map { root + "/" + $0 }
  }

  func testAPageIsParsedOnceThenReadBackAndAnyDamagedEntryIsParsedAgain() throws {
    let body = try TestPaths.fixtureBytes("BombJack/magazine-grid.htm")
    let fresh = BombJackPage.read(body, url: url)
    XCTAssertFalse(fresh.entries.isEmpty)

    let cache = ParseCache(cacheRoot: dir)
    XCTAssertEqual(cache.parsed(body, url: url, as: BombJackPage.self), fresh)
    XCTAssertEqual(cache.counters, .init(reused: 0, parsed: 1, refused: 0, unwritten: 0))
    XCTAssertEqual(cache.parsed(body, url: url, as: BombJackPage.self), fresh)
    XCTAssertEqual(cache.counters.reused, 1)
    let files = try entries()
    XCTAssertEqual(files.count, 1)
    let file = try XCTUnwrap(files.first)
    let sound = try Data(contentsOf: URL(fileURLWithPath: file))

    // Cut, edited, emptied, or another entry's bytes: refused, parsed again, written anew.
    var edited = sound
    edited[sound.count / 2] ^= 0x20
    let other = ParseCache(cacheRoot: dir.appendingPathComponent("other"))
    _ = other.parsed(Array("<html><title>x</title></html>".utf8), url: url, as: BombJackPage.self)
    for (n, damage) in [sound.prefix(sound.count - 3), edited, Data(), Data("junk".utf8)].enumerated() {
      try damage.write(to: URL(fileURLWithPath: file))
      XCTAssertEqual(cache.parsed(body, url: url, as: BombJackPage.self), fresh, "damage \(n)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), sound, "damage \(n) is repaired")
    }
    XCTAssertEqual(cache.counters, .init(reused: 1, parsed: 5, refused: 4, unwritten: 0))

    // Another body at the same address is another key.
    var changed = body
    changed.append(contentsOf: Array("\n".utf8))
    _ = cache.parsed(changed, url: url, as: BombJackPage.self)
    XCTAssertEqual(try entries().count, 2)
    XCTAssertEqual(cache.counters.reused, 1)
  }

  func testACachedBodyHandsItsCheckedDigestOnAndAnEditedOneIsStillRefused() throws {
    let body = try TestPaths.fixtureBytes("BombJack/magazine-grid.htm")
    let store = CacheStore(root: dir)
    let key = CacheKey(method: .get, url: url)
    let answer = FetchResponse(
      url: url, method: .get, status: 200, headers: ["content-type": "text/html"], body: body, fromCache: false)
    XCTAssertNil(answer.bodySHA256)
    try store.write(key, response: answer, charset: nil)
    guard case .hit(_, let cached) = store.lookup(key, url: url) else { return XCTFail("not cached") }
    XCTAssertEqual(cached.bodySHA256, SHA256.hex(body))

    // The digest from the cache names the same parse-cache entry as hashing the body would.
    let parses = ParseCache(cacheRoot: dir)
    let fresh = BombJackPage.read(body, url: url)
    XCTAssertEqual(parses.parsed(cached, url: url, as: BombJackPage.self), fresh)
    XCTAssertEqual(parses.parsed(body, url: url, as: BombJackPage.self), fresh)
    XCTAssertEqual(parses.counters, .init(reused: 1, parsed: 1, refused: 0, unwritten: 0))

    // A changed body forgets the digest it had.
    var changed = cached
    changed.body.append(0x0A)
    XCTAssertNil(changed.bodySHA256)

    // A body edited on disk (same length) is refused by the cache, so no digest reaches a parse.
    let bodyFile = store.paths(key).body
    var edited = body
    edited[body.count / 2] ^= 0x20
    try Data(edited).write(to: URL(fileURLWithPath: bodyFile))
    guard case .corrupt = store.lookup(key, url: url) else { return XCTFail("an edited body was served") }
  }

  func testACacheThatCannotBeWrittenStillParses() throws {
    // A file where the folder should be.
    try Data().write(to: dir.appendingPathComponent("parsed"))
    let body = try TestPaths.fixtureBytes("BombJack/magazine-grid.htm")
    let cache = ParseCache(cacheRoot: dir)
    XCTAssertEqual(cache.parsed(body, url: url, as: BombJackPage.self), BombJackPage.read(body, url: url))
    XCTAssertEqual(cache.counters, .init(reused: 0, parsed: 1, refused: 0, unwritten: 1))
    XCTAssertEqual(cache.counters.reportKeys["parse/unwritten"], 1)
  }
  /// A page the parser refuses (a section page cut short) is parsed, counted and never kept, so the
  /// next run, which asks for the page again, parses what it gets.
  func testARefusedParseIsNotKept() throws {
    let body = try TestPaths.fixtureBytes("VintageApple/section-truncated.html")
    let section = try XCTUnwrap(URL(string: "https://vintageapple.org/macbooks/"))
    let cache = ParseCache(cacheRoot: dir)
    for _ in 0..<2 {
      guard case .failure(.truncated) = cache.parsed(body, url: section, as: VintageAppleSectionParse.self).rows else {
        return XCTFail("the truncated fixture parsed")
      }
    }
    XCTAssertEqual(cache.counters, .init(reused: 0, parsed: 2, refused: 0, unwritten: 0))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: dir.appendingPathComponent("parsed/vintageapple-section").path))

    let whole = try TestPaths.fixtureBytes("VintageApple/section-template.html")
    _ = cache.parsed(whole, url: section, as: VintageAppleSectionParse.self)
    _ = cache.parsed(whole, url: section, as: VintageAppleSectionParse.self)
    XCTAssertEqual(cache.counters, .init(reused: 1, parsed: 3, refused: 0, unwritten: 0))
  }
}
