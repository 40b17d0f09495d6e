import CatalogKit
import Foundation

/// `catalog cache import FILE.warc[.gz]`: a WARC's responses (and resolved revisits) for a source's
/// hosts into its cache, so `--no-network` builds from a crawl made by any WARC tool.
///
/// Record by record, all or nothing: each answer is read, checked (a cut-short file, a length that
/// lies, a wrong digest, a body over the cap) and written to a staging cache beside the real one, so
/// memory holds one record whatever the file's size. A later answer for the same method and URL
/// simply overwrites the staged one. Only when the whole file has read cleanly are the staged
/// entries moved in (renames for GET entries, appended lines for HEAD answers); a failure before
/// that leaves the cache as it was, and each move is a rename, so even a failure during it leaves
/// only whole entries.
public enum WARCImport {
  public struct Summary: Sendable {
    /// Distinct GET and HEAD entries written (a URL answered twice in the file counts once).
    public var gets = 0
    public var heads = 0
    /// Answers that replaced an earlier answer for the same method and URL in the same file.
    public var replaced = 0
    public var counts = WARCAnswerReader.Counts()
  }

  /// A reader of the file's answers, checked as they are read but not written (`bench warc`,
  /// `site-mirror`); `bodies: false` reads status and headers only.
  public static func reader(_ path: String, wants: @escaping (String) -> Bool = { _ in true }, bodies: Bool = true)
    throws -> (file: WARCFile, reader: WARCAnswerReader)
  {
    let file = try WARCFile(path)
    do {
      return (file, try WARCAnswerReader(file, wants: wants, bodyCap: BuildDefaults.fileBodyCap, bodies: bodies))
    } catch let e as WARCError {
      throw WARCFileError(path: path, error: e)
    }
  }

  /// The reader's next answer, with a WARC problem named by the file.
  public static func next(_ reader: WARCAnswerReader, path: String) throws -> WARCAnswer? {
    do {
      return try reader.next()
    } catch let e as WARCError {
      throw WARCFileError(path: path, error: e)
    }
  }

  public static func run(_ path: String, into store: CacheStore, wants: @escaping (String) -> Bool) throws -> Summary {
    let fm = FileManager.default
    let (_, reader) = try reader(path, wants: wants)
    let createdRoot = !fm.fileExists(atPath: store.root.path)
    try fm.createDirectory(at: store.root, withIntermediateDirectories: true)
    store.removeWARCLeftovers()
    let staging = store.newImportStaging()
    var committed = false
    defer {
      try? fm.removeItem(at: staging)
      if createdRoot, !committed { try? fm.removeItem(at: store.root) }
    }
    let stage = CacheStore(root: staging)
    var summary = Summary()
    while let a = try next(reader, path: path) {
      guard let url = URL(string: a.url), let method = HTTPMethod(rawValue: a.method) else { continue }
      let key = CacheKey(method: method, url: url)
      let earlier =
        method == .head ? stage.read(key, url: url) != nil : fm.fileExists(atPath: stage.paths(key).record)
      var headers: [String: String] = [:]
      for h in a.headers where headers[h.name] == nil { headers[h.name] = h.value }
      let response = FetchResponse(
        url: url, method: method, status: a.status, headers: headers, body: a.body, fromCache: false)
      // A later empty body replaces an earlier one: the staged body file must not outlive it.
      if method == .get, a.body.isEmpty { unlink(stage.paths(key).body) }
      try stage.write(key, response: response, charset: response.charset, fetched: a.date)
      if earlier {
        summary.replaced += 1
      } else if method == .head {
        summary.heads += 1
      } else {
        summary.gets += 1
      }
    }
    summary.counts = reader.counts
    guard reader.counts.records > 0 else { throw WARCFileError(path: path, error: WARCError.noRecords) }
    try commit(stage, into: store)
    committed = true
    return summary
  }

  /// Moves every staged entry into the cache. GET entries go by rename, body first and record last
  /// (an entry exists when its record does); HEAD answers are appended to the real log.
  static func commit(_ stage: CacheStore, into store: CacheStore) throws {
    let fm = FileManager.default
    let shards = ((try? fm.contentsOfDirectory(atPath: stage.entriesRoot.path)) ?? []).sorted()
    for shard in shards where shard.count == 2 {
      let dir = stage.entriesRoot.path + "/" + shard
      let names = ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted()
      for name in names where name.hasSuffix(".json") {
        let stem = String(name.dropLast(5))
        let target = store.entriesRoot.path + "/" + shard
        try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
        let body = dir + "/" + stem + ".body"
        if fm.fileExists(atPath: body) {
          guard rename(body, target + "/" + stem + ".body") == 0 else {
            throw IOFailure(path: target + "/" + stem + ".body", operation: "move into the cache", errno: errno)
          }
        } else {
          unlink(target + "/" + stem + ".body")
        }
        guard rename(dir + "/" + name, target + "/" + name) == 0 else {
          throw IOFailure(path: target + "/" + name, operation: "move into the cache", errno: errno)
        }
      }
    }
    for r in CacheStore.readHeadLog(stage.headLogPath).values.sorted(by: { $0.url < $1.url }) {
      guard let url = URL(string: r.url) else { continue }
      let response = FetchResponse(
        url: url, method: .head, status: r.status, headers: r.headers, body: [], fromCache: false)
      try store.write(CacheKey(method: .head, url: url), response: response, charset: r.charset, fetched: r.fetched)
    }
  }
}

/// A WARC that cannot be read, naming the file and the record's offset.
public struct WARCFileError: Error, CustomStringConvertible {
  public var path: String
  public var error: Error
  public init(path: String, error: Error) {
    self.path = path
    self.error = error
  }
  public var description: String { "\(path): \(error)" }
}
