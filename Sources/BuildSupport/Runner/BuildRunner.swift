import CatalogKit
import Foundation

/// Runs one build: options → fetch and parse (the tool's closure) → validate → write atomically →
/// summary and report. Every executable's `main.swift` is one call to `BuildRunner.main`.
public enum BuildRunner {
  public typealias Build = @Sendable (BuildContext) async throws -> [BuildProduct]

  /// Parses the process's arguments, runs the build and exits with its code.
  public static func main(_ tool: BuildTool, _ build: @escaping Build) -> Never {
    let args = Array(CommandLine.arguments.dropFirst())
    Task {
      let outcome = await run(tool, arguments: args, build)
      exit(outcome.code.rawValue)
    }
    dispatchMain()
  }

  public struct Outcome: Sendable {
    public var code: ExitCode
    public var report: BuildReport?
  }

  /// Runs a build in-process (also used by `catalog build`); prints as the executable would.
  public static func run(
    _ tool: BuildTool, arguments: [String], transport: Transport? = nil, _ build: @escaping Build
  ) async -> Outcome {
    let options: BuildOptions
    switch parse(arguments, tool) {
    case .success(let o): options = o
    case .failure(let stop): return Outcome(code: stop.code)
    }
    let started = Monotonic.seconds()
    let context = makeContext(tool, options, transport: transport)
    let fetcher = context.fetcher

    var code = ExitCode.ok
    var errorText: String?
    var reports: [ProductReport] = []
    do {
      let products = try await build(context)
      if products.isEmpty { throw RunnerError.nothingBuilt(tool.name) }
      for p in products {
        let r = try finish(p, options: options, single: products.count == 1)
        reports.append(r)
        if r.status == .refused { code = max(code, .invalid) }
      }
    } catch {
      (code, errorText) = classify(error, fetcher: fetcher)
      Diagnostics.error(errorText ?? "\(error)")
    }
    for line in fetcher.staleSummary { context.warn(line) }
    let report = BuildReport(
      tool: tool.name, date: options.date, exitCode: code.rawValue, error: errorText, products: reports,
      counters: fetcher.counters.snapshot, missingURLs: fetcher.missingURLs.map(\.absoluteString),
      warnings: context.warnings, notes: context.notes, seconds: Monotonic.seconds() - started,
      libxml2: HTMLDocument.libxmlVersion)
    printSummary(report, counters: fetcher.counters)
    if let file = options.reportFile {
      do {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write([UInt8](try enc.encode(report)), to: file.path)
      } catch {
        Diagnostics.error("\(error)")
        code = max(code, .io)
      }
    }
    return Outcome(code: code, report: report)
  }

  /// Runs a mode that prints a report and writes no catalogue (spectrum-build's `--plan`, say): the
  /// same options, cache and fetcher as a build, no validation or writing.
  public static func mainReport(_ tool: BuildTool, _ body: @escaping @Sendable (BuildContext) async throws -> Void)
    -> Never
  {
    let args = Array(CommandLine.arguments.dropFirst())
    Task {
      exit(await report(tool, arguments: args, body).rawValue)
    }
    dispatchMain()
  }

  public static func report(
    _ tool: BuildTool, arguments: [String], _ body: @Sendable (BuildContext) async throws -> Void
  ) async -> ExitCode {
    let options: BuildOptions
    switch parse(arguments, tool) {
    case .success(let o): options = o
    case .failure(let stop): return stop.code
    }
    let context = makeContext(tool, options, transport: nil)
    var code = ExitCode.ok
    do {
      try await body(context)
    } catch {
      let text: String
      (code, text) = classify(error, fetcher: context.fetcher)
      Diagnostics.error(text)
    }
    let c = context.fetcher.counters.snapshot
    Diagnostics.plain(
      "requests \(c[Counter.requests.rawValue] ?? 0)  cache hits \(c[Counter.hit.rawValue] ?? 0)  stored \(c[Counter.stored.rawValue] ?? 0)"
    )
    return code
  }

  /// Why a run ends before it starts: help was shown (exit 0) or the command line was wrong (64).
  struct EarlyStop: Error {
    var code: ExitCode
  }

