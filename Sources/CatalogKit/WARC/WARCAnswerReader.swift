import Foundation

/// Turns a WARC's records back into answers a cache can hold: each response (or revisit) paired with
/// its request's method, its body decoded as a client would see it, and hosts a source did not
/// declare counted and left out.
public enum WARCAnswerReader {
  public struct Result: Sendable {
    /// In file order; a later answer for the same method and URL supersedes an earlier one.
    public var answers: [WARCAnswer] = []
    public var responses = 0
    public var revisits = 0
    /// Responses and revisits for hosts the caller did not want.
    public var otherHosts = 0
    /// warcinfo, request, metadata, resource and any other record.
    public var otherRecords = 0
  }

  /// Headers that described the wire form, not the body we keep: dropped once the body is decoded.
  static let wireHeaders: Set<String> = ["transfer-encoding", "content-encoding", "content-length"]

  /// - Parameters:
  ///   - wants: whether answers for this (lowercased) host belong in the cache.
  ///   - bodyCap: the most a decoded body may hold (a gzip bomb stops here).
  public static func read(_ records: [WARCRecord], wants: (String) -> Bool, bodyCap: Int) throws(WARCError)
    -> Result
  {
    // A request names its response by WARC-Concurrent-To, or the response names its request: either
    // way round, the method comes from the request line.
    var methodByRecord: [String: String] = [:]
    for r in records where r.type == "request" {
      guard let m = try? HTTPMessage.parse(r.block, offset: r.offset).method?.uppercased() else { continue }
      if let id = r.recordID { methodByRecord[id] = m }
      for other in r.concurrentTo { methodByRecord[other] = m }
    }
    var out = Result()
    // Originals a revisit may point at: by record ID, and by payload digest (with and without target).
    var byID: [String: Int] = [:]
    var byDigestAndTarget: [String: Int] = [:]
    var byDigest: [String: Int] = [:]
    var originals: [(message: HTTPMessage, body: [UInt8])] = []

    for r in records {
      switch r.type {
      case "response":
        guard let target = r.targetURI, isHTTP(target) else {
          out.otherRecords += 1
          continue
        }
        out.responses += 1
        let message = try HTTPMessage.parse(r.block, offset: r.offset)
        guard let status = message.status else {
          throw .badHTTP(offset: r.offset, what: "status line '\(message.startLine.prefix(60))' is not HTTP/1.x NNN")
        }
        try WARCReader.checkDigest(r, header: "WARC-Payload-Digest", bytes: message.payload)
        let body = try message.decodedBody(offset: r.offset, cap: bodyCap)
        let index = originals.count
        originals.append((message, body))
        if let id = r.recordID { byID[id] = index }
        let digest =
          r.field("WARC-Payload-Digest").map(normalisedDigest) ?? WARCDigest.sha1(message.payload).description
        byDigestAndTarget[digest + " " + target] = index
        byDigest[digest] = index
        guard wants(host(target)) else {
          out.otherHosts += 1
          continue
        }
        let method = method(of: r, methodByRecord)
        out.answers.append(answer(target, method, status, message, body, r.date))
      case "revisit":
        guard let target = r.targetURI, isHTTP(target) else {
          out.otherRecords += 1
          continue
        }
        out.revisits += 1
        var index: Int? = nil
        if let refers = r.field("WARC-Refers-To") { index = byID[refers] }
        if index == nil, let d = r.field("WARC-Payload-Digest").map(normalisedDigest) {
          let original = r.field("WARC-Refers-To-Target-URI") ?? target
          index = byDigestAndTarget[d + " " + original] ?? byDigest[d]
        }
        if index == nil, r.field("WARC-Profile")?.contains("server-not-modified") == true {
          let original = r.field("WARC-Refers-To-Target-URI") ?? target
          index = byDigestAndTarget.first { $0.key.hasSuffix(" " + original) }?.value
        }
        guard let index else { throw .unresolvedRevisit(offset: r.offset, target: target) }
        let original = originals[index]
        guard wants(host(target)) else {
          out.otherHosts += 1
          continue
        }
        // The revisit's own headers say what the server answered this time; the body is the original's.
        let own = r.block.isEmpty ? nil : try? HTTPMessage.parse(r.block, offset: r.offset)
        var message = original.message
        var status = original.message.status ?? 200
        if let own, let s = own.status, s != 304 {
          status = s
          message = own
        }
        out.answers.append(answer(target, method(of: r, methodByRecord), status, message, original.body, r.date))
      default:
        out.otherRecords += 1
      }
    }
    return out
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
      url: target, method: method, status: status, headers: headers, body: method == "HEAD" ? [] : body,
      date: normalisedDate(date))
  }

  private static func method(of r: WARCRecord, _ methods: [String: String]) -> String {
    if let id = r.recordID, let m = methods[id] { return m }
    for other in r.concurrentTo { if let m = methods[other] { return m } }
    return "GET"
  }

  static func isHTTP(_ target: String) -> Bool {
    let lower = target.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  static func host(_ target: String) -> String { URLComponents(string: target)?.host?.lowercased() ?? "" }

  /// Digests compare in one spelling: `sha1:` + base32 upper case.
  static func normalisedDigest(_ text: String) -> String { WARCDigest.parse(text)?.description ?? text }

  /// WARC-Date to whole seconds in UTC (`2026-12-01T15:00:00.123456Z` → `…:00Z`); the import date
  /// stands in when the record has none.
  static func normalisedDate(_ date: String?) -> String {
    guard let date, date.count >= 19 else { return date ?? "1970-01-01T00:00:00Z" }
    return String(date.prefix(19)) + "Z"
  }
}
