import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

@testable import BuildSupport

/// `Fetcher.getParsed`: a page the run keeps is served by the parse kept under the same check,
/// without its body; every other case reads the body as a `get` does, and the parse is the same.
final class ParsedFetchTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!
  var body: [UInt8] = []
  let page = URL(string: "https://commodore.bombjack.org/vic-20/magazines/vic-computing/vic-computing.htm")!
  let gone = URL(string: "https://commodore.bombjack.org/vic-20/magazines/gone.htm")!
  let check = AnswerCheck.page(BombJackPage.shape)

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("parsed-fetch")
    body = try TestPaths.fixtureBytes("BombJack/magazine-grid.htm")
    let site = dir.appendingPathComponent("site/commodore.bombjack.org/vic-20/magazines/vic-computing")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Data(body).write(to: site.appendingPathComponent("vic-computing.htm"))
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 120)
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func fetcher(_ edit: (inout FetcherConfiguration) -> Void = { _ in }) -> Fetcher {
    var c = FetcherConfiguration(
      cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["commodore.bombjack.org"])
    c.mirror = URL(string: server.baseURL)
    c.delayMS = 0
    c.respectRobots = false
    edit(&c)
    return Fetcher(c)
  }

  var parses: ParseCache { ParseCache(cacheRoot: dir.appendingPathComponent("cache")) }
  var bodyFile: String {
    CacheStore(root: dir.appendingPathComponent("cache")).paths(CacheKey(method: .get, url: page)).body
  }

  func testAKeptPageIsServedByItsParseAloneEvenWhenItsBodyWasDamagedOnDisk() async throws {
    let expected = BombJackPage.read(body, url: page)
    let cold = try await fetcher().getParsed(page, as: BombJackPage.self, parses: parses, check: check)
    XCTAssertTrue(cold.bodyRead)
    XCTAssertEqual(cold.value, expected)
    XCTAssertEqual(server.requests.count, 1)

    let warm = fetcher { $0.noNetwork = true }
    let warmParses = parses
    let again = try await warm.getParsed(page, as: BombJackPage.self, parses: warmParses, check: check)
    XCTAssertFalse(again.bodyRead, "a kept page's body is not read")
    XCTAssertEqual(again.status, 200)
    XCTAssertEqual(again.value, expected)
    XCTAssertEqual(warm.counters[.hit], 1)
    XCTAssertEqual(warmParses.counters, .init(reused: 1, parsed: 0, refused: 0, unwritten: 0))
    XCTAssertTrue(warm.cacheHint(for: "x")?.contains("1 page was read") == true, "the page counts as served")

    // The body on disk cut short: the parse still stands for the bytes that were checked, and the
    // cache's own checks (`verify`, an export, a plain `get`) still find the damage.
    try Data(body.prefix(100)).write(to: URL(fileURLWithPath: bodyFile))
    let damaged = try await fetcher { $0.noNetwork = true }
      .getParsed(page, as: BombJackPage.self, parses: parses, check: check)
    XCTAssertFalse(damaged.bodyRead)
    XCTAssertEqual(damaged.value, expected)
    guard
      case .corrupt = CacheStore(root: dir.appendingPathComponent("cache")).lookup(
        CacheKey(method: .get, url: page), url: page)
    else { return XCTFail("the cut body went unnoticed by the cache's lookup") }
    XCTAssertEqual(server.requests.count, 1)
  }

  /// A warm build keeps the facts only of pages a row may cite: a walk page that lists no file is
  /// read for its links, and the lineage finds it on disk should drift still watch it.
  func testAPageServedByItsParseKeepsItsFactsOnlyWhenARowMayCiteIt() async throws {
    let root = URL(string: "https://commodore.bombjack.org/index.htm")!
    let rootBody = try TestPaths.fixtureBytes("BombJack/site-root.htm")
    try Data(rootBody).write(to: dir.appendingPathComponent("site/commodore.bombjack.org/index.htm"))
    XCTAssertTrue(BombJackPage.read(rootBody, url: root).entries.isEmpty, "the fixture lists no file")
    XCTAssertFalse(BombJackPage.read(body, url: page).entries.isEmpty, "the fixture lists files")
    for u in [page, root] { _ = try await fetcher().getParsed(u, as: BombJackPage.self, parses: parses, check: check) }

    let warm = fetcher {
      $0.noNetwork = true
      $0.remembersAnswers = true
    }
    for u in [page, root] {
      let r = try await warm.getParsed(u, as: BombJackPage.self, parses: parses, check: check)
      XCTAssertFalse(r.bodyRead, "\(u) is served by its kept parse")
    }
    XCTAssertEqual(warm.cache.answered.count, 1)
    let key = { (u: URL) in AnswerKey(.get, u.absoluteString) }
    XCTAssertEqual(warm.cache.answered.facts(for: key(page))?.status, 200, "the page that lists files is kept")
    XCTAssertNil(warm.cache.answered.facts(for: key(root)), "the page that lists none is not")
    XCTAssertEqual(
      warm.cache.answerFacts(method: .get, url: root)?.url, CacheKey(method: .get, url: root).normalisedURL,
      "its record is still found on disk")
  }

  func testAnotherCheckOrOneWithoutAnIdentityReadsTheBody() async throws {
    _ = try await fetcher().getParsed(page, as: BombJackPage.self, parses: parses, check: check)
    let stricter = PageShape(
      kind: BombJackPage.shape.kind, identity: BombJackPage.shape.identity + ["<table"],
      closing: BombJackPage.shape.closing)
    XCTAssertNotEqual(stricter.signature, BombJackPage.shape.signature)
    for other in [AnswerCheck.page(stricter), AnswerCheck { _ in nil }] {
      let p = parses
      let r = try await fetcher { $0.noNetwork = true }.getParsed(page, as: BombJackPage.self, parses: p, check: other)
      XCTAssertTrue(r.bodyRead, "a check the kept parse does not vouch for reads the body")
      XCTAssertEqual(r.value, BombJackPage.read(body, url: page))
    }
    // The stricter check's parse is kept under its own key: the next run under it reads no body.
    let r = try await fetcher { $0.noNetwork = true }
      .getParsed(page, as: BombJackPage.self, parses: parses, check: .page(stricter))
    XCTAssertFalse(r.bodyRead)
  }

  func testADamagedParseEntryIsRefusedAndTheBodyParsedAgain() async throws {
    _ = try await fetcher().getParsed(page, as: BombJackPage.self, parses: parses, check: check)
    let root = dir.appendingPathComponent("cache/parsed").path
    let entries = try XCTUnwrap(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".json") == false && $0.count > 64 }
    XCTAssertEqual(entries.count, 1)
    try Data("junk".utf8).write(to: URL(fileURLWithPath: root + "/" + entries[0]))
    let p = parses
    let r = try await fetcher { $0.noNetwork = true }.getParsed(page, as: BombJackPage.self, parses: p, check: check)
    XCTAssertTrue(r.bodyRead)
    XCTAssertEqual(r.value, BombJackPage.read(body, url: page))
    XCTAssertEqual(p.counters, .init(reused: 0, parsed: 1, refused: 1, unwritten: 0))
  }

  func testUnderRefreshTheCopyIsAskedOnceAndAnAnswerThatIsNoPageHasNoParse() async throws {
    _ = try await fetcher().getParsed(page, as: BombJackPage.self, parses: parses, check: check)
    server.clearLog()
    let refreshing = fetcher { $0.refresh = true }
    let r = try await refreshing.getParsed(page, as: BombJackPage.self, parses: parses, check: check)
    XCTAssertTrue(r.bodyRead, "a copy the run asks again for is not served by its parse")
    XCTAssertEqual(r.value, BombJackPage.read(body, url: page))
    XCTAssertEqual(server.requests.count, 1, "asked once")

    let missing = try await fetcher().getParsed(gone, as: BombJackPage.self, parses: parses, check: check)
    XCTAssertEqual(missing.status, 404)
    XCTAssertNil(missing.value)
    let cached = try await fetcher { $0.noNetwork = true }
      .getParsed(gone, as: BombJackPage.self, parses: parses, check: check)
    XCTAssertEqual(cached.status, 404)
    XCTAssertNil(cached.value)
  }
}
