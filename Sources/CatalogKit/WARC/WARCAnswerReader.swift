import Foundation

/// Turns a WARC's records back into answers a cache can hold, record by record: each response (or
/// revisit) paired with its request's method, its body decoded as a client would see it, and hosts
/// a source did not declare counted and left out. Memory holds the record being read, the few
/// answers still waiting for their request record, and a small index entry per response (where it
/// is, by ID and digest) that a later revisit may name; a revisit's body is read again from its
/// original's place in the file, never kept.
public final class WARCAnswerReader {
  /// What the reader met, by kind; every record is counted once.
  public struct Counts: Sendable, Equatable {
    public var records = 0
    public var responses = 0
    public var revisits = 0
    /// Request records, read for the method of the response they belong to.
    public var requests = 0
    /// Responses and revisits for hosts the caller did not want.
    public var otherHosts = 0
    /// Responses whose request names a method a cache does not hold (a POST).
    public var otherMethods = 0
    /// Records that hold no answer, by WARC-Type (`warcinfo`, `metadata`, a `response` for `dns:`).
    public var skipped: [String: Int] = [:]

    public init() {}

    public var skippedRecords: Int { skipped.values.reduce(0, +) }
  }

  /// How many records after a response its request record may come and still give the method:
  /// wget writes the request first, warcprox and Heritrix right after the response (then metadata).
  static let lookahead = 4
  /// Headers that described the wire form, not the body we keep: dropped once the body is decoded.
  static let wireHeaders: Set<String> = ["transfer-encoding", "content-encoding", "content-length"]

  private let source: any WARCSource
  private let reader: WARCReader
  private let wants: (String) -> Bool
  private let bodyCap: Int
  private let bodies: Bool
  public private(set) var counts = Counts()

  private struct Pending {
    var answer: WARCAnswer
    var recordID: String?
    var concurrentTo: [String]
    var methodKnown: Bool
    var age = 0
  }
  private var pending: [Pending] = []
  /// Methods of request records read before their response, by both IDs the pair may be named by.
  private var methodByRecord: [String: String] = [:]
  // Originals a revisit may point at: by record ID, by payload digest (with and without the target),
  // and by target alone (a `server-not-modified` revisit names no digest). Keys are hashed to 16
  // bytes, so an index entry costs the same for a long URL as for a short one.
  private var byID: [IndexKey: WARCLocation] = [:]
  private var byDigestAndTarget: [IndexKey: WARCLocation] = [:]
  private var byDigest: [IndexKey: WARCLocation] = [:]
  private var byTarget: [IndexKey: WARCLocation] = [:]
  private var ended = false

  /// - Parameters:
  ///   - wants: whether answers for this (lowercased) host belong in the cache.
  ///   - bodyCap: the most a decoded body may hold (a gzip bomb stops here, a longer record is
  ///     refused from its header).
  ///   - bodies: false to read status and headers only (the mirror reads a body when it is asked
  ///     for, from `bodyLocation`).
  public init(_ source: any WARCSource, wants: @escaping (String) -> Bool, bodyCap: Int, bodies: Bool = true) throws {
    self.source = source
    self.wants = wants
    self.bodyCap = bodyCap
    self.bodies = bodies
    reader = try WARCReader(source, blockCap: WARCAnswerReader.blockCap(bodyCap))
  }

  /// A record's block holds the HTTP header and maybe a chunked framing around the body: room for
  /// both above the body cap.
  static func blockCap(_ bodyCap: Int) -> Int {
    let (sum, overflow) = bodyCap.addingReportingOverflow(bodyCap / 8 + (1 << 20))
    return overflow ? .max : sum
  }

  /// The next answer, in file order (a later answer for the same method and URL supersedes an
  /// earlier one), or nil at the end of the file.
  public func next() throws -> WARCAnswer? {
    while true {
      if let first = pending.first, first.methodKnown || first.age >= WARCAnswerReader.lookahead || ended {
        pending.removeFirst()
        var a = first.answer
        switch a.method {
        case "GET": return a
        case "HEAD":
          a.body = []
          return a
        default:
          counts.otherMethods += 1
          continue
        }
      }
      if ended { return nil }
      let record: WARCRecord?
      do {
        record = try reader.next(keepBlock: keepsOverCap)
      } catch WARCError.tooLarge(let offset, let length, _) {
        // The block's cap leaves room for headers; the cap a user knows is the body's.
        throw WARCError.tooLarge(offset: offset, contentLength: length, cap: bodyCap)
      }
      guard let r = record else {
        ended = true
        continue
      }
      counts.records += 1
      for i in pending.indices { pending[i].age += 1 }
      try take(r)
    }
  }

