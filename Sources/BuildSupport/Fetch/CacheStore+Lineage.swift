import CatalogKit
import Foundation
import Synchronization

extension CacheStore {
  /// What the cache holds for a request, as a lineage line names it (status, fetch time,
  /// validators, the body's digest), or nil when there is none: the answer this process read or
  /// wrote, else the record on disk (another process's answer: `catalog explain --cache`).
  public func answerFacts(method: HTTPMethod, url: URL) -> AnswerFacts? {
    answered.facts(for: AnswerKey(method, url.absoluteString))
      ?? storedRecord(method: method, url: url).map(AnswerFacts.init)
  }

  /// The answer this process already read or wrote for `address` (`URL.absoluteString`, whose
  /// `hashValue` the caller kept), without parsing or normalising it: what a build's lineage asks
  /// thousands of times.
  func answerFacts(method: HTTPMethod, address: String, addressHash: Int) -> AnswerFacts? {
    answered.facts(for: AnswerKey(method, address, addressHash: addressHash))
  }

  /// `body` run on those facts where they are kept, without copying them out (a lineage's inputs
  /// hash them and need nothing else); false when there are none.
  func withAnswerFacts(
    method: HTTPMethod, address: String, addressHash: Int, _ body: (borrowing AnswerFacts) -> Void
  ) -> Bool {
    answered.withFacts(for: AnswerKey(method, address, addressHash: addressHash), body)
  }

  /// The cache's answers as the file system names them: the entries folder, the HEAD log and
  /// each of the 256 shard folders, one `stat` each (`FileIdentity`). Every answer written or
  /// dropped, by any process, renames a file into or out of a shard or appends to the log, so it
  /// moves this; the parses and lineage kept beside the answers, and temporaries, do not. Nil
  /// when no time has a fraction of a second: on a file system that keeps whole seconds, a
  /// second write in the same second as the first would not move it.
  static func answersFingerprint(root: URL) -> String? {
    let entries = root.appendingPathComponent(CacheKey.version, isDirectory: true).path
    var bytes: [UInt8] = []
    bytes.reserveCapacity(260 * 41)
    var fine = FileIdentity.append(entries, in: AT_FDCWD, to: &bytes)
    let folder = open(entries, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      defer { close(folder) }
      for name in ["head.log"] + CacheStore.shardNames {
        if FileIdentity.append(name, in: folder, to: &bytes) { fine = true }
      }
    }
    return fine ? SHA256.hex(bytes) : nil
  }

  /// The record on disk.
  func storedRecord(method: HTTPMethod, url: URL) -> CacheRecord? {
    let key = CacheKey(method: method, url: url)
    if method == .head { return headLog.record(key.digest) }
    guard let bytes = CacheStore.contents(paths(key).record), let record = CacheRecord.read(Data(bytes)),
      record.url == key.normalisedURL
    else { return nil }
    return record
  }
}

/// What a lineage line names of an answer, taken from its record when the build reads or writes
/// it: a record holds every header and the cache's own bookkeeping, and a walk keeps tens of
/// thousands of answers until its lineage is written.
public struct AnswerFacts: Sendable, Equatable {
  /// The record's normalised URL: how a removed entry's answer is found again.
  public var url: String
  public var method: HTTPMethod
  public var status: Int
  public var fetched: String
  public var etag: String?
  public var lastModified: String?
  /// A HEAD's `Content-Length`, as answered.
  public var contentLength: String?
  public var bodySHA256: String

  public init(_ record: CacheRecord) {
    url = record.url
    method = record.method
    status = record.status
    fetched = record.fetched
    // One pass over a record's few headers: three lookups hashed each name, and a walk keeps tens
    // of thousands of records.
    (etag, lastModified, contentLength) = (nil, nil, nil)
    for (name, value) in record.headers {
      switch name {
      case "etag": etag = value
      case "last-modified": lastModified = value
      case "content-length": contentLength = value
      default: continue
      }
    }
    bodySHA256 = record.bodySHA256
  }
}

