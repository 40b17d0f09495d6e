import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import SiteMirrorKit

/// Grid probing, ours against the reference, over both magazines' real indexes and a generated
/// tile archive served on loopback: HEAD requests per issue, wall time, and whether every grid is
/// the same. Both strategies go through the real caching fetcher (five in flight, no delay).
enum PopBoksBench {
  /// Both magazines' index scripts: the real ones from the corpus (`SHELFMARK_SHARED`, else
  /// `../shared`: the one lookup the other benchmarks and the tests use), the project's small
  /// fixtures where those are absent (said once each).
  static func indexScripts() throws -> [(magazine: PopBoksMagazine, bytes: [UInt8], index: PopBoksIndex)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let shared = RetroSpecBench.sharedFolder() ?? root.deletingLastPathComponent().appendingPathComponent("shared")
    let corpus = shared.appendingPathComponent("corpus/popboks")
    let fixtures = root.appendingPathComponent("Fixtures/PopBoks")
    return try PopBoksMagazine.allCases.map { m in
      let real = corpus.appendingPathComponent(m.scriptFileName)
      let small = fixtures.appendingPathComponent("\(m.rawValue)-small.js")
      let url = FileManager.default.fileExists(atPath: real.path) ? real : small
      let bytes = [UInt8](try Data(contentsOf: url))
      if url == small { print("note: \(real.path) is absent; using \(small.lastPathComponent)") }
      return (m, bytes, try PopBoksIndex.parse(bytes, magazine: m, name: url.path))
    }
  }

  static func run() async throws {
    let indexes = try indexScripts().map { ($0.magazine, $0.index) }
    let models = Dictionary(
      uniqueKeysWithValues: indexes.map {
        ($0.0, PopBoksTileArchiveModel.generated(magazine: $0.0, entries: $0.1.entries, seed: 1))
      })
    let served = models
    let server = try SiteMirror()
    server.route { req in
      guard req.host == PopBoksMagazine.host else { return nil }
      for model in served.values {
        if let status = model.status(path: req.path) { return MirrorResponse(status: status) }
      }
      return nil
    }
    try server.start()
    defer { server.stop() }

    print("PopBoks grid probing: generated archive (seed 1), loopback, 5 in flight, no delay")
    print(
      "magazine  issues | ours: HEADs  per issue  seconds | reference: listed  sent  per issue  seconds | ratio  grids")
    var allIdentical = true
    for (m, index) in indexes {
      let entries = index.entries
      // Ours.
      let oursFetcher = try fetcher(server)
      server.clearLog()
      let t0 = Date()
      let ours = try await PopBoksGridSurvey.measureAll(entries) { entry, probes in
        let pairs = probes.compactMap { p in URL(string: m.url(entry.id, p)).map { ($0, p) } }
        let answers = try await oursFetcher.headAll(pairs.map(\.0))
        var out: [PopBoksGridProbe: PopBoksProbeAnswer] = [:]
        for (u, p) in pairs { if let r = answers[u] { out[p] = PopBoksProbeAnswer(status: r.status) } }
        return out
      }
      let oursSeconds = Date().timeIntervalSince(t0)
      let oursHeads = server.requests.filter { $0.method == "HEAD" }.count

      // The reference: every issue's 121 probes listed up front, duplicates sent once (cached by URL).
      let refFetcher = try fetcher(server)
      server.clearLog()
      let t1 = Date()
      var listed: [URL] = []
      var byIssue: [(PopBoksIndexEntry, [URL: PopBoksGridProbe])] = []
      for e in entries {
        var map: [URL: PopBoksGridProbe] = [:]
        for p in PopBoksReferenceGridMeasurement.probes(entry: e) {
          guard let u = URL(string: m.url(e.id, p)) else { continue }
          listed.append(u)
          map[u] = p
        }
        byIssue.append((e, map))
      }
      let answers = try await refFetcher.headAll(listed)
      let refSeconds = Date().timeIntervalSince(t1)
      let refHeads = server.requests.filter { $0.method == "HEAD" }.count

      var identical = 0
      for (e, map) in byIssue {
        var alive = Set<PopBoksGridProbe>()
        for (u, p) in map where answers[u]?.status == 200 { alive.insert(p) }
        let grid = PopBoksReferenceGridMeasurement.grid(pages: e.sampledPages) { alive.contains($0) }
        if grid == ours[e.id]?.grid, grid == models[m]?.folders[e.id]?.generatedGrid { identical += 1 }
      }
      allIdentical = allIdentical && identical == entries.count
      let n = Double(max(entries.count, 1))
      print(
        m.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
          + String(
            format: "  %6d | %11d  %9.1f  %7.2f | %17d  %4d  %9.1f  %7.2f | %4.2f   %d/%d same",
            entries.count, oursHeads, Double(oursHeads) / n, oursSeconds, listed.count, refHeads,
            Double(listed.count) / n, refSeconds, Double(oursHeads) / Double(max(listed.count, 1)), identical,
            entries.count))
    }
    print(allIdentical ? "every grid is identical to the reference's and to the generated one" : "GRIDS DIFFER")
    print("at the build's polite default (100 ms between requests) time ≈ HEADs × 0.1 s")
  }

  static func fetcher(_ server: SiteMirror) throws -> Fetcher {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "popboks-bench-\(UUID().uuidString.prefix(8))")
    var config = FetcherConfiguration(cacheRoot: dir, allowedHosts: [PopBoksMagazine.host])
    config.mirror = URL(string: server.baseURL)
    config.jobs = 5
    config.delayMS = 0
    config.respectRobots = false
    return Fetcher(config)
  }
}
