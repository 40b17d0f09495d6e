import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

/// The HEAD log read without decoding every line, compacted, and shared between processes.
final class HeadLogTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("headlog-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func store(inMemoryLimit: Int = 16 << 20) -> CacheStore {
    CacheStore(root: dir.appendingPathComponent("cache"), headLogInMemoryLimit: inMemoryLimit)
  }

  func url(_ n: Int) -> URL { URL(string: "https://files.example/f/\(n).zip")! }

  func head(_ s: CacheStore, _ n: Int, size: Int, fetched: String? = nil) throws {
    let response = FetchResponse(
      url: url(n), method: .head, status: 200, headers: ["content-length": String(size)], body: [], fromCache: false)
    try s.write(CacheKey(method: .head, url: url(n)), response: response, charset: nil, fetched: fetched)
  }

  func size(_ s: CacheStore, _ n: Int) -> String? {
    guard case .hit(let r, _) = s.lookup(CacheKey(method: .head, url: url(n)), url: url(n)) else { return nil }
    return r.headers["content-length"]
  }

  func lines(_ s: CacheStore) throws -> [String] {
    try String(contentsOfFile: s.headLogPath, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  func testACompactedLogHoldsTheLatestAnswerPerKeyInKeyOrderAfterItsMarker() throws {
    let s = store()
    for n in 0..<5 { try head(s, n, size: 1000 + n) }
    try head(s, 1, size: 2001)
    s.remove(CacheKey(method: .head, url: url(3)))
    XCTAssertEqual(try lines(s).count, 7)
    try s.compactHeadLog(keepingFetchedSince: nil)
    let after = try lines(s)
    XCTAssertTrue(after[0].hasPrefix("{\"sortedBytes\":"), after[0])
    let keys = after.dropFirst().compactMap { HeadLog.field("key", in: Array($0.utf8)[...]) }.map {
      String(decoding: $0, as: UTF8.self)
    }
    XCTAssertEqual(keys.count, 4, "one line per live answer, the removed one gone")
    XCTAssertEqual(keys, keys.sorted())
    let fresh = store()
    XCTAssertEqual(size(fresh, 1), "2001", "the later answer won")
    XCTAssertNil(size(fresh, 3))
    XCTAssertEqual(size(fresh, 4), "1004")
    XCTAssertTrue(fresh.verify().isEmpty, "\(fresh.verify())")
  }

  func testEveryKeyOfALargeCompactedLogIsFoundByBinarySearchAndTheTailWins() throws {
    let s = store(inMemoryLimit: 0)
    for n in 0..<3000 { try head(s, n, size: 10_000 + n) }
    try s.compactHeadLog(keepingFetchedSince: nil)
    try head(s, 7, size: 77)
    s.remove(CacheKey(method: .head, url: url(8)))
    let fresh = store(inMemoryLimit: 0)
    for n in 0..<3000 where n != 7 && n != 8 { XCTAssertEqual(size(fresh, n), String(10_000 + n), "entry \(n)") }
    XCTAssertEqual(size(fresh, 7), "77")
    XCTAssertNil(size(fresh, 8))
    XCTAssertNil(size(fresh, 3000))
    var live = 0
    fresh.forEachRecord { _, _ in live += 1 }
    XCTAssertEqual(live, 2999)
  }

  func testALogHeldInMemoryIsIndexedOnlyWhenInOrderAndAnswersAsTheBinarySearchDoes() throws {
    let s = store()
    for n in 0..<500 { try head(s, n, size: 10_000 + n) }
    try s.compactHeadLog(keepingFetchedSince: nil)
    try head(s, 7, size: 77)
    let indexed = HeadLog.View(path: s.headLogPath, inMemoryLimit: 16 << 20)
    XCTAssertNotNil(indexed.sortedIndex)
    func answers(_ memory: CacheStore, _ searched: CacheStore) {
      for n in 0...500 { XCTAssertEqual(size(memory, n), size(searched, n), "entry \(n)") }
    }
    answers(store(), store(inMemoryLimit: 0))
    XCTAssertEqual(size(store(), 7), "77", "the tail still wins")

    // Two sorted lines swapped by hand: no index, and the same answers as the binary search gives.
    var all = try lines(s)
    all.swapAt(10, 11)
    try (all.joined(separator: "\n") + "\n").write(toFile: s.headLogPath, atomically: true, encoding: .utf8)
    XCTAssertNil(HeadLog.View(path: s.headLogPath, inMemoryLimit: 16 << 20).sortedIndex)
    answers(store(), store(inMemoryLimit: 0))
  }

  func testALogWithoutTheMarkerIsReadAsBeforeAndATornLastLineIsSkipped() throws {
    let s = store(inMemoryLimit: 0)
    for n in 0..<3 { try head(s, n, size: 500 + n) }
    try head(s, 0, size: 600)
    let h = try FileHandle(forWritingTo: URL(fileURLWithPath: s.headLogPath))
    h.seekToEndOfFile()
    h.write(Data("{\"bodyBytes\":0,\"key\":\"".utf8))
    try h.close()
    let fresh = store(inMemoryLimit: 0)
    XCTAssertEqual(size(fresh, 0), "600")
    XCTAssertEqual(size(fresh, 2), "502")
  }

  func testAnAppendAfterAnotherProcessCompactedLandsInTheNewLog() throws {
    let a = store()
    let b = store()
    try head(a, 1, size: 11)
    try head(b, 2, size: 22)
    try b.compactHeadLog(keepingFetchedSince: nil)
    try head(a, 3, size: 33)
    let reader = store()
    XCTAssertEqual([size(reader, 1), size(reader, 2), size(reader, 3)], ["11", "22", "33"])
  }

  func testABuildCompactsOnlyWhenTheTailHasOutgrownItsBound() throws {
    let s = store()
    for n in 0..<10 { try head(s, n, size: n + 1) }
    XCTAssertFalse(try s.compactHeadLogIfDue())
    XCTAssertFalse(try lines(s)[0].hasPrefix("{\"sortedBytes\""))
    let filler = Array(repeating: "x", count: 2000).joined()
    for n in 0..<(BuildDefaults.headLogTailBytes / 2000 + 10) {
      let response = FetchResponse(
        url: url(n), method: .head, status: 200, headers: ["content-length": "5", "etag": filler], body: [],
        fromCache: false)
      try s.write(CacheKey(method: .head, url: url(n)), response: response, charset: nil)
    }
    XCTAssertTrue(try s.compactHeadLogIfDue())
    XCTAssertTrue(try lines(s)[0].hasPrefix("{\"sortedBytes\""))
    XCTAssertEqual(size(store(), 3), "5")
  }

  func testPruneDropsProbesFetchedBeforeTheCutOffByTheirText() throws {
    let s = store(inMemoryLimit: 0)
    try head(s, 1, size: 10, fetched: "2020-01-01T00:00:00Z")
    try head(s, 2, size: 20, fetched: "2026-11-30T12:00:00Z")
    try s.compactHeadLog(keepingFetchedSince: nil)
    try head(s, 3, size: 30, fetched: "2020-06-01T00:00:00Z")
    let now = ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z")!
    XCTAssertEqual(try s.prune(olderThanDays: 30, includeProbes: true, dryRun: true, now: now), 2)
    XCTAssertEqual(try s.prune(olderThanDays: 30, includeProbes: true, now: now), 2)
    let fresh = store(inMemoryLimit: 0)
    XCTAssertEqual([size(fresh, 1), size(fresh, 2), size(fresh, 3)], [nil, "20", nil])
  }

  func testAHandEditedSortedPartOutOfOrderIsFoundAndRepaired() throws {
    let s = store()
    for n in 0..<4 { try head(s, n, size: n + 1) }
    try s.compactHeadLog(keepingFetchedSince: nil)
    var l = try lines(s)
    l.swapAt(1, 3)
    try Data((l.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: s.headLogPath))
    let fresh = store()
    let problems = fresh.verify()
    XCTAssertEqual(problems.map(\.kind), [.unsortedLog])
    try fresh.repair(problems)
    XCTAssertTrue(fresh.verify().isEmpty)
    for n in 0..<4 { XCTAssertEqual(size(store(), n), String(n + 1)) }
  }
}
