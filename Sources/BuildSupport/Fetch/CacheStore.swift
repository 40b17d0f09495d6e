import CatalogKit
import Foundation
import Synchronization

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
  /// Reads a record file or HEAD-log line: on its bytes when it has the plain shape the cache
  /// writes (`CacheRecordReader`), else through JSONSerialization, which then decides.
  static func read(_ bytes: ArraySlice<UInt8>) -> CacheRecord? {
    var reader = CacheRecordReader(bytes)
    return reader.record() ?? read(Data(bytes))
  }

  /// A record file's bytes as a record, or nil (public for the cache fuzz target).
  public static func read(_ bytes: [UInt8]) -> CacheRecord? { read(bytes[...]) }

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
    func string(_ s: String) -> String { JSONString.quoted(s) }
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
}

/// The on-disk cache under `<root>/v1/`.
///
/// - GET answers: `<aa>/<digest>.json` (the record) and `<aa>/<digest>.body`. Writes are atomic
///   (a temporary file in `tmp/`, renamed into place) and the record is renamed into place last, so
///   an entry exists exactly when its record does; a crash leaves at worst an orphan body, never a
///   half entry, and its temporaries all in `tmp/`, found without listing the shards. Two processes
///   filling one cache write identical content under identical names, so either wins.
/// - HEAD answers carry no body, so they are lines of one log, `head.log` (JSON Lines, see
///   `HeadLog`): creating a file per probe made a loopback HEAD cost more in the file system than on
///   the wire. Each line is one `write` with `O_APPEND`, so concurrent writers never interleave; a
///   torn last line (a crash mid-write) is skipped when the log is read. The latest line for a key
///   wins, and compaction (when a build ends with a long tail, and by `prune`) keeps only those.
public final class CacheStore: Sendable {
  public let root: URL
  /// The folders known to exist.
  private let state = Mutex(State())
  let headLog: HeadLog
  /// Every record this process read or wrote, by method and URL as asked: the lineage names them
  /// without reading or normalising again. Kept only by a store that `remembersAnswers` (a build
  /// that writes lineage): an export or a mirror reads a whole cache once, and holding each record
  /// made its memory grow with the cache (546 MB exporting a million entries).
  let answered = AnswerTable()
  let remembersAnswers: Bool

  private struct State {
    var knownFolders = Set<String>()
  }

  /// Headers worth keeping: replay needs the type and size; revalidation needs the validators.
  static let keptHeaders: Set<String> = [
    "content-type", "content-length", "etag", "last-modified", "location", "content-range",
  ]

  public convenience init(root: URL, remembersAnswers: Bool = false) {
    self.init(root: root, headLogInMemoryLimit: 16 << 20, remembersAnswers: remembersAnswers)
  }

  /// `headLogInMemoryLimit`: the HEAD log's size up to which it is read whole (tests lower it to
  /// reach the binary search with a small log).
  init(root: URL, headLogInMemoryLimit: Int, remembersAnswers: Bool = false) {
    self.root = root
    self.remembersAnswers = remembersAnswers
    let entries = root.appendingPathComponent(CacheKey.version, isDirectory: true).path
    self.entriesPath = entries
    self.headLog = HeadLog(
      path: entries + "/head.log", lockPath: entries + "/head.lock", temporaryFolder: entries + "/tmp",
      inMemoryLimit: headLogInMemoryLimit)
  }

  var entriesRoot: URL { root.appendingPathComponent(CacheKey.version, isDirectory: true) }
  /// `entriesRoot`'s path, made once: a URL's path is built anew on each call, and every lookup
  /// names two files under it.
  let entriesPath: String
  var headLogPath: String { headLog.path }
  /// Where every temporary file of the cache's own writes is made.
  var temporaryFolder: String { headLog.temporaryFolder }

  func paths(_ key: CacheKey) -> (record: String, body: String) {
    let dir = entriesPath + "/" + String(key.digest.prefix(2))
    return (dir + "/" + key.digest + ".json", dir + "/" + key.digest + ".body")
  }

  /// The address is taken as an argument made only when it is kept: a store that does not remember
  /// (`--no-lineage`, an export) makes no text for it.
  private func remember(
    _ method: HTTPMethod, _ address: @autoclosure () -> String, _ record: CacheRecord, written: Bool = false
  ) {
    if remembersAnswers { answered.keep(record, for: AnswerKey(method, address()), written: written) }
  }

