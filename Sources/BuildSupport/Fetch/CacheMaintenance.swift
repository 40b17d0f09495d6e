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
  }

  public var path: String
  public var kind: Kind
  public var description: String { "\(path): \(kind.rawValue)" }
}

extension CacheStore {
  /// Checks every entry: each GET body against its record's hash, each record against the name it
  /// is filed under, every HEAD size for plausibility, and nothing half-written left behind.
  public func verify() -> [CacheProblem] {
    var problems: [CacheProblem] = []
    let fm = FileManager.default
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    for shard in shards.sorted() where shard.count == 2 {
      let dir = entriesRoot.path + "/" + shard
      let names = Set((try? fm.contentsOfDirectory(atPath: dir)) ?? [])
      for name in names.sorted() {
        let path = dir + "/" + name
        if CacheStore.temporaryOwner(name) != nil {
          continue
        } else if name.hasSuffix(".body") {
          if !names.contains(String(name.dropLast(5)) + ".json") {
            problems.append(CacheProblem(path: path, kind: .orphanBody))
          }
        } else if name.hasSuffix(".json") {
          guard let d = fm.contents(atPath: path), let r = try? JSONDecoder().decode(CacheRecord.self, from: d) else {
            problems.append(CacheProblem(path: path, kind: .unreadableRecord))
            continue
          }
          let stem = String(name.dropLast(5))
          if CacheStore.digest(r) != stem || (r.key != nil && r.key != stem) {
            problems.append(CacheProblem(path: path, kind: .misfiled))
            continue
          }
          if r.bodyBytes < 0 {
            problems.append(CacheProblem(path: path, kind: .unreadableRecord))
            continue
          }
          guard r.bodyBytes > 0 else { continue }
          let bodyPath = String(path.dropLast(5)) + ".body"
          guard let body = fm.contents(atPath: bodyPath) else {
            problems.append(CacheProblem(path: bodyPath, kind: .bodyMissing))
            continue
          }
          if SHA256.hex([UInt8](body)) != r.bodySHA256 {
            problems.append(CacheProblem(path: bodyPath, kind: .bodyMismatch))
          } else if body.count != r.bodyBytes {
            problems.append(CacheProblem(path: bodyPath, kind: .lengthMismatch))
          }
        }
      }
    }
    for path in staleTemporaries() + warcLeftovers() {
      problems.append(CacheProblem(path: path, kind: .leftoverTemporary))
    }
    if let log = fm.contents(atPath: headLogPath) {
      let decoder = JSONDecoder()
      for (n, line) in log.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
        let place = "\(headLogPath):\(n + 1)"
        guard let r = try? decoder.decode(CacheRecord.self, from: Data(line)) else {
          problems.append(CacheProblem(path: place, kind: .tornLogLine))
          continue
        }
        if r.key != CacheStore.digest(r) {
          problems.append(CacheProblem(path: place, kind: .misfiled))
        } else if r.removed != true, r.status == 200, let v = r.headers["content-length"],
          case .failure = FetchResponse.readSize(v)
        {
          problems.append(CacheProblem(path: place, kind: .implausibleSize))
        }
      }
    }
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
      case .tornLogLine, .implausibleSize: compactLog = true
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
    if compactLog { try compactHeadLog(keepingFetchedSince: nil) }
    return fixed
  }

  // MARK: - Temporary files

  /// Temporary files an interrupted run left in the cache: the fetcher's own (`NAME.tmp-PID-N`) and
  /// the ZXDB loader's (`.zxdb.sqlite.PID.tmp`), kept only while the process that wrote them runs
  /// and for at most `BuildDefaults.staleTemporarySeconds`.
  public func staleTemporaries(now: Date = Date()) -> [String] {
    let fm = FileManager.default
    var folders = [root.path, entriesRoot.path]
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    folders += shards.sorted().filter { $0.count == 2 }.map { entriesRoot.path + "/" + $0 }
    var out: [String] = []
    for folder in folders {
      for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
        guard let pid = CacheStore.temporaryOwner(name) else { continue }
        // The cache's own root may be any folder a user named: there only the hidden, pid-named
        // files our loaders write are touched.
        if folder == root.path, !name.hasPrefix(".") || pid == nil { continue }
        let path = folder + "/" + name
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
        let age = now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec)
        let alive = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno == EPERM) } ?? false
        if !alive || age > BuildDefaults.staleTemporarySeconds { out.append(path) }
      }
    }
    return out
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
  /// before the cut-off. Returns the number of entries removed.
  public func prune(olderThanDays days: Int, includeProbes: Bool, dryRun: Bool = false, now: Date = Date()) throws
    -> Int
  {
    let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
    var removed = 0
    let fm = FileManager.default
    for (path, _) in allRecords() where path != headLogPath {
      guard let attrs = try? fm.attributesOfItem(atPath: path), let m = attrs[.modificationDate] as? Date else {
        continue
      }
      if m < cutoff {
        if !dryRun {
          unlink(path)
          unlink(String(path.dropLast(5)) + ".body")
        }
        removed += 1
      }
    }
    if dryRun {
      guard includeProbes else { return removed }
      let iso = ISO8601DateFormatter()
      return removed
        + CacheStore.readHeadLog(headLogPath).values.filter { r in
          iso.date(from: r.fetched).map { $0 < cutoff } ?? false
        }.count
    }
    removed += try compactHeadLog(keepingFetchedSince: includeProbes ? cutoff : nil)
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
    for (path, r) in allRecords() where URL(string: r.url)?.host?.lowercased() == h {
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

  /// Rewrites the HEAD log with one line per live entry (atomically), dropping superseded, removed
  /// and torn lines, and, given a date, entries fetched before it. Returns entries dropped by date.
  @discardableResult
  func compactHeadLog(keepingFetchedSince since: Date?, dropping: Set<String> = []) throws -> Int {
    guard FileManager.default.fileExists(atPath: headLogPath) else { return 0 }
    let iso = ISO8601DateFormatter()
    var dropped = 0
    var out: [UInt8] = []
    for (key, r) in CacheStore.readHeadLog(headLogPath).sorted(by: { $0.value.url < $1.value.url }) {
      // A record under another URL's name, or claiming a size no file has, is not kept.
      if key != CacheStore.digest(r) || dropping.contains(key) { continue }
      if r.status == 200, let v = r.headers["content-length"], case .failure = FetchResponse.readSize(v) { continue }
      if let since, let f = iso.date(from: r.fetched), f < since {
        dropped += 1
        continue
      }
      out += try CacheStore.encode(r, pretty: false)
      out.append(0x0A)
    }
    try AtomicFile.write(out, to: headLogPath)
    forgetHeadIndex()
    return dropped
  }
}