  /// Every answer in a file held in memory, with the counts (tests, the fuzz target, small files).
  public static func read(_ bytes: [UInt8], wants: @escaping (String) -> Bool = { _ in true }, bodyCap: Int) throws
    -> (answers: [WARCAnswer], counts: Counts)
  {
    let reader = try WARCAnswerReader(WARCBytes(bytes), wants: wants, bodyCap: bodyCap)
    var answers: [WARCAnswer] = []
    while let a = try reader.next() { answers.append(a) }
    return (answers, reader.counts)
  }

  /// The body of the response at `location` as a client saw it (for an answer read with `bodies: false`).
  public static func body(at location: WARCLocation, in source: any WARCSource, bodyCap: Int) throws -> [UInt8] {
    try original(at: location, in: source, bodyCap: bodyCap, decode: true).body
  }

  /// An over-cap record is an error only when it would be an answer; any other is read past.
  private func keepsOverCap(_ r: WARCRecord) -> Bool {
    guard r.type == "response" || r.type == "revisit", let t = r.targetURI, WARCAnswerReader.isHTTP(t) else {
      return false
    }
    return wants(WARCAnswerReader.host(t))
  }

  private func take(_ r: WARCRecord) throws {
    switch r.type {
    case "request": takeRequest(r)
    case "response":
      guard let target = r.targetURI, WARCAnswerReader.isHTTP(target) else { return skip(r) }
      try takeResponse(r, target)
    case "revisit":
      guard let target = r.targetURI, WARCAnswerReader.isHTTP(target) else { return skip(r) }
      try takeRevisit(r, target)
    default: skip(r)
    }
  }

  private func skip(_ r: WARCRecord) {
    counts.skipped[r.type.isEmpty ? "untyped" : r.type, default: 0] += 1
  }

  private func takeRequest(_ r: WARCRecord) {
    counts.requests += 1
    // A block read past (over the cap) names no method we can read: not one a cache holds.
    let m = (try? HTTPMessage.parse(r.block, offset: r.offset).method?.uppercased()) ?? "?"
    let belongs = pending.firstIndex { p in
      !p.methodKnown
        && ((p.recordID.map { r.concurrentTo.contains($0) } ?? false)
          || (r.recordID.map { p.concurrentTo.contains($0) } ?? false))
    }
    if let i = belongs {
      pending[i].answer.method = m
      pending[i].methodKnown = true
      return
    }
    if let id = r.recordID { methodByRecord[id] = m }
    for other in r.concurrentTo { methodByRecord[other] = m }
  }

  /// The method of a request record read earlier, consumed.
  private func earlierMethod(_ r: WARCRecord) -> String? {
    var found: String? = nil
    if let id = r.recordID, let m = methodByRecord.removeValue(forKey: id) { found = m }
    for other in r.concurrentTo {
      if let m = methodByRecord.removeValue(forKey: other) { found = found ?? m }
    }
    return found
  }

  private func takeResponse(_ r: WARCRecord, _ target: String) throws {
    counts.responses += 1
    let readPast = r.block.isEmpty && (r.field("Content-Length").flatMap { Int($0) } ?? 0) > 0
    var message: HTTPMessage? = nil
    if !readPast {
      let m = try HTTPMessage.parse(r.block, offset: r.offset)
      guard m.status != nil else {
        throw WARCError.badHTTP(offset: r.offset, what: "status line '\(m.startLine.prefix(60))' is not HTTP/1.x NNN")
      }
      try WARCReader.checkDigest(r, header: "WARC-Payload-Digest", bytes: m.payload)
      message = m
    }
    let digest =
      r.field("WARC-Payload-Digest").map(WARCAnswerReader.normalisedDigest)
      ?? message.map { WARCDigest.sha1($0.payload).description }
    if let id = r.recordID { byID[IndexKey(id)] = r.location }
    if let digest {
      byDigestAndTarget[IndexKey(digest + " " + target)] = r.location
      byDigest[IndexKey(digest)] = r.location
    }
    byTarget[IndexKey(target)] = r.location
    guard wants(WARCAnswerReader.host(target)) else {
      counts.otherHosts += 1
      return
    }
    guard let message, let status = message.status else {
      throw WARCError.tooLarge(offset: r.offset, contentLength: Int(r.field("Content-Length") ?? "") ?? 0, cap: bodyCap)
    }
    let method = earlierMethod(r)
    let body = bodies ? try decoded(message, at: r.offset) : []
    var a = WARCAnswerReader.answer(target, method ?? "GET", status, message, body, r.date)
    a.bodyLocation = r.location
    pending.append(Pending(answer: a, recordID: r.recordID, concurrentTo: r.concurrentTo, methodKnown: method != nil))
  }

