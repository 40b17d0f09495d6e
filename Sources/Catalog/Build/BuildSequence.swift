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
  }

  var runCount: Int { sources.reduce(0) { $0 + $1.runs.count } }

  func run() -> [RunResult] {
    var results: [RunResult] = []
    let total = runCount
    var n = 0
    let reports = FileManager.default.temporaryDirectory
    for source in sources {
      for r in source.runs {
        n += 1
        let cache = cacheRoot.appendingPathComponent(source.cacheName)
        let arguments =
          r.arguments + ["--cache", cache.path, "--out", outputDirectory.path, "--quiet"] + shared
          + (jobs.map { ["--jobs", String(min($0, source.maxJobs))] } ?? []) + (extra[source.name] ?? [])
        let previous = Dictionary(uniqueKeysWithValues: r.files.map { ($0, Self.read(outputDirectory, $0)) })
        let child = ChildBuild(
          executable: ProductsFolder.executable(source.executable), arguments: arguments, environment: environment)
        progress.start(r.label, index: n, of: total)
        let reportFile = reports.appendingPathComponent("catalog-build-\(getpid())-\(n).json")
        let outcome: ChildBuild.Outcome
        do {
          outcome = try child.run(reportFile: reportFile) { progress.tick(r.label, index: n, of: total, seconds: $0) }
        } catch {
          progress.finish(r.label, index: n, of: total, code: .software, seconds: 0)
          progress.failure(r.label, code: .software, lines: ["error: \(error)"])
          results.append(
            RunResult(
              source: source.name, label: r.label, code: .software, seconds: 0, requests: nil, cached: nil,
              missingURLs: [], rows: r.files.map { CatalogueRow.failed($0, source: source.name) }))
          continue
        }
        progress.finish(r.label, index: n, of: total, code: outcome.code, seconds: outcome.seconds)
        if outcome.code != .ok {
          let errors = Self.errorLines(outcome.stderr)
          let tail = outcome.stderr.split(separator: "\n").suffix(5).map(String.init)
          progress.failure(r.label, code: outcome.code, lines: errors.isEmpty ? tail : errors)
        }
        let rows = r.files.map { file in
          row(file, source: source.name, report: outcome.report, previous: previous[file] ?? nil)
        }
        let counters = outcome.report?.counters
        results.append(
          RunResult(
            source: source.name, label: r.label, code: outcome.code, seconds: outcome.seconds,
            requests: counters?[Counter.requests.rawValue], cached: counters?[Counter.hit.rawValue],
            missingURLs: outcome.report?.missingURLs ?? [], rows: rows))
      }
    }
    return results
  }

  /// The catalogue a run left in `file`, compared with what was there before it.
  func row(_ file: String, source: String, report: BuildReport?, previous: AnyCatalogue?) -> CatalogueRow {
    guard let product = report?.products.first(where: { $0.file == file }) else {
      // A run that succeeded without this file chose not to write it (an empty shelf, --only).
      if let report, report.exitCode == 0 { return CatalogueRow(file: file, source: source, status: "skipped") }
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

  /// The `error:` lines of a child's stderr with the indented lines under them (a missing-URL list).
  static func errorLines(_ stderr: String) -> [String] {
    var out: [String] = []
    var inError = false
    for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("error:") {
        inError = true
        out.append(String(line))
      } else if inError, line.hasPrefix(" ") {
        out.append(String(line))
      } else {
        inError = false
      }
    }
    return out
  }
}