  /// Parses the command line, printing help or the usage error itself.
  static func parse(_ arguments: [String], _ tool: BuildTool) -> Result<BuildOptions, EarlyStop> {
    do {
      return .success(try BuildOptions.parse(arguments, tool: tool))
    } catch is HelpRequested {
      print(Help.text(for: tool), terminator: "")
      return .failure(EarlyStop(code: .ok))
    } catch {
      Diagnostics.error("\(error)")
      Diagnostics.plain("USAGE: \(tool.name) [<options>]\nSee '\(tool.name) --help'.")
      return .failure(EarlyStop(code: .usage))
    }
  }

  /// The fetcher and context every run gets from its options.
  static func makeContext(_ tool: BuildTool, _ options: BuildOptions, transport: Transport?) -> BuildContext {
    var config = FetcherConfiguration(cacheRoot: options.cacheDirectory, allowedHosts: Set(tool.hosts))
    config.noNetwork = options.noNetwork
    config.refresh = options.refresh
    config.mirror = options.mirror
    config.jobs = options.jobs
    config.delayMS = options.delayMS
    config.probeDelayMS = options.probeDelayMS
    config.userAgent = options.userAgent
    config.respectRobots = !options.ignoreRobots
    let fetcher = Fetcher(config, transport: transport)
    let context = BuildContext(
      tool: tool, options: options, fetcher: fetcher,
      progress: Progress(quiet: options.quiet, counters: fetcher.counters))
    if options.ignoreRobots { context.note("note: --ignore-robots was given: robots.txt is not honoured for this run") }
    return context
  }

  static func classify(_ error: Error, fetcher: Fetcher) -> (ExitCode, String) {
    switch error {
    case let e as FetchError:
      switch e {
      case .notCached, .notCachedMany:
        let urls = fetcher.missingURLs
        let list = urls.prefix(200).map { "  " + $0.absoluteString }.joined(separator: "\n")
        let more = urls.count > 200 ? "\n  … and \(urls.count - 200) more" : ""
        if fetcher.cacheFolderMissing {
          let folder = fetcher.configuration.cacheRoot.path
          return (
            .unavailable,
            "the cache folder \(folder) does not exist, so nothing is cached and --no-network forbids fetching "
              + "(name the right folder with --cache); \(Plural.count(urls.count, "URL")) \(Plural.verb(urls.count, "was", "were")) needed:\n\(list)\(more)"
          )
        }
        return (
          .unavailable,
          "\(Plural.count(urls.count, "URL")) \(Plural.verb(urls.count, "is", "are")) not cached and --no-network was given:\n\(list)\(more)"
        )
      default: return (e.exitCode, e.description)
      }
    case let e as BuildFailure where e.exitCode == .invalid:
      return (.invalid, e.description + (fetcher.cacheHint(for: e.description).map { "\n" + $0 } ?? ""))
    case let e as BuildFailure: return (e.exitCode, e.description)
    case let e as UsageError: return (.usage, e.description)
    case let e as IOFailure: return (.io, e.description)
    case let e as RunnerError: return (.software, e.description)
    case let e as CustomStringConvertible:
      // A page that fails to parse is served again from the cache on every run: say how to drop it.
      return (.invalid, e.description + (fetcher.cacheHint(for: e.description).map { "\n" + $0 } ?? ""))
    default: return (.invalid, "\(error)")
    }
  }

  /// Validates, compares with the previous file and writes (or refuses) one catalogue.
  static func finish(_ p: BuildProduct, options: BuildOptions, single: Bool) throws -> ProductReport {
    let target = (single ? options.outputFile : nil) ?? options.outputDirectory.appendingPathComponent(p.file)
    switch p.payload {
    case .issue(let c, let rules): return try finish(c, rules: rules, product: p, target: target, options: options)
    case .popboks(let c, let rules): return try finish(c, rules: rules, product: p, target: target, options: options)
    case .stripovi(let c, let rules): return try finish(c, rules: rules, product: p, target: target, options: options)
    }
  }

