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
  }

  static func entries(_ report: RebuildReport) -> [Entry] {
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

  /// Every readable line; a torn or foreign line (a kill mid-write, a hand edit) is skipped and
  /// counted, never fatal.
  static func read(_ url: URL) -> (entries: [Entry], skipped: Int) {
    guard let data = FileManager.default.contents(atPath: url.path) else { return ([], 0) }
    var out: [Entry] = []
    var skipped = 0
    let decoder = JSONDecoder()
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      if let e = try? decoder.decode(Entry.self, from: Data(line)) { out.append(e) } else { skipped += 1 }
    }
    return (out, skipped)
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
