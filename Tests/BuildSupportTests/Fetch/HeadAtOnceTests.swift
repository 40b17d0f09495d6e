import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

@testable import BuildSupport

/// Cached sizes a run keeps are taken at once, without a task each (`Fetcher.many`'s `atOnce`);
/// everything else still goes the usual way, and the counts are those of the usual way.
final class HeadAtOnceTests: XCTestCase {
  var dir: URL!
  var server: SiteMirror!
  let files = (0..<40).map { URL(string: "https://example.org/f/\($0).pdf")! }

  override func setUpWithError() throws {
    dir = try Tool.temporaryDirectory("head-at-once")
    let site = dir.appendingPathComponent("site/example.org/f")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    for n in 0..<40 { try Data(repeating: 0x25, count: 100 + n).write(to: site.appendingPathComponent("\(n).pdf")) }
    server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 120)
    try server.start()
  }

  override func tearDownWithError() throws {
    server?.stop()
    if let dir { try? FileManager.default.removeItem(at: dir) }
  }

  func fetcher(_ edit: (inout FetcherConfiguration) -> Void = { _ in }) -> Fetcher {
    var c = FetcherConfiguration(cacheRoot: dir.appendingPathComponent("cache"), allowedHosts: ["example.org"])
    c.mirror = URL(string: server.baseURL)
    c.delayMS = 0
    c.jobs = 4
    c.respectRobots = false
    edit(&c)
    return Fetcher(c)
  }

  func sizes(_ answers: [URL: Result<FetchResponse, FetchError>]) -> [Int64?] {
    files.map { u in (try? answers[u]?.get())?.contentLength }
  }

  /// What `BuildContext.probeSizes` does: the kept sizes at once, the rest through `headEach`.
  /// Returns the answers and how many were taken at once.
  func probe(_ f: Fetcher, _ urls: [URL], check: AnswerCheck? = nil) async throws
    -> (answers: [URL: Result<FetchResponse, FetchError>], atOnce: Int)
  {
    let kept = f.keptHeads(urls, check: check)
    var answers = kept.mapValues { Result<FetchResponse, FetchError>.success($0) }
    for (u, r) in try await f.headEach(urls.filter { kept[$0] == nil }, check: check) { answers[u] = r }
    return (answers, kept.count)
  }

  func testKeptSizesAreServedWithTheCountsOfTheUsualPathAndAnythingElseGoesTheUsualWay() async throws {
    let expected = (0..<40).map { Int64(100 + $0) } as [Int64?]
    let cold = try await probe(fetcher(), files)
    XCTAssertEqual(sizes(cold.answers), expected)
    XCTAssertEqual(cold.atOnce, 0)
    XCTAssertEqual(server.requests.count, 40)
    server.clearLog()

    let warm = fetcher { $0.noNetwork = true }
    let warmRun = try await probe(warm, files + files.prefix(5))
    XCTAssertEqual(sizes(warmRun.answers), expected)
    XCTAssertEqual(warmRun.atOnce, 40, "each address once")
    XCTAssertEqual(warm.counters[.hit], 40)
    XCTAssertEqual(server.requests.count, 0)

    // A check that now refuses the sizes of the first ten: not taken at once (and nothing counted
    // for them there), then dropped once each the usual way, asked again, refused.
    let small: AnswerCheck = .size(SizeRule(floorBytes: 110))
    let checked = fetcher()
    XCTAssertEqual(checked.keptHeads(Array(files.prefix(10)), check: small).count, 0)
    XCTAssertEqual(checked.counters[.hit] + checked.counters[.dropped], 0, "nothing counted for what it leaves")
    let checkedRun = try await probe(checked, files, check: small)
    XCTAssertEqual(checkedRun.atOnce, 30)
    XCTAssertEqual(checked.counters[.hit], 30)
    XCTAssertEqual(checked.counters[.dropped], 10)
    XCTAssertEqual(
      Set(server.requests.map(\.path)), Set(files.prefix(10).map(\.path)), "only the refused ten were asked again")
    for u in files.prefix(10) {
      guard case .failure = checkedRun.answers[u] else { return XCTFail("\(u) was served past its check") }
    }
    server.clearLog()

    // --refresh with nothing deciding freshness asks every copy again: none is taken at once.
    let refreshing = fetcher { $0.refresh = true }
    let refreshed = try await probe(refreshing, Array(files.suffix(30)))
    XCTAssertEqual(refreshed.atOnce, 0)
    XCTAssertEqual(server.requests.count, 30)
    XCTAssertEqual(refreshing.counters[.hit], 0)

    // A run that honours robots.txt consults it first: none at once; robots.txt asked, the ten
    // refused above (no longer cached) asked again, the thirty kept served the usual way.
    server.clearLog()
    let polite = fetcher { $0.respectRobots = true }
    let politeRun = try await probe(polite, files)
    XCTAssertEqual(politeRun.atOnce, 0)
    XCTAssertEqual(sizes(politeRun.answers).suffix(30), expected.suffix(30))
    XCTAssertEqual(Set(server.requests.map(\.path)), Set(["/robots.txt"] + files.prefix(10).map(\.path)))
    XCTAssertEqual(polite.counters[.hit], 30)

    // headAll takes the kept ones first on its own.
    let all = fetcher { $0.noNetwork = true }
    let allAnswers = try await all.headAll(Array(files.suffix(30)))
    XCTAssertEqual(allAnswers.count, 30)
    XCTAssertEqual(all.counters[.hit], 30)
  }
}
