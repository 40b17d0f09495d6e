import BuildSupport
import CatalogKit
import Foundation

/// `bench warc`, in one run:
/// - a generated cache (pages of the size the sources serve, and size answers) exported to a
///   `.warc.gz` by us and by warcio's writer from the same cache files (a peer doing the same job:
///   read each entry, check its SHA-256, write request and response records with digests, gzip per
///   record); our read of that file next to warcio's read (a peer); our import as `catalog cache
///   import`, a child whose peak memory is sampled;
/// - a large WARC (2 GB by default, `SHELFMARK_WARC_BENCH_MB` to change) of incompressible bodies,
///   imported by `catalog cache import` and loaded by `site-mirror --root`, each with its peak RSS:
///   both read record by record, so memory follows the largest record, not the file.
/// Each time is the median of three samples. warcio is found in `$SHELFMARK_VENV` (default
/// /tmp/shelfmark-venv) or on PATH.
enum WarcBench {
  static let pages = 4_000
  static let heads = 4_000
  static let samples = 3

  static func run() async throws {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("warc-bench-\(UUID().uuidString.prefix(8))")
    defer { try? fm.removeItem(at: dir) }
    let cache = dir.appendingPathComponent("cache")
    let bodyBytes = try generateCache(CacheStore(root: cache))
    let store = CacheStore(root: cache)
    let warc = dir.appendingPathComponent("cache.warc.gz").path

    var exported: WARCExport.Summary? = nil
    let exportSeconds = try timeMedian {
      exported = try WARCExport.export(store, to: warc)
    }
    guard let exported else { throw BenchFailure("no export") }
    let records = exported.records
    let mb = Double(exported.bytes) / 1_000_000
    let readSeconds = try timeMedian {
      let (_, reader) = try WARCImport.reader(warc)
      var n = 0
      while try WARCImport.next(reader, path: warc) != nil { n += 1 }
      guard n == pages + heads else { throw BenchFailure("read \(n) answers, wrote \(pages + heads)") }
    }
    var importPeak = 0
    let importSeconds = try median {
      let into = dir.appendingPathComponent("imported-\(UUID().uuidString.prefix(6))").path
      defer { try? fm.removeItem(atPath: into) }
      let run = try child("catalog", ["cache", "import", warc, "--cache", into])
      importPeak = max(importPeak, run.peakKB)
      return run.seconds
    }

    print(
      String(
        format: "warc: %d records (%d GET, %d HEAD answers), %.1f MB of bodies, %.1f MB gzipped", records, pages, heads,
        Double(bodyBytes) / 1_000_000, mb))
    print(line("export (cache → warc.gz, ours)", records, mb, exportSeconds))
    print(line("read + check digests (ours)", records, mb, readSeconds))
    print(line("import (catalog cache import)", records, mb, importSeconds) + "  peak \(importPeak / 1024) MB")
    // The export as a child, for its peak: sorted in runs of 20,000 spilled to disk, so the peak
    // follows a run and the largest body, not the number of entries.
    let exportChild = try child(
      "catalog", ["cache", "export", "--cache", cache.path, "--warc", dir.appendingPathComponent("child.warc.gz").path])
    print(
      line("export (catalog cache export, a child)", records, mb, exportChild.seconds)
        + "  peak \(exportChild.peakKB / 1024) MB")

    if let python = warcioPython() {
      let theirs = dir.appendingPathComponent("warcio.warc.gz").path
      var warcioExport: [Double] = []
      var warcioRead: [Double] = []
      for _ in 0..<samples {
        if let s = try timed(python, ["-c", warcioExporter, cache.path, theirs]) { warcioExport.append(s) }
        if let s = try timed(python, ["-c", warcioReader, theirs]) { warcioRead.append(s) }
      }
      if warcioExport.count == samples, warcioRead.count == samples {
        let e = warcioExport.sorted()[samples / 2]
        let r = warcioRead.sorted()[samples / 2]
        print(line("export (same cache, warcio's writer; peer)", records, mb, e))
        print(line("read + check digests (warcio; peer)", records, mb, r))
        print(
          String(
            format: "  as ratios to the peer (its time / ours; > 1 is faster than warcio): export %.2f×, read %.2f×",
            e / exportSeconds, r / readSeconds))
      }
    } else {
      print(
        "  warcio: not installed (python3 -m venv /tmp/shelfmark-venv && /tmp/shelfmark-venv/bin/pip install warcio)")
    }
    try large(dir)
  }

