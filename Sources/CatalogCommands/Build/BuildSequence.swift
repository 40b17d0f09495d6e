import BuildSupport
import CatalogKit
import Foundation

/// Runs several sources' build executables one after another (politeness and predictable output:
/// one child at a time, whatever the hosts), then compares each catalogue with the file it replaced.
struct BuildSequence {
  var sources: [BuildSource]
  var outputDirectory: URL
  var cacheRoot: URL
  /// Arguments every child gets (`--no-network`, `--mirror`, `--date`, …).
  var shared: [String]
  /// `--jobs` for every child, lowered to a tool's own ceiling; nil leaves each tool's default.
  var jobs: Int? = nil
  /// Arguments for one source's children only (`--min-issues 1`).
  var extra: [String: [String]] = [:]
  /// Variables set for every child on top of this process's environment.
  var environment: [String: String] = [:]
  var progress: BuildProgress
  /// The whole sequence's time budget in seconds (`--max-time`); each child gets what is left as
  /// its own `--max-time`, and a run that finds nothing left is not started. Nil: no budget.
  var maxTime: Double? = nil
  /// Where each child's own `--report` is kept (`<folder>/<label>.json`); nil keeps none.
  var reportsFolder: URL? = nil

  /// Seconds a child may run past its own budget before it is stopped: time to finish what it
  /// has in flight (a request timeout and a retry) and write its report.
  static let graceSeconds: Double = 120
  /// A child given less than this is not started: it could not fetch anything worth the start-up.
  static let smallestBudget: Double = 1

  /// What one child run did.
  struct RunResult {
    var source: String
    var label: String
    var code: ExitCode
    var seconds: Double
    var requests: Int?
    var cached: Int?
    var missingURLs: [String]
    var rows: [CatalogueRow]
    /// The child's stderr lines (warnings, errors and what hangs under them), progress removed.
    var lines: [String] = []
    /// The child's report, when it wrote one.
    var report: BuildReport? = nil
    /// Where its report was kept (`reportsFolder/<label>.json`).
    var reportPath: String? = nil
    /// Not started: the time budget was spent before its turn.
    var postponed = false
  }

  var runCount: Int { sources.reduce(0) { $0 + $1.runs.count } }

  /// One run's place in the sequence, for the progress lines (`[3/12] bombjack`).
  struct Turn {
    var source: BuildSource
    var run: BuildSource.Run
    var index: Int
    var total: Int
  }

  func run() -> [RunResult] {
    var results: [RunResult] = []
    let started = DispatchTime.now().uptimeNanoseconds
    if let reportsFolder {
      try? FileManager.default.createDirectory(at: reportsFolder, withIntermediateDirectories: true)
    }
    var n = 0
    for source in sources {
      for r in source.runs {
        n += 1
        let turn = Turn(source: source, run: r, index: n, total: runCount)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        results.append(self.run(turn, elapsed: elapsed))
      }
    }
    return results
  }

  /// One child: started unless a signal stopped the sequence or the time budget is spent, then
  /// its outcome passed through to the progress display and compared with what it replaced.
  func run(_ turn: Turn, elapsed: Double) -> RunResult {
    let (r, label, n, total) = (turn.run, turn.run.label, turn.index, turn.total)
    if let sig = Interruption.shared.signal {
      progress.line("[\(n)/\(total)] \(label): not started, catalog build was stopped (signal \(sig))")
      return notStarted(turn)
    }
    var budget: [String] = []
    var stopAfter: Double? = nil
    if let maxTime {
      let left = (maxTime - elapsed).rounded(.down)
      guard left >= Self.smallestBudget else {
        progress.postponed(label, index: n, of: total)
        return notStarted(turn)
      }
      budget = ["--max-time", "\(Int(left))s"]
      stopAfter = left + Self.graceSeconds
    }
    let previous = Dictionary(uniqueKeysWithValues: r.files.map { ($0, Self.read(outputDirectory, $0)) })
    let child = ChildBuild(
      executable: ProductsFolder.executable(turn.source.executable), arguments: arguments(turn, budget: budget),
      environment: environment, stopAfter: stopAfter)
    progress.start(label, index: n, of: total)
    let reportFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-build-\(getpid())-\(n).json")
    let outcome: ChildBuild.Outcome
    do {
      outcome = try child.run(reportFile: reportFile) { progress.tick(label, index: n, of: total, $0) }
    } catch {
      progress.finish(label, index: n, of: total, code: .software, seconds: 0)
      progress.passThrough(label, code: .software, lines: ["error: \(error)"])
      return RunResult(
        source: turn.source.name, label: label, code: .software, seconds: 0, requests: nil, cached: nil,
        missingURLs: [], rows: r.files.map { CatalogueRow.failed($0, source: turn.source.name) },
        lines: ["error: \(error)"])
    }
    progress.finish(label, index: n, of: total, code: outcome.code, seconds: outcome.seconds)
    var lines = outcome.lines
    if outcome.stoppedAtBudget {
      lines.append(
        "warning: stopped \(Int(Self.graceSeconds))s after its time budget ran out; the cache is kept, run again to continue"
      )
    }
    progress.passThrough(label, code: outcome.code, lines: lines)
    if let reportsFolder {
      LineageCopy.keep(
        outcome.report, cache: cacheRoot.appendingPathComponent(turn.source.cacheName),
        into: reportsFolder.deletingLastPathComponent().appendingPathComponent("lineage"), progress: progress)
    }
    let rows = r.files.map { file in
      row(file, source: turn.source.name, code: outcome.code, report: outcome.report, previous: previous[file] ?? nil)
    }
    let counters = outcome.report?.counters
    return RunResult(
      source: turn.source.name, label: label, code: outcome.code, seconds: outcome.seconds,
      requests: counters?[Counter.requests.rawValue], cached: counters?[Counter.hit.rawValue],
      missingURLs: outcome.report?.missingURLs ?? [], rows: rows, lines: lines, report: outcome.report,
      reportPath: keep(outcome.reportData, of: label))
  }

