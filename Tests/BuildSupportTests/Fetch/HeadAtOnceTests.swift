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

  func testKeptSizesAreServedWithTheCountsOfTheUsualPathAndAnythingElseGoesTheUsualWay() async throws {
    let expected = (0..<40).map { Int64(100 + $0) } as [Int64?]
    let cold = try await fetcher().headEach(files)
    XCTAssertEqual(sizes(cold), expected)
    XCTAssertEqual(server.requests.count, 40)
    server.clearLog()

    let warm = fetcher { $0.noNetwork = true }
    let warmAnswers = try await warm.headEach(files)
    XCTAssertEqual(sizes(warmAnswers), expected)
    XCTAssertEqual(warm.counters[.hit], 40)
    XCTAssertEqual(server.requests.count, 0)

    // A check that now refuses the sizes of the first ten: dropped once each, asked again, refused.
    let small: AnswerCheck = .size(SizeRule(floorBytes: 110))
    let checked = fetcher()
    let answers = try await checked.headEach(files, check: small)
    XCTAssertEqual(checked.counters[.hit], 30)
    XCTAssertEqual(checked.counters[.dropped], 10)
    XCTAssertEqual(
      Set(server.requests.map(\.path)), Set(files.prefix(10).map(\.path)), "only the refused ten were asked again")
    for u in files.prefix(10) {
      guard case .failure = answers[u] else { return XCTFail("\(u) was served past its check") }
    }
    server.clearLog()

    // --refresh with nothing deciding freshness asks every copy again: none is taken at once.
    let refreshing = fetcher { $0.refresh = true }
    _ = try await refreshing.headEach(Array(files.suffix(30)))
    XCTAssertEqual(server.requests.count, 30)
    XCTAssertEqual(refreshing.counters[.hit], 0)

    // A run that honours robots.txt consults it first: the usual way, robots.txt asked, the ten
    // refused above (no longer cached) asked again, the thirty kept served.
    server.clearLog()
    let polite = fetcher { $0.respectRobots = true }
    let politeAnswers = try await polite.headEach(files)
    XCTAssertEqual(sizes(politeAnswers).suffix(30), expected.suffix(30))
    XCTAssertEqual(Set(server.requests.map(\.path)), Set(["/robots.txt"] + files.prefix(10).map(\.path)))
    XCTAssertEqual(polite.counters[.hit], 30)
  }
}
