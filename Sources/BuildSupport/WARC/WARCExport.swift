import CatalogKit
import Foundation

/// `catalog cache export --warc FILE`: every answer a cache holds (GET bodies and HEAD answers from
/// the HEAD log) as a WARC/1.1 file, one gzip member per record when the name ends in `.gz`.
public enum WARCExport {
  public struct Summary: Sendable {
    public var gets = 0
    public var heads = 0
    public var records = 0
    public var bytes = 0
  }

  /// Writes the file atomically (a temporary file renamed into place), so a failed export leaves
  /// no half file under the name asked for.
  public static func export(
    _ store: CacheStore, to path: String, date: String? = nil, hosts: ((String) -> Bool)? = nil
  ) throws -> Summary {
    let gzip = path.lowercased().hasSuffix(".gz")
    let file = try WARCFileWriter(path: path, gzip: gzip)
    var summary = Summary()
    do {
      let filename = (path as NSString).lastPathComponent
      let info = WARCAnswer.warcinfo(
        filename: filename, date: date ?? CacheStore.timestamp(), software: "shelfmark catalog cache export")
      try file.append(info)
      summary.records += 1
      let infoID = info.recordID ?? ""
      let entries = store.allRecords().sorted {
        ($0.record.url, $0.record.method.rawValue) < ($1.record.url, $1.record.method.rawValue)
      }
      for (recordPath, record) in entries {
        guard let url = URL(string: record.url) else { continue }
        if let host = url.host?.lowercased(), let hosts, !hosts(host) { continue }
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
        for r in answer.records(warcinfoID: infoID) {
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

  static func answer(_ record: CacheRecord, body: [UInt8]) -> WARCAnswer {
    WARCAnswer(
      url: record.url, method: record.method.rawValue, status: record.status,
      headers: record.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: body,
      date: record.fetched)
  }
}

/// An export that cannot read what the cache lists.
public enum CacheExportError: Error, CustomStringConvertible {
  case unreadableEntry(String)
  public var description: String {
    switch self {
    case .unreadableEntry(let p):
      "\(p): the entry's body is missing or the wrong length (run catalog cache verify --repair)"
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
