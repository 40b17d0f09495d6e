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
  }

  public var path: String
  public var kind: Kind
  public var description: String { "\(path): \(kind.rawValue)" }
}

extension CacheStore {
  /// Checks every entry: each GET body against its record's hash, every record readable, and
  /// nothing half-written left behind.
  public func verify() -> [CacheProblem] {
    var problems: [CacheProblem] = []
    let fm = FileManager.default
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    for shard in shards.sorted() where shard.count == 2 {
      let dir = entriesRoot.path + "/" + shard
      let names = Set((try? fm.contentsOfDirectory(atPath: dir)) ?? [])
      for name in names.sorted() {
        let path = dir + "/" + name
        if name.contains(".tmp-") {
          problems.append(CacheProblem(path: path, kind: .leftoverTemporary))
        } else if name.hasSuffix(".body") {
          if !names.contains(String(name.dropLast(5)) + ".json") {
            problems.append(CacheProblem(path: path, kind: .orphanBody))
          }
        } else if name.hasSuffix(".json") {
          guard let d = fm.contents(atPath: path), let r = try? JSONDecoder().decode(CacheRecord.self, from: d) else {
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
          }
        }
      }
    }
    if let log = fm.contents(atPath: headLogPath) {
      let decoder = JSONDecoder()
      for (n, line) in log.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
        if (try? decoder.decode(CacheRecord.self, from: Data(line))) == nil {
          problems.append(CacheProblem(path: "\(headLogPath):\(n + 1)", kind: .tornLogLine))
        }
      }
    }
    return problems
  }

  /// Removes what `verify` found, so the cache is consistent again; returns how many were fixed.
  @discardableResult
  public func repair(_ problems: [CacheProblem]) throws -> Int {
    var fixed = 0
    var compactLog = false
    for p in problems {
      switch p.kind {
      case .tornLogLine: compactLog = true
      case .bodyMismatch, .bodyMissing:
        let stem = p.path.hasSuffix(".body") ? String(p.path.dropLast(5)) : p.path
        unlink(stem + ".json")
        unlink(stem + ".body")
      case .unreadableRecord:
        unlink(p.path)
        unlink(String(p.path.dropLast(5)) + ".body")
      case .orphanBody, .leftoverTemporary:
        unlink(p.path)
      }
      fixed += 1
    }
    if compactLog { try compactHeadLog(keepingFetchedSince: nil) }
    return fixed
  }

  /// Removes GET entries no build has used for `days` days (builds touch an entry's record once a
  /// day when they use it). HEAD answers are kept unless `includeProbes`, which drops those fetched
  /// before the cut-off. Returns the number of entries removed.
  public func prune(olderThanDays days: Int, includeProbes: Bool, now: Date = Date()) throws -> Int {
    let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
    var removed = 0
    let fm = FileManager.default
    for (path, _) in allRecords() where path != headLogPath {
      guard let attrs = try? fm.attributesOfItem(atPath: path), let m = attrs[.modificationDate] as? Date else {
        continue
      }
      if m < cutoff {
        unlink(path)
        unlink(String(path.dropLast(5)) + ".body")
        removed += 1
      }
    }
    removed += try compactHeadLog(keepingFetchedSince: includeProbes ? cutoff : nil)
    return removed
  }

  /// Rewrites the HEAD log with one line per live entry (atomically), dropping superseded, removed
  /// and torn lines, and, given a date, entries fetched before it. Returns entries dropped by date.
  @discardableResult
  func compactHeadLog(keepingFetchedSince since: Date?) throws -> Int {
    guard FileManager.default.fileExists(atPath: headLogPath) else { return 0 }
    let iso = ISO8601DateFormatter()
    var dropped = 0
    var out: [UInt8] = []
    for r in CacheStore.readHeadLog(headLogPath).values.sorted(by: { $0.url < $1.url }) {
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
