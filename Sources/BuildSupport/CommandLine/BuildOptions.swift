import CatalogKit
import Foundation

/// The parsed command line of a `*-build`: the shared contract plus the tool's own options. Every
/// value has been checked against its declaration (kind and range) by `parse`.
public struct BuildOptions: Sendable {
  public var noNetwork = false
  public var cacheDirectory: URL
  public var outputDirectory: URL
  /// `--output FILE`: for tools that write one catalogue, the exact file.
  public var outputFile: URL?
  public var mirror: URL?
  public var only: [String]?
  public var jobs: Int
  public var delayMS: Int
  /// Pause between HEAD probes to one host; nil means the same as `delayMS`.
  public var probeDelayMS: Int?
  public var refresh = false
  /// `--refresh=all`: revalidate every cached answer, not only what the freshness rules pick.
  public var refreshAll = false
  /// `--max-age <days>`: the shortest wait before a refresh re-asks a detail or size (see `RevisitSchedule`).
  public var maxAgeDays = BuildDefaults.maxAgeDays
  public var date: String
  public var reportFile: URL?
  /// `--no-lineage`: write no lineage file (bench's baseline for what lineage costs).
  public var lineage = true
  public var quiet = false
  public var allowShrink = false
  public var shrinkLimit = BuildDefaults.shrinkLimit
  public var userAgent: String
  public var ignoreRobots = false
  /// `--max-time`: seconds the run may take; at the deadline nothing is written (exit 75).
  public var maxTimeSeconds: Int?
  /// Every value given on the command line, by option name, as the scanner checked it; read
  /// through the options' declarations with `options[SomeTool.option]`.
  var values: [String: [String]] = [:]
  let toolName: String

  /// Where the catalogue named `file` is written: `--output` when given (parsing refuses it for a
  /// run that writes more than one file), else `file` in `--out`. The one rule, for the source's
  /// reading of the previous catalogue and the runner's writing of the new one.
  public func target(for file: String) -> URL { outputFile ?? outputDirectory.appendingPathComponent(file) }

  /// What the command line says for one of the tool's declared options.
  public subscript<Value>(option: Option<Value>) -> Value { option.value(from: values[option.name] ?? []) }
}

/// A bad command line: what to do, then the usage line (exit 64).
public struct UsageError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var tool: String
  public init(_ message: String, tool: String) {
    self.message = message
    self.tool = tool
  }
  public var description: String { message }
}

