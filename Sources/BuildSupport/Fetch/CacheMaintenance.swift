import CatalogKit
import Foundation

/// A problem `verify` found in a cache, naming the file.
public struct CacheProblem: Sendable, CustomStringConvertible {
  public enum Kind: String, Sendable {
    case bodyMismatch = "body does not match its record's SHA-256"
    case bodyMissing = "body file is missing"
    case unreadableRecord = "record is not readable JSON"
    case orphanBody = "body has no record (an interrupted write)"
    case leftoverTemporary = "temporary file left by an interrupted write"
    case tornLogLine = "HEAD log line is not a complete record (an interrupted append)"
    case misfiled = "record is filed under another URL's name (copied over another entry)"
    case implausibleSize = "HEAD record's Content-Length is not a plausible file size"
    case lengthMismatch = "body's length differs from its record's"
    case unsortedLog = "HEAD log's compacted part is out of key order (edited by hand?); lookups may miss"
  }

  public var path: String
  public var kind: Kind
  public var description: String { "\(path): \(kind.rawValue)" }
}

extension CacheStore {
  /// Checks every entry: each GET body against its record's hash, each record against the name it
  /// is filed under, every HEAD size for plausibility, and nothing half-written left behind.
  public func verify() -> [CacheProblem] { verifyCounting().problems }

  /// `verify`, and how many entries (GET records and live HEAD answers) the cache holds, in one
  /// pass: shard by shard and line by line, so memory does not grow with the cache.
  public func verifyCounting(now: Date = Date()) -> (problems: [CacheProblem], entries: Int) {
    var problems: [CacheProblem] = []
    var entries = 0
    let fm = FileManager.default
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    for shard in shards.sorted() where CacheStore.isShard(shard) {
      let dir = entriesRoot.path + "/" + shard
      let names = Set((try? fm.contentsOfDirectory(atPath: dir)) ?? [])
      for name in names.sorted() {
        let path = dir + "/" + name
        if let owner = CacheStore.temporaryOwner(name) {
          // Left beside its target by a version that wrote temporaries there (they now go to tmp/).
          if CacheStore.isStale(path, owner: owner, now: now) {
            problems.append(CacheProblem(path: path, kind: .leftoverTemporary))
          }
        } else if name.hasSuffix(".body") {
          if !names.contains(String(name.dropLast(5)) + ".json") {
            problems.append(CacheProblem(path: path, kind: .orphanBody))
          }
        } else if name.hasSuffix(".json") {
          let (problem, readable) = verifyRecord(at: path, stem: String(name.dropLast(5)))
          if readable { entries += 1 }
          if let problem { problems.append(problem) }
        }
      }
    }
    for path in staleTemporaries(now: now) + warcLeftovers() {
      problems.append(CacheProblem(path: path, kind: .leftoverTemporary))
    }
    problems += verifyHeadLog()
    try? headLog.forEachLive { _ in entries += 1 }
    return (problems, entries)
  }

  /// One GET record and its body: filed under its own name, its body present, of its length and
  /// hash. The first problem found, and whether the record could be read at all (then it counts as
  /// an entry).
  private func verifyRecord(at path: String, stem: String) -> (problem: CacheProblem?, readable: Bool) {
    let fm = FileManager.default
    guard let d = fm.contents(atPath: path), let r = CacheRecord.read(d) else {
      return (CacheProblem(path: path, kind: .unreadableRecord), false)
    }
    if CacheStore.digest(r) != stem || (r.key != nil && r.key != stem) {
      return (CacheProblem(path: path, kind: .misfiled), true)
    }
    if r.bodyBytes < 0 { return (CacheProblem(path: path, kind: .unreadableRecord), true) }
    guard r.bodyBytes > 0 else { return (nil, true) }
    let bodyPath = String(path.dropLast(5)) + ".body"
    guard let body = fm.contents(atPath: bodyPath) else {
      return (CacheProblem(path: bodyPath, kind: .bodyMissing), true)
    }
    if SHA256.hex([UInt8](body)) != r.bodySHA256 { return (CacheProblem(path: bodyPath, kind: .bodyMismatch), true) }
    if body.count != r.bodyBytes { return (CacheProblem(path: bodyPath, kind: .lengthMismatch), true) }
    return (nil, true)
  }