  private func takeRevisit(_ r: WARCRecord, _ target: String) throws {
    counts.revisits += 1
    let originalTarget = r.field("WARC-Refers-To-Target-URI") ?? target
    var location: WARCLocation? = nil
    if let refers = r.field("WARC-Refers-To") { location = byID[IndexKey(refers)] }
    if location == nil, let d = r.field("WARC-Payload-Digest").map(WARCAnswerReader.normalisedDigest) {
      location = byDigestAndTarget[IndexKey(d + " " + originalTarget)] ?? byDigest[IndexKey(d)]
    }
    if location == nil, r.field("WARC-Profile")?.contains("server-not-modified") == true {
      location = byTarget[IndexKey(originalTarget)]
    }
    guard let location else { throw WARCError.unresolvedRevisit(offset: r.offset, target: target) }
    guard wants(WARCAnswerReader.host(target)) else {
      counts.otherHosts += 1
      return
    }
    // The revisit's own headers say what the server answered this time; the body is the original's.
    let own = r.block.isEmpty ? nil : try? HTTPMessage.parse(r.block, offset: r.offset)
    var message: HTTPMessage
    var body: [UInt8] = []
    if let own, let s = own.status, s != 304, !bodies {
      message = own
    } else {
      let original = try WARCAnswerReader.original(at: location, in: source, bodyCap: bodyCap, decode: bodies)
      message = original.message
      body = original.body
      if let own, let s = own.status, s != 304 { message = own }
    }
    let method = earlierMethod(r)
    var a = WARCAnswerReader.answer(target, method ?? "GET", message.status ?? 200, message, body, r.date)
    a.bodyLocation = location
    pending.append(Pending(answer: a, recordID: r.recordID, concurrentTo: r.concurrentTo, methodKnown: method != nil))
  }

  private func decoded(_ message: HTTPMessage, at offset: Int) throws -> [UInt8] {
    let body = try message.decodedBody(offset: offset, cap: bodyCap)
    guard body.count <= bodyCap else {
      throw WARCError.tooLarge(offset: offset, contentLength: body.count, cap: bodyCap)
    }
    return body
  }

  /// The response record at `location`, read again: its HTTP message and (when asked) its decoded body.
  private static func original(at location: WARCLocation, in source: any WARCSource, bodyCap: Int, decode: Bool)
    throws -> (message: HTTPMessage, body: [UInt8])
  {
    let reader = try WARCReader(source, at: location, blockCap: blockCap(bodyCap))
    guard let r = try reader.next(), r.type == "response" else {
      throw WARCError.badHeader(offset: location.offset, what: "no response record where the index put one")
    }
    let message = try HTTPMessage.parse(r.block, offset: r.offset)
    guard decode else { return (message, []) }
    let body = try message.decodedBody(offset: r.offset, cap: bodyCap)
    guard body.count <= bodyCap else {
      throw WARCError.tooLarge(offset: r.offset, contentLength: body.count, cap: bodyCap)
    }
    return (message, body)
  }

  private static func answer(
    _ target: String, _ method: String, _ status: Int, _ message: HTTPMessage, _ body: [UInt8], _ date: String?
  ) -> WARCAnswer {
    let decoded = message.field("Transfer-Encoding") != nil || message.field("Content-Encoding") != nil
    var headers: [(name: String, value: String)] = []
    for f in message.fields {
      let n = f.name.lowercased()
      if decoded, wireHeaders.contains(n) { continue }
      headers.append((n, f.value))
    }
    return WARCAnswer(
      url: target, method: method, status: status, headers: headers, body: body, date: normalisedDate(date))
  }

  static func isHTTP(_ target: String) -> Bool {
    let lower = target.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  static func host(_ target: String) -> String { URLComponents(string: target)?.host?.lowercased() ?? "" }

  /// Digests compare in one spelling: `sha1:` + base32 upper case.
  static func normalisedDigest(_ text: String) -> String { WARCDigest.parse(text)?.description ?? text }

  /// WARC-Date to whole seconds in UTC (`2026-12-01T15:00:00.123456Z` → `…:00Z`); the epoch stands
  /// in when the record has none.
  static func normalisedDate(_ date: String?) -> String {
    guard let date, date.count >= 19 else { return date ?? "1970-01-01T00:00:00Z" }
    return String(date.prefix(19)) + "Z"
  }
}

/// An index key: the first 16 bytes of the SHA-256 of a record ID, digest or URL.
private struct IndexKey: Hashable {
  var high: UInt64
  var low: UInt64

  init(_ text: String) {
    let d = SHA256.digest(Array(text.utf8))
    var h: UInt64 = 0
    var l: UInt64 = 0
    for i in 0..<8 {
      h = h << 8 | UInt64(d[i])
      l = l << 8 | UInt64(d[8 + i])
    }
    high = h
    low = l
  }
}