/// The options every `*-build` shares, declared once per tool (the cache's name, `--jobs`'s ceiling
/// and the defaults come from the tool), in the order `--help` lists them.
package struct SharedOptions {
  /// The longest pause between requests we accept: ten minutes (a longer one is a typo).
  package static let delayRange = 0...600_000
  /// `--max-time` from one second to thirty days, as `catalog build` takes it.
  static let maxTimeRange = TimeBudget.range

  let noNetwork = Option.flag(
    "--no-network", help: "Build from the cache alone; a miss is an error that lists every missing URL.")
  let cache: Option<URL?>
  let out = Option.path(
    "--out", value: "<dir>", help: "Folder the catalogues are written to.", defaultText: "catalogs")
  let output = Option.path(
    "--output", value: "<file>", help: "Exact output file, for a build that writes one catalogue.")
  let mirror = Option.text(
    "--mirror", value: "<url>",
    help: "Fetch https://HOST/PATH from <url>/HOST/PATH instead (a saved site or test server).", kind: .webAddress)
  let only: Option<[String]>
  let jobs: Option<Int>
  let delay: Option<Int>
  let probeDelay: Option<Int?>
  let refresh = Option<String?>(
    ToolOption(
      "--refresh",
      help:
        "Revalidate listings; re-ask details and sizes only when new, changed or due by their revisit interval (--refresh=all: everything).",
      kind: .flagOr(["all"]))
  ) { $0.last }
  let maxAge = Option.integer(
    "--max-age", value: "<days>", 0...36_500,
    help: "Shortest wait before --refresh re-asks a detail or size (unchanged answers double it).",
    default: BuildDefaults.maxAgeDays)
  let date = Option.text(
    "--date", value: "<yyyy-mm-dd>", help: "The catalogue's generated date (also SOURCE_DATE_EPOCH).",
    defaultText: "today, UTC", kind: .date)
  let report = Option.path("--report", help: "Write a machine-readable build report (JSON).")
  let noLineage = Option.flag(
    "--no-lineage", help: "Write no lineage (which answer gave each row's fields) beside the report or in the cache.")
  let allowShrink = Option.flag(
    "--allow-shrink", help: "Write even when the rebuild drops more issues than the shrink limit.")
  let shrinkLimit = Option.share(
    "--shrink-limit", help: "Share of the previous issues a rebuild may drop.", default: BuildDefaults.shrinkLimit)
  let userAgent: Option<String?>
  let ignoreRobots = Option.flag(
    "--ignore-robots", help: "Fetch paths robots.txt disallows (say why in the run's notes).")
  let maxTime = Option.text(
    "--max-time", value: "<time>",
    help: "Stop after this long (90s, 45m, 5h30m): nothing is written, the cache is kept, exit 75.",
    kind: .duration(maxTimeRange))
  let quiet = Option.flag("--quiet", help: "Print only errors and the summary.")
  let version = Option.flag("--version", help: "Show the version and the commit it was built from.")
  let help = Option.flag("--help", help: "Show help information.")

  init(for tool: BuildTool) {
    cache = .path(
      "--cache", value: "<dir>", help: "Cache folder; delete it to ask for fresh copies.", defaultText: tool.cacheName)
    only = .list(
      "--only", value: "<keys>",
      help: "Build a subset: \(tool.onlyKeys); thresholds are reported, not enforced.")
    jobs = .integer(
      "--jobs", 1...tool.maxJobs, help: "Requests in flight per host.", default: tool.defaultJobs,
      defaultText: "\(tool.defaultJobs); at most \(tool.maxJobs)")
    delay = .integer(
      "--delay", value: "<ms>", Self.delayRange, help: "Pause between requests to one host.",
      default: tool.defaultDelayMS)
    probeDelay = .integer(
      "--probe-delay", value: "<ms>", Self.delayRange,
      help: "Pause between HEAD probes to one host (never more than --delay unless given).",
      defaultText: tool.defaultProbeDelayMS.map(String.init) ?? "the same as --delay")
    userAgent = .text(
      "--user-agent", value: "<string>", help: "User-Agent sent with every request.",
      defaultText: tool.userAgent == BuildDefaults.userAgent ? "Shelfmark's own" : "a desktop browser's")
  }

  /// Every shared declaration, in help order.
  var all: [ToolOption] {
    let options: [any OptionDeclaring] = [
      noNetwork, cache, out, output, mirror, only, jobs, delay, probeDelay, refresh, maxAge, date, report,
      noLineage, allowShrink, shrinkLimit, userAgent, ignoreRobots, maxTime, quiet, version, help,
    ]
    return options.map(\.declaration)
  }

  static func all(for tool: BuildTool) -> [ToolOption] { SharedOptions(for: tool).all }
}

