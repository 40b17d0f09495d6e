import BuildSupport
import CatalogKit
import Foundation

/// `catalog build [SOURCES…|--all]`: runs the sources' build executables one after another, with one
/// progress display and one summary table; passes their warnings and errors through, keeps their
/// reports (`--report`), appends the rebuild to the history `catalog report` draws, and stops at a
/// time budget (`--max-time`, exit 75: run again to continue). Exit code: the worst of the builds'.
enum BuildCommand: Subcommand {
  static let name = "build"
  static let abstract = "Build several sources' catalogues in one run and summarise them."
  static let usage =
    "build <source> ... | --all [--no-network] [--out <dir>] [--cache-root <dir>] [--mirror <url>] [--date <yyyy-mm-dd>] [--jobs <n>] [--delay <ms>] [--with <source>:<arg>] ... [--max-time <duration>] [--report <file>] [--json] [--history <file>] [--quiet]"
  static var arguments: [(String, String)] {
    [("<source>", "A source to build: \(BuildSource.all.map(\.name).joined(separator: ", ")).")]
      + BuildSource.all.map {
        ("  \($0.name)", "\($0.files.joined(separator: ", ")); a subset: --with \($0.name):--only=<\($0.onlyKeys)>")
      }
  }
  static let options = [
    ("--all", "Build every source, in the order listed above."),
    ("--no-network", "Build from the caches alone; a miss fails that source and lists its missing URLs."),
    ("--out <dir>", "Folder the catalogues are written to. (default: catalogs)"),
    (
      "--cache-root <dir>",
      "Folder holding each source's cache, .<source>-cache. (default: .)"
    ),
    ("--mirror <url>", "Fetch https://HOST/PATH from <url>/HOST/PATH instead (a saved site or test server)."),
    ("--date <yyyy-mm-dd>", "The catalogues' generated date. (default: today, UTC)"),
    (
      "--jobs <n>",
      "Requests in flight per host, passed to every tool, at most its own ceiling. (default: each tool's own)"
    ),
    ("--delay <ms>", "Pause between requests to one host, passed to every tool. (default: each tool's own)"),
    ("--refresh", "Revalidate cached pages instead of trusting them."),
    ("--allow-shrink", "Write even when a rebuild drops more issues than the shrink limit."),
    ("--with <source>:<arg>", "Pass one more argument to one source's tool (--with retrospec:--no-probe); repeatable."),
    (
      "--max-time <duration>",
      "Time for the whole run (90s, 45m, 5h30m); at its end the tools stop, write nothing and exit 75, and the next run continues from the cache."
    ),
    ("--report <file>", "Write the rebuild's JSON report there, and each tool's own report in reports/ beside it."),
    ("--json", "Print the rebuild's JSON report instead of the table."),
    ("--history <file>", "Append one JSON line per catalogue to this file. (default: \(RebuildHistory.defaultPath))"),
    ("--no-history", "Append nothing to the history."),
    ("--stats-every <seconds>", "Seconds between stats lines when stderr is a log, not a terminal. (default: 60)"),
    ("--quiet", "Print only errors and the summary."),
  ]
  static let valueOptions: Set<String> = [
    "--out", "--cache-root", "--mirror", "--date", "--jobs", "--delay", "--with", "--max-time", "--report", "--history",
    "--stats-every",
  ]
  static let flags: Set<String> = [
    "--all", "--no-network", "--refresh", "--allow-shrink", "--quiet", "--json", "--no-history",
  ]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    var sources: [BuildSource] = []
    if args.flag("--all") {
      guard args.positionals.isEmpty else { return usageError("name sources or give --all, not both.", console) }
      sources = BuildSource.all
    } else {
      guard !args.positionals.isEmpty else { return usageError("name at least one source, or give --all.", console) }
      for name in args.positionals {
        guard let s = BuildSource.named(name) else { return usageError(unknownSource(name), console) }
        if !sources.contains(where: { $0.name == s.name }) { sources.append(s) }
      }
    }
    let shared: [String]
    let extra: [String: [String]]
    let jobs: Int?
    var maxTime: Int? = nil
    var statsEvery = 60
    do throws(ParsedArguments.UsageError) {
      shared = try sharedArguments(args)
      jobs = try Self.jobs(args)
      extra = try extraArguments(args.all("--with"))
      if let m = args.value("--max-time") {
        guard let s = TimeBudget.seconds(m) else {
          throw ParsedArguments.UsageError(
            description: "--max-time takes a length of time such as 90s, 45m or 5h30m (1s to 30d), not '\(m)'.")
        }
        maxTime = s
      }
      if let e = args.value("--stats-every") {
        guard let n = Int(e), (1...86_400).contains(n) else {
          throw ParsedArguments.UsageError(description: "--stats-every takes seconds from 1 to 86400, not '\(e)'.")
        }
        statsEvery = n
      }
      if args.flag("--no-history"), args.value("--history") != nil {
        throw ParsedArguments.UsageError(description: "give --history <file> or --no-history, not both.")
      }
    } catch {
      return usageError(error.description, console)
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let out = URL(fileURLWithPath: args.value("--out") ?? "catalogs", relativeTo: cwd).standardizedFileURL
    let cacheRoot = URL(fileURLWithPath: args.value("--cache-root") ?? ".", relativeTo: cwd).standardizedFileURL
    let reportFile = args.value("--report").map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
    let history = URL(fileURLWithPath: args.value("--history") ?? RebuildHistory.defaultPath, relativeTo: cwd)
      .standardizedFileURL
    let started = Date()
    let clock = DispatchTime.now().uptimeNanoseconds
    let sequence = BuildSequence(
      sources: sources, outputDirectory: out, cacheRoot: cacheRoot, shared: shared, jobs: jobs, extra: extra,
      progress: BuildProgress(quiet: args.flag("--quiet"), statsInterval: Double(statsEvery)),
      maxTime: maxTime.map(Double.init),
      reportsFolder: reportFile.map { $0.deletingLastPathComponent().appendingPathComponent("reports") })
    Interruption.shared.install()
    let results = sequence.run()
    let code = BuildSummary.exitCode(results)
    let report = RebuildReport(
      results: results, started: BuildProgress.timestamp(started, fractional: true),
      date: args.value("--date") ?? DemoCommand.today(),
      out: out, exitCode: code, seconds: Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9, maxTime: maxTime,
      relativeTo: reportFile?.deletingLastPathComponent())
    var worst = code
    if let reportFile {
      do {
        try FolderMaker.create(reportFile.deletingLastPathComponent())
        try AtomicFile.write([UInt8](report.json()), to: reportFile.path)
      } catch {
        console.error("error: \(error); the rebuild's report was not written")
        worst = max(worst, .io)
      }
    }
    if !args.flag("--no-history") {
      do {
        try RebuildHistory.append(RebuildHistory.entries(report), to: history)
      } catch {
        console.error("error: \(error)")
        worst = max(worst, .io)
      }
    }
    if args.flag("--json") {
      console.out(String(decoding: report.json(), as: UTF8.self))
    } else {
      console.out(BuildSummary.table(results))
      console.out(BuildSummary.verdict(results) + " in \(out.path)")
      if let sig = Interruption.shared.signal {
        console.out("Stopped by signal \(sig): run the same command again to continue from the caches.")
      } else if code == .tempfail {
        console.out("The time budget ran out: run the same command again to continue from the caches (exit 75).")
      }
    }
    Interruption.shared.finish()
    return worst
  }