  /// What the cache holds for a key.
  public enum Lookup: Sendable {
    case hit(CacheRecord, FetchResponse)
    case miss
    /// An entry is there but cannot be trusted; the reason names what is wrong.
    case corrupt(String)
  }

  /// The cached answer, or nil when there is none or it cannot be trusted (see `lookup`).
  public func read(_ key: CacheKey, url: URL) -> (CacheRecord, FetchResponse)? {
    if case .hit(let record, let response) = lookup(key, url: url) { return (record, response) }
    return nil
  }

  /// The cached answer for a key. Every body is checked against its record's SHA-256 and every
  /// record against the URL it is filed under, so a body changed on disk (same length, other bytes)
  /// or a record copied over another's name is reported, never served.
  ///
  /// `marksUse`: a GET hit is marked as used today (see `markUsed`), from the time its record was
  /// read with: for the fetcher, which serves what it finds (or confirms it with a 304, or
  /// replaces it).
  public func lookup(_ key: CacheKey, url: URL, marksUse: Bool = false) -> Lookup {
    if key.method == .head {
      guard let record = headLog.record(key.digest) else { return .miss }
      guard record.url == key.normalisedURL else {
        return .corrupt("its HEAD record in \(headLogPath) is for \(record.url)")
      }
      return .hit(record, servedHead(record, url: url))
    }
    let found: FoundRecord
    switch getRecord(key) {
    case .found(let f): found = f
    case .missing: return .miss
    case .corrupt(let reason): return .corrupt(reason)
    }
    let (record, p) = (found.record, paths(key))
    let body: [UInt8]
    if record.bodyBytes == 0 {
      body = []
    } else {
      guard let bytes = CacheStore.contents(p.body) else { return .corrupt("\(p.body) is missing") }
      body = bytes
      guard body.count == record.bodyBytes, SHA256.hex(body) == record.bodySHA256 else {
        return .corrupt("\(p.body) does not match its record's SHA-256")
      }
    }
    var response = FetchResponse(
      url: url, method: record.method, status: record.status, headers: record.headers, body: body,
      fromCache: true)
    // The digest checked above goes along; an empty body was not checked against it, so it does not.
    if !body.isEmpty { response.bodySHA256 = record.bodySHA256 }
    serve(found, url: url, marksUse: marksUse)
    return .hit(record, response)
  }

  /// A HEAD answer's record as it stands, and nothing else done: nil when there is none, or none
  /// filed under this URL (`lookup` says which).
  func peekHead(_ key: CacheKey) -> CacheRecord? {
    guard let record = headLog.record(key.digest), record.url == key.normalisedURL else { return nil }
    return record
  }

  /// A HEAD answer served from its record: remembered for the lineage.
  func servedHead(_ record: CacheRecord, url: URL) -> FetchResponse {
    remember(.head, url.absoluteString, record)
    return FetchResponse(
      url: url, method: .head, status: record.status, headers: record.headers, body: [], fromCache: true)
  }

  /// A GET entry's record, read without its body, with where it lives and when it was written.
  struct FoundRecord {
    let record: CacheRecord
    let path: String
    /// Its file's modification time, seconds since 1970 (see `markUsed`).
    let modified: Int
  }

  enum RecordLookup {
    case found(FoundRecord)
    case missing
    case corrupt(String)
  }

  /// A GET entry's record, checked against the URL it is filed under but not against its body
  /// (`lookup` reads and checks that).
  func getRecord(_ key: CacheKey) -> RecordLookup {
    let path = paths(key).record
    var modified = 0
    guard let recordBytes = CacheStore.contents(path, modified: &modified) else { return .missing }
    guard let record = CacheRecord.read(recordBytes) else {
      return .corrupt("\(path) is not a readable record")
    }
    guard record.url == key.normalisedURL, record.method == key.method else {
      return .corrupt("\(path) is filed under this URL's name but records \(record.url)")
    }
    return .found(FoundRecord(record: record, path: path, modified: modified))
  }

  /// What serving a GET entry's answer does to the store: the lineage may name its record (unless
  /// `remembers` is false: no row can cite it), and with `marksUse` it is marked as used today.
  func serve(_ found: FoundRecord, url: URL, marksUse: Bool, remembers: Bool = true) {
    if remembers { remember(found.record.method, url.absoluteString, found.record) }
    if marksUse { CacheStore.markUsed(found.path, modified: found.modified) }
  }

