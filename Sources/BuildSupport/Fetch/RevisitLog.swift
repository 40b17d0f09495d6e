import Foundation
import Synchronization

/// The evidence a refresh keeps per URL, so a copy that keeps answering "unchanged" waits longer
/// before it is asked again: when it was last checked (on the refresh clock) and how long it now
/// waits. One line per answer in `<cache>/revisit.log`, beside the cache's `v1/` folder:
///
///     1796083200 60 GET retrospec.elite.org/users/tomcat/yu/magshow.php?all=SK_84_10
///
/// (seconds since 1970, the wait in days or `-` when there is no evidence yet, the method, the
/// target). The latest line for a key wins. Each line is one `write` with `O_APPEND`, so two builds
/// sharing a cache never interleave; a torn last line (a crash mid-write) is skipped. The log is
/// rewritten with one line per key when it holds more than twice as many lines as keys, so it grows
/// with the site, not with the number of runs. A rewrite may drop a line another build appended at
/// that moment: that copy is then only asked again sooner, never later, than its evidence says.
///
/// The log is derived data: deleting it costs one round of re-asks at `--max-age`, nothing else.
/// Not in the WARC export and not checked by `catalog cache verify`.
public final class RevisitLog: Sendable {
  /// One URL's evidence.
  public struct Entry: Sendable, Equatable {
    /// When the copy was last confirmed or fetched, in seconds since 1970 on the refresh clock.
    public var checked: Int64
    /// The wait before the next check, in days; nil until an answer has been compared with a copy.
    public var intervalDays: Int?

    public init(checked: Int64, intervalDays: Int?) {
      self.checked = checked
      self.intervalDays = intervalDays
    }
  }

  /// The file name under the cache root.
  public static let fileName = "revisit.log"
  /// Nil keeps the evidence in memory only (tests, and runs with no cache folder to write to).
  public let path: String?
  private let state = Mutex(State())

  private struct State {
    var entries: [String: Entry]? = nil
    var fd: Int32 = -1
    /// A write failed once (a read-only cache): the rest of the run keeps its evidence in memory.
    var writeFailed = false
  }

  public init(root: URL?) {
    path = root.map { $0.appendingPathComponent(RevisitLog.fileName).path }
  }

  deinit {
    let fd = state.withLock { $0.fd }
    if fd >= 0 { close(fd) }
  }

  /// The latest evidence for a key (`GET host/path?query`).
  public func entry(_ key: String) -> Entry? {
    state.withLock { s in
      load(&s)
      return s.entries?[key]
    }
  }

  /// Every key's latest evidence (for tests and the bench).
  public var all: [String: Entry] {
    state.withLock { s in
      load(&s)
      return s.entries ?? [:]
    }
  }

  /// Records an answer's evidence. A key whose target has white space in it cannot be written as a
  /// line and is kept in memory only (a normalised target never has any).
  public func record(_ key: String, _ entry: Entry) {
    state.withLock { s in
      load(&s)
      s.entries?[key] = entry
      guard let path, !s.writeFailed, RevisitLog.writable(key) else { return }
      if s.fd < 0 {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        s.fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        if s.fd < 0 {
          s.writeFailed = true
          return
        }
      }
      let line = Array(RevisitLog.line(key, entry).utf8)
      let fd = s.fd
      let n = line.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
      if n != line.count { s.writeFailed = true }
    }
  }

  /// A key a line can hold: a method, one space, a target with no white space.
  static func writable(_ key: String) -> Bool {
    let parts = key.split(separator: " ", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !key.contains { $0.isNewline || $0 == "\t" }
  }

  static func line(_ key: String, _ e: Entry) -> String {
    "\(e.checked) \(e.intervalDays.map(String.init) ?? "-") \(key)\n"
  }

  /// Reads the log once, and compacts it when old lines outnumber the keys.
  private func load(_ s: inout State) {
    guard s.entries == nil else { return }
    guard let path, let data = FileManager.default.contents(atPath: path) else {
      s.entries = [:]
      return
    }
    let (entries, lines) = RevisitLog.parse([UInt8](data))
    s.entries = entries
    if lines > 2 * entries.count + 1_000 {
      let text = entries.keys.sorted().map { RevisitLog.line($0, entries[$0] ?? Entry(checked: 0, intervalDays: nil)) }
      try? AtomicFile.write(Array(text.joined().utf8), to: path)
    }
  }

  /// Entries by key (the latest line wins) and the number of lines read. A line that does not read
  /// (torn, edited by hand) is skipped: the copy it spoke for is aged from its record instead.
  static func parse(_ bytes: [UInt8]) -> (entries: [String: Entry], lines: Int) {
    var entries: [String: Entry] = [:]
    var lines = 0
    var start = 0
    while start < bytes.count {
      guard let end = bytes[start...].firstIndex(of: 0x0A) else { break }  // a torn last line
      lines += 1
      let fields = bytes[start..<end].split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
      start = end + 1
      guard fields.count == 3, let checked = Int64(String(decoding: fields[0], as: UTF8.self)) else { continue }
      let interval = String(decoding: fields[1], as: UTF8.self)
      let days: Int?
      if interval == "-" {
        days = nil
      } else {
        guard let d = Int(interval), d >= 0 else { continue }
        days = d
      }
      let key = String(decoding: fields[2], as: UTF8.self)
      guard key.contains(" ") else { continue }
      entries[key] = Entry(checked: checked, intervalDays: days)
    }
    return (entries, lines)
  }
}
