import BuildSupport
import CatalogKit
import Foundation

/// `catalog build`'s table on stdout: one row per catalogue file, then a total. Requests, cached and
/// time belong to a run, so they are printed on the first file a run writes (PopBoks writes two).
enum BuildSummary {
  static let header = [
    "catalogue", "status", "issues", "series", "new", "removed", "changed", "dead", "unsized", "requests",
    "cached", "time",
  ]

  static func table(_ results: [BuildSequence.RunResult]) -> String {
    var t = TextTable(header: header, leftAligned: [0, 1])
    var total = CatalogueRow(file: "total", source: "", status: "")
    var requests = 0
    var cached = 0
    var seconds = 0.0
    for r in results {
      requests += r.requests ?? 0
      cached += r.cached ?? 0
      seconds += r.seconds
      for (i, row) in r.rows.enumerated() {
        let perRun =
          i == 0 ? [number(r.requests), number(r.cached), time(r.seconds)] : ["", "", ""]
        t.append(
          [
            row.file, row.status, number(row.issues), number(row.series), number(row.added), number(row.removed),
            number(row.changed), number(row.dead), number(row.unsized),
          ] + perRun)
        total.issues = add(total.issues, row.issues)
        total.series = add(total.series, row.series)
        total.added = add(total.added, row.added)
        total.removed = add(total.removed, row.removed)
        total.changed = add(total.changed, row.changed)
        total.dead = add(total.dead, row.dead)
        total.unsized = add(total.unsized, row.unsized)
      }
    }
    let files = results.flatMap(\.rows)
    t.append(
      [
        "total (\(Plural.count(files.count, "file")))", "", number(total.issues), number(total.series),
        number(total.added), number(total.removed), number(total.changed), number(total.dead), number(total.unsized),
        String(requests),
        String(cached), time(seconds),
      ])
    return t.render()
  }

  /// `7 catalogues: 5 written, 2 unchanged, 0 refused, 0 failed`.
  static func verdict(_ results: [BuildSequence.RunResult]) -> String {
    let rows = results.flatMap(\.rows)
    var parts = ["written", "unchanged", "refused", "failed"].map { s in "\(rows.count { $0.status == s }) \(s)" }
    for s in ["skipped", "incomplete", "not run"] {
      let n = rows.count { $0.status == s }
      if n > 0 { parts.append("\(n) \(s)") }
    }
    return "\(rows.count) catalogue\(rows.count == 1 ? "" : "s"): " + parts.joined(separator: ", ")
  }

  /// The worst exit code of the runs (ok when there were none).
  static func exitCode(_ results: [BuildSequence.RunResult]) -> ExitCode {
    results.map(\.code).max() ?? .ok
  }

  static func number(_ n: Int?) -> String { n.map(String.init) ?? "-" }

  static func time(_ s: Double) -> String { String(format: "%.1fs", s) }

  private static func add(_ a: Int?, _ b: Int?) -> Int? {
    guard let b else { return a }
    return (a ?? 0) + b
  }
}
