import BuildSupport
import CatalogKit
import Foundation

/// `bench warc`: a generated cache (pages of the size the sources serve, and size answers) exported to
/// a `.warc.gz`, imported into an empty cache, and read, next to warcio reading the same file, in one
/// run. warcio is found in `$SHELFMARK_VENV` (default /tmp/shelfmark-venv) or on PATH.
enum WarcBench {
  static let pages = 4_000
  static let heads = 4_000

  static func run() async throws {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("warc-bench-\(UUID().uuidString.prefix(8))")
    defer { try? fm.removeItem(at: dir) }
    let store = CacheStore(root: dir.appendingPathComponent("cache"))
    var rng = SystemRandomNumberGenerator()
    var bodyBytes = 0
    for n in 0..<pages {
      guard let url = URL(string: "https://site.example/section\(n % 40)/page\(n).html") else { continue }
      // 8–40 KB of table markup, like a listing or a metadata page.
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
    let warc = dir.appendingPathComponent("cache.warc.gz").path
    let clock = ContinuousClock()
    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    var t = clock.now
    let exported = try WARCExport.export(store, to: warc)
    let exportSeconds = seconds(clock.now - t)
    let records = exported.records
    let mb = Double(exported.bytes) / 1_000_000

    t = clock.now
    let read = try WARCImport.read(warc)
    let readSeconds = seconds(clock.now - t)
    guard read.answers.count == pages + heads else { throw BenchFailure("read \(read.answers.count) answers") }

    let empty = CacheStore(root: dir.appendingPathComponent("imported"))
    t = clock.now
    _ = try WARCImport.run(warc, into: empty, wants: { _ in true })
    let importSeconds = seconds(clock.now - t)

    print(
      String(
        format: "warc: %d records (%d GET, %d HEAD answers), %.1f MB of bodies, %.1f MB gzipped", records, pages, heads,
        Double(bodyBytes) / 1_000_000, mb))
    func line(_ label: String, _ s: Double) -> String {
      "  " + label.padding(toLength: 40, withPad: " ", startingAt: 0)
        + String(format: "%8.0f records/s %7.1f MB/s (gzipped)", Double(records) / s, mb / s)
    }
    print(line("export (cache → warc.gz, ours)", exportSeconds))
    print(line("read + check digests (ours)", readSeconds))
    print(line("import (read, stage, commit; ours)", importSeconds))
    guard let python = warcioPython() else {
      print(
        "  warcio: not installed (python3 -m venv /tmp/shelfmark-venv && /tmp/shelfmark-venv/bin/pip install warcio)")
      return
    }
    var warcio: [Double] = []
    for (label, check) in [("warcio read", "False"), ("warcio read + check digests", "True")] {
      let script = """
        import sys, time
        from warcio.archiveiterator import ArchiveIterator
        t = time.perf_counter()
        n = 0
        with open(sys.argv[1], 'rb') as f:
            for r in ArchiveIterator(f, check_digests=\(check)):
                r.content_stream().read()
                n += 1
        print(n, time.perf_counter() - t)
        """
      let out = try run(python, ["-c", script, warc])
      let parts = out.split(separator: " ")
      guard parts.count == 2, let s = Double(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
        print("  \(label): could not read its output: \(out)")
        continue
      }
      print(line(label, s))
      warcio.append(s)
    }
    guard warcio.count == 2 else { return }
    print(
      String(
        format:
          "  as ratios to warcio's rate on the same file: our read + digests %.1f× warcio's read + digests (%.1f× its plain read); export %.1f×, import %.1f× warcio's plain read",
        warcio[1] / readSeconds, warcio[0] / readSeconds, warcio[0] / exportSeconds, warcio[0] / importSeconds))
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
