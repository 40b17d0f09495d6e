import CatalogKit
import Foundation

/// `spectrum-build`: its hosts, politeness and options.
public enum SpectrumTool {
  /// ZXDB has no releases and replaces the file every few weeks, so the build is pinned to master.
  static let dumpAddress = "https://raw.githubusercontent.com/zxdb/ZXDB/master/ZXDB_mysql.sql.zip"
  static let dumpName = "ZXDB_mysql.sql.zip"

  public static let tool = BuildTool(
    catalogue: CatalogueSource(
      id: "spectrum", displayName: "Spectrum Computing",
      files: SpectrumGroup.allCases.map {
        CatalogueFileEntry(
          $0.fileName, site: "spectrum" + $0.displayName, display: "Spectrum Computing: \($0.displayName)",
          base: ArchivePath.downloadBase)
      }, freshness: ArchiveOrgFreshness.rules, plausibility: SpectrumRules.plausibility),
    abstract:
      "Build the Spectrum Computing catalogues (magazines, fanzines, books) from the ZXDB dump and archive.org.",
    hosts: ["raw.githubusercontent.com", "archive.org"],
    // archive.org's metadata API: five in flight is polite; it firewalled a client at fifty.
    defaultDelayMS: 200, defaultJobs: 5, maxJobs: maxJobs,
    options: [
      build, limit, plan, probe, validate, perToken, sizedShare, expand, number, volume, year, month, day, special,
      supplement,
    ],
    discussion: """
      Exactly one mode is needed: --build <group>, --plan, --probe, --validate or --expand <mask>.
      The dump is fetched once into the cache folder and loaded into <cache>/zxdb.sqlite, which is
      rebuilt only when the dump's SHA-256 changes. Delete the cache folder to get a newer dump.
      """, fileSelector: build.name,
    fullRuns: SpectrumGroup.allCases.map {
      BuildTool.FullRun(arguments: ["--build", $0.rawValue], files: [$0.fileName], label: "spectrum \($0.rawValue)")
    }, onlyKeys: "series keys or issue ids of the --build group", lineage: SpectrumLineage.plan)

  /// The source, declared once: its tool and what a run does in each mode.
  public static let source = Source(tool, work: work, demo: SpectrumDemo.sample)

  static let build = Option<SpectrumGroup?>.word(
    "--build", value: "<group>", help: "Write one catalogue: magazines, fanzines or books.", exclusiveGroup: "mode")
  static let limit = Option.integer(
    "--limit", 1...10_000_000, help: "Keep only the first n planned rows (a trial run; the output is partial).")
  static let plan = Option.flag(
    "--plan", help: "Print what a build would ask for, per group, and why rows cannot be expanded.",
    exclusiveGroup: "mode")
  static let probe = Option.flag(
    "--probe", help: "Print what the dump holds (masks, reachability, files, books, inventory); writes nothing.",
    exclusiveGroup: "mode")
  static let validate = Option.flag(
    "--validate", help: "Check a sample of expanded masks per token against the archive.org metadata API.",
    exclusiveGroup: "mode")
  static let perToken = Option.integer(
    "--per-token", 1...10_000, help: "Masks sampled per token by --validate.", default: 8)
  static let sizedShare = Option.share(
    "--sized-share", help: "Least share of rows that must have a size.", default: SpectrumRules.defaultSizedShare)
  static let expand = Option.text(
    "--expand", value: "<mask>", help: "Print a mask's expansion for the fields below (exit 65 on error).",
    exclusiveGroup: "mode")
  static let number = Option.integer("--number", 0...1_000_000, help: "Issue number for --expand.")
  static let volume = Option.integer("--volume", 0...1_000_000, help: "Volume for --expand.")
  static let year = Option.integer("--year", 1900...2100, help: "Year for --expand.")
  static let month = Option.integer("--month", 1...12, help: "Month (1-12) for --expand.")
  static let day = Option.integer("--day", 1...31, help: "Day for --expand.")
  static let special = Option.text("--special", value: "<text>", help: "Special-issue name for --expand.")
  static let supplement = Option.text("--supplement", value: "<text>", help: "Supplement name for --expand.")

  /// What a run does: the mode its command line chose (they exclude each other; the parser checks).
  @Sendable public static func work(_ o: BuildOptions) -> BuildRunner.Work {
    if o[expand] != nil { return .report({ try ExpandMode.run($0) }, counters: false) }
    if o[probe] { return .report { try await SpectrumProbeReport.run($0) } }
    if o[plan] { return .report { try await PlanReport.run($0) } }
    if o[validate] { return .report { try await ValidateReport.run($0) } }
    return .build { try await SpectrumCrawl.run($0) }
  }

  static func dumpURL() throws -> URL {
    guard let u = URL(string: dumpAddress) else { throw SpectrumFailure.internalError("bad dump URL") }
    return u
  }

  /// archive.org's metadata API gets at most five requests in flight, whatever `--jobs` says.
  static let maxJobs = 5

  static let modesText = "--build magazines|fanzines|books, --plan, --probe, --validate or --expand <mask>"
}

/// Failures of this tool that choose their own exit code.
enum SpectrumFailure: BuildFailure {
  /// The dump URL answered something other than 200.
  case dumpStatus(url: String, status: Int)
  /// A mask given to `--expand` did not expand.
  case mask(SpectrumMaskError)
  case internalError(String)

  var exitCode: ExitCode {
    switch self {
    case .dumpStatus: .unavailable
    case .mask: .invalid
    case .internalError: .software
    }
  }

  var description: String {
    switch self {
    case .dumpStatus(let url, let status): "\(url): HTTP \(status) instead of the dump"
    case .mask(let e): e.description
    case .internalError(let s): "internal error: \(s)"
    }
  }
}

/// A report mode's stdout lines, through the run's printer, and the column helpers they share.
struct Out {
  let printer: Printer

  func line(_ s: String = "") { printer.out(s) }

  func heading(_ s: String) {
    line()
    line(s)
    line(String(repeating: "─", count: 68))
  }

  static func pad(_ s: String, _ n: Int) -> String {
    s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
  }

  static func padLeft(_ s: String, _ n: Int) -> String {
    s.count >= n ? s : String(repeating: " ", count: n - s.count) + s
  }

  static func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "—" : String(format: "%.0f%%", Double(part) * 100 / Double(whole))
  }
}
