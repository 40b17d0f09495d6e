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
  static var arguments: [(String, String)] { arguments(for: Sources.all) }

  static func arguments(for sources: [Source]) -> [(String, String)] {
    let all = BuildSource.all(sources)
    return [("<source>", "A source to build: \(all.map(\.name).joined(separator: ", ")).")]
      + all.map {
        ("  \($0.name)", "\($0.files.joined(separator: ", ")); a subset: --with \($0.name):--only=<\($0.onlyKeys)>")
      }
  }
  static let all = Option.flag("--all", help: "Build every source, in the order listed above.")
  static let noNetwork = Option.flag(
    "--no-network", help: "Build from the caches alone; a miss fails that source and lists its missing URLs.")
  static let out = Option.place(
    "--out", value: "<dir>", help: "Folder the catalogues are written to.", default: "catalogs")
  static let cacheRoot = Option.place(
    "--cache-root", value: "<dir>",
    help: "Folder holding each source's cache, .<source>-cache.", default: ".")
  static let mirror = Option.text(
    "--mirror", value: "<url>",
    help: "Fetch https://HOST/PATH from <url>/HOST/PATH instead (a saved site or test server).", kind: .webAddress)
  static let date = Option.text(
    "--date", value: "<yyyy-mm-dd>", help: "The catalogues' generated date.", defaultText: "today, UTC", kind: .date)
  static let jobs: Option<Int?> = .integer(
    "--jobs", 1...BuildDefaults.maxJobs,
    help: "Requests in flight per host, passed to every tool, at most its own ceiling.", defaultText: "each tool's own")
  static let delay: Option<Int?> = .integer(
    "--delay", value: "<ms>", SharedOptions.delayRange,
    help: "Pause between requests to one host, passed to every tool.",
    defaultText: "each tool's own")
  static let refresh = Option.flag("--refresh", help: "Revalidate cached pages instead of trusting them.")
  static let allowShrink = Option.flag(
    "--allow-shrink", help: "Write even when a rebuild drops more issues than the shrink limit.")
  static let with = Option.repeated(
    "--with", value: "<source>:<arg>",
    help: "Pass one more argument to one source's tool (--with retrospec:--no-probe); repeatable.")
  static let maxTime = Option.duration(
    "--max-time", value: "<duration>", TimeBudget.range,
    help:
      "Time for the whole run (90s, 45m, 5h30m); at its end the tools stop, write nothing and exit 75, and the next run continues from the cache."
  )
  static let report = Option.text(
    "--report", value: "<file>",
    help: "Write the rebuild's JSON report there, and each tool's own report in reports/ beside it.", kind: .path)
  static let json = CommonOption.json("Print the rebuild's JSON report instead of the table.")
  static let history = Option.place(
    "--history", value: "<file>", help: "Append one JSON line per catalogue to this file.",
    default: RebuildHistory.defaultPath, exclusiveGroup: "history")
  static let noHistory = Option.flag(
    "--no-history", help: "Append nothing to the history.", exclusiveGroup: "history")
  static let statsEvery = Option.integer(
    "--stats-every", value: "<seconds>", 1...86_400,
    help: "Seconds between stats lines when stderr is a log, not a terminal.", default: 60)
  static let quiet = Option.flag("--quiet", help: "Print only errors and the summary.")
  static let options: [any OptionDeclaring] = [
    all, noNetwork, out, cacheRoot, mirror, date, jobs, delay, refresh, allowShrink, with, maxTime, report, json,
    history, noHistory, statsEvery, quiet,
  ]

  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
    let sources: [BuildSource]
    let extra: [String: [String]]
    do throws(ParsedArguments.UsageError) {
      let known = BuildSource.all(console.sources)
      sources = try chosenSources(args, known: known)
      extra = try extraArguments(args[with], known: known)
    } catch {
      return usageError(error.description, console)
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    func place(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
    let out = place(args[Self.out])
    let reportFile = args[Self.report].map(place)
    let started = Date()
    let clock = DispatchTime.now().uptimeNanoseconds
    let sequence = BuildSequence(
      sources: sources, outputDirectory: out, cacheRoot: place(args[cacheRoot]), shared: sharedArguments(args),
      jobs: args[jobs], extra: extra,
      progress: BuildProgress(quiet: args[quiet], console: console, statsInterval: Double(args[statsEvery])),
      maxTime: args[maxTime].map(Double.init),
      reportsFolder: reportFile.map { $0.deletingLastPathComponent().appendingPathComponent("reports") })
    Interruption.shared.install()
    let results = sequence.run()
    let code = BuildSummary.exitCode(results)
    let report = RebuildReport(
      results: results, started: BuildProgress.timestamp(started, fractional: true),
      date: args[date] ?? DemoCommand.today(),
      out: out, exitCode: code, seconds: Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9,
      maxTime: args[maxTime], relativeTo: reportFile?.deletingLastPathComponent())
    let worst = max(code, keep(report, in: reportFile, history: args[noHistory] ? nil : place(args[history]), console))
    if args[json] {
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

  /// The sources named, in the order given and each once, or every source for `--all`.
  static func chosenSources(_ args: ParsedArguments, known: [BuildSource]) throws(ParsedArguments.UsageError)
    -> [BuildSource]
  {
    if args[all] {
      guard args.positionals.isEmpty else { throw .init(description: "name sources or give \(all.name), not both.") }
      return known
    }
    guard !args.positionals.isEmpty else { throw .init(description: "name at least one source, or give \(all.name).") }
    var sources: [BuildSource] = []
    for name in args.positionals {
      guard let s = known.first(where: { $0.name == name }) else {
        throw .init(description: unknownSource(name, known: known))
      }
      if !sources.contains(where: { $0.name == s.name }) { sources.append(s) }
    }
    return sources
  }

  /// Writes the rebuild's report (`--report`) and appends it to the history; `.io` when either fails.
  static func keep(_ report: RebuildReport, in reportFile: URL?, history: URL?, _ console: Console) -> ExitCode {
    var worst = ExitCode.ok
    if let reportFile {
      do {
        try FolderMaker.create(reportFile.deletingLastPathComponent())
        try AtomicFile.write([UInt8](report.json()), to: reportFile.path)
      } catch {
        console.error("error: \(error); the rebuild's report was not written")
        worst = .io
      }
    }
    if let history {
      do {
        try RebuildHistory.append(RebuildHistory.entries(report), to: history)
      } catch {
        console.error("error: \(error)")
        worst = .io
      }
    }
    return worst
  }

  static func unknownSource(_ name: String, known sources: [BuildSource]) -> String {
    let known = sources.map(\.name)
    let hint = NearMatch.nearest(name, in: known).map { " Did you mean '\($0)'?" } ?? ""
    return "unknown source '\(name)'.\(hint) Sources: \(known.joined(separator: ", "))."
  }

  /// The options every child gets, as it takes them (checked here, so a typo fails once instead
  /// of once per source).
  static func sharedArguments(_ args: ParsedArguments) -> [String] {
    var out: [String] = []
    for flag in [noNetwork, refresh, allowShrink] where args[flag] { out.append(flag.name) }
    if let m = args[mirror] { out += [mirror.name, m] }
    if let d = args[date] { out += [date.name, d] }
    if let d = args[delay] { out += [delay.name, String(d)] }
    return out
  }

  /// `--with retrospec:--min-issues=1` → `["retrospec": ["--min-issues=1"]]`.
  static func extraArguments(_ values: [String], known: [BuildSource]) throws(ParsedArguments.UsageError)
    -> [String: [String]]
  {
    var out: [String: [String]] = [:]
    for v in values {
      guard let colon = v.firstIndex(of: ":"), colon != v.startIndex, v.index(after: colon) != v.endIndex else {
        throw .init(description: "\(with.name) takes <source>:<argument>, such as retrospec:--no-probe, not '\(v)'.")
      }
      let source = String(v[..<colon])
      guard known.contains(where: { $0.name == source }) else {
        throw .init(description: unknownSource(source, known: known))
      }
      out[source, default: []].append(String(v[v.index(after: colon)...]))
    }
    return out
  }
}
