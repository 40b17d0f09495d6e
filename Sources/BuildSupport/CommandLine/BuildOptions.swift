import CatalogKit
import Foundation

/// The parsed command line of a `*-build`: the shared contract plus the tool's own options.
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
  /// `--max-age <days>`: details and sizes older than this are re-asked by a refresh.
  public var maxAgeDays = BuildDefaults.maxAgeDays
  public var date: String
  public var reportFile: URL?
  public var quiet = false
  public var allowShrink = false
  public var shrinkLimit = BuildDefaults.shrinkLimit
  public var userAgent: String
  public var ignoreRobots = false
  /// The tool's own options: name → values (a flag has one value, "true").
  public var extra: [String: [String]] = [:]
  let toolName: String

  public func flag(_ name: String) -> Bool { extra[name] != nil }
  public func value(_ name: String) -> String? { extra[name]?.last }
  public func values(_ name: String) -> [String] { extra[name] ?? [] }

  /// An integer option, or the default; a non-number is a usage error naming the option.
  public func int(_ name: String, default d: Int) throws -> Int {
    guard let v = value(name) else { return d }
    guard let n = Int(v) else { throw UsageError("\(name) takes a whole number, not '\(v)'.", tool: toolName) }
    return n
  }

  public func double(_ name: String, default d: Double) throws -> Double {
    guard let v = value(name) else { return d }
    guard let n = Double(v) else { throw UsageError("\(name) takes a number, not '\(v)'.", tool: toolName) }
    return n
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
  static let all: [ToolOption] = [
    ToolOption("--no-network", help: "Build from the cache alone; a miss is an error that lists every missing URL."),
    ToolOption(
      "--cache", value: "<dir>", help: "Cache folder; delete it to ask for fresh copies.", default: ".<source>-cache"),
    ToolOption("--out", value: "<dir>", help: "Folder the catalogues are written to.", default: "catalogs"),
    ToolOption("--output", value: "<file>", help: "Exact output file, for a build that writes one catalogue."),
    ToolOption(
      "--mirror", value: "<url>",
      help: "Fetch https://HOST/PATH from <url>/HOST/PATH instead (a saved site or test server)."),
    ToolOption(
      "--only", value: "<keys>", help: "Build a subset (comma-separated keys); thresholds are reported, not enforced.",
      repeatable: true),
    ToolOption("--jobs", value: "<n>", help: "Requests in flight per host.", default: "<tool default>"),
    ToolOption("--delay", value: "<ms>", help: "Pause between requests to one host.", default: "<tool default>"),
    ToolOption(
      "--probe-delay", value: "<ms>",
      help: "Pause between HEAD probes to one host (never more than --delay unless given).", default: "<tool default>"),
    ToolOption(
      "--refresh",
      help:
        "Revalidate listings; re-ask details and sizes only when new, changed or past --max-age (--refresh=all: everything)."
    ),
    ToolOption(
      "--max-age", value: "<days>", help: "Age at which --refresh re-asks a detail or size copy.",
      default: String(BuildDefaults.maxAgeDays)),
    ToolOption(
      "--date", value: "<yyyy-mm-dd>", help: "The catalogue's generated date (also SOURCE_DATE_EPOCH).",
      default: "today, UTC"),
    ToolOption("--report", value: "<file>", help: "Write a machine-readable build report (JSON)."),
    ToolOption("--allow-shrink", help: "Write even when the rebuild drops more issues than the shrink limit."),
    ToolOption(
      "--shrink-limit", value: "<share>", help: "Share of the previous issues a rebuild may drop.", default: "0.05"),
    ToolOption(
      "--user-agent", value: "<string>", help: "User-Agent sent with every request.", default: "<tool default>"),
    ToolOption("--ignore-robots", help: "Fetch paths robots.txt disallows (say why in the run's notes)."),
    ToolOption("--quiet", help: "Print only errors and the summary."),
    ToolOption("--help", help: "Show help information."),
  ]
}

