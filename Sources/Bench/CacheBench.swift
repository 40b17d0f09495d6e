import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import SiteMirrorKit

/// `bench cache`: whether a cache's cost follows the work, not its history (issue 21, item 2). One
/// warm `retrospec-build --no-network` (a generated site of about the real size, 1,300 cached
/// answers) is timed in its own cache, then in caches that also hold N synthetic entries (half GET,
/// half HEAD, written through the real `CacheStore`, compacted as builds leave them); then `catalog
/// cache stats`, `verify`, `prune --dry-run --include-probes` and `export` run over each. Goals: the
/// warm rebuild within 1.2× of its own-cache time and peak memory at every size; the maintenance
/// commands linear (their time per entry flat across sizes) with flat peak memory.
///
/// `SHELFMARK_BENCH_CACHE_SIZES=10000,100000` picks the sizes (default 10k, 100k and 1M entries);
/// `SHELFMARK_BENCH_CACHE_NO_EXPORT=1` leaves export out.
enum CacheBench {
  struct Figure {
    var seconds: Samples
    var peakMB: Samples
  }

  static func run() async throws {
    let env = ProcessInfo.processInfo.environment
    let sizes =
      env["SHELFMARK_BENCH_CACHE_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
      ?? [10_000, 100_000, 1_000_000]
    let withExport = env["SHELFMARK_BENCH_CACHE_NO_EXPORT"] == nil
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("cache-bench-\(UUID().uuidString.prefix(8))")
    defer { try? fm.removeItem(at: dir) }
    let site = dir.appendingPathComponent("site")
    try fm.createDirectory(at: site, withIntermediateDirectories: true)
    try GeneratedRetroSpec(issuesPerSeries: 60).write(into: site)
    let server = try SiteMirror(root: site, lifetime: 7200)
    server.route { GeneratedSizes.answer($0, for: [".zip"]) }
    try server.start()
    defer { server.stop() }

    let own = dir.appendingPathComponent("own")
    let fill = try ChildRun.start(
      tool: "retrospec-build",
      common(own, dir.appendingPathComponent("fill")) + ["--mirror", server.baseURL, "--min-issues", "1"])
    try fill.check()
    let ownEntries = CacheStore(root: own).allRecords().count
    let reference = try warm(own, dir)
    print(
      String(
        format:
          "cache: warm retrospec-build --no-network in its own cache (%d entries): %.3f s, peak %.0f MB (times %@)",
        ownEntries, reference.seconds.median, reference.peakMB.median, reference.seconds.summary("%.3f")))

    var rows: [(n: Int, build: Double, warm: Figure, tools: [(String, Figure)])] = []
    for n in sizes {
      let cache = dir.appendingPathComponent("cache-\(n)")
      try fm.copyItem(at: own, to: cache)
      let t = ContinuousClock.now
      try fillSynthetic(cache, count: max(0, n - ownEntries))
      let built = Samples.seconds(ContinuousClock.now - t)
      // The own cache and this one in turns: a load change on the machine moves both alike.
      let (reference, w) = try warmPairs(own, cache, dir)
      let timeRatio = Samples.ratios(w.seconds, reference.seconds)
      let peakRatio = Samples.ratios(w.peakMB, reference.peakMB)
      var tools: [(String, Figure)] = []
      var actions: [(String, [String])] = [
        ("stats", ["stats"]), ("verify", ["verify"]),
        ("prune", ["prune", "--dry-run", "--days", "90", "--include-probes"]),
      ]
      if withExport { actions.append(("export", ["export", "--warc", dir.appendingPathComponent("x.warc.gz").path])) }
      for (name, args) in actions {
        var f = Figure(seconds: Samples(), peakMB: Samples())
        let r = try ChildRun.start(tool: "catalog", ["cache"] + args + ["--cache", cache.path])
        try r.check()
        f.seconds.add(r.seconds)
        f.peakMB.add(Double(r.peakKB) / 1024)
        tools.append((name, f))
        try? fm.removeItem(at: dir.appendingPathComponent("x.warc.gz"))
      }
      rows.append((n, built, w, tools))
      print(
        String(
          format:
            "cache: %7d entries (built in %.0f s): warm rebuild %.3f s against %.3f s in its own cache, %@; peak %.0f MB against %.0f MB, %@ [goal ≤ 1.2× both]",
          n, built, w.seconds.median, reference.seconds.median, timeRatio.summary("%.2f×"), w.peakMB.median,
          reference.peakMB.median, peakRatio.summary("%.2f×")))
      for (name, f) in tools {
        let perEntry = f.seconds.median / Double(n) * 1e6
        print(
          String(
            format: "         %-7@ %8.2f s  %6.2f µs/entry  peak %5.0f MB", name, f.seconds.median, perEntry,
            f.peakMB.median))
      }
      try? fm.removeItem(at: cache)
    }
    guard let first = rows.first, rows.count > 1 else { return }
    print("cache: linearity against the \(first.n)-entry cache (time per entry, and peak memory; goal ≈ 1.0× each)")
    for row in rows.dropFirst() {
      let parts = zip(row.tools, first.tools).map { mine, base in
        String(
          format: "%@ %.2f× / %.2f×", mine.0,
          (mine.1.seconds.median / Double(row.n)) / max(base.1.seconds.median / Double(first.n), 1e-12),
          mine.1.peakMB.median / max(base.1.peakMB.median, 1e-9))
      }
      print("  \(row.n): " + parts.joined(separator: ", "))
    }
  }

  static func common(_ cache: URL, _ out: URL) -> [String] {
    ["--cache", cache.path, "--out", out.path, "--date", "2026-12-01", "--delay", "0", "--quiet"]
  }

  /// Five warm rebuilds from each cache, in turns (own, big, own, big…) after one untimed each.
  static func warmPairs(_ own: URL, _ big: URL, _ dir: URL) throws -> (own: Figure, big: Figure) {
    var a = Figure(seconds: Samples(), peakMB: Samples())
    var b = Figure(seconds: Samples(), peakMB: Samples())
    for n in 0..<6 {
      for (cache, i) in [(own, 0), (big, 1)] {
        let r = try ChildRun.start(
          tool: "retrospec-build",
          common(cache, dir.appendingPathComponent("warm-\(i)")) + ["--no-network", "--min-issues", "1"])
        try r.check()
        guard n > 0 else { continue }
        if i == 0 {
          a.seconds.add(r.seconds)
          a.peakMB.add(Double(r.peakKB) / 1024)
        } else {
          b.seconds.add(r.seconds)
          b.peakMB.add(Double(r.peakKB) / 1024)
        }
      }
    }
    return (a, b)
  }

  /// Three warm `--no-network` rebuilds from `cache`, after one untimed (so each cache is measured
  /// with the file system's cache as warm as the other's); their times and peaks.
  static func warm(_ cache: URL, _ dir: URL) throws -> Figure {
    var f = Figure(seconds: Samples(), peakMB: Samples())
    for n in 0..<4 {
      let r = try ChildRun.start(
        tool: "retrospec-build",
        common(cache, dir.appendingPathComponent("warm-\(n)")) + ["--no-network", "--min-issues", "1"])
      try r.check()
      guard n > 0 else { continue }
      f.seconds.add(r.seconds)
      f.peakMB.add(Double(r.peakKB) / 1024)
    }
    return f
  }

  /// `count` synthetic entries of another host, half GET (a small page each) and half HEAD, through
  /// the real store; then the HEAD log compacted as a build's end leaves it.
  static func fillSynthetic(_ cache: URL, count: Int) throws {
    let store = CacheStore(root: cache)
    for i in 0..<count {
      guard let url = URL(string: "https://synthetic.example/archive/\(i / 1000)/item-\(i).html") else { continue }
      if i % 2 == 0 {
        let body = Array(
          "<html><body><h1>item \(i)</h1><p>a synthetic page of the bench's cache</p></body></html>".utf8)
        let response = FetchResponse(
          url: url, method: .get, status: 200, headers: ["content-type": "text/html"], body: body, fromCache: false)
        try store.write(CacheKey(method: .get, url: url), response: response, charset: "utf-8")
      } else {
        let response = FetchResponse(
          url: url, method: .head, status: 200,
          headers: ["content-type": "application/zip", "content-length": String(1_000_000 + i)], body: [],
          fromCache: false)
        try store.write(CacheKey(method: .head, url: url), response: response, charset: nil)
      }
    }
    try store.compactHeadLogIfDue()
  }
}
