import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// Every demo cache exported, then judged by the WARC tools other people wrote: warcat's verifier
/// (ISO 28500 conformance, digests, every `WARC-Concurrent-To` naming a record already seen),
/// FastWARC's checker, and warctools, which reads only WARC/1.0 (`--warc-version 1.0`). warcio's
/// verdict is in `WARCInteropTests`.
final class WARCToolVerdictTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("warc-verdict") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  /// The demo's caches exported with this version: one file per cache.
  private func demoExports(_ version: String) throws -> [String] {
    let demo = try Tool.run("catalog", ["demo", "--out", dir.path, "--date", "2026-11-30", "--quiet"])
    XCTAssertEqual(demo.status, 0, demo.stdout + demo.stderr)
    let caches = dir.appendingPathComponent("cache")
    let names = try FileManager.default.contentsOfDirectory(atPath: caches.path).filter { $0.hasSuffix("-cache") }
    XCTAssertEqual(names.count, 8, "\(names)")
    return try names.sorted().map { name in
      let warc = dir.appendingPathComponent("\(name.dropFirst())-\(version).warc.gz").path
      let out = try Tool.run(
        "catalog",
        [
          "cache", "export", "--cache", caches.appendingPathComponent(name).path, "--warc", warc, "--warc-version",
          version,
        ])
      XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
      XCTAssertTrue(out.stdout.contains("(WARC/\(version))"), out.stdout)
      return warc
    }
  }

  func testWarcatVerifiesEveryDemoExportWithNoProblem() throws {
    let warcat = try PythonTool.locate(module: "warcat", cli: nil, package: "warcat")
    for version in ["1.1", "1.0"] {
      for warc in try demoExports(version) {
        let r = try PythonTool.run(warcat.python, ["-m", "warcat", "verify", warc])
        XCTAssertEqual(r.status, 0, "\(warc): \(r.stdout) \(r.stderr)")
        // warcat logs each problem and a "Validation failed. Problems: N" line; it also warns when
        // a block's length "changed" on re-reading it. None of that may appear.
        for bad in ["Problems", "not seen yet", "failed", "changed", "Traceback"] {
          XCTAssertFalse((r.stdout + r.stderr).contains(bad), "\(warc): \(r.stdout) \(r.stderr)")
        }
      }
    }
  }

  func testFastWARCChecksEveryDigestOfEveryDemoExport() throws {
    let fastwarc = try PythonTool.locate(module: "fastwarc", cli: "fastwarc", package: "FastWARC")
    for warc in try demoExports("1.1") {
      let r = try PythonTool.run(fastwarc.cli ?? "fastwarc", ["check", warc])
      XCTAssertEqual(r.status, 0, "\(warc): \(r.stdout) \(r.stderr)")
      XCTAssertTrue((r.stdout + r.stderr).contains("records were verified successfully"), r.stdout + r.stderr)
      // Its own reader: every block digest over the raw block, then every payload digest with the
      // HTTP message parsed (FastWARC checks a block only before it has parsed the HTTP header).
      let script = """
        import sys
        from fastwarc.warc import ArchiveIterator
        n = 0
        for r in ArchiveIterator(open(sys.argv[1], "rb"), parse_http=False):
            assert r.verify_block_digest(), (r.record_id, "block")
            n += 1
        for r in ArchiveIterator(open(sys.argv[1], "rb"), parse_http=True):
            if r.headers.get("WARC-Payload-Digest"):
                assert r.http_headers is not None, (r.record_id, "http")
                assert r.verify_payload_digest(), (r.record_id, "payload")
        print(n)
        """
      let read = try PythonTool.run(fastwarc.python, ["-", warc], input: script)
      XCTAssertEqual(read.status, 0, read.stderr)
      XCTAssertGreaterThan(Int(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 1, read.stdout)
    }
  }

  func testWarctoolsValidatesAndDumpsEveryDemoExportLabelledWARC10() throws {
    let warcvalid = try PythonTool.locate(module: "hanzo.warctools", cli: "warcvalid", package: "warctools")
    let warcdump = (warcvalid.cli.map { ($0 as NSString).deletingLastPathComponent } ?? "") + "/warcdump"
    for warc in try demoExports("1.0") {
      let valid = try PythonTool.run(warcvalid.cli ?? "warcvalid", [warc])
      XCTAssertEqual(valid.status, 0, "\(warc): \(valid.stdout) \(valid.stderr)")
      XCTAssertFalse(valid.stderr.contains("errors"), valid.stderr)
      let dump = try PythonTool.run(warcdump, [warc])
      XCTAssertEqual(dump.status, 0, "\(warc): \(dump.stderr)")
      XCTAssertTrue(dump.stdout.contains("WARC-Type:response"), String(dump.stdout.prefix(500)))
    }
  }

  /// `warcat concat` of two exports that answer one URL differently (a crawl joined to a later
  /// one): the import keeps the later answer, and the cache verifies clean.
  func testTwoExportsJoinedByWarcatImportWithTheLaterAnswerWinning() throws {
    let warcat = try PythonTool.locate(module: "warcat", cli: nil, package: "warcat")
    let page = try XCTUnwrap(URL(string: "https://site.example/list.html"))
    var files: [String] = []
    for (n, body) in ["old list", "new list"].enumerated() {
      let cache = dir.appendingPathComponent("cache\(n)")
      try CacheStore(root: cache).write(
        CacheKey(method: .get, url: page),
        response: FetchResponse(
          url: page, method: .get, status: 200, headers: ["content-type": "text/html"], body: Array(body.utf8),
          fromCache: false), charset: nil, fetched: "2026-12-0\(n + 1)T10:00:00Z")
      let warc = dir.appendingPathComponent("crawl\(n).warc.gz").path
      XCTAssertEqual(try Tool.run("catalog", ["cache", "export", "--cache", cache.path, "--warc", warc]).status, 0)
      files.append(warc)
    }
    let joined = dir.appendingPathComponent("joined.warc.gz").path
    let concat = try PythonTool.run(
      warcat.python, ["-m", "warcat", "concat"] + files + ["--output", joined, "--gzip"])
    XCTAssertEqual(concat.status, 0, concat.stderr)
    let cache = dir.appendingPathComponent("imported")
    let r = try Tool.run("catalog", ["cache", "import", joined, "--cache", cache.path])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("imported 1 GET answer and 0 HEAD answers"), r.stdout)
    XCTAssertTrue(r.stdout.contains("1 later answer replaced an earlier one for the same URL"), r.stdout)
    let (_, response) = try XCTUnwrap(CacheStore(root: cache).read(CacheKey(method: .get, url: page), url: page))
    XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "new list")
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
  }
}