  /// Stores an answer atomically. `fetched` is now unless given (a WARC import keeps the crawl's date).
  public func write(_ key: CacheKey, response: FetchResponse, charset: String?, fetched: String? = nil) throws {
    var kept: [String: String] = [:]
    for (k, v) in response.headers where CacheStore.keptHeaders.contains(k) { kept[k] = v }
    let record = CacheRecord(
      key: key.digest, url: key.normalisedURL, method: response.method, status: response.status, headers: kept,
      fetched: fetched ?? CacheStore.timestamp(), bodySHA256: SHA256.hex(response.body), bodyBytes: response.body.count,
      charset: charset, keyVersion: CacheKey.version, removed: nil)
    remember(response.method, response.url.absoluteString, record, written: true)
    if key.method == .head {
      try ensureFolder(entriesPath)
      try headLog.append(record)
      return
    }
    let p = paths(key)
    try ensureFolder((p.record as NSString).deletingLastPathComponent)
    try ensureFolder(temporaryFolder)
    if !response.body.isEmpty { try AtomicFile.write(response.body, to: p.body, temporaryIn: temporaryFolder) }
    try AtomicFile.write(try CacheStore.encode(record, pretty: true), to: p.record, temporaryIn: temporaryFolder)
  }

  /// Marks an entry as used today (for `catalog cache prune`) without rewriting it: the record's
  /// modification time is moved only when it is a day old, so a warm replay does not write.
  private static func markUsed(_ path: String, modified: Int) {
    // A file time far in the past (or a crafted one) must not overflow the subtraction.
    let (age, overflow) = Int(time(nil)).subtractingReportingOverflow(modified)
    if overflow || age > 86_400 { utime(path, nil) }
  }

  /// Removes an entry (a challenge page mistaken for content, say).
  public func remove(_ key: CacheKey) {
    if key.method == .head {
      forgetAnswered(key)
      guard var r = headLog.record(key.digest) else { return }
      r.removed = true
      try? headLog.append(r)
      return
    }
    forgetAnswered(key)
    let p = paths(key)
    unlink(p.record)
    unlink(p.body)
  }

  /// Drops a removed entry's remembered record (removals are rare: a scan is fine).
  private func forgetAnswered(_ key: CacheKey) {
    if remembersAnswers { answered.forget { $0.url == key.normalisedURL && $0.method == key.method } }
  }

  /// Every record in the cache with where it lives (for `catalog cache`): GET records by their
  /// file, HEAD records as `head.log`. Holds them all: `forEachRecord` streams them instead.
  public func allRecords() -> [(path: String, record: CacheRecord)] {
    var out: [(String, CacheRecord)] = []
    forEachRecord { out.append(($0, $1)) }
    return out
  }

  /// Every record in the cache, one at a time (GET records shard by shard, then the live HEAD
  /// answers in key order), so what a caller keeps is all the memory it takes.
  public func forEachRecord(_ body: (_ path: String, _ record: CacheRecord) -> Void) {
    let fm = FileManager.default
    let shards = (try? fm.contentsOfDirectory(atPath: entriesRoot.path)) ?? []
    for shard in shards.sorted() where CacheStore.isShard(shard) {
      let dir = entriesRoot.path + "/" + shard
      guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
      for name in names.sorted() where name.hasSuffix(".json") {
        let path = dir + "/" + name
        if let d = fm.contents(atPath: path), let r = CacheRecord.read(d) { body(path, r) }
      }
    }
    let log = headLogPath
    try? headLog.forEachLive { body(log, $0) }
  }