  static func unknownSource(_ name: String) -> String {
    let known = BuildSource.all.map(\.name)
    let hint = NearMatch.nearest(name, in: known).map { " Did you mean '\($0)'?" } ?? ""
    return "unknown source '\(name)'.\(hint) Sources: \(known.joined(separator: ", "))."
  }

  /// `--jobs`, checked here; each source gets it lowered to its tool's ceiling.
  static func jobs(_ args: ParsedArguments) throws(ParsedArguments.UsageError) -> Int? {
    guard let j = args.value("--jobs") else { return nil }
    guard let n = Int(j), (1...BuildDefaults.maxJobs).contains(n) else {
      throw .init(description: "--jobs takes a number from 1 to \(BuildDefaults.maxJobs), not '\(j)'.")
    }
    return n
  }

  /// The options every child gets, checked here so a typo fails once instead of once per source.
  static func sharedArguments(_ args: ParsedArguments) throws(ParsedArguments.UsageError) -> [String] {
    var out: [String] = []
    if args.flag("--no-network") { out.append("--no-network") }
    if args.flag("--refresh") { out.append("--refresh") }
    if args.flag("--allow-shrink") { out.append("--allow-shrink") }
    if let m = args.value("--mirror") {
      guard let u = URL(string: m), let s = u.scheme, ["http", "https"].contains(s), u.host != nil else {
        throw .init(description: "--mirror takes an http(s) URL such as http://127.0.0.1:8080, not '\(m)'.")
      }
      out += ["--mirror", m]
    }
    if let d = args.value("--date") {
      let parts = d.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ Int($0) != nil }) else {
        throw .init(description: "--date takes a date like 2026-11-30, not '\(d)'.")
      }
      out += ["--date", d]
    }
    if let d = args.value("--delay") {
      guard let n = Int(d), n >= 0 else {
        throw .init(description: "--delay takes milliseconds (0 or more), not '\(d)'.")
      }
      out += ["--delay", d]
    }
    return out
  }

  /// `--with retrospec:--min-issues=1` → `["retrospec": ["--min-issues=1"]]`.
  static func extraArguments(_ values: [String]) throws(ParsedArguments.UsageError) -> [String: [String]] {
    var out: [String: [String]] = [:]
    for v in values {
      guard let colon = v.firstIndex(of: ":"), colon != v.startIndex, v.index(after: colon) != v.endIndex else {
        throw .init(description: "--with takes <source>:<argument>, such as retrospec:--no-probe, not '\(v)'.")
      }
      let source = String(v[..<colon])
      guard BuildSource.named(source) != nil else { throw .init(description: unknownSource(source)) }
      out[source, default: []].append(String(v[v.index(after: colon)...]))
    }
    return out
  }
}
