import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `site-mirror --root` a WARC file or a cache folder: the recording served as the site, validators
/// honoured, so a build (or a refresh) can run against a crawl with no request to the real host.
final class SiteMirrorRecordingTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("mirror-recording") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  private func fillCache(_ root: URL) throws {
    let store = CacheStore(root: root)
    let page = try XCTUnwrap(URL(string: "https://site.example/list.html"))
    try store.write(
      CacheKey(method: .get, url: page),
      response: FetchResponse(
        url: page, method: .get, status: 200, headers: ["content-type": "text/html", "etag": "\"v1\""],
        body: Array("<p>issues</p>".utf8), fromCache: false), charset: nil)
    let file = try XCTUnwrap(URL(string: "https://site.example/f.zip"))
    try store.write(
      CacheKey(method: .head, url: file),
      response: FetchResponse(
        url: file, method: .head, status: 200, headers: ["content-length": "4242"], body: [], fromCache: false),
      charset: nil)
  }

  /// Starts `site-mirror --root <path>` and returns it with its base URL.
  private func startMirror(_ root: String) throws -> (Process, URL) {
    let p = Process()
    p.executableURL = Tool.productsDirectory.appendingPathComponent("site-mirror")
    p.arguments = ["--root", root, "--for", "60"]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    var text = ""
    while !text.contains("\n") {
      let d = out.fileHandleForReading.availableData
      if d.isEmpty { break }
      text += String(decoding: d, as: UTF8.self)
    }
    guard let r = text.range(of: "http://127.0.0.1:[0-9]+", options: .regularExpression),
      let u = URL(string: String(text[r]))
    else {
      p.terminate()
      throw XCTSkip("site-mirror did not start: \(text)")
    }
    return (p, u)
  }

  func testSiteMirrorServesAWARCAndACacheFolderWithValidators() async throws {
    let cache = dir.appendingPathComponent("cache")
    try fillCache(cache)
    let warc = dir.appendingPathComponent("site.warc.gz").path
    _ = try WARCExport.export(CacheStore(root: cache), to: warc)
    for root in [warc, cache.path] {
      let (process, base) = try startMirror(root)
      defer { process.terminate() }
      var config = FetcherConfiguration(
        cacheRoot: dir.appendingPathComponent("fresh-\(UUID().uuidString.prefix(6))"), allowedHosts: ["site.example"])
      config.mirror = base
      config.delayMS = 0
      config.respectRobots = false
      let fetcher = Fetcher(config)
      let page = try await fetcher.get(XCTUnwrap(URL(string: "https://site.example/list.html")))
      XCTAssertEqual(String(decoding: page.body, as: UTF8.self), "<p>issues</p>", root)
      let head = try await fetcher.head(XCTUnwrap(URL(string: "https://site.example/f.zip")))
      XCTAssertEqual(head.contentLength, 4242, root)
      var again = config
      again.refresh = true
      let refresher = Fetcher(again)
      _ = try await refresher.get(XCTUnwrap(URL(string: "https://site.example/list.html")))
      XCTAssertEqual(refresher.counters[.revalidated], 1, "\(root): the ETag came back as a 304")
    }
  }
}
