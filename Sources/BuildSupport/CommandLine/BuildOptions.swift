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
  /// The tool's own options: name → values (a flag has one value, "true").
  public var extra: [String: [String]] = [:]
  /// The tool's own declarations, for their defaults.
  var declared: [ToolOption] = []
  let toolName: String

  public func flag(_ name: String) -> Bool { extra[name] != nil }
  public func value(_ name: String) -> String? { extra[name]?.last }
  public func values(_ name: String) -> [String] { extra[name] ?? [] }

  /// The option's value, else its declared default when that is a number; nil when neither.
  public func int(_ name: String) -> Int? {
    if let v = value(name) { return Int(v) }
    return declared.first { $0.name == name }?.defaultValue.flatMap { Int($0) }
  }

  /// The option's value, else its declared number, else `d` (a default worked out at run time,
  /// such as the previous catalogue's count).
  public func int(_ name: String, default d: Int) -> Int { int(name) ?? d }

  /// An option whose declaration has a number for its default: the value given, else that number.
  /// The number is written once, in the declaration; a missing one is our own broken invariant.
  public func declaredInt(_ name: String) throws -> Int {
    guard let n = int(name) else { throw UndeclaredDefault(option: name, tool: toolName) }
    return n
  }

  public func declaredDouble(_ name: String) throws -> Double {
    guard let d = double(name) else { throw UndeclaredDefault(option: name, tool: toolName) }
    return d
  }

  public func double(_ name: String) -> Double? {
    if let v = value(name) { return Double(v) }
    return declared.first { $0.name == name }?.defaultValue.flatMap { Double($0) }
  }

  public func double(_ name: String, default d: Double) -> Double { double(name) ?? d }

  /// A `from-to` option's range, else its declared default.
  public func span(_ name: String) -> ClosedRange<Int>? {
    (value(name) ?? declared.first { $0.name == name }?.defaultValue).flatMap(OptionKind.span)
  }
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

/// Shared options and their help, in the order `--help` lists them.
enum SharedOption {
  /// The longest pause between requests we accept: ten minutes (a longer one is a typo).
  static let delayRange = 0...600_000
  /// `--max-time` from one second to thirty days, as `catalog build` takes it.
  static let maxTimeRange = TimeBudget.range