  /// The HEAD log, line by line: torn lines, misfiled answers, implausible sizes, and whether its
  /// sorted part is still in order.
  private func verifyHeadLog() -> [CacheProblem] {
    var problems: [CacheProblem] = []
    try? headLog.forEachLine { n, line in
      if n == 1, HeadLog.isMarker(line) { return }
      let place = "\(headLogPath):\(n)"
      guard let r = CacheRecord.read(line) else {
        problems.append(CacheProblem(path: place, kind: .tornLogLine))
        return
      }
      if r.key != CacheStore.digest(r) {
        problems.append(CacheProblem(path: place, kind: .misfiled))
      } else if r.removed != true, r.status == 200, let v = r.headers["content-length"],
        case .failure = FetchResponse.readSize(v)
      {
        problems.append(CacheProblem(path: place, kind: .implausibleSize))
      }
    }
    if !headLog.sortedPartIsInOrder() { problems.append(CacheProblem(path: headLogPath, kind: .unsortedLog)) }
    return problems
  }

  /// The name a record belongs under: the digest of its method and (already normalised) URL.
  static func digest(_ r: CacheRecord) -> String {
    SHA256.hex("\(CacheKey.version) \(r.method.rawValue) \(r.url)")
  }

  /// Removes what `verify` found, so the cache is consistent again; returns how many were fixed.
  @discardableResult
  public func repair(_ problems: [CacheProblem]) throws -> Int {
    var fixed = 0
    var compactLog = false
    for p in problems {
      switch p.kind {
      case .tornLogLine, .implausibleSize, .unsortedLog: compactLog = true
      case .misfiled where p.path.hasPrefix(headLogPath): compactLog = true
      case .bodyMismatch, .bodyMissing, .lengthMismatch:
        let stem = p.path.hasSuffix(".body") ? String(p.path.dropLast(5)) : p.path
        unlink(stem + ".json")
        unlink(stem + ".body")
      case .unreadableRecord, .misfiled:
        unlink(p.path)
        unlink(String(p.path.dropLast(5)) + ".body")
      case .orphanBody:
        unlink(p.path)
      case .leftoverTemporary:
        // A killed WARC import leaves a staging folder, not a file.
        if unlink(p.path) != 0 { try? FileManager.default.removeItem(atPath: p.path) }
      }
      fixed += 1
    }
    if compactLog { try compactHeadLog(keepingFetchedSince: nil, checkEveryLine: true) }
    return fixed
  }

  // MARK: - Temporary files

