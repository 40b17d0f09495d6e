import CatalogKit
import Foundation

/// The history of rebuilds: every `catalog build` appends one JSON line per catalogue file to a
/// JSON Lines file (`.shelfmark/history.jsonl` in the working folder by default; never inside the
/// catalogues folder, whose every file is a shipped catalogue). `catalog report` draws each file's
/// issues, dead and unsized counts over the past rebuilds from it.
enum RebuildHistory {
  static let defaultPath = ".shelfmark/history.jsonl"

  /// One line: one file after one rebuild.
  struct Entry: Codable, Equatable {
    /// The rebuild's start (UTC, ISO 8601): lines of one rebuild share it.
    var run: String
    /// The catalogues' `generated` date.
    var date: String
    var file: String
    var source: String
    var status: String
    var issues: Int?
    var series: Int?
    var dead: Int?
    var unsized: Int?
    var added: Int?
    var removed: Int?
    var changed: Int?

    /// The first count below zero, by name.
    var negativeField: String? {
      let counts: [(String, Int?)] = [
        ("issues", issues), ("series", series), ("dead", dead), ("unsized", unsized), ("added", added),
        ("removed", removed), ("changed", changed),
      ]
      return counts.first { ($0.1 ?? 0) < 0 }?.0
    }
  }

  static func entries(_ report: RebuildReport) -> [Entry] {
    // A report's rows were checked when it was read (`RebuildReport.read`).
    report.files.map {
      Entry(
        run: report.started, date: report.date, file: $0.file, source: $0.source, status: $0.status, issues: $0.issues,
        series: $0.series, dead: $0.dead, unsized: $0.unsized, added: $0.added, removed: $0.removed,
        changed: $0.changed)
    }
  }

  /// Appends the lines with one write (O_APPEND), so two builds sharing a history cannot interleave
  /// inside a line.
  static func append(_ entries: [Entry], to url: URL) throws {
    try FolderMaker.create(url.deletingLastPathComponent())
    var data = Data()
    for e in entries {
      data += try MachineJSON.encode(e, pretty: false)
      data.append(UInt8(ascii: "\n"))
    }
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard fd >= 0 else { throw HistoryError.cannotWrite(url.path, String(cString: strerror(errno))) }
    defer { close(fd) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == data.count else { throw HistoryError.cannotWrite(url.path, String(cString: strerror(errno))) }
  }

  /// A line left out of the charts: its number in the file (from 1) and why.
  struct BadLine: Equatable {
    var line: Int
    var reason: String
  }

  /// Every readable line; a torn or foreign line (a kill mid-write, a hand edit) or one with a
  /// negative count (no rebuild counts below zero, and a chart would draw it as real) is left out
  /// and named by its line number, never fatal.
  static func read(_ url: URL) -> (entries: [Entry], bad: [BadLine]) {
    guard let data = FileManager.default.contents(atPath: url.path) else { return ([], []) }
    var out: [Entry] = []
    var bad: [BadLine] = []
    let decoder = JSONDecoder()
    for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
    where !line.isEmpty {
      guard let e = try? decoder.decode(Entry.self, from: Data(line)) else {
        bad.append(BadLine(line: index + 1, reason: "not a history line"))
        continue
      }
      if let field = e.negativeField {
        bad.append(BadLine(line: index + 1, reason: "\(field) is negative"))
        continue
      }
      out.append(e)
    }
    return (out, bad)
  }

  /// `line 3 (not a history line)`, `lines 3 and 7 (3: not a history line; 7: issues is negative)`.
  static func describe(_ bad: [BadLine]) -> String {
    let numbers = bad.map { String($0.line) }
    let shown =
      numbers.count <= 2
      ? numbers.joined(separator: " and ") : numbers.dropLast().joined(separator: ", ") + " and " + (numbers.last ?? "")
    if bad.count == 1, let only = bad.first { return "line \(only.line) (\(only.reason))" }
    let reasons = bad.prefix(5).map { "\($0.line): \($0.reason)" }.joined(separator: "; ")
    return "\(Plural.noun(bad.count, "line")) \(shown) (\(reasons)\(bad.count > 5 ? "; …" : ""))"
  }

  enum HistoryError: Error, CustomStringConvertible {
    case cannotWrite(String, String)
    var description: String {
      switch self {
      case .cannotWrite(let p, let why): "\(p): the rebuild history cannot be appended to (\(why))"
      }
    }
  }
}
