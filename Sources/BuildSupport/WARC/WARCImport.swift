import CatalogKit
import Foundation

/// `catalog cache import FILE.warc[.gz]`: a WARC's responses (and resolved revisits) for a source's
/// hosts into its cache, so `--no-network` builds from a crawl made by any WARC tool.
///
/// All or nothing: the whole file is read and checked first (a cut-short file, a length that lies
/// or a wrong digest stops it before anything is written), the answers are then written to a
/// staging cache beside the real one, and only when every one is there are they moved in. A failure
/// before the move leaves the cache as it was; each move is a rename, so even a failure during it
/// leaves only whole entries.
public enum WARCImport {
  public struct Summary: Sendable {
    public var gets = 0
    public var heads = 0
    public var revisits = 0
    public var otherHosts = 0
    public var otherRecords = 0
  }

  /// The file's answers, read and checked but not written (for `bench warc` and `site-mirror`).
  public static func read(_ path: String, wants: (String) -> Bool = { _ in true }) throws
    -> WARCAnswerReader.Result
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw IOFailure(path: path, operation: "read", errno: errno == 0 ? ENOENT : errno)
    }
    do {
      let records = try WARCReader.records([UInt8](data))
      return try WARCAnswerReader.read(records, wants: wants, bodyCap: BuildDefaults.fileBodyCap)
    } catch {
      throw WARCFileError(path: path, error: error)
    }
  }

  public static func run(_ path: String, into store: CacheStore, wants: (String) -> Bool) throws -> Summary {
    let result = try read(path, wants: wants)
    var summary = Summary(
      revisits: result.revisits, otherHosts: result.otherHosts, otherRecords: result.otherRecords)
    let staging = store.root.appendingPathComponent(".warc-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: staging) }
    let stage = CacheStore(root: staging)
    var staged: [(CacheKey, FetchResponse, String)] = []
    for a in result.answers {
      guard let url = URL(string: a.url), let method = HTTPMethod(rawValue: a.method) else { continue }
      let key = CacheKey(method: method, url: url)
      var headers: [String: String] = [:]
      for h in a.headers where headers[h.name] == nil { headers[h.name] = h.value }
      let response = FetchResponse(
        url: url, method: method, status: a.status, headers: headers, body: a.body, fromCache: false)
      try stage.write(key, response: response, charset: response.charset, fetched: a.date)
      staged.append((key, response, a.date))
      if method == .head { summary.heads += 1 } else { summary.gets += 1 }
    }
    // Commit: GET entries by rename (body first, record last: an entry exists when its record does);
    // HEAD answers as lines appended to the real log.
    for (key, response, date) in staged {
      if key.method == .head {
        try store.write(key, response: response, charset: response.charset, fetched: date)
        continue
      }
      let from = stage.paths(key)
      let to = store.paths(key)
      try FileManager.default.createDirectory(
        atPath: (to.record as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      if FileManager.default.fileExists(atPath: from.body) {
        guard rename(from.body, to.body) == 0 else {
          throw IOFailure(path: to.body, operation: "move into the cache", errno: errno)
        }
      } else {
        unlink(to.body)
      }
      guard rename(from.record, to.record) == 0 else {
        throw IOFailure(path: to.record, operation: "move into the cache", errno: errno)
      }
    }
    return summary
  }
}

/// A WARC that cannot be read, naming the file and the record's offset.
public struct WARCFileError: Error, CustomStringConvertible {
  public var path: String
  public var error: Error
  public var description: String { "\(path): \(error)" }
}