extension BuildOptions {
  /// Parses arguments (without the program name), checking every value against its declaration.
  /// `--help` throws `HelpRequested`, `--version` `VersionRequested`.
  public static func parse(
    _ arguments: [String], tool: BuildTool, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    throws -> BuildOptions
  {
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let shared = SharedOptions(for: tool)
    let known = shared.all + tool.options
    let scanned: ArgumentScanner.Scanned
    do {
      scanned = try ArgumentScanner(options: known, aliases: ["-h": "--help", "-q": "--quiet"]).scan(arguments)
    } catch {
      throw UsageError(error.sentence, tool: tool.name)
    }
    if scanned[shared.help] { throw HelpRequested() }
    if scanned[shared.version] { throw VersionRequested() }
    let only = scanned[shared.only]
    if only.isEmpty, scanned.given.contains(shared.only.name) {
      throw UsageError("--only needs at least one key.", tool: tool.name)
    }
    let refresh = scanned.values[shared.refresh.name] != nil
    var o = BuildOptions(
      noNetwork: scanned[shared.noNetwork],
      cacheDirectory: scanned[shared.cache] ?? cwd.appendingPathComponent(tool.cacheName),
      outputDirectory: scanned[shared.out] ?? cwd.appendingPathComponent("catalogs"),
      outputFile: scanned[shared.output],
      mirror: scanned[shared.mirror].flatMap { URL(string: $0) },
      only: only.isEmpty ? nil : only, jobs: scanned[shared.jobs],
      delayMS: scanned[shared.delay], probeDelayMS: scanned[shared.probeDelay] ?? tool.defaultProbeDelayMS,
      refresh: refresh, refreshAll: scanned[shared.refresh] == "all", maxAgeDays: scanned[shared.maxAge],
      date: scanned[shared.date] ?? "", reportFile: scanned[shared.report],
      lineage: !scanned[shared.noLineage], quiet: scanned[shared.quiet],
      allowShrink: scanned[shared.allowShrink], shrinkLimit: scanned[shared.shrinkLimit],
      userAgent: scanned[shared.userAgent] ?? tool.userAgent, ignoreRobots: scanned[shared.ignoreRobots],
      maxTimeSeconds: scanned[shared.maxTime].flatMap(OptionKind.seconds), values: scanned.values,
      toolName: tool.name)
    try o.checkTogether(scanned.given, tool: tool)
    if o.date.isEmpty { o.date = try BuildOptions.defaultDate(environment, tool: tool.name) }
    // Probes are never slower than pages: `--delay 0` (a mirror, a test) makes them unpaced too.
    if let probe = o.probeDelayMS, scanned[shared.probeDelay] == nil {
      o.probeDelayMS = min(probe, o.delayMS)
    }
    return o
  }

  /// What single values cannot show: modes given together, `--output` on a run that writes several
  /// files.
  private func checkTogether(_ given: [String], tool: BuildTool) throws {
    var groups: [String: [String]] = [:]
    for option in tool.options {
      if let g = option.exclusiveGroup { groups[g, default: []].append(option.name) }
    }
    for (_, names) in groups.sorted(by: { $0.key < $1.key }) {
      var chosen: [String] = []
      for g in given where names.contains(g) && !chosen.contains(g) { chosen.append(g) }
      if chosen.count > 1 {
        throw UsageError(
          "\(chosen[0]) and \(chosen[1]) cannot be used together; choose one of \(Self.either(names)).", tool: toolName)
      }
    }
    if outputFile != nil, tool.files.count > 1 {
      let narrowed =
        tool.fileSelector.map { s in (values[s]?.flatMap { $0.split(separator: ",") }.count ?? 0) == 1 } ?? false
      if !narrowed {
        let how = tool.fileSelector.map { " or \($0) to write one" } ?? ""
        throw UsageError(
          "--output names one file, but \(tool.name) writes \(tool.files.count) (\(tool.files.joined(separator: ", "))); "
            + "give a folder with --out\(how).", tool: toolName)
      }
    }
  }

  static func either(_ words: [String]) -> String {
    words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
  }

  /// Today (UTC), or the day SOURCE_DATE_EPOCH names. A set but unusable value is a usage error: a
  /// reproducible build that silently used today would not be one.
  static func defaultDate(_ env: [String: String], tool: String) throws -> String {
    var date = Date()
    if let raw = env["SOURCE_DATE_EPOCH"], !raw.isEmpty {
      // 253402300799 is 9999-12-31T23:59:59Z, the last second a yyyy-mm-dd date can show.
      guard raw.allSatisfy({ $0.isASCII && $0.isNumber }), let epoch = Int(raw), (0...253_402_300_799).contains(epoch)
      else {
        throw UsageError(
          "SOURCE_DATE_EPOCH takes whole seconds since 1970 from 0 to 253402300799, not '\(OptionKind.quoted(raw))'.",
          tool: tool)
      }
      date = Date(timeIntervalSince1970: Double(epoch))
    }
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.calendar = Calendar(identifier: .gregorian)
    f.dateFormat = "yyyy-MM-dd"
    return f.string(from: date)
  }

  static func isDate(_ s: String) -> Bool { CalendarDate(s) != nil }
}

struct HelpRequested: Error {}

struct VersionRequested: Error {}
