import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkTestSupport
import XCTest

/// `catalog cache import` and `export` keep the promises docs/warc.md makes: a later answer wins, a
/// failed import changes nothing, a body over the cap is refused from its header, an empty file is an
/// error, leftovers of a killed run are cleaned up, and an export is a function of the cache.
final class WARCImportTests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws { dir = try Tool.temporaryDirectory("warc-import") }
  override func tearDownWithError() throws { if let dir { try? FileManager.default.removeItem(at: dir) } }

  private func answer(_ path: String, _ body: String, method: String = "GET", date: String = "2026-12-01T10:00:00Z")
    -> WARCAnswer
  {
    WARCAnswer(
      url: "https://site.example/\(path)", method: method, status: 200,
      headers: method == "HEAD" ? [("content-length", "4242")] : [("content-type", "text/html")],
      body: Array(body.utf8), date: date)
  }

  /// A `.warc.gz` of these answers (one gzip member per record) after a warcinfo record.
  private func warc(_ name: String, _ answers: [WARCAnswer]) throws -> String {
    let info = WARCAnswer.warcinfo(filename: name, date: "2026-12-01T10:00:00Z", software: "test")
    var bytes: [UInt8] = []
    for r in [info] + answers.flatMap({ $0.records(warcinfoID: info.recordID ?? "") }) {
      bytes += try GzipMembers.compress(r.serialized())
    }
    let path = dir.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func body(_ cache: URL, _ path: String) throws -> String? {
    let url = try XCTUnwrap(URL(string: "https://site.example/\(path)"))
    return CacheStore(root: cache).read(CacheKey(method: .get, url: url), url: url).map {
      String(decoding: $0.1.body, as: UTF8.self)
    }
  }

  func testAURLAnsweredTwiceImportsTheLaterAnswerAndIdenticalTwinsAreNoError() throws {
    let file = try warc(
      "twice.warc.gz",
      [
        answer("a.html", "first a"), answer("b.html", "same b"), answer("b.html", "same b"),
        answer("a.html", "second a", date: "2026-12-02T10:00:00Z"), answer("f.zip", "", method: "HEAD"),
        answer("f.zip", "", method: "HEAD"), answer("empty.html", "was here"), answer("empty.html", ""),
      ])
    let cache = dir.appendingPathComponent("cache")
    let r = try Tool.run("catalog", ["cache", "import", file, "--cache", cache.path])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(
      r.stdout.contains("imported 3 GET answers and 1 HEAD answer (0 revisits resolved; 4 later answers replaced"),
      r.stdout)
    XCTAssertEqual(try body(cache, "a.html"), "second a")
    XCTAssertEqual(try body(cache, "b.html"), "same b")
    XCTAssertEqual(try body(cache, "empty.html"), "", "a later empty body replaces an earlier one")
    let emptyKey = CacheKey(method: .get, url: try XCTUnwrap(URL(string: "https://site.example/empty.html")))
    let shard = cache.appendingPathComponent("\(CacheKey.version)/\(emptyKey.digest.prefix(2))")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: shard.appendingPathComponent("\(emptyKey.digest).body").path),
      "no body file outlives the answer that replaced it")
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
    // Imported again over itself: the same entries, still sound.
    XCTAssertEqual(try Tool.run("catalog", ["cache", "import", file, "--cache", cache.path]).status, 0)
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", cache.path]).status, 0)
  }

  func testTheSummarySaysRequestRecordsWereReadForTheirMethodsNotSkipped() throws {
    let file = try warc("one.warc.gz", [answer("a.html", "a"), answer("f.zip", "", method: "HEAD")])
    let r = try Tool.run("catalog", ["cache", "import", file, "--cache", dir.appendingPathComponent("c").path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stdout,
      "\(file): imported 1 GET answer and 1 HEAD answer (0 revisits resolved); read 2 request records for their "
        + "methods; skipped 0 answers for other hosts and 1 warcinfo record\n")
  }

  func testAnEmptyOrRecordlessFileIsAnErrorNamingItAndCreatesNoCache() throws {
    let cache = dir.appendingPathComponent("never")
    for (name, bytes) in [
      ("empty.warc.gz", []), ("blank.warc", Array("\r\n\r\n".utf8)), ("nothing.warc.gz", try GzipMembers.compress([])),
    ] {
      let path = dir.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let r = try Tool.run("catalog", ["cache", "import", path, "--cache", cache.path])
      XCTAssertEqual(r.status, 65, r.stdout + r.stderr)
      XCTAssertEqual(r.stderr, "error: \(path): the file holds no WARC record\n")
      XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path), "a failed import creates nothing")
    }
  }

  func testARecordOverTheBodyCapIsRefusedFromItsHeaderAndChangesNothing() throws {
    let cache = dir.appendingPathComponent("cache")
    XCTAssertEqual(
      try Tool.run(
        "catalog", ["cache", "import", try warc("ok.warc.gz", [answer("a.html", "kept")]), "--cache", cache.path]
      )
      .status, 0)
    let before = try snapshot(cache)
    // One good answer, then a record whose header announces 3 GiB (the file holds a few bytes of
    // it): the import stops at the header, before reading or staging the block.
    let good = try warc("head.warc.gz", [answer("b.html", "b")])
    let huge = Array(
      ("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://site.example/big\r\n"
        + "Content-Length: \(3 << 30)\r\n\r\nHTTP/1.1 200 OK\r\n\r\n").utf8)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
    let offset = bytes.count
    bytes += try GzipMembers.compress(huge)
    let path = dir.appendingPathComponent("huge.warc.gz").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let r = try Tool.run("catalog", ["cache", "import", path, "--cache", cache.path])
    XCTAssertEqual(r.status, 65, r.stdout + r.stderr)
    XCTAssertTrue(
      r.stderr.contains(
        "\(path): record at offset \(offset): its block of \(3 << 30) bytes is over the \(BuildDefaults.fileBodyCap)-byte cap"
      ),
      r.stderr)
    XCTAssertEqual(try snapshot(cache), before, "nothing staged reached the cache, and no staging folder is left")
  }

  func testLeftoversOfAKilledImportAndExportAreFoundByVerifyAndRemovedByRepairAndTheNextRun() throws {
    let cache = dir.appendingPathComponent("cache")
    XCTAssertEqual(
      try Tool.run(
        "catalog", ["cache", "import", try warc("ok.warc.gz", [answer("a.html", "a")]), "--cache", cache.path]
      )
      .status, 0)
    // A process id that no longer runs: a child that has exited.
    let gone = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo $$"]).stdoutText
      .trimmingCharacters(in: .whitespacesAndNewlines)
    func plant() throws -> (staging: String, note: String, temporary: String) {
      let staging = cache.path + "/.warc-import.tmp-\(gone)-1"
      try FileManager.default.createDirectory(atPath: staging + "/v1/ab", withIntermediateDirectories: true)
      try Data("half".utf8).write(to: URL(fileURLWithPath: staging + "/v1/ab/x.body"))
      let temporary = dir.appendingPathComponent("out.warc.gz.tmp-\(gone)-7").path
      try Data("half a warc".utf8).write(to: URL(fileURLWithPath: temporary))
      let note = cache.path + "/.warc-export-\(gone)-7"
      try Data((temporary + "\n").utf8).write(to: URL(fileURLWithPath: note))
      return (staging, note, temporary)
    }
    var left = try plant()
    let verify = try Tool.run("catalog", ["cache", "verify", "--cache", cache.path])
    XCTAssertEqual(verify.status, 65, verify.stdout + verify.stderr)
    for p in [left.staging, left.note, left.temporary] { XCTAssertTrue(verify.stderr.contains(p), verify.stderr) }
    let repair = try Tool.run("catalog", ["cache", "verify", "--repair", "--cache", cache.path])
    XCTAssertEqual(repair.status, 0, repair.stdout + repair.stderr)
    for p in [left.staging, left.note, left.temporary] { XCTAssertFalse(FileManager.default.fileExists(atPath: p), p) }
    XCTAssertEqual(try Tool.run("catalog", ["cache", "verify", "--cache", cache.path]).status, 0)

    // The next import removes them too, and so does the next export.
    for run in [
      ["cache", "import", try warc("again.warc.gz", [answer("b.html", "b")]), "--cache", cache.path],
      ["cache", "export", "--cache", cache.path, "--warc", dir.appendingPathComponent("other.warc.gz").path],
    ] {
      left = try plant()
      let r = try Tool.run("catalog", run)
      XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
      for p in [left.staging, left.note, left.temporary] {
        XCTAssertFalse(FileManager.default.fileExists(atPath: p), "\(run[1]): \(p)")
      }
    }
  }

  func testTwoExportsOfOneCacheAreByteIdenticalAndSourceDateEpochDatesTheWarcinfo() throws {
    let cache = dir.appendingPathComponent("cache")
    XCTAssertEqual(
      try Tool.run(
        "catalog",
        [
          "cache", "import",
          try warc(
            "in.warc.gz", [answer("a.html", "a", date: "2026-11-03T08:00:00Z"), answer("f.zip", "", method: "HEAD")]),
          "--cache", cache.path,
        ]
      ).status, 0)
    let out = dir.appendingPathComponent("out.warc.gz").path
    var exports: [Data] = []
    for _ in 0..<2 {
      XCTAssertEqual(try Tool.run("catalog", ["cache", "export", "--cache", cache.path, "--warc", out]).status, 0)
      exports.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    XCTAssertEqual(exports[0], exports[1], "the same cache exports to the same bytes")
    let records = try WARCReader.records([UInt8](exports[0]))
    XCTAssertEqual(records.first?.date, "2026-12-01T10:00:00Z", "the warcinfo is dated by the newest answer")
    let pinned = try Tool.run(
      "catalog", ["cache", "export", "--cache", cache.path, "--warc", out], environment: ["SOURCE_DATE_EPOCH": "0"])
    XCTAssertEqual(pinned.status, 0, pinned.stderr)
    let info = try WARCReader.records([UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))).first
    XCTAssertEqual(info?.date, "1970-01-01T00:00:00Z")
    let bad = try Tool.run(
      "catalog", ["cache", "export", "--cache", cache.path, "--warc", out], environment: ["SOURCE_DATE_EPOCH": "soon"])
    XCTAssertEqual(bad.status, 64, bad.stderr)
    let version = try Tool.run(
      "catalog", ["cache", "export", "--cache", cache.path, "--warc", out, "--warc-version", "0.9"])
    XCTAssertEqual(version.status, 64, version.stderr)
    XCTAssertTrue(version.stderr.contains("--warc-version takes 1.0 or 1.1, not '0.9'."), version.stderr)
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
      } else {
        out[p + "/"] = Data()
      }
    }
    return out
  }
}