extension BuildOptions {
  /// Parses arguments (without the program name). `--help` throws `HelpRequested`.
  public static func parse(
    _ arguments: [String], tool: BuildTool, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    throws -> BuildOptions
  {
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var o = BuildOptions(
      cacheDirectory: cwd.appendingPathComponent(".\(tool.source)-cache"),
      outputDirectory: cwd.appendingPathComponent("catalogs"), jobs: tool.defaultJobs,
      delayMS: tool.defaultDelayMS, probeDelayMS: tool.defaultProbeDelayMS, date: BuildOptions.defaultDate(environment),
      userAgent: tool.userAgent,
      toolName: tool.name)
    let known = SharedOption.all + tool.options
    var i = 0
    func next(_ name: String) throws -> String {
      i += 1
      guard i < arguments.count else { throw UsageError("\(name) needs a value.", tool: tool.name) }
      return arguments[i]
    }
    while i < arguments.count {
      var arg = arguments[i]
      var inline: String? = nil
      if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
        inline = String(arg[arg.index(after: eq)...])
        arg = String(arg[..<eq])
      }
      func val() throws -> String {
        if let inline { return inline }
        return try next(arg)
      }
      switch arg {
      case "--help", "-h": throw HelpRequested()
      case "--no-network": o.noNetwork = true
      case "--cache": o.cacheDirectory = URL(fileURLWithPath: try val(), relativeTo: cwd).standardizedFileURL
      case "--out": o.outputDirectory = URL(fileURLWithPath: try val(), relativeTo: cwd).standardizedFileURL
      case "--output": o.outputFile = URL(fileURLWithPath: try val(), relativeTo: cwd).standardizedFileURL
      case "--mirror":
        let v = try val()
        guard let u = URL(string: v), let s = u.scheme, ["http", "https"].contains(s), u.host != nil else {
          throw UsageError("--mirror takes an http(s) URL such as http://127.0.0.1:8080, not '\(v)'.", tool: tool.name)
        }
        o.mirror = u
      case "--only":
        let keys = try val().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
          !$0.isEmpty
        }
        guard !keys.isEmpty else { throw UsageError("--only needs at least one key.", tool: tool.name) }
        o.only = (o.only ?? []) + keys
      case "--jobs":
        let v = try val()
        guard let n = Int(v), (1...tool.maxJobs).contains(n) else {
          throw UsageError("--jobs takes a number from 1 to \(tool.maxJobs), not '\(v)'.", tool: tool.name)
        }
        o.jobs = n
      case "--delay":
        let v = try val()
        guard let n = Int(v), n >= 0 else {
          throw UsageError("--delay takes milliseconds (0 or more), not '\(v)'.", tool: tool.name)
        }
        o.delayMS = n
      case "--probe-delay":
        let v = try val()
        guard let n = Int(v), n >= 0 else {
          throw UsageError("--probe-delay takes milliseconds (0 or more), not '\(v)'.", tool: tool.name)
        }
        o.probeDelayMS = n
      case "--refresh":
        o.refresh = true
        if let inline {
          guard inline == "all" else {
            throw UsageError("--refresh takes no value or '=all', not '\(inline)'.", tool: tool.name)
          }
          o.refreshAll = true
        }
      case "--max-age":
        let v = try val()
        guard let n = Int(v), (0...36_500).contains(n) else {
          throw UsageError("--max-age takes a number of days from 0 to 36500, not '\(v)'.", tool: tool.name)
        }
        o.maxAgeDays = n
      case "--date":
        let v = try val()
        guard BuildOptions.isDate(v) else {
          throw UsageError("--date takes a date like 2026-11-30, not '\(v)'.", tool: tool.name)
        }
        o.date = v
      case "--report": o.reportFile = URL(fileURLWithPath: try val(), relativeTo: cwd).standardizedFileURL
      case "--allow-shrink": o.allowShrink = true
      case "--shrink-limit":
        let v = try val()
        guard let d = Double(v), (0...1).contains(d) else {
          throw UsageError("--shrink-limit takes a share from 0 to 1, not '\(v)'.", tool: tool.name)
        }
        o.shrinkLimit = d
      case "--user-agent": o.userAgent = try val()
      case "--ignore-robots": o.ignoreRobots = true
      case "--quiet", "-q": o.quiet = true
      default:
        guard let opt = tool.options.first(where: { $0.name == arg }) else {
          var msg = "Unknown option '\(arguments[i])'."
          if let near = NearMatch.nearest(arg, in: known.map(\.name), maximum: 3) { msg += " Did you mean '\(near)'?" }
          throw UsageError(msg, tool: tool.name)
        }
        if opt.value == nil {
          o.extra[opt.name] = ["true"]
        } else {
          let v = try val()
          let parts = opt.repeatable ? v.split(separator: ",").map(String.init) : [v]
          o.extra[opt.name] = (opt.repeatable ? (o.extra[opt.name] ?? []) : []) + parts
        }
      }
      i += 1
    }
    // Probes are never slower than pages: `--delay 0` (a mirror, a test) makes them unpaced too.
    if let probe = o.probeDelayMS, !arguments.contains(where: { $0.hasPrefix("--probe-delay") }) {
      o.probeDelayMS = min(probe, o.delayMS)
    }
    return o
  }

  static func defaultDate(_ env: [String: String]) -> String {
    var date = Date()
    if let epoch = env["SOURCE_DATE_EPOCH"].flatMap(Double.init) { date = Date(timeIntervalSince1970: epoch) }
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyy-MM-dd"
    return f.string(from: date)
  }

  static func isDate(_ s: String) -> Bool {
    let parts = s.split(separator: "-")
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil
    else { return false }
    return (1...12).contains(m) && (1...31).contains(d)
  }
}

struct HelpRequested: Error {}
