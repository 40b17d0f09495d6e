import BuildSupport
import Foundation

// bench: performance measurements that print rates and ratios measured in one run.
// Build in release: `swift run -c release bench <name>`.
let benchmarks: [(name: String, about: String, run: @Sendable () async throws -> Void)] = [
  ("fetch", "warm-cache replay rate and loopback HEAD rate next to curl", { try await FetchBench.run() }),
  (
    "retrospec", "parse the 35 real RetroSpec pages and build from a warm cache, next to plain libxml2",
    {
      try await RetroSpecBench.run()
    }
  ),
  (
    "popboks", "tile-grid probes per issue against a simulated archive, next to the reference's 121",
    {
      try await PopBoksBench.run()
    }
  ),
  (
    "bombjack", "generated 20,000-page site: cold build, warm rebuild, warm walk (needs bombjack-build built)",
    {
      try await BombJackBench.run()
    }
  ),
  (
    "refresh",
    "generated sites changed between two builds: default --refresh against a cold build (needs the build tools built)",
    { try await RefreshBench.run() }
  ),
  ("weekly", "26 weekly --refresh runs per generated site (needs the tools built)", { try await WeeklyBench.run() }),
  (
    "warc", "cache → WARC export and read next to warcio's export and read; import and a 2 GB WARC with peak RSS",
    { try await WarcBench.run() }
  ),
  (
    "chaos",
    "generated sites under seeded 2% and 5% transient 5xx/429: slowdown against a clean build (needs the build tools built)",
    { try await ChaosBench.run() }
  ),
  (
    "catalog", "catalog check and diff on the shipped files next to plain Python; check/diff on long strings",
    { try await CatalogBench.run() }
  ),
  (
    "cache",
    "the same warm rebuild in caches of 10k, 100k and 1M entries; stats, verify, prune, export per entry (needs the tools built)",
    { try await CacheBench.run() }
  ),
  (
    "lineage",
    "warm rebuilds of generated sites with and without lineage: time overhead, peak memory, bytes per row (needs the tools built)",
    { try await LineageBench.run() }
  ),
  (
    "spectrum", "ZXDB dump: inflate + parse + SQLite load of a 140 MB generated dump", { try await SpectrumBench.run() }
  ),
]

let versionOption = Option.flag("--version", help: "Show the version.")
let helpOption = Option.flag("--help", help: "Show help information.")
let scanned: ArgumentScanner.Scanned
do {
  scanned = try ArgumentScanner(options: [versionOption.declaration, helpOption.declaration], positionals: true).scan(
    Array(CommandLine.arguments.dropFirst()))
} catch {
  Printer.process.error(error.sentence)
  Printer.process.plain("See 'bench --help'.")
  exit(ExitCode.usage.rawValue)
}
if scanned[versionOption] {
  print(BuildInfo.line("bench"))
  exit(0)
}
let args = scanned.positionals
if args.isEmpty || scanned[helpOption] {
  print("OVERVIEW: Measure Shelfmark's performance targets.\n\nUSAGE: bench <name>… | all\n\nBENCHMARKS:")
  for b in benchmarks { print("  " + b.name.padding(toLength: 12, withPad: " ", startingAt: 0) + b.about) }
  exit(scanned[helpOption] ? 0 : 64)
}
let chosen = args == ["all"] ? benchmarks : benchmarks.filter { args.contains($0.name) }
let unknown = args.filter { a in a != "all" && !benchmarks.contains { $0.name == a } }
if !unknown.isEmpty {
  Printer.process.error("unknown benchmark '\(unknown[0])'.")
  Printer.process.plain("See 'bench --help'.")
  exit(ExitCode.usage.rawValue)
}
// Top-level code runs on the main actor: hand the main thread to Dispatch rather than block it.
Task {
  for b in chosen {
    do { try await b.run() } catch {
      Printer.process.error("\(b.name): \(BuildRunner.sentence(error))")
      exit(ExitCode.software.rawValue)
    }
  }
  exit(0)
}
dispatchMain()
