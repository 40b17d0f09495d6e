import Foundation
import Synchronization

/// The HEAD answers of a cache, `v1/head.log`: JSON Lines, read without decoding every line, so a
/// lookup costs the same in a log of a million lines as in one of a thousand.
///
/// A compacted log opens with a marker line, `{"sortedBytes": N}` (the number padded with spaces to
/// a fixed width, so it can be written last), followed by N bytes of lines holding one live answer
/// per key, sorted by key. Everything after those N bytes is the tail, appended since: one line per
/// answer, later lines winning. A log without the marker (written before compaction existed, or
/// never compacted) is all tail. Readers that predate the marker skip it as a line that is not a
/// record, and read the rest as before.
///
/// Lookups find the key in the tail first (indexed when the log is first read, by scanning each
/// line for its `"key"` field, not by decoding it), then in the sorted part by binary search with
/// `pread`, and decode only the line they return. A small log is read into memory whole instead.
///
/// Appends and compaction share `head.lock`: appenders hold it shared around each write and check
/// first that the log is still the file they opened (compaction renames a new one over it), so a
/// line is never written into a log that has just been replaced.
final class HeadLog: Sendable {
  let path: String
  let lockPath: String
  let temporaryFolder: String
  /// A log up to this size is read into memory whole (a BombJack cache's is about 7 MB).
  let inMemoryLimit: Int
  private let state = Mutex(State())
  /// Held by the one reader making the view.
  private let reading = Mutex(())

  private struct State {
    var view: View?
    /// What this process appended since the view was read (nil: removed): the latest it knows.
    var written: [String: CacheRecord?] = [:]
    var appendFD: Int32 = -1
    var appendInode: ino_t = 0
    var lockFD: Int32 = -1
  }

  /// The marker's fixed width: `{"sortedBytes":` + 20 characters for the number + `}` + newline.
  static let markerPrefix = Array("{\"sortedBytes\":".utf8)
  static let markerLength = markerPrefix.count + 20 + 2
  init(path: String, lockPath: String, temporaryFolder: String, inMemoryLimit: Int = 16 << 20) {
    self.path = path
    self.lockPath = lockPath
    self.temporaryFolder = temporaryFolder
    self.inMemoryLimit = inMemoryLimit
  }

  deinit {
    let fds = state.withLock { [$0.appendFD, $0.lockFD] }
    for fd in fds where fd >= 0 { close(fd) }
  }

  // MARK: Reading

  /// The latest live answer for a key, or nil.
  func record(_ key: String) -> CacheRecord? {
    if let mine = state.withLock({ $0.written[key] }) { return mine }
    let view = currentView()
    guard let line = view.line(for: Array(key.utf8)), let r = CacheRecord.read(line), r.key == key,
      r.removed != true
    else { return nil }
    return r
  }

  /// Every live answer, in key order (this process's own appends included): the sorted part and the
  /// tail merged as they are read, so memory holds the tail's index, not the log.
  func forEachLive(_ body: (CacheRecord) throws -> Void) throws {
    forget()
    let view = currentView()
    try view.forEachLive { line in
      if let r = CacheRecord.read(line), r.removed != true { try body(r) }
    }
  }

  /// Every line of the file as it stands, with its 1-based number (the marker included): for `verify`.
  func forEachLine(_ body: (Int, ArraySlice<UInt8>) throws -> Void) throws {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var n = 0
    try HeadLog.lines(fd, from: 0, to: nil, unterminated: true) { _, line in
      n += 1
      try body(n, line)
    }
  }

  /// Whether a line is the compacted log's marker.
  static func isMarker(_ line: ArraySlice<UInt8>) -> Bool { line.starts(with: markerPrefix) }

