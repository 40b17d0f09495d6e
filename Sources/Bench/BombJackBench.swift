import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

/// bombjack-build at full scale: a generated archive of 20,000 pages and 18,000 files served by the
/// loopback mirror. Measures the cold build, the warm rebuild (`--no-network`, the goal: under 30 s
/// and 500 MB), and the walk alone from the warm cache, in process.
enum BombJackBench {
  static let host = BombJackSite.host
  static let pageCount = 20_000
  static let fileCount = 18_000

  static func run() async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bombjack-perf-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: dir) }
    let started = Date()
    let site = try GeneratedSite.write(into: dir.appendingPathComponent("site"), pages: pageCount, files: fileCount)
    print(
      String(
        format: "bombjack: generated %d pages, %d files (%d listed twice) in %.1fs",
        site.pages, site.files, site.repeats, Date().timeIntervalSince(started)))

    let server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 3600)
    server.route { req in
      guard req.method == "HEAD", req.path.hasSuffix(".zip") else { return nil }
      let n = GeneratedSite.fileNumber(req.path)
      if n % 10 == 7 { return MirrorResponse(status: 404) }  // about one link in ten is dead, as on the real site
      return MirrorResponse(status: 200, headers: ["Content-Type": "application/zip"], contentLength: 1_000_000 + n)
    }
    try server.start()
    defer { server.stop() }

    let cache = dir.appendingPathComponent("cache").path
    func build(_ extra: [String], out: String) throws -> ChildRun {
      try ChildRun.start(
        tool: "bombjack-build",
        [
          "--mirror", server.baseURL, "--cache", cache, "--out", dir.appendingPathComponent(out).path, "--date",
          "2026-11-30",
          "--delay", "0", "--jobs", "8", "--min-share", "0", "--min-issues", "0", "--quiet",
          "--report", dir.appendingPathComponent(out + "-report.json").path,
        ] + extra)
    }

    let cold = try build(["--ignore-robots"], out: "cold")
    try cold.check()
    let requests = server.requests.count
    print(
      String(
        format: "bombjack: cold build %.1fs, %d requests (%.0f/s), peak %d MB",
        cold.seconds, requests, Double(requests) / cold.seconds, cold.peakKB / 1024))

    server.clearLog()
    // Three warm rebuilds, each into its own folder: the figures are their medians.
    var seconds = Samples()
    var peaks = Samples()
    var same = true
    for n in 0..<3 {
      let warm = try build(["--no-network"], out: "warm\(n)")
      try warm.check()
      seconds.add(warm.seconds)
      peaks.add(Double(warm.peakKB) / 1024)
      same = try same && sameFiles(dir.appendingPathComponent("cold"), dir.appendingPathComponent("warm\(n)"))
    }
    print(
      String(
        format:
          "bombjack: warm rebuild (--no-network, parse cache kept) %.1fs for %d pages (%.0f pages/s), peak %.0f MB, %d requests, output %@ [goal: <= 2 s, < 500 MB; times %@, peaks %@ MB]",
        seconds.median, site.pages, Double(site.pages) / seconds.median, peaks.median, server.requests.count,
        same ? "byte-identical" : "DIFFERENT", seconds.summary("%.1f"), peaks.summary("%.0f")))

    // The same rebuild with the parse cache gone, then with every entry damaged: both parse every
    // page again, and both must write the same bytes.
    let parsed = URL(fileURLWithPath: cache).appendingPathComponent(ParseCache.folderName)
    try FileManager.default.removeItem(at: parsed)
    let absent = try build(["--no-network"], out: "absent")
    try absent.check()
    var damaged = 0
    for case let u as URL in FileManager.default.enumerator(at: parsed, includingPropertiesForKeys: nil)?.allObjects
      ?? []
    where u.lastPathComponent.count == 64 {
      var d = try Data(contentsOf: u)
      d[d.count / 2] ^= 0x01
      try d.write(to: u)
      damaged += 1
    }
    let corrupt = try build(["--no-network"], out: "corrupt")
    try corrupt.check()
    let sameAbsent = try sameFiles(dir.appendingPathComponent("cold"), dir.appendingPathComponent("absent"))
    let sameCorrupt = try sameFiles(dir.appendingPathComponent("cold"), dir.appendingPathComponent("corrupt"))
    print(
      String(
        format:
          "bombjack: warm rebuild without the parse cache %.1fs (peak %d MB), output %@; with all %d entries damaged %.1fs (peak %d MB), output %@",
        absent.seconds, absent.peakKB / 1024, sameAbsent ? "byte-identical" : "DIFFERENT", damaged, corrupt.seconds,
        corrupt.peakKB / 1024, sameCorrupt ? "byte-identical" : "DIFFERENT"))

    // The walk alone, in process: cache reads and page parsing, no probes, no assembly.
    var config = FetcherConfiguration(cacheRoot: URL(fileURLWithPath: cache), allowedHosts: [host])
    config.noNetwork = true
    let fetcher = Fetcher(config)
    let t0 = Date()
    guard let root = URL(string: BombJackSite.root) else { throw BenchFailure("the site root does not parse") }
    var walk = BombJackSiteWalk(start: [root], maxPages: 25_000)
    var read = 0
    var entries = 0
    var bodies: [[UInt8]] = []
    while true {
      let batch = walk.next(64)
      if batch.isEmpty { break }
      let pages = try await readBatch(batch, fetcher)
      for (url, r) in zip(batch, pages) {
        guard let r, r.status == 200 else { continue }
        let page = BombJackPage.read(r.body, url: url)
        walk.add(page.links)
        read += 1
        entries += page.entries.count
        if bodies.count < 2000 { bodies.append(r.body) }
      }
    }
    let walkSeconds = Date().timeIntervalSince(t0)
    let t1 = Date()
    for (i, b) in bodies.enumerated() { _ = BombJackPage.read(b, url: root.appendingPathComponent("p/\(i).htm")) }
    let parseRate = Double(bodies.count) / Date().timeIntervalSince(t1)
    print(
      String(
        format:
          "bombjack: warm walk in process %.1fs, %d pages (%.0f pages/s), %d entries; parsing alone %.0f pages/s; bench peak %d MB (VmHWM)",
        walkSeconds, read, Double(read) / walkSeconds, entries, parseRate, peakKB() / 1024))
  }

  /// One batch from the cache, in order. (Not `Fetcher.getAll`: in a release build its task group
  /// crashed here, copying a `(URL, Result)` result; see the report.)
  static func readBatch(_ urls: [URL], _ fetcher: Fetcher) async throws -> [FetchResponse?] {
    try await withThrowingTaskGroup(of: (Int, FetchResponse).self) { group in
      for (i, u) in urls.enumerated() { group.addTask { (i, try await fetcher.get(u)) } }
      var out = [FetchResponse?](repeating: nil, count: urls.count)
      for try await (i, r) in group { out[i] = r }
      return out
    }
  }

  static func sameFiles(_ a: URL, _ b: URL) throws -> Bool {
    let names = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
    guard names == (try FileManager.default.contentsOfDirectory(atPath: b.path).sorted()), !names.isEmpty else {
      return false
    }
    return try names.allSatisfy {
      try Data(contentsOf: a.appendingPathComponent($0)) == Data(contentsOf: b.appendingPathComponent($0))
    }
  }

  /// This process's (or another's) peak resident memory, from /proc.
  static func peakKB(_ pid: String = "self") -> Int { PeakMemory.kilobytes(pid) }
}

