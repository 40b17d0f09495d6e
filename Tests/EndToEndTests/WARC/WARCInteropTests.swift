import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import SiteMirrorKit
import XCTest

/// WARC out and in, checked against warcio: it reads every WARC we write, it writes the WARCs we
/// import, and a cache that went out to WARC and back rebuilds every demo catalogue byte for byte.
final class WARCInteropTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("warc-interop") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  /// The demo's extra arguments per source (thresholds sized for a handful of issues; Stripovi's
  /// previous catalogue), as `catalog build --with` takes them.
  private var demoArguments: [String] {
    let with: [(String, [String])] = [
      ("retrospec", ["--min-issues", "1"]), ("atarimania", ["--min-issues", "0"]),
      ("bombjack", ["--ignore-robots", "--min-share", "0", "--min-issues", "0"]),
      ("popboks", ["--min-issues", "1"]), ("vintageapple", ["--min-magazines", "1", "--min-books", "1"]),
      (
        "stripovi",
        ["--previous", TestPaths.fixture("Stripovi/previous-catalog.json").path, "--max-missing", "5"]
      ),
    ]
    return with.flatMap { source, args in args.flatMap { ["--with", "\(source):\($0)"] } }
  }

  func testADemoCacheExportedToWARCAndImportedRebuildsEveryCatalogueByteForByte() throws {
    let warcio = try Warcio.locate()
    let demo = try Tool.run("catalog", ["demo", "--out", dir.path, "--date", "2026-11-30", "--quiet"])
    XCTAssertEqual(demo.status, 0, demo.stdout + demo.stderr)
    let caches = dir.appendingPathComponent("cache")
    let imported = dir.appendingPathComponent("imported")
    let names = try FileManager.default.contentsOfDirectory(atPath: caches.path).filter { $0.hasSuffix("-cache") }
    XCTAssertEqual(names.count, 8, "\(names)")
    for name in names.sorted() {
      let warc = dir.appendingPathComponent("\(name.dropFirst()).warc.gz").path
      let out = try Tool.run(
        "catalog", ["cache", "export", "--cache", caches.appendingPathComponent(name).path, "--warc", warc])
      XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
      let check = try Warcio.run(warcio.cli, ["check", "-v", warc])
      XCTAssertEqual(check.status, 0, "\(name): warcio check: \(check.stdout) \(check.stderr)")
      XCTAssertFalse(check.stdout.contains("digest failed"), check.stdout)
      let index = try Warcio.run(warcio.cli, ["index", warc])
      XCTAssertEqual(index.status, 0, index.stderr)
      XCTAssertTrue(index.stdout.contains("\"warc-type\": \"response\""), index.stdout)
      let back = try Tool.run(
        "catalog", ["cache", "import", warc, "--cache", imported.appendingPathComponent(name).path])
      XCTAssertEqual(back.status, 0, back.stdout + back.stderr)
    }
    let out = dir.appendingPathComponent("rebuilt")
    let build = try Tool.run(
      "catalog",
      [
        "build", "--all", "--no-network", "--cache-root", imported.path, "--out", out.path, "--date", "2026-11-30",
        "--quiet",
      ] + demoArguments)
    XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
    let first = dir.appendingPathComponent("first-run")
    for file in Sources.catalogues.files.map(\.file) {
      XCTAssertEqual(
        try Data(contentsOf: out.appendingPathComponent(file)),
        try Data(contentsOf: first.appendingPathComponent(file)),
        "\(file): the rebuild from the imported WARC differs from the first run")
    }
  }

  /// A WARC written by warcio: a chunked, gzip-encoded page; a revisit of it under another URL; a HEAD
  /// exchange; an answer for a host the source did not declare.
  private let warcioWriter = #"""
    import sys, gzip, io
    from warcio.warcwriter import WARCWriter
    from warcio.statusandheaders import StatusAndHeaders
    page = b"<html><body>" + b"issue " * 300 + b"</body></html>"
    gz = gzip.compress(page)
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(gz[i:i+500]), gz[i:i+500]) for i in range(0, len(gz), 500)) + b"0\r\n\r\n"
    with open(sys.argv[1], "wb") as out:
        w = WARCWriter(out, gzip=True)
        w.write_record(w.create_warcinfo_record("t.warc.gz", {"software": "warcio test"}))
        def exchange(url, method, status, headers, body):
            http = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
            resp = w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=http)
            req = w.create_warc_record(url, "request", payload=io.BytesIO(b""),
                http_headers=StatusAndHeaders(method + " /" + url.split("/", 3)[3] + " HTTP/1.1", [("Host", "x")], is_http_request=True))
            req.rec_headers.add_header("WARC-Concurrent-To", resp.rec_headers.get_header("WARC-Record-ID"))
            w.write_record(resp)
            w.write_record(req)
            return resp
        first = exchange("https://site.example/page.html", "GET", "200 OK",
            [("Content-Type", "text/html; charset=utf-8"), ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip"), ("ETag", '"p1"')], chunked)
        digest = first.rec_headers.get_header("WARC-Payload-Digest")
        rev = w.create_revisit_record("https://site.example/copy.html", digest, "https://site.example/page.html",
            first.rec_headers.get_header("WARC-Date"),
            http_headers=StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8"), ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip")], protocol="HTTP/1.1"))
        w.write_record(rev)
        exchange("https://site.example/file.zip", "HEAD", "200 OK", [("Content-Type", "application/zip"), ("Content-Length", "123456")], b"")
        exchange("https://elsewhere.example/x.html", "GET", "200 OK", [("Content-Type", "text/html")], b"<p>not ours</p>")
    print("ok")
    """#

  func testAWARCWrittenByWarcioImportsWithBodiesDecodedAndRevisitsResolved() throws {
    let warcio = try Warcio.locate()
    let warc = dir.appendingPathComponent("warcio.warc.gz").path
    let wrote = try Warcio.run(warcio.python, ["-", warc], input: warcioWriter)
    XCTAssertEqual(wrote.status, 0, wrote.stderr)
    let cache = dir.appendingPathComponent("cache")
    let r = try Tool.run("catalog", ["cache", "import", warc, "--cache", cache.path, "--host", "site.example"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("imported 2 GET answers and 1 HEAD answer (1 revisit resolved)"), r.stdout)
    XCTAssertTrue(r.stdout.contains("skipped 1 answer for other hosts"), r.stdout)
    let store = CacheStore(root: cache)
    let page = "<html><body>" + String(repeating: "issue ", count: 300) + "</body></html>"
    for u in ["https://site.example/page.html", "https://site.example/copy.html"] {
      let url = try XCTUnwrap(URL(string: u))
      let (record, response) = try XCTUnwrap(store.read(CacheKey(method: .get, url: url), url: url), u)
      XCTAssertEqual(String(decoding: response.body, as: UTF8.self), page, u)
      XCTAssertEqual(record.charset, "utf-8")
      XCTAssertNil(record.headers["content-encoding"])
    }
    let zip = try XCTUnwrap(URL(string: "https://site.example/file.zip"))
    let (_, head) = try XCTUnwrap(store.read(CacheKey(method: .head, url: zip), url: zip))
    XCTAssertEqual(head.contentLength, 123_456)
    let other = try XCTUnwrap(URL(string: "https://elsewhere.example/x.html"))
    XCTAssertNil(store.read(CacheKey(method: .get, url: other), url: other))
  }

  /// wget's `--warc-file`, the other WARC writer most crawls come from: its request, response,
  /// metadata and resource records are read, and its responses import.
  func testAWARCWrittenByWgetImports() throws {
    guard let wget = ["/usr/bin/wget", "/usr/local/bin/wget"].first(where: FileManager.default.isExecutableFile)
    else {
      print("skipped: wget is not installed")
      throw XCTSkip("wget is not installed")
    }
    let site = dir.appendingPathComponent("site/h.example/a")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Data("<html><a href=\"b.html\">b</a></html>\n".utf8).write(to: site.appendingPathComponent("index.html"))
    try Data("<p>b</p>\n".utf8).write(to: site.appendingPathComponent("b.html"))
    let server = try SiteMirrorKit.SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 60)
    try server.start()
    defer { server.stop() }
    let warc = dir.appendingPathComponent("wget").path
    let got = try Warcio.run(
      wget,
      [
        "-q", "-r", "-l", "1", "--no-proxy", "--warc-file=\(warc)", "-P", dir.appendingPathComponent("dl").path,
        "\(server.baseURL)/h.example/a/",
      ])
    XCTAssertEqual(got.status, 0, got.stderr)
    let cache = dir.appendingPathComponent("cache")
    let r = try Tool.run(
      "catalog", ["cache", "import", warc + ".warc.gz", "--cache", cache.path, "--host", "127.0.0.1"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    let store = CacheStore(root: cache)
    let b = try XCTUnwrap(URL(string: "\(server.baseURL)/h.example/a/b.html"))
    let (_, response) = try XCTUnwrap(store.read(CacheKey(method: .get, url: b), url: b), r.stdout)
    XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "<p>b</p>\n")
  }

  func testABadWARCIsAnErrorNamingItsOffsetAndLeavesTheCacheAsItWas() throws {
    // A cache with one answer, and a WARC of two answers whose second body was altered after writing.
    let cache = dir.appendingPathComponent("cache")
    let store = CacheStore(root: cache)
    let kept = try XCTUnwrap(URL(string: "https://site.example/kept.html"))
    try store.write(
      CacheKey(method: .get, url: kept),
      response: FetchResponse(
        url: kept, method: .get, status: 200, headers: [:], body: Array("old".utf8), fromCache: false),
      charset: nil)
    let before = try snapshot(cache)
    let answers = ["a", "b"].map {
      WARCAnswer(
        url: "https://site.example/\($0).html", method: "GET", status: 200, headers: [], body: Array("body \($0)".utf8),
        date: "2026-12-01T10:00:00Z")
    }
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    for r in answers.flatMap({ $0.records(warcinfoID: "<urn:uuid:0>") }) {
      offsets.append(bytes.count)
      bytes += r.serialized()
    }
    let damaged = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "body b", with: "body B")
    let warc = dir.appendingPathComponent("bad.warc").path
    try Data(damaged.utf8).write(to: URL(fileURLWithPath: warc))
    let r = try Tool.run("catalog", ["cache", "import", warc, "--cache", cache.path])
    XCTAssertEqual(r.status, 65, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("\(warc): record at offset \(offsets[3]): WARC-Block-Digest"), r.stderr)
    XCTAssertEqual(try snapshot(cache), before, "the cache is as it was")

    // Cut short, and a length that lies: also errors naming the offset, also nothing written.
    try Data(bytes.prefix(bytes.count - 20)).write(to: URL(fileURLWithPath: warc))
    let cut = try Tool.run("catalog", ["cache", "import", warc, "--cache", cache.path])
    XCTAssertEqual(cut.status, 65, cut.stderr)
    XCTAssertTrue(cut.stderr.contains("record at offset \(offsets[3]): the file is cut short"), cut.stderr)
    XCTAssertEqual(try snapshot(cache), before)
  }

  /// Every file under a folder with its bytes.
  private func snapshot(_ root: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(atPath: root.path)
    while let p = e?.nextObject() as? String {
      var isDir: ObjCBool = false
      let full = root.appendingPathComponent(p).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
        out[p] = try Data(contentsOf: URL(fileURLWithPath: full))
      }
    }
    return out
  }
}
