import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

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

  func testACacheThatCannotBeWrittenStillParses() throws {
    // A file where the folder should be.
    try Data().write(to: dir.appendingPathComponent("parsed"))
    let body = try TestPaths.fixtureBytes("BombJack/magazine-grid.htm")
    let cache = ParseCache(cacheRoot: dir)
    XCTAssertEqual(cache.parsed(body, url: url, as: BombJackPage.self), BombJackPage.read(body, url: url))
    XCTAssertEqual(cache.counters, .init(reused: 0, parsed: 1, refused: 0, unwritten: 1))
    XCTAssertEqual(cache.counters.reportKeys["parse/unwritten"], 1)
  }
}
