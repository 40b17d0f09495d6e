import BuildSupport
import CatalogKit
import Foundation
import ShelfmarkSamples
import SiteMirrorKit

/// `bench chaos`: each generated site (about the real site's size) built clean, then under seeded
/// transient 5xx bursts and 429s hitting 2% and 5% of its URLs, at `--delay 0 --jobs 8` (issue 18:
/// goal ≤ 3× and ≤ 5× the clean build's time), and under 2% of 429s with a Retry-After. Every time is the median of three runs, each from an empty cache; the baseline is
/// the same tool's clean build of the same site in this run. It also prints how many faulted runs
/// ended byte-identical to the clean build (the rest must have been refused, never different).
enum ChaosBench {
  static let seeds: [UInt64] = [11, 22, 33]

  static func run() async throws {
    let sites: [(name: String, tool: String, arguments: [String], files: [String], write: (URL) throws -> Void)] = [
      (
        "retrospec", "retrospec-build", ["--min-issues", "1"], ["retrospec-catalog.json"],
        { _ = try GeneratedRetroSpec(issuesPerSeries: 60).write(into: $0) }
      ),
      (
        "atarimania", "atarimania-build", ["--min-issues", "0"],
        AtarimaniaTool.tool.files,
        { _ = try GeneratedAtarimania(titles: 85, issuesPerTitle: 22).write(into: $0) }
      ),
      (
        "vintageapple", "vintageapple-build", ["--min-magazines", "1", "--min-books", "1"],
        VintageAppleTool.tool.files,
        {
          _ = try GeneratedVintageApple(slugs: VintageAppleSection.all.map(\.slug), rowsPerSection: 120).write(into: $0)
        }
      ),
    ]
    for s in sites where BenchSelection.wanted(s.name) {
      try measure(s.name, tool: s.tool, arguments: s.arguments, files: s.files, write: s.write)
    }
  }

  static func measure(
    _ name: String, tool: String, arguments: [String], files: [String], write: (URL) throws -> Void
  ) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chaos-bench-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("site"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try write(dir.appendingPathComponent("site"))
    let server = try SiteMirror(root: dir.appendingPathComponent("site"), lifetime: 7200)
    server.route { GeneratedSizes.answer($0, for: [".pdf", ".zip"]) }
    try server.start()
    defer { server.stop() }
    var runs = 0
    func build(_ plan: ChaosPlan?) throws -> (seconds: Double, status: Int32, out: String) {
      runs += 1
      server.chaos(plan)
      let out = "out-\(runs)"
      let r = try ChildRun.start(
        tool: tool,
        [
          "--mirror", server.baseURL, "--cache", dir.appendingPathComponent("cache-\(runs)").path, "--out",
          dir.appendingPathComponent(out).path, "--date", "2026-12-01", "--delay", "0", "--jobs", "8", "--quiet",
        ] + arguments)
      return (r.seconds, r.status, out)
    }
    func bytes(_ out: String) -> [Data?] {
      files.map {
        FileManager.default.contents(atPath: dir.appendingPathComponent(out).appendingPathComponent($0).path)
      }
    }
    var clean: [Double] = []
    var reference: [Data?] = []
    for _ in 0..<3 {
      let r = try build(nil)
      guard r.status == 0 else { throw BenchFailure("\(tool): the clean build exited \(r.status)") }
      clean.append(r.seconds)
      reference = bytes(r.out)
    }
    let base = median(clean)
    var line = String(format: "%@: clean %.2fs (median of 3, %d requests)", name, base, server.requests.count / 3)
    // The goal's faults: 5xx bursts and 429s without a Retry-After. Then 429s that send one, which a
    // polite client waits out for the whole host: those cost at least their own seconds.
    let trials: [(rate: Double, goal: Double?, kinds: [ChaosPlan.Kind], label: String)] = [
      (0.02, 3, [.burst5xx, .tooMany], "5xx/429"), (0.05, 5, [.burst5xx, .tooMany], "5xx/429"),
      (0.02, nil, [.tooManyRetryAfter], "429 with Retry-After: 1"),
    ]
    for t in trials {
      var times: [Double] = []
      var identical = 0
      var refused = 0
      var different = 0
      var waits: [Int] = []
      for seed in seeds {
        let plan = ChaosPlan(seed: seed, rate: t.rate, kinds: t.kinds)
        let r = try build(plan)
        times.append(r.seconds)
        waits.append(server.chaosInjected[.tooManyRetryAfter] ?? 0)
        if r.status == 0 {
          if bytes(r.out) == reference { identical += 1 } else { different += 1 }
        } else {
          refused += 1
        }
      }
      let ratio = median(times) / max(base, 0.001)
      let goal = t.goal.map { String(format: " [goal ≤ %.0f×]", $0) } ?? ""
      let floor =
        t.kinds == [.tooManyRetryAfter]
        ? " (\(waits.sorted()[waits.count / 2]) answers each asking a 1 s pause of the host)" : ""
      line += String(
        format: "; %.0f%% %@: %.2fs = %.1f×%@%@, %d/%d identical, %d refused, %d different",
        t.rate * 100, t.label, median(times), ratio, goal, floor, identical, seeds.count, refused, different)
    }
    print(line)
  }

  static func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : s[s.count / 2]
  }
}
