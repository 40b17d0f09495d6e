import CatalogKit
import Foundation

/// The `--json` form of `validate` and `check`: one entry per file, then the folder's findings.
/// Findings list every record they name (the text output folds them after five).
struct ReportDocument: Encodable {
  struct FileEntry: Encodable {
    var file: String
    /// Nil when the file could not be read as a catalogue.
    var shape: String?
    var records: Int?
    /// What the file costs the app at launch (`check` only), at `RowBudget.rowsPerSecond`.
    var seedingSeconds: Double?
    var findings: [Finding]
    /// Why the file could not be read, when it could not.
    var error: String?
  }

  /// The folder's seeding estimate (`check` only).
  struct Seeding: Encodable {
    var rows: Int
    var seconds: Double
    var rowsPerSecond = RowBudget.rowsPerSecond

    init(rows: Int) {
      self.rows = rows
      seconds = RowBudget.seedingSeconds(rows)
    }
  }

  var files: [FileEntry]
  /// Rules across files (`check` only).
  var folder: [Finding]?
  var seeding: Seeding?
  var errors: Int
  var warnings: Int
  /// True when warnings fail the run too (`--strict`).
  var strict: Bool?

  init(files: [FileEntry], folder: [Finding]?) {
    self.files = files
    self.folder = folder
    let all = files.flatMap(\.findings) + (folder ?? [])
    errors = all.count { $0.severity == .error } + files.count { $0.error != nil }
    warnings = all.count { $0.severity == .warning }
  }

  func json() -> String {
    return (try? MachineJSON.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
