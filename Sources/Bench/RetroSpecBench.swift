import BuildSupport
import CLibXML2
import CatalogKit
import Foundation
import SiteMirrorKit

/// Issue 4's benchmark: RetroSpec's 35 saved pages (12 index, 23 magshow) parsed and assembled into the
/// catalogue, in pages/s and MB/s; then a whole `retrospec-build --no-network` run from a warm cache
/// over the mirrored site. Ratios are of medians measured in one run.
///
/// Each baseline is named for what it is. The floor is what any reader of these pages must do at
/// least: turn the bytes into text (our decoding alone), so "ours / floor" is how much parsing and
/// assembly add. libxml2's `htmlReadMemory` building a DOM (and freeing it, no rules applied) is a
/// peer: another HTML parser doing a different job, on the same UTF-8 our decoder produces (handed
/// the raw Windows-1250 bytes it converts through iconv, which measures iconv as much as parsing;
/// that figure is printed too, as a second peer).
enum RetroSpecBench {
  struct Page {
    var name: String
    var url: URL
    var bytes: [UInt8]
    var isIndex: Bool
  }

  static func run() async throws {
    guard let shared = sharedFolder() else {
      print("retrospec: skipped (../shared/corpus/retrospec not found; set SHELFMARK_SHARED)")
      return
    }
    let pages = try load(shared)
    let totalBytes = pages.reduce(0) { $0 + $1.bytes.count }
    let mb = Double(totalBytes) / 1_000_000
    print(
      String(
        format: "retrospec: %d pages (%d index, %d magshow), %.2f MB, libxml2 %@", pages.count,
        pages.filter(\.isIndex).count, pages.filter { !$0.isIndex }.count, mb, HTMLDocument.libxmlVersion))

    // The UTF-8 text our decoder makes of each page: what the libxml2 peer gets, so it is not timing iconv.
    let decoded = pages.map { p -> Page in
      var q = p
      q.bytes = Array((encoding(of: p).decode(p.bytes) ?? "").utf8)
      return q
    }
    // Warm up every path once (page faults, libxml2's and our decoder's first-use setup).
    _ = try parseAndAssemble(pages)
    peer(pages)
    peer(decoded, utf8: true)

    let ours = try measure { _ = try parseAndAssemble(pages) }
    let libxml = try measure { peer(pages) }
    let libxmlUTF8 = try measure { peer(decoded, utf8: true) }
    let decoding = try measure { for p in pages { _ = encoding(of: p).decode(p.bytes) } }
    let perPassPages = Double(pages.count)
    func line(_ label: String, _ seconds: Double) -> String {
      "  " + label.padding(toLength: 44, withPad: " ", startingAt: 0)
        + String(format: "%7.0f pages/s %7.1f MB/s", perPassPages / seconds, mb / seconds)
    }
    print(line("parse + assemble (ours)", ours))
    print(line(Baseline.floor("decoding alone (ours)").label, decoding))
    print(line(Baseline.peer("libxml2 DOM on our UTF-8").label, libxmlUTF8))
    print(line(Baseline.peer("libxml2 DOM via iconv from cp1250").label, libxml))
    print(
      String(
        format:
          "  ours takes %.2f× the floor's time (decoding alone); %.2f× the peer's (libxml2 building a DOM from the UTF-8 we decode, decoding not counted for it); %.2f× libxml2's when it decodes Windows-1250 itself through iconv (medians of at least 5 passes each)",
        ours / decoding, ours / libxmlUTF8, ours / libxml))

    try await warmCacheBuild(shared: shared, pages: pages)
  }

  /// Everything retrospec-build does with the pages, minus I/O: decode, parse by the text rules, assemble.
  static func parseAndAssemble(_ pages: [Page]) throws -> IssueCatalogue {
    var index: [RetroSpecIndexPage] = []
    var magshows: [String: RetroSpecMagshow] = [:]
    for p in pages {
      if p.isIndex {
        index.append(try RetroSpecIndexPage.parse(p.bytes, url: p.url))
      } else if let info = RetroSpecMagshow.parse(p.bytes) {
        magshows[p.name] = info
      }
    }
    return RetroSpecCatalogueAssembly.assemble(pages: index, magshows: magshows, probes: [:], generated: "2026-11-30")
  }

  /// The encoding our pipeline decides for a page: UTF-8 when the bytes are valid UTF-8, else Windows-1250.
  static func encoding(of p: Page) -> TextEncoding {
    TextEncoding.utf8.decode(p.bytes) != nil ? .utf8 : .windows1250
  }

  /// The peer, libxml2 alone: each page parsed into a DOM, then freed. With `utf8`, the bytes are already our
  /// UTF-8 and libxml2 is told to ignore the page's own charset declaration; without, it gets the raw
  /// bytes and the encoding we would decide, and converts them itself (iconv for Windows-1250).
  static func peer(_ pages: [Page], utf8: Bool = false) {
    let options = utf8 ? shelfmark_html_options() | Int32(HTML_PARSE_IGNORE_ENC.rawValue) : shelfmark_html_options()
    for p in pages {
      let encoding = utf8 ? "UTF-8" : encoding(of: p).rawValue
      p.bytes.withUnsafeBufferPointer { buf in
        buf.withMemoryRebound(to: CChar.self) { chars in
          if let base = chars.baseAddress,
            let doc = htmlReadMemory(base, Int32(chars.count), p.url.absoluteString, encoding, options)
          {
            xmlFreeDoc(doc)
          }
        }
      }
    }
  }