  /// How many bytes of tail the log has now (all of it when it was never compacted): read afresh,
  /// as this process's view may predate its own appends.
  func tailBytes() -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return 0 }
    let size = Int(st.st_size)
    return size - View.sortedPart(View.read(fd, at: 0, count: HeadLog.markerLength), size: size).end
  }

  /// The sorted part is in strictly increasing key order (a hand-edited log may not be; lookups
  /// would then miss).
  func sortedPartIsInOrder() -> Bool {
    forget()
    return currentView().sortedPartIsInOrder()
  }

  private func currentView() -> View {
    if let v = state.withLock({ $0.view }) { return v }
    // Read outside the state's lock (a large log takes a while, and appends go on meanwhile), by
    // one reader: lookups on both cores at once otherwise each read and indexed the whole log.
    return reading.withLock { _ in
      if let v = state.withLock({ $0.view }) { return v }
      let v = View(path: path, inMemoryLimit: inMemoryLimit)
      return state.withLock { s in
        if let existing = s.view { return existing }
        s.view = v
        return v
      }
    }
  }

  /// Drops the view and the appending descriptor (after the log was rewritten).
  func forget() {
    let fd = state.withLock { s in
      let fd = s.appendFD
      s.view = nil
      s.written = [:]
      s.appendFD = -1
      return fd
    }
    if fd >= 0 { close(fd) }
  }

  // MARK: Appending

  func append(_ record: CacheRecord) throws {
    var line = record.jsonLine()
    line.append(0x0A)
    let path = self.path
    let lockPath = self.lockPath
    try state.withLock { s in
      if s.lockFD < 0 {
        s.lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard s.lockFD >= 0 else { throw IOFailure(path: lockPath, operation: "open", errno: errno) }
      }
      let lock = s.lockFD
      flock(lock, LOCK_SH)
      defer { flock(lock, LOCK_UN) }
      var st = stat()
      if s.appendFD >= 0, stat(path, &st) != 0 || st.st_ino != s.appendInode {
        // Compacted (renamed over) by another process since it was opened: write to the new file.
        close(s.appendFD)
        s.appendFD = -1
      }
      if s.appendFD < 0 {
        s.appendFD = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard s.appendFD >= 0 else { throw IOFailure(path: path, operation: "open for appending", errno: errno) }
        var own = stat()
        fstat(s.appendFD, &own)
        s.appendInode = own.st_ino
      }
      // One write with O_APPEND: concurrent appenders never interleave.
      guard writeAll(line, to: s.appendFD) else { throw IOFailure(path: path, operation: "append", errno: errno) }
      if let key = record.key { s.written[key] = record.removed == true ? .some(nil) : .some(record) }
    }
  }

  // MARK: Compacting

  /// What a compaction keeps.
  struct Filter {
    /// Keys to leave out.
    var dropping: Set<String> = []
    /// Leave out answers fetched before this (`YYYY-MM-DDTHH:MM:SSZ`, compared as text).
    var fetchedBefore: String? = nil
    /// Decode every line and leave out what is misfiled or claims an implausible size; without it
    /// only the tail's lines (decoded anyway) are checked, and the sorted part is copied as it is.
    var checkEveryLine = false
  }

  /// Rewrites the log as one sorted line per live answer (atomically: a new file renamed over it),
  /// holding the lock so no append is lost. Returns the answers left out by `fetchedBefore`.
  @discardableResult
  func compact(_ filter: Filter, isSound: (CacheRecord) -> Bool) throws -> Int {
    guard FileManager.default.fileExists(atPath: path) else { return 0 }
    try Folders.create(temporaryFolder, role: "the cache's folder for temporary files")
    return try whileLocked {
      var view = View(path: path, inMemoryLimit: inMemoryLimit)
      // A sorted part out of order (edited by hand) cannot be merged: its lines are read as a tail.
      if !view.sortedPartIsInOrder() { view = View(path: path, inMemoryLimit: inMemoryLimit, allTail: true) }
      let tmp = temporaryFolder + "/head.log.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      let out = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard out >= 0 else { throw IOFailure(path: tmp, operation: "create", errno: errno) }
      let dropped: Int
      do {
        dropped = try writeSorted(view, filter, isSound: isSound, to: out, named: tmp)
      } catch {
        close(out)
        unlink(tmp)
        throw error
      }
      close(out)
      guard rename(tmp, path) == 0 else {
        let e = errno
        unlink(tmp)
        throw IOFailure(path: path, operation: "rename into place", errno: e)
      }
      forget()
      return dropped
    }
  }

  /// Runs `body` holding the log's lock, so no append is lost to a rewrite.
  private func whileLocked<T>(_ body: () throws -> T) throws -> T {
    let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard lock >= 0 else { throw IOFailure(path: lockPath, operation: "open", errno: errno) }
    defer { close(lock) }
    flock(lock, LOCK_EX)
    defer { flock(lock, LOCK_UN) }
    return try body()
  }

  /// Writes the marker and every live answer the filter keeps, in order, then the marker again with
  /// the sorted part's length. Returns how many answers `fetchedBefore` left out.
  private func writeSorted(
    _ view: View, _ filter: Filter, isSound: (CacheRecord) -> Bool, to out: Int32, named tmp: String
  ) throws -> Int {
    var written = 0
    var dropped = 0
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20)
    func flush() throws {
      guard writeAll(buffer, to: out) else { throw IOFailure(path: tmp, operation: "write", errno: errno) }
      buffer.removeAll(keepingCapacity: true)
    }
    buffer += HeadLog.marker(0)
    let tailChecked: (ArraySlice<UInt8>) -> Bool = { line in
      guard let r = CacheRecord.read(line), r.removed != true else { return false }
      return isSound(r)
    }
    try view.forEachLive(tailChecked: tailChecked) { line in
      guard let key = HeadLog.key(in: line) else { return }
      if filter.dropping.contains(String(decoding: key, as: UTF8.self)) { return }
      if filter.checkEveryLine {
        guard let r = CacheRecord.read(line), r.removed != true, isSound(r) else { return }
      }
      if let before = filter.fetchedBefore, let f = HeadLog.field("fetched", in: line),
        HeadLog.isTimestamp(f), f.lexicographicallyPrecedes(Array(before.utf8))
      {
        dropped += 1
        return
      }
      buffer += line
      buffer.append(0x0A)
      written += line.count + 1
      if buffer.count >= 1 << 20 { try flush() }
    }
    try flush()
    let marker = HeadLog.marker(written)
    guard marker.withUnsafeBytes({ pwrite(out, $0.baseAddress, $0.count, 0) }) == marker.count else {
      throw IOFailure(path: tmp, operation: "write", errno: errno)
    }
    return dropped
  }

  static func marker(_ sortedBytes: Int) -> [UInt8] {
    let n = String(sortedBytes)
    return markerPrefix + Array((String(repeating: " ", count: max(0, 20 - n.count)) + n).utf8) + [0x7D, 0x0A]
  }

  // MARK: Scanning lines by hand

  /// The raw value of a top-level string field as this log writes it (`"name":"value"`, no escapes
  /// inside: keys are hex, dates digits), found without decoding the line. In JSON every `"` inside
  /// a string is escaped, so `"name":"` can only be a real key; the log's only nested object,
  /// `headers`, holds none of the names looked for.
  static func field(_ name: String, in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    field(needle: Array("\"\(name)\":\"".utf8), in: line)
  }

  /// `"key":"`, made once: every lookup's binary search reads the key of each line it lands on.
  static let keyNeedle = Array("\"key\":\"".utf8)

  /// The key of a line (see `field`).
  static func key(in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? { field(needle: keyNeedle, in: line) }

  private static func field(needle: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard line.count > needle.count, let first = needle.first else { return nil }
    var i = line.startIndex
    let last = line.endIndex - needle.count
    while i <= last {
      if line[i] == first, line[i..<(i + needle.count)].elementsEqual(needle) {
        let start = i + needle.count
        var j = start
        while j < line.endIndex, line[j] != 0x22 {
          if line[j] == 0x5C { return nil }
          j += 1
        }
        return j < line.endIndex ? line[start..<j] : nil
      }
      i += 1
    }
    return nil
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`: the one form compared as text (it sorts as the time does).
  static func isTimestamp(_ s: ArraySlice<UInt8>) -> Bool {
    let form = Array("0000-00-00T00:00:00Z".utf8)
    guard s.count == form.count else { return false }
    return zip(s, form).allSatisfy { b, f in f == 0x30 ? (0x30...0x39).contains(b) : b == f }
  }

  /// Calls `body` with each complete line of `fd` between two offsets (to the end without `to`),
  /// read in large blocks; a last line without its newline (a torn append) is left out, unless
  /// `unterminated` (for `verify`, which names it).
  static func lines(
    _ fd: Int32, from: Int, to: Int?, unterminated: Bool = false, _ body: (Int, ArraySlice<UInt8>) throws -> Void
  ) throws {
    var offset = from
    var carry: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 20)
    while to.map({ offset < $0 }) ?? true {
      let want = min(block.count, (to ?? Int.max) - offset)
      let n = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset)) }
      if n <= 0 { break }
      var start = 0
      var lineOffset = offset - carry.count
      for i in 0..<n where block[i] == 0x0A {
        if carry.isEmpty {
          try body(lineOffset, block[start..<i])
        } else {
          carry += block[start..<i]
          try body(lineOffset, carry[...])
          carry.removeAll(keepingCapacity: true)
        }
        start = i + 1
        lineOffset = offset + start
      }
      carry += block[start..<n]
      offset += n
    }
    if unterminated, !carry.isEmpty { try body(offset - carry.count, carry[...]) }
  }
}

extension HeadLog {
  /// One reading of the log: where its sorted part is, and where the tail's latest line for each
  /// key starts. Immutable once made; the descriptor stays open for lookups and is closed with it.
  final class View: Sendable {
    let sortedStart: Int
    let sortedEnd: Int
    let size: Int
    /// Each tail key's latest line: offset and length.
    let tail: [String: Span]
    /// Each sorted line by key, for a log held in memory whose sorted part is in strictly
    /// increasing key order (so each key is there once, and the binary search would find exactly
    /// this line): 18,000 size lookups of a BombJack build each searched the part anew. Nil
    /// otherwise, and the binary search answers.
    let sortedIndex: [String: Span]?
    /// The whole file, when small enough to hold.
    let bytes: [UInt8]?
    let fd: Int32

    struct Span: Sendable {
      var offset: Int
      var length: Int
    }

    /// A line the binary search looked at, by the midpoint it looked from: every lookup takes the
    /// same first steps, so after the first few the upper levels cost no read.
    struct Probe: Sendable {
      var start: Int
      var end: Int
      var key: [UInt8]
    }
    private let probes = Mutex([Int: Probe]())
    /// Enough for the upper levels of the searches of a whole build, a few hundred kilobytes.
    static let probeMemoLimit = 8192

    var tailBytes: Int { size - sortedEnd }

    init(path: String, inMemoryLimit: Int, allTail: Bool = false) {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      self.fd = fd
      var st = stat()
      let size = fd >= 0 && fstat(fd, &st) == 0 ? Int(st.st_size) : 0
      self.size = size
      var bytes: [UInt8]? = nil
      if fd >= 0, size <= inMemoryLimit {
        let all = View.read(fd, at: 0, count: size)
        bytes = all
      }
      self.bytes = bytes
      // The marker, when the log was compacted.
      let head =
        bytes.map { Array($0.prefix(HeadLog.markerLength)) } ?? View.read(fd, at: 0, count: HeadLog.markerLength)
      var (sortedStart, sortedEnd) = View.sortedPart(head, size: size)
      if allTail { (sortedStart, sortedEnd) = (0, 0) }
      self.sortedStart = sortedStart
      self.sortedEnd = sortedEnd
      var tail: [String: Span] = [:]
      func index(_ offset: Int, _ line: ArraySlice<UInt8>) {
        guard let key = HeadLog.key(in: line) else { return }
        tail[String(decoding: key, as: UTF8.self)] = Span(offset: offset, length: line.count)
      }
      if let bytes {
        var start = sortedEnd
        var i = sortedEnd
        while i < bytes.count {
          if bytes[i] == 0x0A {
            index(start, bytes[start..<i])
            start = i + 1
          }
          i += 1
        }
      } else if fd >= 0 {
        try? HeadLog.lines(fd, from: sortedEnd, to: nil) { index($0, $1) }
      }
      self.tail = tail
      var sortedIndex: [String: Span]? = nil
      if let bytes {
        var index: [String: Span] = [:]
        var last: ArraySlice<UInt8>? = nil
        var ordered = true
        var start = sortedStart
        while ordered, start < sortedEnd {
          let end = bytes[start..<sortedEnd].firstIndex(of: 0x0A) ?? sortedEnd
          if end > start, let k = HeadLog.key(in: bytes[start..<end]) {
            if let last, !last.lexicographicallyPrecedes(k) { ordered = false }
            index[String(decoding: k, as: UTF8.self)] = Span(offset: start, length: end - start)
            last = k
          }
          start = end + 1
        }
        if ordered { sortedIndex = index }
      }
      self.sortedIndex = sortedIndex
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Where the sorted part lies, from the file's first bytes: empty (at 0) without a marker.
    static func sortedPart(_ head: [UInt8], size: Int) -> (start: Int, end: Int) {
      guard head.count == HeadLog.markerLength, head.starts(with: HeadLog.markerPrefix), head.last == 0x0A,
        let n = Int(
          String(decoding: head[HeadLog.markerPrefix.count..<(HeadLog.markerLength - 2)], as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)), n >= 0
      else { return (0, 0) }
      return (HeadLog.markerLength, min(size, HeadLog.markerLength + n))
    }

    static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8] {
      guard count > 0, fd >= 0 else { return [] }
      var out = [UInt8](repeating: 0, count: count)
      var got = 0
      while got < count {
        let n = out.withUnsafeMutableBytes {
          pread(fd, $0.baseAddress.map { $0 + got }, count - got, off_t(offset + got))
        }
        if n <= 0 { break }
        got += n
      }
      return Array(out.prefix(got))
    }

    func slice(_ offset: Int, _ count: Int) -> ArraySlice<UInt8> {
      if let bytes { return bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)] }
      return View.read(fd, at: offset, count: count)[...]
    }

    /// The latest line for a key: the tail's, else the sorted part's.
    func line(for key: [UInt8]) -> ArraySlice<UInt8>? {
      let name = String(decoding: key, as: UTF8.self)
      if let span = tail[name] { return slice(span.offset, span.length) }
      if let sortedIndex { return sortedIndex[name].map { slice($0.offset, $0.length) } }
      return searchSorted(key)
    }

    /// The first newline at or after `from` and before `end`, read in pieces about a line long.
    private func newline(from: Int, before end: Int) -> Int? {
      var at = from
      while at < end {
        let chunk = slice(at, min(512, end - at))
        if chunk.isEmpty { return nil }
        if let i = chunk.firstIndex(of: 0x0A) { return at + (i - chunk.startIndex) }
        at += chunk.count
      }
      return nil
    }

    /// Binary search of the sorted part by key; the window's lines are scanned once it is small.
    private func searchSorted(_ key: [UInt8]) -> ArraySlice<UInt8>? {
      var lo = sortedStart
      var hi = sortedEnd
      while hi - lo > 4096 {
        let mid = lo + (hi - lo) / 2
        guard let probe = probe(at: mid, before: hi) else { break }
        if probe.key == key { return slice(probe.start, probe.end - probe.start) }
        if probe.key.lexicographicallyPrecedes(key) { lo = probe.end + 1 } else { hi = probe.start }
      }
      // Line by line, without splitting the window into an array of lines first.
      let window = slice(lo, hi - lo)
      var start = window.startIndex
      while start < window.endIndex {
        let end = window[start...].firstIndex(of: 0x0A) ?? window.endIndex
        let line = window[start..<end]
        if !line.isEmpty, HeadLog.key(in: line)?.elementsEqual(key) == true { return line }
        start = end + 1
      }
      return nil
    }

    /// The first whole line after `mid` (and before `hi`) with its key, remembered.
    private func probe(at mid: Int, before hi: Int) -> Probe? {
      if let known = probes.withLock({ $0[mid] }), known.end < hi { return known }
      guard let before = newline(from: mid, before: hi), before + 1 < hi,
        let end = newline(from: before + 1, before: hi)
      else { return nil }
      guard let k = HeadLog.key(in: slice(before + 1, end - before - 1)) else { return nil }
      let p = Probe(start: before + 1, end: end, key: Array(k))
      probes.withLock { if $0.count < View.probeMemoLimit { $0[mid] = p } }
      return p
    }

    func sortedPartIsInOrder() -> Bool {
      var last: ArraySlice<UInt8>? = nil
      var ordered = true
      try? forEachSortedLine { line in
        guard let k = HeadLog.key(in: line) else { return }
        if let last, !last.lexicographicallyPrecedes(k) { ordered = false }
        last = k
      }
      return ordered
    }

    private func forEachSortedLine(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
      if let bytes {
        for line in bytes[sortedStart..<sortedEnd].split(separator: 0x0A) { try body(line) }
      } else {
        try HeadLog.lines(fd, from: sortedStart, to: sortedEnd) { try body($1) }
      }
    }

    /// Every key's latest line in key order: the sorted part merged with the tail (the tail wins).
    /// `tailChecked` decides whether a tail line is kept at all (a removal is not).
    func forEachLive(
      tailChecked: (ArraySlice<UInt8>) -> Bool = { CacheRecord.read($0).map { $0.removed != true } ?? false },
      _ body: (ArraySlice<UInt8>) throws -> Void
    ) throws {
      let tailKeys = tail.keys.sorted()
      var t = 0
      func emitTail(upTo key: ArraySlice<UInt8>?) throws {
        while t < tailKeys.count {
          let k = tailKeys[t]
          if let key, !Array(k.utf8).lexicographicallyPrecedes(key) { return }
          if let span = tail[k] {
            let line = slice(span.offset, span.length)
            if tailChecked(line) { try body(line) }
          }
          t += 1
        }
      }
      try forEachSortedLine { line in
        guard let k = HeadLog.key(in: line) else { return }
        try emitTail(upTo: k)
        if t < tailKeys.count, Array(tailKeys[t].utf8).elementsEqual(k) { return }
        try body(line)
      }
      try emitTail(upTo: nil)
    }
  }
}
