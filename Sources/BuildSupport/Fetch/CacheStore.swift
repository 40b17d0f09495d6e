import CatalogKit
import Foundation

/// One cached answer's record: readable JSON beside its body (GET), or one line of the HEAD log.
public struct CacheRecord: Codable, Sendable {
  /// The entry's name (the digest of its key); also how the HEAD log finds the latest line.
  public var key: String?
  public var url: String
  public var method: HTTPMethod
  public var status: Int
  /// The headers that matter for replay and revalidation (lowercased names).
  public var headers: [String: String]
  /// ISO 8601, UTC.
  public var fetched: String
  public var bodySHA256: String
  public var bodyBytes: Int
  public var charset: String?
  public var keyVersion: String
  /// Set on a HEAD-log line that withdraws an earlier answer.
  public var removed: Bool?
}

extension CacheRecord {
  /// Reads a record file. JSONSerialization rather than JSONDecoder: on Linux the decoder's
  /// per-call setup was the largest cost of a warm replay (`bench fetch`: 26,000 → 34,000 entries/s).
  static func read(_ data: Data) -> CacheRecord? {
    guard let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let url = o["url"] as? String, let m = o["method"] as? String, let method = HTTPMethod(rawValue: m),
      let status = o["status"] as? Int, let fetched = o["fetched"] as? String,
      let sha = o["bodySHA256"] as? String, let bytes = o["bodyBytes"] as? Int,
      let keyVersion = o["keyVersion"] as? String
    else { return nil }
    return CacheRecord(
      key: o["key"] as? String, url: url, method: method, status: status,
      headers: o["headers"] as? [String: String] ?? [:], fetched: fetched, bodySHA256: sha, bodyBytes: bytes,
      charset: o["charset"] as? String, keyVersion: keyVersion, removed: o["removed"] as? Bool)
  }
}

extension CacheRecord {
  /// The record as one line of JSON with sorted keys, written by hand: a probe run appends one per
  /// HEAD, and JSONEncoder's per-call cost was a fifth of a loopback HEAD's time. Reads back with
  /// any JSON reader (`read`).
  func jsonLine() -> [UInt8] {
    var out = "{"
    func field(_ name: String, _ value: String) { out += "\"\(name)\":" + value + "," }
    func string(_ s: String) -> String { CacheRecord.quote(s) }
    field("bodyBytes", String(bodyBytes))
    field("bodySHA256", string(bodySHA256))
    if let charset { field("charset", string(charset)) }
    field("fetched", string(fetched))
    let hs = headers.sorted { $0.key < $1.key }.map { string($0.key) + ":" + string($0.value) }
    field("headers", "{" + hs.joined(separator: ",") + "}")
    if let key { field("key", string(key)) }
    field("keyVersion", string(keyVersion))
    field("method", string(method.rawValue))
    if let removed { field("removed", removed ? "true" : "false") }
    field("status", String(status))
    field("url", string(url))
    out.removeLast()
    out += "}"
    return Array(out.utf8)
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          out += String(format: "\\u%04x", u.value)
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}

/// The on-disk cache under `<root>/v1/`.
///
/// - GET answers: `<aa>/<digest>.json` (the record) and `<aa>/<digest>.body`. Writes are atomic
///   (temp file + rename) and the record is renamed into place last, so an entry exists exactly when
///   its record does; a crash leaves at worst an orphan body, never a half entry. Two processes
///   filling one cache write identical content under identical names, so either wins.
/// - HEAD answers carry no body, so they are lines of one append-only log, `head.log` (JSON Lines):
///   creating a file per probe made a loopback HEAD cost more in the file system than on the wire.
///   Each line is one `write` with `O_APPEND`, so concurrent writers never interleave; a torn last
///   line (a crash mid-write) is skipped when the log is read. The latest line for a key wins.
public final class CacheStore: @unchecked Sendable {
  // @unchecked: the mutable state (HEAD index, known folders, the log's descriptor) is behind `lock`.
  public let root: URL
  private let lock = NSLock()
  private var headIndex: [String: CacheRecord]? = nil
  private var headFD: Int32 = -1
  private var knownFolders = Set<String>()

  /// Headers worth keeping: replay needs the type and size; revalidation needs the validators.
  static let keptHeaders: Set<String> = [
    "content-type", "content-length", "etag", "last-modified", "location", "content-range",
  ]

  public init(root: URL) { self.root = root }

  deinit { if headFD >= 0 { close(headFD) } }

  var entriesRoot: URL { root.appendingPathComponent(CacheKey.version, isDirectory: true) }
  var headLogPath: String { entriesRoot.path + "/head.log" }

  func paths(_ key: CacheKey) -> (record: String, body: String) {
    let dir = entriesRoot.path + "/" + String(key.digest.prefix(2))
    return (dir + "/" + key.digest + ".json", dir + "/" + key.digest + ".body")
  }

  /// The cached answer, or nil. An entry whose body is missing or the wrong length is a miss.
  public func read(_ key: CacheKey, url: URL) -> (CacheRecord, FetchResponse)? {
    if key.method == .head {
      guard let record = headRecords()[key.digest] else { return nil }
      return (
        record,
        FetchResponse(
          url: url, method: .head, status: record.status, headers: record.headers, body: [], fromCache: true)
      )
    }
    let p = paths(key)
    guard let recordData = FileManager.default.contents(atPath: p.record),
      let record = CacheRecord.read(recordData)
    else { return nil }
    let body: [UInt8]
    if record.bodyBytes == 0 {
      body = []
    } else {
      guard let data = FileManager.default.contents(atPath: p.body), data.count == record.bodyBytes else {
        return nil
      }
      body = [UInt8](data)
    }
    let response = FetchResponse(
      url: url, method: record.method, status: record.status, headers: record.headers, body: body,
      fromCache: true)
    return (record, response)
  }

