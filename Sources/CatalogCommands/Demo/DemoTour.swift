import BuildSupport
import CatalogKit
import Foundation
import SiteMirrorKit

/// `catalog demo`'s three steps against a mirror already serving the samples: build everything
/// through it, rebuild from the cache alone, diff the two; then what happened and what to try next.
/// The demo owns the working folder's `catalogs/`, `first-run/` and `cache/`: a rerun starts from
/// nothing, so it shows the same thing.
struct DemoTour {
  var folder: URL
  var fixtures: DemoFixtures
  var samples: [DemoSample]
  var sources: [BuildSource]
  var server: SiteMirror
  var date: String
  var quiet: Bool
  var console: Console

  var catalogs: URL { folder.appendingPathComponent("catalogs") }
  var firstCopy: URL { folder.appendingPathComponent("first-run") }
  var cache: URL { folder.appendingPathComponent("cache") }

  /// What one build of every source did, and how many requests reached the mirror.
  struct Pass {
    var results: [BuildSequence.RunResult]
    var requests: Int
  }

  func run() -> ExitCode {
    for u in [catalogs, firstCopy, cache] { try? FileManager.default.removeItem(at: u) }
    introduce()
    let progress = BuildProgress(quiet: quiet, console: console)
    console.out("")
    console.out("1. Build every catalogue through the mirror into \(catalogs.path)")
    let first = build(offline: false, progress)
    if let failed = keepFirstRun() { return failed }
    server.clearLog()
    console.out("")
    console.out("2. Rebuild with --no-network: from the cache alone, into the same folder")
    let second = build(offline: true, progress)
    let differing = diffRuns()
    explain(first, second, differing: differing)
    return verdict(first, second, differing: differing)
  }

  /// What is served, from where, and where it goes.
  func introduce() {
    console.out(
      "Shelfmark demo: \(Plural.count(sources.count, "source")) from the fixture pages in \(fixtures.root.path),")
    console.out("served by a loopback mirror at \(server.baseURL) (nothing leaves this machine).")
    console.out("")
    var list = TextTable(header: [], leftAligned: [0, 1])
    for s in samples { list.append([s.source, s.summary]) }
    console.out(list.render(indent: "  "))
    console.out("")
    console.out("Working folder: \(folder.path)")
  }

  /// Every source built through the mirror (or, `offline`, from the cache alone), with its table.
  func build(offline: Bool, _ progress: BuildProgress) -> Pass {
    var extra: [String: [String]] = [:]
    for s in samples { extra[s.source] = s.arguments }
    var shared = [
      BuildCommand.mirror.name, server.baseURL, BuildCommand.date.name, date, BuildCommand.delay.name, "0",
    ]
    if offline { shared.append(BuildCommand.noNetwork.name) }
    let results = BuildSequence(
      sources: sources, outputDirectory: catalogs, cacheRoot: cache, shared: shared, extra: extra,
      environment: Self.loopbackEnvironment(), progress: progress
    ).run()
    let pass = Pass(results: results, requests: server.requests.count)
    console.out(BuildSummary.table(results))
    console.out(BuildSummary.verdict(results) + "; the mirror answered \(Plural.count(pass.requests, "request"))")
    return pass
  }

  /// A proxy configured for the real sites must not be asked for 127.0.0.1.
  static func loopbackEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["no_proxy", "NO_PROXY"] {
      let current = ProcessInfo.processInfo.environment[name].map { $0.isEmpty ? "" : $0 + "," } ?? ""
      environment[name] = current + "127.0.0.1,localhost"
    }
    return environment
  }

  /// The first run's catalogues copied aside for the diff; the exit code when that fails.
  func keepFirstRun() -> ExitCode? {
    do {
      try? FileManager.default.removeItem(at: firstCopy)
      try FileManager.default.copyItem(at: catalogs, to: firstCopy)
      return nil
    } catch {
      console.error(
        "error: \(firstCopy.path): the first run's catalogues cannot be copied: \(error.localizedDescription)")
      return .io
    }
  }

  /// Step 3: the two runs' catalogues compared, one row each; the names of those that differ.
  func diffRuns() -> [String] {
    console.out("")
    console.out(
      "3. Diff the first run (\(firstCopy.lastPathComponent)/) with the offline rebuild (\(catalogs.lastPathComponent)/)"
    )
    let diffs = DemoCommand.compare(firstCopy, catalogs, files: sources.flatMap(\.files))
    var diffTable = TextTable(header: ["catalogue", "records", "added", "removed", "changed"], leftAligned: [0])
    for d in diffs { diffTable.append(d) }
    console.out(diffTable.render(indent: "  "))
    let differing = diffs.filter { $0[2] != "0" || $0[3] != "0" || $0[4] != "0" }.map { $0[0] }
    console.out(
      differing.isEmpty
        ? "  no differences in \(Plural.count(diffs.count, "catalogue"))"
        : "  \(differing.count) of \(Plural.count(diffs.count, "catalogue")) differ: \(differing.joined(separator: ", "))"
    )
    return differing
  }

  /// Where everything is, what the three steps showed, and the commands to try next.
  func explain(_ first: Pass, _ second: Pass, differing: [String]) {
    let written = first.results.flatMap(\.rows).filter { $0.status == "written" }.count
    console.out("")
    console.out("Outputs:")
    console.out("  catalogues     \(catalogs.path)")
    console.out("  first run      \(firstCopy.path)")
    console.out("  caches         \(cache.path)")
    console.out("")
    console.out("What just happened:")
    console.out(
      "  - \(sources.count) build tools ran as they would against the real sites, but every https:// request went")
    console.out("    to the loopback mirror (--mirror), which served the fixture pages, a zipped ZXDB dump and")
    console.out(
      "    simulated tile and metadata servers: \(Plural.count(first.requests, "request")), each answer stored in the cache."
    )
    console.out(
      "  - \(Plural.count(written, "catalogue")) were validated (shared rules + each source's own) and written atomically."
    )
    console.out(
      "  - The rebuild with --no-network made \(Plural.count(second.requests, "request")): every page came from the cache, and"
    )
    console.out("    each catalogue was left untouched because its content had not changed.")
    console.out(
      "  - The diff found \(differing.isEmpty ? "no differences" : "\(differing.count) differing catalogues"): a build is a pure function of the pages it read."
    )
    console.out("")
    console.out("Next, each line as it runs here:")
    for line in DemoCommand.nextLines(catalogs: catalogs, firstRun: firstCopy, cache: cache) {
      console.out("  " + line)
    }
    console.out("For the real sites (hours at the polite defaults), see \"Rebuilding and reviewing\" in README.md.")
  }

  /// The builds' worst code; else a software error when the offline rebuild asked the mirror or
  /// changed a catalogue, since then the cache did not replay.
  func verdict(_ first: Pass, _ second: Pass, differing: [String]) -> ExitCode {
    let code = max(BuildSummary.exitCode(first.results), BuildSummary.exitCode(second.results))
    if code != .ok { return code }
    if second.requests > 0 || !differing.isEmpty {
      console.error(
        "error: the offline rebuild \(second.requests > 0 ? "made \(Plural.count(second.requests, "request"))" : "changed \(Plural.count(differing.count, "catalogue"))"); the cache did not replay"
      )
      return .software
    }
    return .ok
  }
}