  static func all(for tool: BuildTool) -> [ToolOption] {
    [
      ToolOption("--no-network", help: "Build from the cache alone; a miss is an error that lists every missing URL."),
      ToolOption(
        "--cache", value: "<dir>", help: "Cache folder; delete it to ask for fresh copies.", default: tool.cacheName,
        kind: .path),
      ToolOption(
        "--out", value: "<dir>", help: "Folder the catalogues are written to.", default: "catalogs", kind: .path),
      ToolOption(
        "--output", value: "<file>", help: "Exact output file, for a build that writes one catalogue.", kind: .path),
      ToolOption(
        "--mirror", value: "<url>",
        help: "Fetch https://HOST/PATH from <url>/HOST/PATH instead (a saved site or test server)."),
      ToolOption(
        "--only", value: "<keys>",
        help: "Build a subset: \(tool.onlyKeys); thresholds are reported, not enforced.", repeatable: true),
      ToolOption(
        "--jobs", value: "<n>", help: "Requests in flight per host.",
        default: "\(tool.defaultJobs); at most \(tool.maxJobs)", kind: .integer(1...tool.maxJobs)),
      ToolOption(
        "--delay", value: "<ms>", help: "Pause between requests to one host.", default: String(tool.defaultDelayMS),
        kind: .integer(delayRange)),
      ToolOption(
        "--probe-delay", value: "<ms>",
        help: "Pause between HEAD probes to one host (never more than --delay unless given).",
        default: tool.defaultProbeDelayMS.map(String.init) ?? "the same as --delay", kind: .integer(delayRange)),
      ToolOption(
        "--refresh",
        help:
          "Revalidate listings; re-ask details and sizes only when new, changed or due by their revisit interval (--refresh=all: everything).",
        kind: .flagOr(["all"])),
      ToolOption(
        "--max-age", value: "<days>",
        help: "Shortest wait before --refresh re-asks a detail or size (unchanged answers double it).",
        default: String(BuildDefaults.maxAgeDays), kind: .integer(0...36_500)),
      ToolOption(
        "--date", value: "<yyyy-mm-dd>", help: "The catalogue's generated date (also SOURCE_DATE_EPOCH).",
        default: "today, UTC", kind: .date),
      ToolOption("--report", value: "<file>", help: "Write a machine-readable build report (JSON).", kind: .path),
      ToolOption("--no-lineage", help: "Write no lineage (which answer gave each row's fields) beside the report."),
      ToolOption("--allow-shrink", help: "Write even when the rebuild drops more issues than the shrink limit."),
      ToolOption(
        "--shrink-limit", value: "<share>", help: "Share of the previous issues a rebuild may drop.",
        default: String(BuildDefaults.shrinkLimit), kind: .share),
      ToolOption(
        "--user-agent", value: "<string>", help: "User-Agent sent with every request.",
        default: tool.userAgent == BuildDefaults.userAgent ? "Shelfmark's own" : "a desktop browser's", kind: .text),
      ToolOption("--ignore-robots", help: "Fetch paths robots.txt disallows (say why in the run's notes)."),
      ToolOption(
        "--max-time", value: "<time>",
        help: "Stop after this long (90s, 45m, 5h30m): nothing is written, the cache is kept, exit 75.",
        kind: .duration(maxTimeRange)),
      ToolOption("--quiet", help: "Print only errors and the summary."),
      ToolOption("--version", help: "Show the version and the commit it was built from."),
      ToolOption("--help", help: "Show help information."),
    ]
  }
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
    var o = BuildOptions(
      cacheDirectory: cwd.appendingPathComponent(tool.cacheName),
      outputDirectory: cwd.appendingPathComponent("catalogs"), jobs: tool.defaultJobs,
      delayMS: tool.defaultDelayMS, probeDelayMS: tool.defaultProbeDelayMS, date: "",
      userAgent: tool.userAgent, declared: tool.options, toolName: tool.name)
    let known = SharedOption.all(for: tool) + tool.options
    let scanned: ArgumentScanner.Scanned
    do {
      scanned = try ArgumentScanner(options: known, aliases: ["-h": "--help", "-q": "--quiet"]).scan(arguments)
    } catch {
      throw UsageError(error.sentence, tool: tool.name)
    }
    var given: [String] = []
    for name in scanned.given where !given.contains(name) { given.append(name) }
    for name in given {
      guard let option = known.first(where: { $0.name == name }) else { continue }
      for value in scanned.values[name] ?? [] { try o.set(option, value, cwd: cwd) }
    }
    try o.checkTogether(given, tool: tool)
    if o.date.isEmpty { o.date = try BuildOptions.defaultDate(environment, tool: tool.name) }
    // Probes are never slower than pages: `--delay 0` (a mirror, a test) makes them unpaced too.
    if let probe = o.probeDelayMS, !given.contains("--probe-delay") {
      o.probeDelayMS = min(probe, o.delayMS)
    }
    return o
  }

  /// Stores one checked value.
  private mutating func set(_ option: ToolOption, _ v: String, cwd: URL) throws {
    func path() -> URL { URL(fileURLWithPath: v, relativeTo: cwd).standardizedFileURL }
    switch option.name {
    case "--help": throw HelpRequested()
    case "--version": throw VersionRequested()
    case "--no-network": noNetwork = true
    case "--cache": cacheDirectory = path()
    case "--out": outputDirectory = path()
    case "--output": outputFile = path()
    case "--mirror":
      guard let u = URL(string: v), let s = u.scheme, ["http", "https"].contains(s), u.host != nil else {
        throw UsageError(
          "--mirror takes an http(s) URL such as http://127.0.0.1:8080, not '\(OptionKind.quoted(v))'.", tool: toolName)
      }
      mirror = u
    case "--only":
      let keys = v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !keys.isEmpty else { throw UsageError("--only needs at least one key.", tool: toolName) }
      only = (only ?? []) + keys
    case "--jobs": jobs = Int(v) ?? jobs
    case "--delay": delayMS = Int(v) ?? delayMS
    case "--probe-delay": probeDelayMS = Int(v)
    case "--refresh":
      refresh = true
      refreshAll = v == "all"
    case "--max-age": maxAgeDays = Int(v) ?? maxAgeDays
    case "--date": date = v
    case "--report": reportFile = path()
    case "--no-lineage": lineage = false
    case "--allow-shrink": allowShrink = true
    case "--shrink-limit": shrinkLimit = Double(v) ?? shrinkLimit
    case "--user-agent": userAgent = v
    case "--ignore-robots": ignoreRobots = true
    case "--max-time": maxTimeSeconds = OptionKind.seconds(v)
    case "--quiet": quiet = true
    default:
      if option.kind == .flag {
        extra[option.name] = ["true"]
      } else {
        let parts = option.repeatable ? v.split(separator: ",").map(String.init) : [v]
        extra[option.name] = (option.repeatable ? (extra[option.name] ?? []) : []) + parts
      }
    }
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
      let narrowed = tool.fileSelector.map { s in s == "--only" ? only?.count == 1 : values(s).count == 1 } ?? false
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

/// A tool asked for the declared default of an option that declares none (exit 70).
struct UndeclaredDefault: BuildFailure {
  var option: String
  var tool: String
  var exitCode: ExitCode { .software }
  var description: String { "internal error: \(tool) declares no number for \(option)'s default" }
}
struct VersionRequested: Error {}