  /// Stores an answer atomically. `fetched` is now unless given (a WARC import keeps the crawl's date).
  public func write(_ key: CacheKey, response: FetchResponse, charset: String?, fetched: String? = nil) throws {
    var kept: [String: String] = [:]
    for (k, v) in response.headers where CacheStore.keptHeaders.contains(k) { kept[k] = v }
    let record = CacheRecord(
      key: key.digest, url: key.normalisedURL, method: response.method, status: response.status, headers: kept,
      fetched: fetched ?? CacheStore.timestamp(), bodySHA256: SHA256.hex(response.body), bodyBytes: response.body.count,
      charset: charset, keyVersion: CacheKey.version, removed: nil)
    if key.method == .head {
      try appendHead(record)
      return
    }
    let p = paths(key)
    try ensureFolder((p.record as NSString).deletingLastPathComponent)
    if !response.body.isEmpty { try AtomicFile.write(response.body, to: p.body) }
    try AtomicFile.write(try CacheStore.encode(record, pretty: true), to: p.record)
  }

  /// Marks an entry as used today (for `catalog cache prune`) without rewriting it: the record's
  /// modification time is moved only when it is a day old, so a warm replay does not write.
  public func touch(_ key: CacheKey) {
    guard key.method == .get else { return }
    let path = paths(key).record
    var st = stat()
    guard stat(path, &st) == 0 else { return }
    if time(nil) - st.st_mtim.tv_sec > 86_400 { utime(path, nil) }
  }

  /// Removes an entry (a challenge page mistaken for content, say).
  public func remove(_ key: CacheKey) {
    if key.method == .head {
      guard var r = headRecords()[key.digest] else { return }
      r.removed = true
      try? appendHead(r)
      return
    }
    let p = paths(key)
    unlink(p.record)
    unlink(p.body)
  }

  /// Every record in the cache with where it lives (for `catalog cache`): GET records by their
  /// file, HEAD records as `head.log`.
  public func allRecords() -> [(path: String, record: CacheRecord)] {
    var out: [(String, CacheRecord)] = []
    let fm = FileManager.default
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    for shard in shards.sorted() where shard.count == 2 {
      let dir = entriesRoot.path + "/" + shard
      guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
      for name in names.sorted() where name.hasSuffix(".json") {
        let path = dir + "/" + name
        if let d = fm.contents(atPath: path), let r = try? JSONDecoder().decode(CacheRecord.self, from: d) {
          out.append((path, r))
        }
      }
    }
    for r in reloadHeadRecords().values.sorted(by: { $0.url < $1.url }) { out.append((headLogPath, r)) }
    return out
  }

  // MARK: - HEAD log

  private func headRecords() -> [String: CacheRecord] {
    lock.lock()
    defer { lock.unlock() }
    if let index = headIndex { return index }
    let index = CacheStore.readHeadLog(headLogPath)
    headIndex = index
    return index
  }

  /// Drops the in-memory HEAD index and the log's descriptor (after the log was rewritten).
  func forgetHeadIndex() {
    lock.lock()
    headIndex = nil
    if headFD >= 0 { close(headFD) }
    headFD = -1
    lock.unlock()
  }

  private func reloadHeadRecords() -> [String: CacheRecord] {
    lock.lock()
    headIndex = nil
    lock.unlock()
    return headRecords()
  }

  static func readHeadLog(_ path: String) -> [String: CacheRecord] {
    var index: [String: CacheRecord] = [:]
    guard let data = FileManager.default.contents(atPath: path) else { return index }
    let decoder = JSONDecoder()
    for line in data.split(separator: 0x0A) {
      guard let r = try? decoder.decode(CacheRecord.self, from: Data(line)), let key = r.key else { continue }
      if r.removed == true { index[key] = nil } else { index[key] = r }
    }
    return index
  }

  private func appendHead(_ record: CacheRecord) throws {
    var line = record.jsonLine()
    line.append(0x0A)
    lock.lock()
    defer { lock.unlock() }
    if headFD < 0 {
      try ensureFolderLocked(entriesRoot.path)
      headFD = open(headLogPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      guard headFD >= 0 else { throw IOFailure(path: headLogPath, operation: "open for appending", errno: errno) }
    }
    let n = line.withUnsafeBytes { Foundation.write(headFD, $0.baseAddress, $0.count) }
    guard n == line.count else { throw IOFailure(path: headLogPath, operation: "append", errno: errno) }
    if let key = record.key {
      if headIndex == nil { headIndex = CacheStore.readHeadLog(headLogPath) }
      headIndex?[key] = record.removed == true ? nil : record
    }
  }

  // MARK: - Helpers

  private func ensureFolder(_ path: String) throws {
    lock.lock()
    defer { lock.unlock() }
    try ensureFolderLocked(path)
  }

  private func ensureFolderLocked(_ path: String) throws {
    guard !knownFolders.contains(path) else { return }
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    knownFolders.insert(path)
  }

  static func encode(_ record: CacheRecord, pretty: Bool) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return [UInt8](try encoder.encode(record))
  }

  /// Now as ISO 8601 in UTC, without a formatter (creating one per entry showed up in profiles).
  static func timestamp() -> String {
    var t = time(nil)
    var tm = tm()
    gmtime_r(&t, &tm)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday),
      Int(tm.tm_hour), Int(tm.tm_min), Int(tm.tm_sec))
  }
}
