import CatalogKit
import Foundation

/// The cache's entries in export order (URL, then method) without holding them all: the records
/// are read once, streamed, and kept as sorted runs of `runLength` entries; a cache larger than
/// one run spills each run to a file and merges the files back. An export used to sort every
/// record in memory, so its memory grew with the cache (640 MB at 500,000 entries); now it is a
/// run's worth at most, whatever the cache holds.
final class WARCExportOrder {
  /// One entry as the merge carries it: the sort key, where the record lives, and the record.
  struct Entry {
    var url: String
    var method: String
    var path: String
    var record: CacheRecord

    static func < (a: Entry, b: Entry) -> Bool { (a.url, a.method, a.path) < (b.url, b.method, b.path) }
  }

  let runLength: Int
  /// The newest fetch time among the entries, for the warcinfo's date.
  private(set) var newest: String?
  private(set) var count = 0
  /// Runs spilled to disk, in the order written; empty when everything fit in `last`.
  private var runFiles: [String] = []
  /// The run not spilled.
  private var last: [Entry] = []
  private var folder: String?

  /// Reads every record `hosts` keeps (all when nil).
  init(_ store: CacheStore, hosts: ((String) -> Bool)?, runLength: Int = 20_000) throws {
    self.runLength = max(1, runLength)
    var failure: (any Error)?
    store.forEachRecord { path, record in
      guard failure == nil, let host = URL(string: record.url)?.host?.lowercased(), hosts.map({ $0(host) }) ?? true
      else { return }
      if newest.map({ record.fetched > $0 }) ?? true { newest = record.fetched }
      last.append(Entry(url: record.url, method: record.method.rawValue, path: path, record: record))
      count += 1
      if last.count >= self.runLength {
        do { try spill() } catch { failure = error }
      }
    }
    if let failure {
      remove()
      throw failure
    }
    last.sort(by: <)
    if !runFiles.isEmpty && !last.isEmpty { try spill() }
  }

  deinit { remove() }

  /// The temporary runs removed (also when the order is dropped).
  func remove() {
    if let folder { try? FileManager.default.removeItem(atPath: folder) }
    folder = nil
  }

  private func spill() throws {
    last.sort(by: <)
    let dir: String
    if let folder {
      dir = folder
    } else {
      dir =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "shelfmark-export-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
      try Folders.create(dir, role: "the export's sorting folder")
      folder = dir
    }
    var bytes: [UInt8] = []
    for e in last {
      for field in [Array(e.path.utf8), e.record.jsonLine()] {
        bytes += Array("\(field.count):".utf8)
        bytes += field
      }
    }
    let file = dir + "/run-\(runFiles.count)"
    try AtomicFile.write(bytes, to: file)
    runFiles.append(file)
    last.removeAll(keepingCapacity: true)
  }

  /// Every entry, in order.
  func inOrder(_ body: (Entry) throws -> Void) throws {
    if runFiles.isEmpty {
      for e in last { try body(e) }
      return
    }
    var readers = try runFiles.map { try RunReader(path: $0) }
    var heads: [Entry?] = try readers.indices.map { try readers[$0].next() }
    // A linear pick among the runs' heads: a million entries make fifty runs.
    while true {
      var best: Int?
      for (i, h) in heads.enumerated() {
        guard let h else { continue }
        if let b = best, let current = heads[b], !(h < current) { continue }
        best = i
      }
      guard let b = best, let e = heads[b] else { return }
      try body(e)
      heads[b] = try readers[b].next()
    }
  }

  /// One spilled run, read back a block at a time.
  struct RunReader {
    let fd: Int32
    var buffer: [UInt8] = []
    var at = 0
    var ended = false

    init(path: String) throws {
      fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { throw IOFailure(path: path, operation: "open", errno: errno) }
    }

    mutating func next() throws -> Entry? {
      guard let path = try field() else {
        close(fd)
        return nil
      }
      guard let line = try field(), let record = CacheRecord.read(line) else {
        throw IOFailure(path: "an export's sorting run", operation: "read back", errno: EIO)
      }
      return Entry(
        url: record.url, method: record.method.rawValue, path: String(decoding: path, as: UTF8.self), record: record)
    }

    /// `<length>:<bytes>`, or nil at the end of the run.
    private mutating func field() throws -> [UInt8]? {
      var n = 0
      var digits = 0
      while true {
        guard let b = try byte() else {
          if digits == 0 { return nil }
          throw IOFailure(path: "an export's sorting run", operation: "read back", errno: EIO)
        }
        if b == UInt8(ascii: ":") { break }
        n = n * 10 + Int(b &- 0x30)
        digits += 1
      }
      var out: [UInt8] = []
      out.reserveCapacity(n)
      while out.count < n {
        if at == buffer.count, !(try refill()) {
          throw IOFailure(path: "an export's sorting run", operation: "read back", errno: EIO)
        }
        let take = min(n - out.count, buffer.count - at)
        out += buffer[at..<(at + take)]
        at += take
      }
      return out
    }

    private mutating func byte() throws -> UInt8? {
      if at == buffer.count, !(try refill()) { return nil }
      defer { at += 1 }
      return buffer[at]
    }

    private mutating func refill() throws -> Bool {
      guard !ended else { return false }
      var block = [UInt8](repeating: 0, count: 1 << 16)
      let n = block.withUnsafeMutableBytes { b in b.baseAddress.map { Foundation.read(fd, $0, b.count) } ?? 0 }
      guard n >= 0 else { throw IOFailure(path: "an export's sorting run", operation: "read", errno: errno) }
      if n == 0 {
        ended = true
        return false
      }
      buffer = Array(block[..<n])
      at = 0
      return true
    }
  }
}
