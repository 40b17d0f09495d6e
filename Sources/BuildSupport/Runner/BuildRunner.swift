import CatalogKit
import Foundation

/// Runs one build: options → fetch and parse (the tool's closure) → validate → write atomically →
/// summary and report. Every executable's `main.swift` is one call to `BuildRunner.main`.
public enum BuildRunner {
  public typealias Build = @Sendable (BuildContext) async throws -> [BuildProduct]

  /// What one run does: build catalogues (validated, then written), or print a report and write
  /// none (spectrum-build's `--plan`, `--probe`, `--validate`, `--expand`).
  public enum Work: Sendable {
    case build(Build)
    /// Prints to stdout; `counters` adds the fetch counters line on stderr.
    case report(@Sendable (BuildContext) async throws -> Void, counters: Bool = true)
  }

  /// Parses the process's arguments, runs the source's work and exits with its code.
  public static func main(_ source: Source) -> Never {
    let args = Array(CommandLine.arguments.dropFirst())
    Task {
      let outcome = await run(source, arguments: args)
      // The process ends with the run's context still held: see `Outcome.context`.
      withExtendedLifetime(outcome) { exit(outcome.code.rawValue) }
    }
    dispatchMain()
  }

  /// Runs a source in-process, as its executable would (tests, and a source declared outside
  /// the package), printing through `printer`.
  public static func run(
    _ source: Source, arguments: [String], transport: Transport? = nil, printer: Printer = .process
  ) async -> Outcome {
    switch parse(arguments, source.tool, printer) {
    case .failure(let stop): return Outcome(code: stop.code)
    case .success(let options):
      switch source.work(options) {
      case .build(let build):
        return await run(source.tool, options: options, transport: transport, printer: printer, build)
      case .report(let body, let counters):
        return Outcome(
          code: await report(source.tool, options: options, counters: counters, printer: printer, body))
      }
    }
  }

  public struct Outcome: Sendable {
    public var code: ExitCode
    public var report: BuildReport?
    /// The build's context, held as long as the outcome is: an executable exits holding it, so the
    /// records, pages and counters it reaches are never freed one by one (freeing them was the last
    /// tenth of a second of a warm BombJack build, after everything was written).
    var context: BuildContext? = nil
    /// What the build made (its products and their lineage), held for the same reason: freeing a
    /// walk's eighteen thousand rows and their lineage cost a BombJack refresh a fiftieth of its time.
    var made: Made? = nil
  }

  /// A build's products and, once worked out, their lineage.
  typealias Made = (products: [BuildProduct], lineage: LineageRun?)

  /// Runs a build closure in-process for `tool` (the runner's own tests), printing through `printer`.
  public static func run(
    _ tool: BuildTool, arguments: [String], transport: Transport? = nil, printer: Printer = .process,
    _ build: @escaping Build
  ) async -> Outcome {
    switch parse(arguments, tool, printer) {
    case .success(let o): return await run(tool, options: o, transport: transport, printer: printer, build)
    case .failure(let stop): return Outcome(code: stop.code)
    }
  }