  /// The large file: built straight as a WARC (a cache of that size would cost its own bench), then
  /// imported and mirrored, each a child process with its peak resident memory sampled.
  static func large(_ dir: URL) throws {
    let megabytes = ProcessInfo.processInfo.environment["SHELFMARK_WARC_BENCH_MB"].flatMap { Int($0) } ?? 2_048
    guard megabytes > 0 else { return }
    let path = dir.appendingPathComponent("large.warc.gz").path
    let (count, bytes) = try writeLarge(path, megabytes: megabytes)
    let gb = Double(bytes) / 1e9
    let into = dir.appendingPathComponent("large-imported").path
    let imported = try child("catalog", ["cache", "import", path, "--cache", into])
    try? FileManager.default.removeItem(atPath: into)
    print(
      String(
        format: "large warc: %.2f GB gzipped, %d records of 1 MiB bodies", gb, count))
    print(
      String(
        format: "  import (catalog cache import)            %6.1f s %7.1f MB/s  peak %d MB  [goal: < 200 MB]",
        imported.seconds, Double(bytes) / 1e6 / imported.seconds, imported.peakKB / 1024))
    let mirror = try child("site-mirror", ["--root", path, "--for", "1"])
    print(
      String(
        format: "  site-mirror --root (index, then serve 1 s)  %6.1f s                peak %d MB  [goal: < 200 MB]",
        mirror.seconds, mirror.peakKB / 1024))
  }

  /// A `.warc.gz` of `megabytes` of 1 MiB incompressible bodies (request and response per body).
  static func writeLarge(_ path: String, megabytes: Int) throws -> (records: Int, bytes: Int) {
    guard let out = FileHandle(forWritingAtPath: path) ?? create(path) else {
      throw BenchFailure("\(path): cannot create")
    }
    defer { try? out.close() }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var written = 0
    var records = 0
    var n = 0
    while written < megabytes << 20 {
      var body = [UInt8](repeating: 0, count: 1 << 20)
      body.withUnsafeMutableBytes { raw in
        let words = raw.bindMemory(to: UInt64.self)
        for i in words.indices {
          // xorshift64: bytes zlib cannot shrink, so the file's size is the bodies' size.
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          words[i] = state
        }
      }
      let answer = WARCAnswer(
        url: "https://site.example/files/f\(n).bin", method: "GET", status: 200,
        headers: [("content-type", "application/octet-stream")], body: body, date: "2026-12-01T10:00:00Z")
      for r in answer.records(warcinfoID: "<urn:uuid:00000000-0000-5000-8000-000000000000>") {
        let member = try GzipMembers.compress(r.serialized(), level: 1)
        try out.write(contentsOf: member)
        written += member.count
        records += 1
      }
      n += 1
    }
    return (records, written)
  }

  static func create(_ path: String) -> FileHandle? {
    FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
  }

  /// 4,000 pages of 8–40 KB of table markup (a listing or a metadata page) and 4,000 size answers.
  static func generateCache(_ store: CacheStore) throws -> Int {
    var rng = SystemRandomNumberGenerator()
    var bodyBytes = 0
    for n in 0..<pages {
      guard let url = URL(string: "https://site.example/section\(n % 40)/page\(n).html") else { continue }
      let rows = Int.random(in: 40...200, using: &rng)
      let body = Array(
        ("<html><body><table>\n"
          + (0..<rows).map {
            "<tr><td>Issue \($0)</td><td><a href=\"f\(n)-\($0).zip\">zip</a> \($0 * 7) pages</td></tr>"
          }
          .joined(separator: "\n") + "\n</table></body></html>\n").utf8)
      bodyBytes += body.count
      try store.write(
        CacheKey(method: .get, url: url),
        response: FetchResponse(
          url: url, method: .get, status: 200, headers: ["content-type": "text/html", "etag": "\"\(n)\""], body: body,
          fromCache: false), charset: nil)
    }
    for n in 0..<heads {
      guard let url = URL(string: "https://site.example/files/f\(n).zip") else { continue }
      try store.write(
        CacheKey(method: .head, url: url),
        response: FetchResponse(
          url: url, method: .head, status: 200, headers: ["content-length": String(1_000_000 + n)], body: [],
          fromCache: false), charset: nil)
    }
    return bodyBytes
  }