/// A built executable run as a child, timed, with its peak memory sampled from /proc while it runs.
struct ChildRun {
  var tool: String
  var status: Int32
  var seconds: Double
  var peakKB: Int
  var stderr: String

  static func start(tool: String, _ arguments: [String]) throws -> ChildRun {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(tool)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw BenchFailure(
        "\(executable.path) is missing; build it in the same configuration first (swift build -c release --product \(tool))"
      )
    }
    nonisolated(unsafe) var peak = 0
    let before = PeakMemory.childrenKilobytes()
    // Labelled: as a trailing closure the sampler bound to `started:` (called once, at the start,
    // when the child weighs nothing), and every build printed "peak 0 MB".
    let r = try ChildProcess.run(
      executable, arguments, stdout: .discard,
      watch: { pid in peak = max(peak, PeakMemory.kilobytes(String(pid))) })
    // The children's high-water mark rises only when this child set a new one: then it is exact,
    // including whatever happened after the last 20 ms sample.
    let after = PeakMemory.childrenKilobytes()
    if after > before { peak = max(peak, after) }
    return ChildRun(tool: tool, status: r.status, seconds: r.seconds, peakKB: peak, stderr: r.stderrText)
  }

  func check() throws {
    guard status == 0 else { throw BenchFailure("\(tool) exited \(status): \(stderr.suffix(2000))") }
  }
}

struct BenchFailure: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}

/// The generated archive: FrontPage-shaped magazine pages with cells, section indexes and Apache-style
/// link pages, laid out as the mirror serves them (HOST/PATH).
enum GeneratedSite {
  struct Stats {
    var pages = 0
    var files = 0
    var repeats = 0
  }

  static let platforms = ["commodore", "amiga", "vic-20", "generic"]
  static let style =
    "<style type=\"text/css\">\n"
    + (1...40).map { ".auto-style\($0) { font-family: Arial; font-size: small; }" }.joined(separator: "\n")
    + "\n</style>\n"

  /// The file number encoded in a generated download's name (`..._F012345.zip`).
  static func fileNumber(_ path: String) -> Int {
    guard let f = path.range(of: "_F", options: .backwards) else { return 0 }
    return Int(path[f.upperBound...].prefix(6)) ?? 0
  }

