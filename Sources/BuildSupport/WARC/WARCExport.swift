import CatalogKit
import Foundation

/// `catalog cache export --warc FILE`: every answer a cache holds (GET bodies and HEAD answers from
/// the HEAD log) as a WARC file (1.1, or 1.0 for older readers), one gzip member per record when the
/// name ends in `.gz`. The bytes are a function of the cache and the name alone: entries in URL
/// order, record IDs derived from each exchange, and the warcinfo dated by the newest answer (or
/// SOURCE_DATE_EPOCH), so two exports of one cache are identical.
public enum WARCExport {
  public struct Summary: Sendable {
    public var gets = 0
    public var heads = 0
    public var records = 0
    public var bytes = 0
  }

  /// Writes the file atomically (a temporary file renamed into place), so a failed export leaves
  /// no half file under the name asked for; a killed one leaves a temporary that the next export
  /// to that name, or `cache verify --repair`, removes.
  /// - Parameter date: the warcinfo's date; nil for the newest fetch time among the answers written.
  public static func export(
    _ store: CacheStore, to path: String, date: String? = nil, version: WARCVersion = .v11,
    hosts: ((String) -> Bool)? = nil, runLength: Int = 20_000
  ) throws -> Summary {
    store.removeWARCLeftovers()
    removeStaleTemporaries(besides: path)
    // In URL order without holding every record: sorted runs, spilled and merged past one run.
    let entries = try WARCExportOrder(store, hosts: hosts, runLength: runLength)
    defer { entries.remove() }
    let gzip = path.lowercased().hasSuffix(".gz")
    let file = try WARCFileWriter(path: path, gzip: gzip)
    // The note lets `cache verify` find the temporary if this process dies; a cache we may not write
    // to is still exported, only without it.
    let note = store.newExportNote()
    let noted = (try? AtomicFile.write(Array((file.temporary + "\n").utf8), to: note)) != nil
    defer { if noted { unlink(note) } }
    var summary = Summary()
    do {
      let filename = (path as NSString).lastPathComponent
      let newest = entries.newest ?? "1970-01-01T00:00:00Z"
      let info = WARCAnswer.warcinfo(
        filename: filename, date: date ?? newest, software: "shelfmark catalog cache export", version: version)
      try file.append(info)
      summary.records += 1
      let infoID = info.recordID ?? ""
      try entries.inOrder { entry in
        let (recordPath, record) = (entry.path, entry.record)
        guard let url = URL(string: record.url) else { return }
        let answer: WARCAnswer
        if record.method == .head {
          answer = WARCExport.answer(record, body: [])
          summary.heads += 1
        } else {
          guard let (_, response) = store.read(CacheKey(method: .get, url: url), url: url) else {
            throw CacheExportError.unreadableEntry(recordPath)
          }
          answer = WARCExport.answer(record, body: response.body)
          summary.gets += 1
        }
        for r in answer.records(warcinfoID: infoID, version: version) {
          try file.append(r)
          summary.records += 1
        }
      }
      summary.bytes = try file.finish()
    } catch {
      file.abandon()
      throw error
    }
    return summary
  }

  /// The warcinfo date SOURCE_DATE_EPOCH names (whole seconds since 1970), nil when it is not set;
  /// a set but unusable value is an error, as it is for the build tools.
  public static func sourceDate(_ env: [String: String]) throws -> String? {
    guard let raw = env["SOURCE_DATE_EPOCH"], !raw.isEmpty else { return nil }
    guard raw.allSatisfy({ $0.isASCII && $0.isNumber }), let epoch = Int(raw), (0...253_402_300_799).contains(epoch)
    else {
      throw CacheExportError.badSourceDate(raw)
    }
    var t = time_t(epoch)
    var tm = tm()
    gmtime_r(&t, &tm)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday),
      Int(tm.tm_hour), Int(tm.tm_min), Int(tm.tm_sec))
  }

  /// Temporaries of earlier exports to this name whose process is gone (`NAME.tmp-PID-N`).
  static func removeStaleTemporaries(besides path: String) {
    let dir = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".tmp-"
    let folder = dir.isEmpty ? "." : dir
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
      guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }) else { continue }
      let alive = pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
      if !alive { unlink(folder + "/" + name) }
    }
  }

  static func answer(_ record: CacheRecord, body: [UInt8]) -> WARCAnswer {
    WARCAnswer(
      url: record.url, method: record.method.rawValue, status: record.status,
      headers: record.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: body,
      date: record.fetched)
  }
}

/// An export that cannot read what the cache lists, or was told a date it cannot use.
public enum CacheExportError: Error, CustomStringConvertible {
  case unreadableEntry(String)
  case badSourceDate(String)
  public var description: String {
    switch self {
    case .unreadableEntry(let p):
      "\(p): the entry's body is missing or the wrong length (run catalog cache verify --repair)"
    case .badSourceDate(let raw):
      "SOURCE_DATE_EPOCH takes whole seconds since 1970 from 0 to 253402300799, not '\(raw.prefix(40))'"
    }
  }
}

/// A WARC file being written: records appended to a temporary file beside the target, renamed into
/// place by `finish`.
final class WARCFileWriter {
  let path: String
  let temporary: String
  let gzip: Bool
  private var fd: Int32
  private var written = 0

  init(path: String, gzip: Bool) throws {
    self.path = path
    self.gzip = gzip
    temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw IOFailure(path: temporary, operation: "create", errno: errno) }
  }

  deinit { if fd >= 0 { close(fd) } }

  func append(_ record: WARCRecord) throws {
    let plain = record.serialized()
    let bytes = gzip ? try GzipMembers.compress(plain) : plain
    guard writeAll(bytes, to: fd) else { throw IOFailure(path: temporary, operation: "write", errno: errno) }
    written += bytes.count
  }

  /// Closes and renames into place; returns the file's size.
  func finish() throws -> Int {
    let e = fsync(fd) == 0 ? 0 : errno
    close(fd)
    fd = -1
    guard e == 0 else { throw IOFailure(path: temporary, operation: "flush", errno: e) }
    guard rename(temporary, path) == 0 else {
      let e = errno
      unlink(temporary)
      throw IOFailure(path: path, operation: "rename into place", errno: e)
    }
    return written
  }

  func abandon() {
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(temporary)
  }
}