  /// warcio writing the same cache: every record file and its body (SHA-256 checked, as our export
  /// checks it), the HEAD log's latest line per key, in URL order, request then response records.
  static let warcioExporter = #"""
    import sys, os, json, io, time, hashlib
    from warcio.warcwriter import WARCWriter
    from warcio.statusandheaders import StatusAndHeaders
    t = time.perf_counter()
    root = os.path.join(sys.argv[1], "v1")
    entries = []
    for shard in sorted(os.listdir(root)):
        d = os.path.join(root, shard)
        if len(shard) != 2 or not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith(".json"):
                with open(os.path.join(d, name), "rb") as f:
                    entries.append((json.load(f), os.path.join(d, name[:-5] + ".body")))
    heads = {}
    with open(os.path.join(root, "head.log"), "rb") as f:
        for line in f:
            r = json.loads(line)
            heads[r["key"]] = r
    entries += [(r, None) for r in heads.values() if not r.get("removed")]
    entries.sort(key=lambda e: (e[0]["url"], e[0]["method"]))
    with open(sys.argv[2], "wb") as out:
        w = WARCWriter(out, gzip=True)
        w.write_record(w.create_warcinfo_record("warcio.warc.gz", {"software": "warcio"}))
        for r, body_path in entries:
            body = b""
            if body_path and r["bodyBytes"] > 0:
                with open(body_path, "rb") as f:
                    body = f.read()
                if hashlib.sha256(body).hexdigest() != r["bodySHA256"]:
                    sys.exit("bad body " + body_path)
            url = r["url"]
            path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
            req = w.create_warc_record(url, "request", payload=io.BytesIO(b""),
                http_headers=StatusAndHeaders(r["method"] + " " + path + " HTTP/1.1", [("Host", "site.example")],
                    is_http_request=True))
            headers = [(k.title(), v) for k, v in sorted(r["headers"].items())]
            resp = w.create_warc_record(url, "response", payload=io.BytesIO(body),
                http_headers=StatusAndHeaders(str(r["status"]) + " OK", headers, protocol="HTTP/1.1"))
            resp.rec_headers.add_header("WARC-Concurrent-To", req.rec_headers.get_header("WARC-Record-ID"))
            w.write_record(req)
            w.write_record(resp)
    print(time.perf_counter() - t)
    """#

  static let warcioReader = #"""
    import sys, time
    from warcio.archiveiterator import ArchiveIterator
    t = time.perf_counter()
    with open(sys.argv[1], 'rb') as f:
        for r in ArchiveIterator(f, check_digests=True):
            r.content_stream().read()
    print(time.perf_counter() - t)
    """#

  static func line(_ label: String, _ records: Int, _ mb: Double, _ s: Double) -> String {
    "  " + label.padding(toLength: 44, withPad: " ", startingAt: 0)
      + String(format: "%8.0f records/s %7.1f MB/s (gzipped)", Double(records) / s, mb / s)
  }

  /// The median of `samples` runs of `body`, timed here.
  static func timeMedian(_ body: () throws -> Void) throws -> Double {
    try median { () throws -> Double in
      let clock = ContinuousClock()
      let t = clock.now
      try body()
      let d = clock.now - t
      return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
  }

  /// The median of `samples` runs of `body`, each returning its own time.
  static func median(_ body: () throws -> Double) throws -> Double {
    var times: [Double] = []
    for _ in 0..<samples { times.append(try body()) }
    return times.sorted()[samples / 2]
  }

  /// A built tool run as a child, with its peak resident memory (VmHWM) sampled while it runs.
  static func child(_ tool: String, _ arguments: [String]) throws -> (seconds: Double, peakKB: Int) {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(tool)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw BenchFailure("\(executable.path) is missing; build it first (swift build -c release --product \(tool))")
    }
    nonisolated(unsafe) var peak = 0
    let r = try ChildProcess.run(
      executable, arguments, stdout: .discard,
      watch: { pid in peak = max(peak, BombJackBench.peakKB(String(pid))) })
    guard r.status == 0 else { throw BenchFailure("\(tool) exited \(r.status): \(r.stderrText.suffix(1000))") }
    return (r.seconds, peak)
  }

  /// The seconds a Python script prints, or nil (with its output shown) when it prints something else.
  static func timed(_ python: String, _ arguments: [String]) throws -> Double? {
    let out = try run(python, arguments)
    guard let s = Double(out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      print("  warcio: could not read its output: \(out.prefix(300))")
      return nil
    }
    return s
  }

  static func warcioPython() -> String? {
    let venv = ProcessInfo.processInfo.environment["SHELFMARK_VENV"] ?? "/tmp/shelfmark-venv"
    let candidates =
      [venv + "/bin/python3"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
    for c in candidates where FileManager.default.isExecutableFile(atPath: c) {
      if (try? run(c, ["-c", "import warcio; print('ok')"]))?.hasPrefix("ok") == true { return c }
    }
    return nil
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    try ChildProcess.run(URL(fileURLWithPath: executable), arguments, stderr: .discard).stdoutText
  }
}