/// A request as the records this process read or wrote are kept by: method and address, the
/// address hashed once when the key is made. A build's lineage makes a key for each of tens of
/// thousands of answers and looks each up in a stripe and a table: hashing the text every time was
/// most of what keeping and finding them cost.
struct AnswerKey: Hashable, Sendable {
  let method: HTTPMethod
  let address: String
  let addressHash: Int

  init(_ method: HTTPMethod, _ address: String) {
    self.init(method, address, addressHash: address.hashValue)
  }

  /// `addressHash` must be `address.hashValue` (a lineage tag keeps it from when it was made).
  init(_ method: HTTPMethod, _ address: String, addressHash: Int) {
    self.method = method
    self.address = address
    self.addressHash = addressHash
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(addressHash)
    hasher.combine(method)
  }

  static func == (a: AnswerKey, b: AnswerKey) -> Bool {
    a.addressHash == b.addressHash && a.method == b.method && a.address == b.address
  }
}

/// The answers a build read or wrote, in stripes with a lock each: eight lookup workers kept one
/// table's lock busy (a third of the time spent keeping a record went to waiting for it), and each
/// stripe grows on its own, so no insert waits while the whole table is moved.
final class AnswerTable: Sendable {
  private final class Stripe: Sendable {
    let records = Mutex([AnswerKey: Kept]())
  }

  /// An answer's facts by reference: a lineage's inputs read the facts of every answer a row cites
  /// where they lie, where a value in the table was copied out (a retain and a release for each
  /// of its strings) to be read once; and a stripe that grows moves a reference, not the facts.
  private final class Kept: Sendable {
    let facts: AnswerFacts
    init(_ facts: AnswerFacts) { self.facts = facts }
  }

  private let stripes: [Stripe] = (0..<AnswerTable.stripeCount).map { _ in Stripe() }
  static let stripeCount = 64
  static let firstRoom = 48

  private func stripe(_ key: AnswerKey) -> Stripe {
    stripes[Int(UInt(bitPattern: key.addressHash) % UInt(AnswerTable.stripeCount))]
  }

  /// `written`: the answer was fetched (or confirmed) in this run, not read as the cache held it.
  func keep(_ record: CacheRecord, for key: AnswerKey, written: Bool = false) {
    // Made before the lock is taken: only a reference moves in.
    let kept = Kept(AnswerFacts(record))
    stripe(key).records.withLock { records in
      // Room for a small build's answers at the first: grown one at a time from empty, a stripe
      // was moved six times, a third of what keeping RetroSpec's 1,400 answers cost.
      if records.isEmpty { records.reserveCapacity(AnswerTable.firstRoom) }
      records[key] = kept
    }
    if written { writtenHashes.withLock { _ = $0.insert(key.addressHash) } }
  }

  /// The address hashes of the answers written in this run: a refresh writes a few dozen, and a
  /// file whose rows cite none of them may still take its lineage memo.
  private let writtenHashes = Mutex(Set<Int>())
  var writtenAddressHashes: Set<Int> { writtenHashes.withLock { $0 } }

  func facts(for key: AnswerKey) -> AnswerFacts? {
    stripe(key).records.withLock { $0[key]?.facts }
  }

  func withFacts(for key: AnswerKey, _ body: (borrowing AnswerFacts) -> Void) -> Bool {
    guard let kept = stripe(key).records.withLock({ $0[key] }) else { return false }
    body(kept.facts)
    return true
  }

  /// How many answers are kept.
  var count: Int { stripes.reduce(0) { n, s in n + s.records.withLock { $0.count } } }

  /// Drops every answer `matches` picks (removals are rare: a scan is fine).
  func forget(where matches: (AnswerFacts) -> Bool) {
    for s in stripes { s.records.withLock { $0 = $0.filter { !matches($0.value.facts) } } }
  }
}