  static func finish<C: Catalogue>(
    _ c: C, rules: [ValidationRule<C>], product p: BuildProduct, target: URL, options: BuildOptions
  ) throws -> ProductReport {
    var report = ValidationReport.run(rules, on: c)
    if p.partial {
      // A subset cannot meet completeness thresholds; they are reported, not enforced.
      for i in report.findings.indices where report.findings[i].rule.hasPrefix("threshold/") {
        report.findings[i].severity = .warning
      }
    }
    var previous: C? = nil
    if let data = FileManager.default.contents(atPath: target.path) {
      do {
        previous = try CatalogueFile.decode(C.self, from: [UInt8](data), file: target.path)
      } catch {
        if case .newerVersion = error { throw PreviousCatalogueError(reason: error.description) }
        Diagnostics.warning("\(error); it will be replaced")
      }
    }
    // Partial builds are checked too: a subset written over a full catalogue is the commonest way
    // to lose one (`--only SK` into catalogs/); write it elsewhere with --out, or pass --allow-shrink.
    if let previous,
      let shrink = ShrinkCheck.compare(
        previous: previous, new: c, limit: options.shrinkLimit, allowed: options.allowShrink)
    {
      report.findings.append(shrink)
    }
    for f in report.findings {
      let ids =
        f.records.isEmpty
        ? ""
        : ": " + f.records.joined(separator: ", ")
          + (f.count > f.records.count ? " and \(f.count - f.records.count) more" : "")
      let line = "\(target.lastPathComponent): \(f.severity.rawValue) \(f.rule): \(f.message)\(ids)"
      if f.severity == .error { Diagnostics.error(line) } else { Diagnostics.warning(line) }
    }
    var status: ProductStatus
    if report.hasErrors {
      status = .refused
    } else if let previous, c.sameContent(as: previous) {
      status = .unchanged
    } else {
      try AtomicFile.write(try CatalogueEncoder.encode(c), to: target.path)
      status = .written
    }
    return ProductReport(
      file: p.file, path: target.path, status: status, records: c.recordCount,
      previousRecords: previous?.recordCount, partial: p.partial, findings: report.findings, summary: p.summary)
  }

  static func printSummary(_ r: BuildReport, counters: Counters) {
    var out: [String] = []
    let width = max(r.products.map(\.file.count).max() ?? 0, 10)
    for p in r.products {
      let name = p.file.padding(toLength: width, withPad: " ", startingAt: 0)
      var line =
        "\(name)  \(p.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(Plural.count(p.records, "record"))"
      if let prev = p.previousRecords { line += " (was \(prev))" }
      if p.partial { line += "  [partial]" }
      let errors = p.findings.filter { $0.severity == .error }.count
      let warns = p.findings.count - errors
      if errors + warns > 0 { line += "  \(Plural.count(errors, "error")), \(Plural.count(warns, "warning"))" }
      out.append(line)
      for s in p.summary { out.append("  " + s) }
    }
    let c = r.counters
    out.append(
      "requests \(c[Counter.requests.rawValue] ?? 0)  cache hits \(c[Counter.hit.rawValue] ?? 0)  stored \(c[Counter.stored.rawValue] ?? 0)  retried \(c[Counter.retried.rawValue] ?? 0)  failed \(c[Counter.failed.rawValue] ?? 0)  "
        + ((c[Counter.stale.rawValue] ?? 0) > 0 ? "stale \(c[Counter.stale.rawValue] ?? 0)  " : "")
        + String(format: "%.1fs", r.seconds))
    print(out.joined(separator: "\n"))
  }
}

enum RunnerError: Error, CustomStringConvertible {
  case nothingBuilt(String)
  var description: String {
    switch self {
    case .nothingBuilt(let t): "\(t): the build produced no catalogue"
    }
  }
}

/// The previous catalogue was written by a newer toolchain: replacing it would lose its fields.
struct PreviousCatalogueError: BuildFailure {
  var reason: String
  var exitCode: ExitCode { .invalid }
  var description: String { reason + "; nothing was written" }
}

/// stderr lines in SwiftPM's shape: `error: …`, `warning: …`.
public enum Diagnostics {
  public static func error(_ s: String) { plain("error: " + s) }
  public static func warning(_ s: String) { plain("warning: " + s) }
  public static func plain(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }
}
