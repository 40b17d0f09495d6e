import CatalogKit
import Foundation

/// One cached answer's record, stored as readable JSON beside its body.
public struct CacheRecord: Codable, Sendable {
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
}

/// The on-disk cache: `<root>/v1/<aa>/<digest>.json` (the record) and `<digest>.body`.
///
/// Writes are atomic (temp file + rename) and the record is renamed into place last, so an entry
/// exists exactly when its record does; a crash leaves at worst an orphan body, never a half entry.
/// Two processes filling one cache write identical content under identical names, so either wins.
public struct CacheStore: Sendable {
  public let root: URL

  /// Headers worth keeping: replay needs the type and size; revalidation needs the validators.
  static let keptHeaders: Set<String> = [
    "content-type", "content-length", "etag", "last-modified", "location", "content-range",
  ]

  public init(root: URL) { self.root = root }

  var entriesRoot: URL { root.appendingPathComponent(CacheKey.version, isDirectory: true) }

  func paths(_ key: CacheKey) -> (record: String, body: String) {
    let dir = entriesRoot.path + "/" + String(key.digest.prefix(2))
    return (dir + "/" + key.digest + ".json", dir + "/" + key.digest + ".body")
  }

  /// The cached answer, or nil. An entry whose body is missing or the wrong length is a miss.
  public func read(_ key: CacheKey, url: URL) -> (CacheRecord, FetchResponse)? {
    let p = paths(key)
    guard let recordData = FileManager.default.contents(atPath: p.record),
      let record = try? JSONDecoder().decode(CacheRecord.self, from: recordData)
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

  /// Stores an answer atomically.
  public func write(_ key: CacheKey, response: FetchResponse, charset: String?) throws {
    let p = paths(key)
    let dir = (p.record as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var kept: [String: String] = [:]
    for (k, v) in response.headers where CacheStore.keptHeaders.contains(k) { kept[k] = v }
    let record = CacheRecord(
      url: key.normalisedURL, method: response.method, status: response.status, headers: kept,
      fetched: ISO8601DateFormatter().string(from: Date()),
      bodySHA256: SHA256.hex(response.body), bodyBytes: response.body.count, charset: charset,
      keyVersion: CacheKey.version)
    if !response.body.isEmpty { try AtomicFile.write(response.body, to: p.body) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try AtomicFile.write([UInt8](try encoder.encode(record)), to: p.record)
  }

  /// Marks an entry as used today (for `catalog cache prune`) without rewriting it: the record's
  /// modification time is moved only when it is a day old, so a warm replay does not write.
  public func touch(_ key: CacheKey) {
    let path = paths(key).record
    var st = stat()
    guard stat(path, &st) == 0 else { return }
    let now = time(nil)
    if now - st.st_mtim.tv_sec > 86_400 { utime(path, nil) }
  }

  /// Removes an entry (a challenge page mistaken for content, say).
  public func remove(_ key: CacheKey) {
    let p = paths(key)
    unlink(p.record)
    unlink(p.body)
  }

  /// Every record in the cache, with its record path (for `catalog cache`).
  public func allRecords() -> [(path: String, record: CacheRecord)] {
    var out: [(String, CacheRecord)] = []
    let fm = FileManager.default
    guard let shards = try? fm.contentsOfDirectory(atPath: entriesRoot.path) else { return [] }
    for shard in shards.sorted() {
      let dir = entriesRoot.path + "/" + shard
      guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
      for name in names.sorted() where name.hasSuffix(".json") {
        let path = dir + "/" + name
        if let d = fm.contents(atPath: path), let r = try? JSONDecoder().decode(CacheRecord.self, from: d) {
          out.append((path, r))
        }
      }
    }
    return out
  }
}