  /// Temporary files an interrupted run left in the cache: the fetcher's own (`NAME.tmp-PID-N`, in
  /// `v1/tmp/`) and the ZXDB loader's (`.zxdb.sqlite.PID.tmp`, in the root), kept only while the
  /// process that wrote them runs and for at most `BuildDefaults.staleTemporarySeconds`. Three
  /// folders are listed, never the shards (`verify --repair` finds those an older version left there).
  public func staleTemporaries(now: Date = Date()) -> [String] {
    let fm = FileManager.default
    var out: [String] = []
    for folder in [root.path, entriesRoot.path, temporaryFolder] {
      for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
        guard let pid = CacheStore.temporaryOwner(name) else { continue }
        // The cache's own root may be any folder a user named: there only the hidden, pid-named
        // files our loaders write are touched.
        if folder == root.path, !name.hasPrefix(".") || pid == nil { continue }
        let path = folder + "/" + name
        if CacheStore.isStale(path, owner: pid, now: now) { out.append(path) }
      }
    }
    return out
  }

  /// A temporary file whose writer is gone, or that is older than any run keeps one.
  static func isStale(_ path: String, owner pid: pid_t?, now: Date) -> Bool {
    var st = stat()
    guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
    let age = now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec)
    let alive = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno == EPERM) } ?? false
    return !alive || age > BuildDefaults.staleTemporarySeconds
  }

  /// Removes stale temporary files (see `staleTemporaries`); returns how many.
  @discardableResult
  public func removeStaleTemporaries() -> Int {
    staleTemporaries().reduce(0) { n, path in unlink(path) == 0 ? n + 1 : n } + removeWARCLeftovers()
  }

  /// For a temporary file's name, the process id it names (nil inside when it names none); nil for
  /// a name that is not a temporary file.
  static func temporaryOwner(_ name: String) -> pid_t?? {
    if let r = name.range(of: ".tmp-") {
      return .some(name[r.upperBound...].split(separator: "-").first.flatMap { pid_t($0) })
    }
    if name.hasSuffix(".tmp") {
      let parts = name.dropLast(4).split(separator: ".")
      return .some(parts.last.flatMap { pid_t($0) })
    }
    return nil
  }

  /// Removes GET entries no build has used for `days` days (builds touch an entry's record once a
  /// day when they use it). HEAD answers are kept unless `includeProbes`, which drops those fetched
  /// before the cut-off. Returns the number of entries removed. Records are judged by their file's
  /// time, not read; the HEAD log is compacted as it is filtered.
  public func prune(olderThanDays days: Int, includeProbes: Bool, dryRun: Bool = false, now: Date = Date()) throws
    -> Int
  {
    let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
    var removed = 0
    let fm = FileManager.default
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    for shard in shards.sorted() where CacheStore.isShard(shard) {
      let dir = entriesRoot.path + "/" + shard
      for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() where name.hasSuffix(".json") {
        let path = dir + "/" + name
        var st = stat()
        guard stat(path, &st) == 0 else { continue }
        let modified = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
        if modified < cutoff.timeIntervalSince1970 {
          if !dryRun {
            unlink(path)
            unlink(String(path.dropLast(5)) + ".body")
          }
          removed += 1
        }
      }
    }
    let before = CacheStore.timestamp(cutoff)
    if dryRun {
      guard includeProbes else { return removed }
      try headLog.forEachLive { r in
        if HeadLog.isTimestamp(Array(r.fetched.utf8)[...]), r.fetched < before { removed += 1 }
      }
      return removed
    }
    removed += try compactHeadLog(keepingFetchedSince: includeProbes ? cutoff : nil, checkEveryLine: true)
    return removed
  }

  /// Removes every entry (GET and HEAD) for one URL, as `catalog cache rm --url` does; returns how
  /// many were there. The URL is normalised as the fetcher's keys are, so any spelling finds it.
  @discardableResult
  public func remove(url: URL) throws -> Int {
    var n = 0
    for method in [HTTPMethod.get, .head] {
      let key = CacheKey(method: method, url: url)
      switch lookup(key, url: url) {
      case .miss: continue
      case .hit, .corrupt:
        remove(key)
        n += 1
      }
    }
    if n > 0 { try compactHeadLog(keepingFetchedSince: nil) }
    return n
  }

  /// Removes every entry whose URL is on this host (lowercase, exact); returns how many.
  @discardableResult
  public func remove(host: String) throws -> Int {
    let h = host.lowercased()
    var n = 0
    var headKeys = Set<String>()
    forEachRecord { path, r in
      guard URL(string: r.url)?.host?.lowercased() == h else { return }
      if path == headLogPath {
        if let key = r.key { headKeys.insert(key) }
      } else {
        unlink(path)
        unlink(String(path.dropLast(5)) + ".body")
      }
      n += 1
    }
    if !headKeys.isEmpty { try compactHeadLog(keepingFetchedSince: nil, dropping: headKeys) }
    return n
  }

  /// Rewrites the HEAD log with one line per live entry in key order (atomically), dropping
  /// superseded, removed and torn lines, records under another URL's name or claiming a size no file
  /// has (every line with `checkEveryLine`, else the tail's), and, given a date, entries fetched
  /// before it. Returns entries dropped by date.
  @discardableResult
  func compactHeadLog(keepingFetchedSince since: Date?, dropping: Set<String> = [], checkEveryLine: Bool = false)
    throws -> Int
  {
    let filter = HeadLog.Filter(
      dropping: dropping, fetchedBefore: since.map { CacheStore.timestamp($0) }, checkEveryLine: checkEveryLine)
    return try headLog.compact(filter) { r in
      guard let key = r.key, key == CacheStore.digest(r) else { return false }
      if r.status == 200, let v = r.headers["content-length"], case .failure = FetchResponse.readSize(v) {
        return false
      }
      return true
    }
  }
}