  static func write(into root: URL, pages: Int, files: Int) throws -> Stats {
    let site = root.appendingPathComponent(BombJackSite.host)
    var stats = Stats()
    // 1 root + 20 platform indexes + 1,000 section indexes + leaves up to `pages`.
    let platformCount = 20
    let sectionsPer = 50
    let sections = platformCount * sectionsPer
    let leaves = pages - 1 - platformCount - sections
    let leavesPer = leaves / sections
    let extra = leaves - leavesPer * sections
    let magazineEvery = max(1, leaves / (files / 60))
    var fileNo = 0
    var lastFirstFile: String? = nil

    func put(_ path: String, _ html: String) throws {
      let url = site.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(html.utf8).write(to: url)
      stats.pages += 1
    }
    func page(_ title: String, _ body: String) -> String {
      "<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">\n<title>\(title)</title>\n\(style)</head>\n<body>\n\(body)\n</body>\n</html>\n"
    }

    try put(
      "index.html",
      page(
        "DLH's Commodore Archive - Main Page",
        (0..<platformCount).map { "<p><a href=\"p\($0)/index.htm\">Platform \($0)</a></p>" }.joined(separator: "\n")))
    var leafNo = 0
    for p in 0..<platformCount {
      let platform = platforms[p % platforms.count]
      try put(
        "p\(p)/index.htm",
        page(
          "DLH's Commodore Archive - \(platform) Main Page",
          (0..<sectionsPer).map {
            "<p><a href=\"s\($0)/index.htm\">Section \($0)</a> <a href=\"s\($0)/index.htm?C=N;O=D\">sorted</a></p>"
          }.joined(separator: "\n")))
      for s in 0..<sectionsPer {
        let count = leavesPer + ((p * sectionsPer + s) < extra ? 1 : 0)
        try put(
          "p\(p)/s\(s)/index.htm",
          page(
            "\(platform) - Section \(s)",
            (0..<count).map { "<a href=\"m\($0).htm\">Page \($0)</a><br>" }.joined(separator: "\n")
              + "<a href=\"/\">Main Page</a>"))
        for m in 0..<count {
          defer { leafNo += 1 }
          let siblings = (1...8).map { "<a href=\"m\((m + $0) % count).htm\">next \($0)</a>" }.joined(separator: " ")
          guard leafNo % magazineEvery == 0, fileNo < files else {
            try put(
              "p\(p)/s\(s)/m\(m).htm",
              page("\(platform) - Notes \(p)-\(s)-\(m)", "<p>Nothing to download here.</p>\n<p>\(siblings)</p>"))
            continue
          }
          let shelfFolder = ["magazines/commodore", "magazines/amiga", "books/generic", "commodore/hardware"][
            leafNo / magazineEvery % 4]
          var cells: [String] = []
          var firstFile: String? = nil
          for c in 0..<60 where fileNo < files {
            let name =
              "Mag_\(p)_\(s)_\(m)_Issue_\(String(format: "%02d", c + 1))_\(1980 + c % 20)_\(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][c % 12])_F\(String(format: "%06d", fileNo)).zip"
            let file = "https://\(BombJackSite.host)/\(shelfFolder)/m\(p)-\(s)-\(m)/\(name)"
            if firstFile == nil { firstFile = file }
            fileNo += 1
            cells.append(
              "<td align=\"center\" class=\"auto-style3\"><font face=\"Arial\" size=\"2\">Issue \(c + 1)<br>\n\(1980 + c % 20) \(["Jan", "Feb", "Mar"][c % 3])<br>\n<a href=\"\(file)\">\n<img border=\"1\" src=\"cover-\(c).jpg\" width=\"142\" height=\"194\"></a><br>\n\(60 + c) pages<br>\n&nbsp;</font></td>"
            )
          }
          if let again = lastFirstFile {
            cells.append(
              "<td align=\"center\">Reprint<br><a href=\"\(again)\"><img src=\"again.jpg\"></a><br>10 pages</td>")
            stats.repeats += 1
          }
          lastFirstFile = firstFile
          stats.files = fileNo
          let rows = stride(from: 0, to: cells.count, by: 6).map {
            "<tr>\n" + cells[$0..<min($0 + 6, cells.count)].joined(separator: "\n") + "\n</tr>"
          }
          try put(
            "p\(p)/s\(s)/m\(m).htm",
            page(
              "\(platform) - Magazines - Mag \(p)-\(s)-\(m)",
              "<p><img src=\"logo.jpg\"></p>\n<p>\(siblings)</p>\n<table border=\"0\" width=\"1174\">\n"
                + rows.joined(separator: "\n") + "\n</table>"))
        }
      }
    }
    return stats
  }
}