  static func run(
    _ tool: BuildTool, options: BuildOptions, transport: Transport?, printer: Printer, _ build: Build
  ) async -> Outcome {
    let started = Monotonic.seconds()
    let runKey = LineageRunKey(tool, options)
    let context = makeContext(
      tool, options, transport: transport, printer: printer, recordsLineage: runKey?.expected == nil)
    let fetcher = context.fetcher

    var code = ExitCode.ok
    var errorText: String?
    var reports: [ProductReport] = []
    var made: Made?
    do {
      try Folders.prepare(options)
      await fetcher.readFirst(date: options.date)
      let products = try await build(context)
      made = (products, nil)
      if products.isEmpty { throw RunnerError.nothingBuilt(tool.name) }
      try context.checkDeadline()
      if options.outputFile != nil, products.count > 1 {
        throw UsageError(
          "--output names one file, but this run writes \(products.count); give a folder with --out.", tool: tool.name)
      }
      // The lineage is worked out, then compressed, on another core while the catalogues are
      // validated and written; drift joins each catalogue's findings once its rules have run. At
      // the run's own priority: as a detached task's default it waited milliseconds behind the
      // rules' tasks, and it is the longer of the two.
      let working = Task.detached(priority: .high) { LineageRun(context, products: products, runKey: runKey) }
      let storing = Task.detached(priority: .high) { try await working.value?.stored() }
      reports = try await writeAllOrNone(
        products, options: options, previous: context.previous, printer: printer,
        drift: { await working.value?.drift() ?? [:] })
      if let lineage = await working.value {
        made?.lineage = lineage
        do {
          if let stored = try await storing.value {
            let warnings = try lineage.write(reports, stored)
            for warning in warnings { context.warn(warning) }
            // A run told its lineage in advance whose end did not bear it out has only its warning.
            if runKey?.expected == nil || warnings.isEmpty, let standing = lineage.standing {
              context.note(standing)
            }
          }
        } catch {
          context.warn("the lineage was not written: \(sentence(error))")
        }
      }
      if reports.contains(where: { $0.status == .refused }) { code = .invalid }
    } catch {
      (code, errorText) = classify(error, fetcher: fetcher)
      printer.error(errorText ?? "\(error)")
    }
    for line in fetcher.staleSummary { context.warn(line) }
    let dropped = fetcher.droppedSummary
    for line in dropped.prefix(10) { context.warn(line) }
    if dropped.count > 10 {
      context.warn(
        "… and \(Plural.count(dropped.count - 10, "other answer")) dropped from the cache for the same reasons")
    }
    // Keeps reading the HEAD log proportional to the live answers, not to every re-ask ever made.
    do { try fetcher.cache.compactHeadLogIfDue() } catch { context.warn("\(error)") }
    // A refusal built from cached pages repeats on every run until they are fetched anew.
    if code == .invalid, errorText == nil, let hint = fetcher.cacheHint(for: "") { printer.plain(hint) }
    let report = BuildReport(
      tool: tool.name, date: options.date, exitCode: code.rawValue, error: errorText, products: reports,
      counters: fetcher.counters.snapshot.merging(context.parses.counters.reportKeys) { a, _ in a },
      missingURLs: fetcher.missingURLs.map(\.absoluteString).sorted(),
      warnings: context.warnings, notes: context.notes, seconds: Monotonic.seconds() - started,
      libxml2: HTMLDocument.libxmlVersion, versions: BuildInfo.record)
    printSummary(report, printer)
    if let file = options.reportFile {
      do {
        try AtomicFile.write([UInt8](try MachineJSON.encode(report)), to: file.path)
      } catch {
        printer.error(classify(error, fetcher: fetcher).1)
        code = max(code, .io)
      }
    }
    return Outcome(code: code, report: report, context: context, made: made)
  }

  /// Validates every product of the run, then writes all of them, or none: a set of files that
  /// belong together (BombJack's seven shelves, PopBoks's two magazines) is never left half new.
  static func writeAllOrNone(
    _ products: [BuildProduct], options: BuildOptions, previous: PreviousCatalogues, printer: Printer,
    drift: () async -> [String: [Finding]] = { [:] }
  ) async throws -> [ProductReport] {
    // Each product checked and compared with the file it replaces on a core of its own, while the
    // lineage may still be worked out: only the verdict waits for drift.
    let assessed = try products.concurrentMap { p in
      Result { try assess(p, options: options, previous: previous, printer: printer) }
    }.map { try $0.get() }
    let drift = await drift()
    let verdicts = assessed.map { $0.verdict(drift: drift[$0.report.file] ?? [], printer: printer) }
    let refused = verdicts.filter { $0.report.status == .refused }
    guard refused.isEmpty else {
      let errors = refused.reduce(0) { $0 + $1.report.findings.filter { $0.severity == .error }.count }
      if verdicts.count > 1 {
        printer.error(
          "\(errors) rule\(errors == 1 ? "" : "s") failed in \(refused.map(\.report.file).joined(separator: ", ")); "
            + "none of the \(Plural.spelled(verdicts.count)) files was written")
      }
      return verdicts.map { v in
        var r = v.report
        if r.status != .refused { r.status = .withheld }
        return r
      }
    }
    for v in verdicts { if let bytes = v.bytes { try AtomicFile.write(bytes, to: v.report.path) } }
    return verdicts.map(\.report)
  }