  /// A run the sequence did not start (stopped by a signal, or no time left): exit 75, files not run.
  func notStarted(_ turn: Turn) -> RunResult {
    RunResult(
      source: turn.source.name, label: turn.run.label, code: .tempfail, seconds: 0, requests: nil, cached: nil,
      missingURLs: [], rows: turn.run.files.map { CatalogueRow(file: $0, source: turn.source.name, status: "not run") },
      postponed: true)
  }

  /// The child's command line: its run's own arguments, where to cache and write, what every child
  /// gets, its share of the time budget, `--jobs` lowered to its ceiling, then its `--with` extras.
  func arguments(_ turn: Turn, budget: [String]) -> [String] {
    let cache = cacheRoot.appendingPathComponent(turn.source.cacheName)
    return turn.run.arguments + ["--cache", cache.path, "--out", outputDirectory.path, "--quiet"] + shared + budget
      + (jobs.map { ["--jobs", String(min($0, turn.source.maxJobs))] } ?? []) + (extra[turn.source.name] ?? [])
  }

  /// Keeps a child's report in `reportsFolder` (a warning when it cannot); where it was kept.
  func keep(_ data: Data?, of label: String) -> String? {
    guard let reportsFolder, let data else { return nil }
    let file = reportsFolder.appendingPathComponent(Self.reportName(label))
    do {
      try AtomicFile.write([UInt8](data), to: file.path)
      return file.path
    } catch {
      progress.line("warning: \(error); \(label)'s report was not kept")
      return nil
    }
  }

  /// `spectrum magazines` → `spectrum-magazines.json`.
  static func reportName(_ label: String) -> String {
    label.split(separator: " ").joined(separator: "-") + ".json"
  }

  /// The catalogue a run left in `file`, compared with what was there before it.
  func row(_ file: String, source: String, code: ExitCode = .ok, report: BuildReport?, previous: AnyCatalogue?)
    -> CatalogueRow
  {
    guard let product = report?.products.first(where: { $0.file == file }) else {
      // A run that succeeded without this file chose not to write it (an empty shelf, --only).
      if let report, report.exitCode == 0 { return CatalogueRow(file: file, source: source, status: "skipped") }
      // A run stopped by its time budget wrote nothing; the next run continues from the cache.
      if code == .tempfail { return CatalogueRow(file: file, source: source, status: "incomplete") }
      return .failed(file, source: source)
    }
    var row = CatalogueRow(file: file, source: source, status: product.status.rawValue)
    row.issues = product.records
    guard product.status != .refused, let now = Self.read(URL(fileURLWithPath: product.path)) else { return row }
    row.fill(from: now)
    if let previous, let diff = try? CatalogueDiff.compare(previous, now, options: .init(ignoring: ["generated"])) {
      row.added = diff.counts.added
      row.removed = diff.counts.removed
      row.changed = diff.counts.changed
    } else {
      row.added = now.recordCount
      row.removed = 0
      row.changed = 0
    }
    return row
  }

  static func read(_ folder: URL, _ file: String) -> AnyCatalogue? { read(folder.appendingPathComponent(file)) }

  static func read(_ url: URL) -> AnyCatalogue? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return try? CatalogueFile.decode([UInt8](data), file: url.path)
  }
}
