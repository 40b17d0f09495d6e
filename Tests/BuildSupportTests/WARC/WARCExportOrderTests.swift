import BuildSupport
import Foundation
import ShelfmarkTestSupport
import XCTest

/// An export sorted in runs spilled to disk writes the same bytes as one sorted in memory.
final class WARCExportOrderTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("warc-order") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  func testRunsSpilledToDiskExportTheSameBytesAsOneRunInMemory() throws {
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    // Written in an order of their own, so the export's order is the sort's.
    var n = 0
    for i in [7, 3, 11, 0, 5, 9, 1, 12, 4, 8, 2, 10, 6] {
      for host in ["b.example", "a.example"] {
        let url = try XCTUnwrap(URL(string: "https://\(host)/p\(i)/x%20\(i).htm?q=\(i)"))
        let body = Array("<html>page \(i) of \(host)</html>".utf8)
        let get = FetchResponse(
          url: url, method: .get, status: i == 4 ? 404 : 200, headers: ["content-type": "text/html"], body: body,
          fromCache: false)
        try store.write(
          CacheKey(method: .get, url: url), response: get, charset: "utf-8",
          fetched: "2026-11-\(10 + i)T00:00:00Z")
        let zip = try XCTUnwrap(URL(string: "https://\(host)/f\(i).zip"))
        let head = FetchResponse(
          url: zip, method: .head, status: 200, headers: ["content-length": String(1000 + i)], body: [],
          fromCache: false)
        try store.write(
          CacheKey(method: .head, url: zip), response: head, charset: nil, fetched: "2026-11-01T00:00:00Z")
        n += 2
      }
    }
    let whole = dir.appendingPathComponent("whole.warc").path
    let summary = try WARCExport.export(store, to: whole, runLength: 1_000)
    XCTAssertEqual(summary.gets + summary.heads, n)
    let expected = try Data(contentsOf: URL(fileURLWithPath: whole))
    for runLength in [1, 3, 7, n - 1] {
      // The same name (the warcinfo names the file) in a folder of its own.
      let folder = dir.appendingPathComponent("runs-\(runLength)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let path = folder.appendingPathComponent("whole.warc").path
      let s = try WARCExport.export(store, to: path, runLength: runLength)
      XCTAssertEqual(s.records, summary.records, "runs of \(runLength)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), expected, "runs of \(runLength)")
    }
    // In URL order: a.example's answers before b.example's, /f before /p.
    let text = String(decoding: expected, as: UTF8.self)
    let targets = text.split(separator: "\r\n").filter { $0.hasPrefix("WARC-Target-URI: ") }.map {
      String($0.dropFirst("WARC-Target-URI: ".count))
    }
    var unique: [String] = []
    for t in targets where unique.last != t { unique.append(t) }
    XCTAssertEqual(unique.count, n)
    XCTAssertEqual(unique, unique.sorted())
    // Only the host filter's entries, and a host filter that keeps nothing.
    let some = try WARCExport.export(
      store, to: dir.appendingPathComponent("a.warc").path, hosts: { $0 == "a.example" }, runLength: 2)
    XCTAssertEqual(some.gets + some.heads, n / 2)
  }
}