  /// Seconds per pass, the median of the passes: they repeat until at least a second has gone by
  /// (and at least five ran), so one slow pass on a loaded machine does not move the figure.
  static func measure(_ body: () throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    var samples = Samples()
    let start = clock.now
    while samples.values.count < 5 || clock.now - start < .seconds(1) {
      let t = clock.now
      try body()
      samples.add(Samples.seconds(clock.now - t))
    }
    return samples.median
  }

  /// The whole tool from a warm cache: the mirror serves a site tree assembled from the saved pages, one
  /// run fills the cache, then `--no-network` runs are timed (process start and cache reads included).
  static func warmCacheBuild(shared: URL, pages: [Page]) async throws {
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("retrospec-build")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      print("  warm-cache build: skipped (\(tool.path) is not built)")
      return
    }
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("retrospec-bench-\(UUID().uuidString.prefix(8))")
    defer { try? fm.removeItem(at: dir) }
    let site = dir.appendingPathComponent("site/retrospec.elite.org")
    try fm.createDirectory(at: site.appendingPathComponent("pcsux"), withIntermediateDirectories: true)
    try fm.createDirectory(at: site.appendingPathComponent("users/tomcat/yu"), withIntermediateDirectories: true)
    for p in pages {
      let target =
        p.isIndex
        ? site.appendingPathComponent("pcsux/\(p.name).html")
        : site.appendingPathComponent("users/tomcat/yu/magshow.php?all=\(p.name)")
      try Data(p.bytes).write(to: target)
    }
    let server = try SiteMirror(root: dir.appendingPathComponent("site"))
    // Every archive answers HEAD with a size, so the probes and their cache entries are real.
    for page in pages where page.isIndex {
      for cell in try RetroSpecIndexPage.parse(page.bytes, url: page.url).cells {
        server.setSize(1_000_000, for: "retrospec.elite.org/pcsux/" + cell.zip)
      }
    }
    try server.start()
    defer { server.stop() }
    let common = [
      "--cache", dir.appendingPathComponent("cache").path, "--date", "2026-11-30", "--delay", "0", "--quiet",
    ]
    let fill = try runTool(
      tool, common + ["--mirror", server.baseURL, "--out", dir.appendingPathComponent("fill").path])
    guard fill == 0 else {
      print("  warm-cache build: skipped (filling the cache exited \(fill))")
      return
    }
    let requests = server.requests.count
    var times: [Double] = []
    let clock = ContinuousClock()
    for n in 0..<5 {
      let start = clock.now
      let status = try runTool(tool, common + ["--no-network", "--out", dir.appendingPathComponent("out\(n)").path])
      let c = (clock.now - start).components
      guard status == 0 else {
        print("  warm-cache build: --no-network run exited \(status)")
        return
      }
      times.append(Double(c.seconds) + Double(c.attoseconds) / 1e18)
    }
    print(
      String(
        format: "  warm-cache retrospec-build: %.3f s per run (%@; %d cached answers, 35 pages parsed)",
        Samples(times).median, Samples(times).summary("%.3f"), requests))
  }

  static func runTool(_ tool: URL, _ arguments: [String]) throws -> Int32 {
    try ChildProcess.run(tool, arguments, stdout: .discard, stderr: .discard).status
  }

  static func load(_ shared: URL) throws -> [Page] {
    var out: [Page] = []
    for name in RetroSpecSite.indexPages {
      guard let url = RetroSpecSite.indexURL(name) else { continue }
      let bytes = [UInt8](try Data(contentsOf: shared.appendingPathComponent("corpus/retrospec/index/\(name).html")))
      out.append(Page(name: name, url: url, bytes: bytes, isIndex: true))
    }
    let dir = shared.appendingPathComponent("corpus/retrospec/magshow")
    for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".html") {
      let id = String(file.dropLast(5))
      guard let url = RetroSpecSite.magshowURL(id) else { continue }
      out.append(
        Page(name: id, url: url, bytes: [UInt8](try Data(contentsOf: dir.appendingPathComponent(file))), isIndex: false)
      )
    }
    return out
  }

  /// `$SHELFMARK_SHARED`, else a `shared` folder beside the working directory or beside any folder
  /// above the bench binary.
  static func sharedFolder() -> URL? {
    let fm = FileManager.default
    var candidates: [URL] = []
    if let env = ProcessInfo.processInfo.environment["SHELFMARK_SHARED"] {
      candidates.append(URL(fileURLWithPath: env))
    }
    candidates.append(
      URL(fileURLWithPath: fm.currentDirectoryPath).deletingLastPathComponent().appendingPathComponent("shared"))
    var u = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    while u.path != "/" {
      u = u.deletingLastPathComponent()
      candidates.append(u.appendingPathComponent("shared"))
    }
    return candidates.first { fm.fileExists(atPath: $0.appendingPathComponent("corpus/retrospec/index").path) }
  }
}
