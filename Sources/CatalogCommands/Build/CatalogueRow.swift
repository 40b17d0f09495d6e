import CatalogKit

/// One line of `catalog build`'s summary: what one catalogue file holds after the run, and how it
/// differs from the file it replaced. Nil counts print as `-` (not known, or not meaningful).
struct CatalogueRow: Codable, Equatable {
  var file: String
  var source: String
  /// written, unchanged, refused (from the build report), failed (the run wrote no report entry),
  /// skipped, incomplete (the run hit its time budget) or not run.
  var status: String
  var issues: Int?
  /// Series (runs, for Stripovi) that hold at least one record; PopBoks files are one magazine.
  var series: Int?
  var added: Int?
  var removed: Int?
  var changed: Int?
  /// Issues marked `dead` (issue shape only).
  var dead: Int?
  /// Live issues without `bytes` (issue shape only).
  var unsized: Int?

  /// The first count below zero, by name (a report read back must have none).
  var negativeField: String? {
    let counts: [(String, Int?)] = [
      ("issues", issues), ("series", series), ("added", added), ("removed", removed), ("changed", changed),
      ("dead", dead), ("unsized", unsized),
    ]
    return counts.first { ($0.1 ?? 0) < 0 }?.0
  }

  static func failed(_ file: String, source: String) -> CatalogueRow {
    CatalogueRow(file: file, source: source, status: "failed")
  }

  mutating func fill(from c: AnyCatalogue) {
    issues = c.recordCount
    switch c {
    case .issue(let c):
      // Series that hold issues: a sample (or an --only build) keeps the whole series block.
      series = Set(c.issues.map(\.series)).count
      dead = c.issues.count { $0.dead == true }
      unsized = c.issues.count { $0.dead != true && $0.bytes == nil }
    case .popboks:
      series = 1
    case .stripovi(let c):
      series = Set(c.comics.compactMap(\.series)).count
    }
  }
}