  /// Runs a mode that prints a report and writes no catalogue (spectrum-build's `--plan`, say): the
  /// same options, cache and fetcher as a build, no validation or writing.
  public static func report(
    _ tool: BuildTool, arguments: [String], printer: Printer = .process,
    _ body: @Sendable (BuildContext) async throws -> Void
  ) async -> ExitCode {
    switch parse(arguments, tool, printer) {
    case .success(let o): return await report(tool, options: o, counters: true, printer: printer, body)
    case .failure(let stop): return stop.code
    }
  }

  static func report(
    _ tool: BuildTool, options: BuildOptions, counters: Bool, printer: Printer,
    _ body: @Sendable (BuildContext) async throws -> Void
  ) async -> ExitCode {
    let context = makeContext(tool, options, transport: nil, printer: printer)
    var code = ExitCode.ok
    do {
      // A mode that fetches (and so counts) needs its cache; `--expand` only prints and creates none.
      if counters { try Folders.prepare(options) }
      try await body(context)
    } catch {
      let text: String
      (code, text) = classify(error, fetcher: context.fetcher)
      printer.error(text)
    }
    guard counters else { return code }
    printer.plain(countersLine(context.fetcher.counters.snapshot, seconds: nil))
    return code
  }

  /// Why a run ends before it starts: help was shown (exit 0) or the command line was wrong (64).
  struct EarlyStop: Error {
    var code: ExitCode
  }

  /// Parses the command line, printing help or the usage error itself.
  static func parse(_ arguments: [String], _ tool: BuildTool, _ printer: Printer) -> Result<BuildOptions, EarlyStop> {
    do {
      return .success(try BuildOptions.parse(arguments, tool: tool))
    } catch is HelpRequested {
      printer.stdout(Help.text(for: tool))
      return .failure(EarlyStop(code: .ok))
    } catch is VersionRequested {
      printer.out(BuildInfo.line(tool.name))
      return .failure(EarlyStop(code: .ok))
    } catch {
      printer.error("\(error)")
      printer.plain("USAGE: \(tool.name) [<options>]\nSee '\(tool.name) --help'.")
      return .failure(EarlyStop(code: .usage))
    }
  }

  /// The fetcher and context every run gets from its options.
  /// `recordsLineage` false: the run's lineage is known to be the kept one before it starts
  /// (`LineageRunKey`), so neither the answers' facts nor the rows' tags are kept.
  static func makeContext(
    _ tool: BuildTool, _ options: BuildOptions, transport: Transport?, printer: Printer, recordsLineage: Bool = true
  ) -> BuildContext {
    var config = FetcherConfiguration(cacheRoot: options.cacheDirectory, allowedHosts: Set(tool.hosts))
    config.noNetwork = options.noNetwork
    config.refresh = options.refresh
    if options.refresh {
      config.freshness = FreshnessPolicy(
        rules: tool.catalogue.freshness, mode: options.refreshAll ? .all : .policy,
        maxAgeDays: options.maxAgeDays, now: FreshnessPolicy.clock(environment: ProcessInfo.processInfo.environment),
        runDate: options.date, log: RevisitLog(root: options.cacheDirectory))
    }
    config.mirror = options.mirror
    config.jobs = options.jobs
    config.delayMS = options.delayMS
    config.probeDelayMS = options.probeDelayMS
    config.userAgent = options.userAgent
    config.respectRobots = !options.ignoreRobots
    config.deadline = options.maxTimeSeconds.map { Date().addingTimeInterval(Double($0)) }
    config.remembersAnswers = options.lineage && recordsLineage
    let fetcher = Fetcher(config, transport: transport)
    let context = BuildContext(
      tool: tool, options: options, fetcher: fetcher,
      progress: Progress(quiet: options.quiet, printer: printer, counters: fetcher.counters), printer: printer,
      recordsLineage: recordsLineage)
    if options.ignoreRobots { context.note("note: --ignore-robots was given: robots.txt is not honoured for this run") }
    return context
  }

