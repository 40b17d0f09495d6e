import BuildSupport
import CatalogKit
import Foundation

/// `catalog cache ls|stats --json`: what the tables show, as one JSON document on stdout for a
/// script (sorted keys; byte counts as integers, not "25.9 GB").
///
/// - `ls`: `{"cache", "entries": [{"url", "host", "method", "status", "bytes", "fetched"}]}`; `bytes`
///   is the body's size for a GET, the answer's Content-Length for a HEAD (absent when it gave none).
/// - `stats`: `{"cache", "entries", "bytes", "groups": [{"host", "method", "status", "entries", "bytes"}],
///   "parseCache"?: {"entries", "bytes", "damaged", "parsers": {name: entries}}}`; `parseCache` is left
///   out with `--host` (parse-cache entries are not filed by host).
/// - `stats` on a folder of caches: `{"folder", "entries", "get", "head", "bytes", "caches": [{"cache",
///   "entries", "get", "head", "bytes", "parseCache"}]}`.
/// - `verify`: `{"cache", "entries", "problems": [{"path", "kind", "message"}], "repaired"?}`.
/// - `prune`: `{"cache", "days", "dryRun", "removed"}`; `rm`: `{"cache", "url" | "host", "removed"}`.
/// - `export`: `{"cache", "warc", "gets", "heads", "records", "bytes"}`; `import`: `{"cache", "warc",
///   "gets", "heads", "revisits", "otherHosts", "otherRecords"}`.
///
/// Every document is described by a JSON Schema in `schemas/` (docs/schemas.md).
extension CacheCommand {
  struct EntryRow: Encodable {
    var url: String
    var host: String
    var method: String
    var status: Int
    var bytes: Int64?
    var fetched: String
  }

  struct EntryList: Encodable {
    var cache: String
    var entries: [EntryRow]
  }

  struct StatsGroup: Encodable {
    var host: String
    var method: String
    var status: Int
    var entries: Int
    var bytes: Int64
  }

  /// The parse cache beside the fetch cache (`<cache>/parsed`): derived data, counted apart.
  struct ParseCacheStats: Encodable {
    /// Sound entries.
    var entries: Int
    /// Every entry's bytes, damaged ones included (what the folder weighs).
    var bytes: Int64
    /// Entries a build would refuse and rewrite.
    var damaged: Int
    /// Sound entries per parser.
    var parsers: [String: Int]

    init(_ s: ParseCache.Survey) {
      entries = s.total
      bytes = Int64(clamping: s.bytes)
      damaged = s.damaged.count
      parsers = s.entries
    }

    init(cacheRoot: URL) { self.init(ParseCache(cacheRoot: cacheRoot).survey()) }
  }

  struct StatsDocument: Encodable {
    var cache: String
    var entries: Int
    var bytes: Int64
    var groups: [StatsGroup]
    var parseCache: ParseCacheStats?
  }

  struct CacheRow: Encodable {
    var cache: String
    var entries: Int
    var get: Int
    var head: Int
    var bytes: Int64
    var parseCache: ParseCacheStats
  }

  struct FolderDocument: Encodable {
    var folder: String
    var entries: Int
    var get: Int
    var head: Int
    var bytes: Int64
    var caches: [CacheRow]
  }

  struct VerifyProblem: Encodable {
    var path: String
    /// The kind's case name (`bodyMismatch`), stable for scripts; `message` is the sentence.
    var kind: String
    var message: String
  }

  struct VerifyDocument: Encodable {
    var cache: String
    var entries: Int
    var problems: [VerifyProblem]
    /// With `--repair`: how many of the problems were repaired.
    var repaired: Int?
  }

  struct PruneDocument: Encodable {
    var cache: String
    var days: Int
    var dryRun: Bool
    /// Entries removed, or that would be with `--dry-run`.
    var removed: Int
  }

  struct RemoveDocument: Encodable {
    var cache: String
    var url: String?
    var host: String?
    var removed: Int
  }

  static func verifyJSON(_ dir: String, entries: Int, _ problems: [CacheProblem], repaired: Int?, _ console: Console)
    -> ExitCode
  {
    let rows = problems.map { VerifyProblem(path: $0.path, kind: "\($0.kind)", message: $0.kind.rawValue) }
    _ = printJSON(VerifyDocument(cache: dir, entries: entries, problems: rows, repaired: repaired), console)
    return problems.isEmpty || repaired != nil ? .ok : .invalid
  }

  static func lsJSON(_ dir: String, _ records: [CacheRecord], _ console: Console) -> ExitCode {
    let rows = records.sorted { ($0.url, $0.method.rawValue) < ($1.url, $1.method.rawValue) }.map { r in
      EntryRow(
        url: r.url, host: URL(string: r.url)?.host ?? "", method: r.method.rawValue, status: r.status,
        bytes: r.method == .head ? r.headers["content-length"].flatMap { Int64($0) } : Int64(exactly: r.bodyBytes),
        fetched: r.fetched)
    }
    return printJSON(EntryList(cache: dir, entries: rows), console)
  }

  static func statsJSON(_ dir: String, _ records: [CacheRecord], parseCache: ParseCacheStats?, _ console: Console)
    -> ExitCode
  {
    var groups: [String: StatsGroup] = [:]
    for r in records {
      let host = URL(string: r.url)?.host ?? "?"
      let key = "\(host)\t\(r.method.rawValue)\t\(r.status)"
      var g = groups[key] ?? StatsGroup(host: host, method: r.method.rawValue, status: r.status, entries: 0, bytes: 0)
      g.entries += 1
      g.bytes = adding(g.bytes, r.bodyBytes)
      groups[key] = g
    }
    let sorted = groups.sorted { $0.key < $1.key }.map(\.value)
    return printJSON(
      StatsDocument(
        cache: dir, entries: records.count, bytes: sorted.reduce(0) { adding($0, $1.bytes) }, groups: sorted,
        parseCache: parseCache),
      console)
  }

  static func statsOfManyJSON(_ folder: String, _ caches: [URL], _ console: Console) -> ExitCode {
    let rows = caches.map { c in
      let records = CacheStore(root: c).allRecords().map(\.record)
      let gets = records.filter { $0.method == .get }
      return CacheRow(
        cache: c.lastPathComponent, entries: records.count, get: gets.count, head: records.count - gets.count,
        bytes: gets.reduce(0) { adding($0, $1.bodyBytes) }, parseCache: ParseCacheStats(cacheRoot: c))
    }
    return printJSON(
      FolderDocument(
        folder: folder, entries: rows.reduce(0) { $0 + $1.entries }, get: rows.reduce(0) { $0 + $1.get },
        head: rows.reduce(0) { $0 + $1.head }, bytes: rows.reduce(0) { adding($0, $1.bytes) }, caches: rows),
      console)
  }

  /// A byte total that saturates instead of trapping: sizes come from files on disk.
  private static func adding(_ a: Int64, _ b: some BinaryInteger) -> Int64 {
    guard let b = Int64(exactly: b) else { return Int64.max }
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int64.max : sum
  }

  static func printJSON<T: Encodable>(_ value: T, _ console: Console) -> ExitCode {
    guard let data = try? MachineJSON.encode(value) else {
      console.error("error: the cache listing could not be written as JSON")
      return .software
    }
    console.out(String(decoding: data, as: UTF8.self))
    return .ok
  }
}
