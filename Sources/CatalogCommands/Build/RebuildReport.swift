import BuildSupport
import CatalogKit
import Foundation

/// What `catalog build --report FILE` writes and `--json` prints: one document per rebuild with a
/// row per catalogue file, every finding, each run's exit code, request counters, warnings and
/// errors, where each tool's own report was kept, and the versions that built it. `catalog report`
/// reads it back to draw the review page. Documented in docs/rebuilding.md.
struct RebuildReport: Codable {
  /// The document's own version; a reader refuses a newer one.
  static let currentVersion = 1

  /// A file's row is the summary table's row (`CatalogueRow`): written, unchanged, refused, failed,
  /// skipped, incomplete (the run hit its time budget) or not run, with its counts.
  typealias File = CatalogueRow

  struct Run: Codable {
    var label: String
    var source: String
    var exitCode: Int32
    var seconds: Double
    /// Not started: the time budget was spent before its turn.
    var postponed: Bool
    var files: [String]
    /// The tool's counters (`fetch/requests`, `fetch/hit`, …); empty when it wrote no report.
    var counters: [String: Int]
    var warnings: [String]
    var errors: [String]
    /// Every other stderr line the tool printed (lines under a warning or an error).
    var other: [String]
    var missingURLs: [String]
    /// The tool's own `--report`, relative to this document's folder (`reports/retrospec.json`).
    var report: String?
    var libxml2: String?
  }

  struct FileFinding: Codable {
    var file: String
    var rule: String
    var severity: String
    var message: String
    var count: Int
    var records: [String]
  }

  struct Totals: Codable {
    /// The first count below zero, by name.
    var negativeField: String? {
      let counts = [
        ("files", files), ("issues", issues), ("added", added), ("removed", removed), ("changed", changed),
        ("dead", dead), ("unsized", unsized), ("requests", requests), ("cached", cached), ("warnings", warnings),
        ("errors", errors),
      ]
      return counts.first { $0.1 < 0 }?.0
    }

    var files: Int
    var issues: Int
    var added: Int
    var removed: Int
    var changed: Int
    var dead: Int
    var unsized: Int
    var requests: Int
    var cached: Int
    var warnings: Int
    var errors: Int
  }

  var version = RebuildReport.currentVersion
  /// When the rebuild started (UTC, ISO 8601) and the catalogues' `generated` date.
  var started: String
  var date: String
  /// The folder the catalogues were written to.
  var out: String
  var exitCode: Int32
  var seconds: Double
  /// `--max-time` in seconds, when given.
  var maxTime: Int?
  var files: [File]
  var runs: [Run]
  var findings: [FileFinding]
  var totals: Totals
  /// `catalogueFormat`, `libxml2`.
  var versions: [String: String]

  init(
    results: [BuildSequence.RunResult], started: String, date: String, out: URL, exitCode: ExitCode, seconds: Double,
    maxTime: Int?, relativeTo folder: URL?
  ) {
    self.started = started
    self.date = date
    self.out = out.path
    self.exitCode = exitCode.rawValue
    self.seconds = seconds
    self.maxTime = maxTime
    files = results.flatMap(\.rows)
    runs = results.map { r in
      let warnings = r.lines.filter { $0.hasPrefix("warning:") }
      let errors = r.lines.filter { $0.hasPrefix("error:") }
      let other = r.lines.filter { !$0.hasPrefix("warning:") && !$0.hasPrefix("error:") }
      var path = r.reportPath
      if let p = path, let folder, p.hasPrefix(folder.path + "/") { path = String(p.dropFirst(folder.path.count + 1)) }
      return Run(
        label: r.label, source: r.source, exitCode: r.code.rawValue, seconds: r.seconds, postponed: r.postponed,
        files: r.rows.map(\.file), counters: r.report?.counters ?? [:], warnings: warnings, errors: errors,
        other: other, missingURLs: r.missingURLs, report: path, libxml2: r.report?.libxml2)
    }
    findings = results.flatMap { r in
      (r.report?.products ?? []).flatMap { p in
        p.findings.map {
          FileFinding(
            file: p.file, rule: $0.rule, severity: $0.severity.rawValue, message: $0.message, count: $0.count,
            records: $0.records)
        }
      }
    }
    let rows = files
    let runList = runs
    func sum(_ k: KeyPath<File, Int?>) -> Int { rows.reduce(0) { $0 + ($1[keyPath: k] ?? 0) } }
    totals = Totals(
      files: rows.count, issues: sum(\.issues), added: sum(\.added), removed: sum(\.removed), changed: sum(\.changed),
      dead: sum(\.dead), unsized: sum(\.unsized), requests: results.reduce(0) { $0 + ($1.requests ?? 0) },
      cached: results.reduce(0) { $0 + ($1.cached ?? 0) }, warnings: runList.reduce(0) { $0 + $1.warnings.count },
      errors: runList.reduce(0) { $0 + $1.errors.count })
    var v = ["catalogueFormat": String(CatalogueFile.newestVersion)]
    if let x = runList.compactMap(\.libxml2).first { v["libxml2"] = x }
    versions = v
  }

  func json() -> Data {
    (try? MachineJSON.encode(self)) ?? Data("{}".utf8)
  }

  enum ReadError: Error, CustomStringConvertible {
    case unreadable(String)
    case notAReport(String, String)
    case newer(String, Int)

    var description: String {
      switch self {
      case .unreadable(let p): "\(p): cannot be read"
      case .notAReport(let p, let why): "\(p): not a catalog build report (\(why))"
      case .newer(let p, let v):
        "\(p): written by a newer catalog (report version \(v), this one reads \(RebuildReport.currentVersion))"
      }
    }
  }

  static func read(_ url: URL) throws(ReadError) -> RebuildReport {
    guard let data = FileManager.default.contents(atPath: url.path) else { throw .unreadable(url.path) }
    if let probe = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let v = (probe["version"] as? NSNumber).flatMap({ Int(exactly: $0.doubleValue) }), v > currentVersion
    {
      throw .newer(url.path, v)
    }
    let report: RebuildReport
    do {
      report = try JSONDecoder().decode(RebuildReport.self, from: data)
    } catch let DecodingError.keyNotFound(key, _) {
      throw .notAReport(url.path, "no '\(key.stringValue)' key")
    } catch let DecodingError.typeMismatch(_, context) {
      throw .notAReport(
        url.path, "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type")
    } catch {
      throw .notAReport(url.path, "not JSON, or not this shape")
    }
    // No rebuild counts below zero: a negative count is a damaged or hand-made report, never charted.
    if let (index, field) = report.files.enumerated().lazy.compactMap({ i, row in
      row.negativeField.map { (i, $0) }
    }).first {
      throw .notAReport(url.path, "files[\(index)].\(field) is negative")
    }
    if let field = report.totals.negativeField { throw .notAReport(url.path, "totals.\(field) is negative") }
    return report
  }
}
