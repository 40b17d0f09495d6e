import CatalogKit
import Foundation

/// What a build keeps beside a catalogue's lineage so the next build can tell, before working it
/// out, that it would come out the same: the SHA-256 of everything the lineage is made from (the
/// rows and their fields, every tag and the facts of each answer it names, the pages drift
/// watches, the source's plan and this executable), and the SHA-256 of the lineage and yields files
/// written from them. A warm rebuild whose inputs are the same finds both files as they were
/// written, so it works out, encodes and compares nothing; anything else (other answers, another
/// executable, a file edited on disk or no memo at all) works the lineage out in full, as before.
struct LineageMemo: Codable, Sendable, Equatable {
  var inputs: String
  var lineage: String
  var yields: String

  /// `<cache>/lineage/<catalogue>.memo.json`.
  static func path(_ o: BuildOptions, _ file: String) -> URL {
    LineageRun.folder(o.cacheDirectory).appendingPathComponent(LineageNames.memo(file))
  }

  /// The memo kept for `file`, or nil when there is none or it does not decode (edited on disk: the
  /// lineage is then worked out in full and the memo written again).
  static func read(_ url: URL) -> LineageMemo? {
    CacheStore.contents(url.path, atMost: maximumBytes).flatMap(decode)
  }

  /// Read through `JSONSerialization`, as the yields are (`LineageYields.decode`), not `Codable`.
  static func decode(_ bytes: [UInt8]) -> LineageMemo? {
    guard let o = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
      let inputs = o["inputs"] as? String, let lineage = o["lineage"] as? String, let yields = o["yields"] as? String
    else { return nil }
    return LineageMemo(inputs: inputs, lineage: lineage, yields: yields)
  }

  func write(to url: URL) throws {
    try AtomicFile.write([UInt8](try MachineJSON.encode(self)), to: url.path)
  }

  /// Three hex digests and their keys: anything larger was not written by a build.
  static let maximumBytes = 4096

  /// Whether the kept lineage and yields are the ones this memo was written with: they are read
  /// and hashed (a walk's are a few hundred kilobytes), so a file cut or edited on disk is never
  /// taken for this build's.
  func matches(inputs: String, lineage: [UInt8]?, yields: [UInt8]?) -> Bool {
    guard inputs == self.inputs, let lineage, let yields else { return false }
    return SHA256.hex(lineage) == self.lineage && SHA256.hex(yields) == self.yields
  }

  /// This executable as a file (device, inode, size, modification time): a lineage is worked out by
  /// code as well as from answers, so a rebuilt tool never takes an older tool's memo. Nil where
  /// the executable cannot be found, and then nothing is memoised.
  static let executable: String? = FileIdentity.of("/proc/self/exe")
}

/// The SHA-256 of a lineage's inputs, fed as typed values (each string with its length, each
/// optional with a mark), so no two different inputs run together into the same bytes. The values
/// are gathered in a buffer and hashed a block at a time: a walk feeds a few hundred thousand.
struct LineageInputs {
  private var sha = SHA256()
  private var buffer: [UInt8] = []

  init() { buffer.reserveCapacity(Self.block + 4096) }

  private static let block = 1 << 16

  mutating func add(_ n: Int) {
    withUnsafeBytes(of: n.littleEndian) { buffer.append(contentsOf: $0) }
    if buffer.count >= Self.block { flush() }
  }

  mutating func add(_ s: String) {
    add(s.utf8.count)
    buffer.append(contentsOf: s.utf8)
  }

  mutating func add(_ s: String?) {
    if let s {
      add(1)
      add(s)
    } else {
      add(0)
    }
  }

  mutating func add(_ n: Int?) {
    add(n == nil ? 0 : 1)
    add(n ?? 0)
  }

  mutating func add(_ b: Bool) { add(b ? 1 : 0) }

  private mutating func flush() {
    sha.update(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  mutating func hex() -> String {
    flush()
    return SHA256.hex(digest: sha.finalize())
  }

  /// An answer as a row's tag names it and every fact the cache kept of it, of which its line is
  /// made (a test holds that none is left out).
  mutating func add(kind: String, method: String, url: String, _ f: borrowing AnswerFacts) {
    add(kind)
    add(method)
    add(url)
    add(f.url)
    add(f.method.rawValue)
    add(f.status)
    add(f.fetched)
    add(f.etag)
    add(f.lastModified)
    add(f.contentLength)
    add(f.bodySHA256)
  }

  /// The source's plan, all of it that attribution and yields read.
  mutating func add(_ plan: LineagePlan) {
    add(plan.kinds.count)
    for k in plan.kinds {
      add(k.name)
      add(k.method)
      add(k.listing)
      add(k.fieldsFromAnyStatus)
      add(k.jointly)
      add(k.fields.count)
      for f in k.fields { add(f) }
    }
    add(plan.declared.count)
    for f in plan.declared { add(f) }
    add(plan.carried.count)
    for f in plan.carried { add(f) }
  }
}