  /// The exit code and the sentence for an error that ended a run. An error nobody classified is
  /// our own fault (70), never a verdict on the input.
  static func classify(_ error: Error, fetcher: Fetcher) -> (ExitCode, String) {
    switch error {
    case let e as FetchError:
      switch e {
      case .notCached, .notCachedMany:
        let urls = fetcher.missingURLs.sorted { $0.absoluteString < $1.absoluteString }
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
    case let e as DecodingError: return (.invalid, MalformedJSON.sentence(e))
    case let e where MalformedInputCheck.covers(e):
      // A page that fails to parse is served again from the cache on every run: say how to drop it.
      let text = String(describing: e)
      return (.invalid, text + (fetcher.cacheHint(for: text).map { "\n" + $0 } ?? ""))
    default:
      if let io = IOFailure(foundation: error) { return (.io, io.description) }
      return (.software, "internal error: \(String(describing: type(of: error))): \(Self.plain(error))")
    }
  }

  /// An error as one sentence for people: a Foundation file error as the path and what went wrong,
  /// anything else as its own description; never a Foundation dump (`NSCocoaErrorDomain …`).
  public static func sentence(_ error: Error) -> String {
    if let io = IOFailure(foundation: error) { return io.description }
    return plain(error)
  }

  /// An error's own sentence, never a Foundation dump.
  static func plain(_ error: Error) -> String {
    if error is CocoaError || type(of: error) is NSError.Type { return (error as NSError).localizedDescription }
    return String(describing: error)
  }

  /// One product checked and compared with the file it replaces; the bytes to write, if any.
  struct Verdict {
    var report: ProductReport
    var bytes: [UInt8]?
  }

  /// A product checked by its rules and compared with the file it replaces, before drift (made
  /// from the lineage, which may still be worked out) joins its findings. `bytes` are the file to
  /// write when its content changed.
  struct Assessment {
    var report: ProductReport
    var unchanged: Bool
    var bytes: [UInt8]?

    /// The verdict once drift is known: drift's findings come first, since they name the page that
    /// changed before a shrink or a threshold counts the loss; each finding is printed.
    func verdict(drift: [Finding], printer: Printer) -> Verdict {
      var r = report
      r.findings.insert(contentsOf: drift, at: 0)
      let name = URL(fileURLWithPath: r.path).lastPathComponent
      for f in r.findings {
        let ids = f.records.isEmpty ? "" : ": " + f.foldedRecords
        let line = "\(name): \(f.severity.rawValue) \(f.rule): \(f.message)\(ids)"
        if f.severity == .error { printer.error(line) } else { printer.warning(line) }
      }
      if r.findings.contains(where: { $0.severity == .error }) {
        r.status = .refused
        return Verdict(report: r, bytes: nil)
      }
      r.status = unchanged ? .unchanged : .written
      return Verdict(report: r, bytes: unchanged ? nil : bytes)
    }
  }

  /// A catalogue's findings (its rules', then against the previous file at its target) and the
  /// bytes it would write; writes nothing.
  static func assess(
    _ p: BuildProduct, options: BuildOptions, previous: PreviousCatalogues, printer: Printer
  ) throws -> Assessment {
    let validated = p.validated
    let target = options.target(for: p.file)
    let at = (target: target, options: options, previous: previous, printer: printer)
    switch p.payload {
    case .issue(let c, _): return try assess(c, validated, product: p, at)
    case .popboks(let c, _): return try assess(c, validated, product: p, at)
    case .stripovi(let c, _): return try assess(c, validated, product: p, at)
    }
  }

  static func assess<C: Catalogue>(
    _ c: C, _ validated: ValidationReport, product p: BuildProduct,
    _ at: (target: URL, options: BuildOptions, previous: PreviousCatalogues, printer: Printer)
  ) throws -> Assessment {
    let (target, options) = (at.target, at.options)
    var report = validated
    if p.partial {
      // A subset cannot meet completeness thresholds; they are reported, not enforced.
      for i in report.findings.indices where report.findings[i].rule.hasPrefix("threshold/") {
        report.findings[i].severity = .warning
      }
    }
    let previous = try at.previous.catalogue(C.self, at: target, warnIfUnreadable: true)
    // Partial builds are checked too: a subset written over a full catalogue is the commonest way
    // to lose one (`--only SK` into catalogs/); write it elsewhere with --out, or pass --allow-shrink.
    if let previous,
      let shrink = ShrinkCheck.compare(
        previous: previous, new: c, limit: options.shrinkLimit, allowed: options.allowShrink)
    {
      report.findings.append(shrink)
    }
    if let previous {
      let series = ShrinkCheck.compareSeries(
        previousKeys: previous.recordKeys, newKeys: c.recordKeys, allowed: options.allowShrink)
      let offline =
        options.noNetwork
        ? ShrinkCheck.compareOffline(
          previousCount: previous.recordCount, newCount: c.recordCount, allowed: options.allowShrink) : nil
      report.findings += [series, offline].compactMap { $0 }
      if let old = previous as? IssueCatalogue, let new = c as? IssueCatalogue,
        let stable = StableFieldCheck.compare(previous: old, new: new)
      {
        report.findings.append(stable)
      }
    }
    let unchanged = !report.hasErrors && previous.map { c.sameContent(as: $0) } == true
    // Encoded while the lineage may still be worked out; a drift error that refuses the file
    // after all (rare) wastes only this.
    let bytes = report.hasErrors || unchanged ? nil : try CatalogueEncoder.encode(c)
    return Assessment(
      report: ProductReport(
        file: p.file, path: target.path, status: .refused, records: c.recordCount,
        previousRecords: previous?.recordCount, partial: p.partial, findings: report.findings, summary: p.summary),
      unchanged: unchanged, bytes: bytes)
  }

  /// The fetch counters as every run prints them: requests, cache hits, stored, retried and
  /// failed, stale ones when any, then the run's time when it has one.
  static func countersLine(_ c: [String: Int], seconds: Double?) -> String {
    func n(_ counter: Counter) -> Int { c[counter.rawValue] ?? 0 }
    var line =
      "requests \(n(.requests))  cache hits \(n(.hit))  stored \(n(.stored))  retried \(n(.retried))  failed \(n(.failed))"
    if n(.stale) > 0 { line += "  stale \(n(.stale))" }
    if let seconds { line += "  " + String(format: "%.1fs", seconds) }
    return line
  }

  static func printSummary(_ r: BuildReport, _ printer: Printer) {
    var out: [String] = []
    let width = max(r.products.map(\.file.count).max() ?? 0, 10)
    for p in r.products {
      let name = p.file.padding(toLength: width, withPad: " ", startingAt: 0)
      let status = p.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
      var line = "\(name)  \(status)  \(Plural.count(p.records, "record"))"
      if let prev = p.previousRecords { line += " (was \(prev))" }
      if p.partial { line += "  [partial]" }
      let errors = p.findings.filter { $0.severity == .error }.count
      let warns = p.findings.count - errors
      if errors + warns > 0 { line += "  \(Plural.count(errors, "error")), \(Plural.count(warns, "warning"))" }
      out.append(line)
      for s in p.summary { out.append("  " + s) }
    }
    let c = r.counters
    out.append(countersLine(c, seconds: r.seconds))
    // Under --refresh: what the freshness rules did (the same counters are in the JSON report).
    if (c[Counter.refreshRevalidated.rawValue] ?? 0) + (c[Counter.refreshKept.rawValue] ?? 0) > 0 {
      out.append(
        "refresh: revalidated \(c[Counter.refreshRevalidated.rawValue] ?? 0)  not modified (304) \(c[Counter.refreshNotModified.rawValue] ?? 0)  changed \(c[Counter.refreshChanged.rawValue] ?? 0)  re-asked \(c[Counter.refreshReasked.rawValue] ?? 0)  kept \(c[Counter.refreshKept.rawValue] ?? 0)"
      )
    }
    printer.out(out.joined(separator: "\n"))
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

extension BuildProduct {
  /// The catalogue's own rules run on it: what a verdict starts from.
  var validated: ValidationReport {
    switch payload {
    case .issue(let c, let rules): ValidationReport.run(rules, on: c)
    case .popboks(let c, let rules): ValidationReport.run(rules, on: c)
    case .stripovi(let c, let rules): ValidationReport.run(rules, on: c)
    }
  }
}