  /// A shard folder's name: two lowercase hex digits (the first of its entries' digests).
  static func isShard(_ name: String) -> Bool {
    name.utf8.count == 2 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// `00` to `ff`: every shard a GET answer can be in.
  static let shardNames: [String] = (0..<256).map { n in
    let hex = Array("0123456789abcdef")
    return String([hex[n >> 4], hex[n & 15]])
  }

  // MARK: - HEAD log

  /// Drops what is known of the HEAD log (after it was rewritten).
  func forgetHeadIndex() { headLog.forget() }

  /// Compacts the HEAD log when its tail (the lines appended since it was last compacted) has grown
  /// past `BuildDefaults.headLogTailBytes`: called when a build ends, so reading the log costs what
  /// the live answers weigh, not the history of every re-ask. Returns whether it compacted.
  @discardableResult
  public func compactHeadLogIfDue() throws -> Bool {
    guard headLog.tailBytes() > BuildDefaults.headLogTailBytes else { return false }
    try compactHeadLog(keepingFetchedSince: nil)
    return true
  }

  // MARK: - Helpers

  /// A file's bytes read straight into an array (one `read` for a file of the size `fstat` gives),
  /// or nil when it cannot be opened: on a warm replay FileManager's `Data` and the copy out of it
  /// were a tenth of the time of a 30 KB page.
  static func contents(_ path: String) -> [UInt8]? {
    var modified = 0
    return contents(path, modified: &modified)
  }

  /// The same, or nil for a file of more than `limit` bytes (one edited on disk to any size is not
  /// read whole to find out).
  static func contents(_ path: String, atMost limit: Int) -> [UInt8]? {
    var modified = 0
    return contents(path, modified: &modified, atMost: limit)
  }

  /// The same, and the file's modification time (seconds since 1970) from the descriptor it was
  /// read through, so a caller that needs it makes no second lookup by name.
  static func contents(_ path: String, modified: inout Int, atMost limit: Int = .max) -> [UInt8]? {
    let fd = openForReading(path)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_size <= limit else { return nil }
    modified = Int(st.st_mtim.tv_sec)
    // The file as it was when its size was read: reading up to that size and no further saves the
    // read that would find the end, one of five calls per file and a warm rebuild reads 40,000.
    // The cache replaces its files whole (written aside, then renamed), and one edited in place
    // while it is read is caught where its bytes are checked. A file whose size says nothing (0, as
    // a system file's may) is read to its end.
    let size = Int(st.st_size)
    var out = [UInt8](repeating: 0, count: size > 0 ? size : 4096)
    var got = 0
    while size == 0 || got < size {
      if got == out.count { out.append(contentsOf: [UInt8](repeating: 0, count: max(4096, out.count))) }
      let n = out.withUnsafeMutableBytes { b in
        b.baseAddress.map { Foundation.read(fd, $0 + got, b.count - got) } ?? 0
      }
      if n < 0 { return nil }
      if n == 0 { break }
      got += n
      if got > limit { return nil }
    }
    out.removeLast(out.count - got)
    return out
  }

  /// Opens a file to read without moving its access time where the system allows it: the first
  /// read of a freshly written entry otherwise dirties its inode (relatime), and a refresh reads
  /// 40,000 of them. Nothing here reads access times (`prune` goes by modification time).
  /// `O_NOATIME` is refused (EPERM) on files the process does not own; those open as usual.
  static func openForReading(_ path: String) -> Int32 {
    #if os(Linux)
      // O_NOATIME, which Glibc's Swift overlay leaves out (it is a GNU extension): 01000000 on
      // every Linux architecture Swift runs on.
      let noAccessTime: Int32 = 0o1_000_000
      let fd = open(path, O_RDONLY | O_CLOEXEC | noAccessTime)
      if fd >= 0 || errno != EPERM { return fd }
    #endif
    return open(path, O_RDONLY | O_CLOEXEC)
  }

  private func ensureFolder(_ path: String) throws {
    try state.withLock { try CacheStore.ensureFolder(path, known: &$0.knownFolders) }
  }

  private static func ensureFolder(_ path: String, known: inout Set<String>) throws {
    guard !known.contains(path) else { return }
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    known.insert(path)
  }

  static func encode(_ record: CacheRecord, pretty: Bool) throws -> [UInt8] {
    [UInt8](try MachineJSON.encode(record, pretty: pretty))
  }

  /// Now as ISO 8601 in UTC, without a formatter (creating one per entry showed up in profiles).
  static func timestamp() -> String { timestamp(seconds: time(nil)) }

  /// A moment as the records write it, rounded up to the whole second: a record's `fetched` (whole
  /// seconds) is before `date` exactly when its text sorts before this.
  static func timestamp(_ date: Date) -> String {
    timestamp(seconds: time_t(exactly: date.timeIntervalSince1970.rounded(.up)) ?? 0)
  }

  private static func timestamp(seconds: time_t) -> String {
    var t = seconds
    var tm = tm()
    gmtime_r(&t, &tm)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday),
      Int(tm.tm_hour), Int(tm.tm_min), Int(tm.tm_sec))
  }
}
