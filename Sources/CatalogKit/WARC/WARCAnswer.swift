import Foundation

/// One answer a cache holds, in the terms a WARC exchange needs: the request (method and URL) and
/// the response (status, headers, the body as the client saw it, when it was fetched).
public struct WARCAnswer: Sendable {
  public var url: String
  /// `GET` or `HEAD`.
  public var method: String
  public var status: Int
  /// Header names lowercased, in a stable order.
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// ISO 8601 UTC, `2026-12-01T15:00:00Z` (also WARC-Date's form).
  public var date: String
  /// Where a reader found the record whose payload is the body (a revisit's original), so the body
  /// can be read again later instead of kept.
  public var bodyLocation: WARCLocation? = nil

  public init(
    url: String, method: String, status: Int, headers: [(name: String, value: String)], body: [UInt8], date: String
  ) {
    self.url = url
    self.method = method
    self.status = status
    self.headers = headers
    self.body = body
    self.date = date
  }

  public func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
}

extension WARCAnswer {
  /// The request and response records for this answer, request first: the response's
  /// `WARC-Concurrent-To` names the request, a record already read, as wget writes them and as a
  /// verifier reading front to back wants (a pointer forward is "not seen yet" to warcat). Record IDs
  /// are derived from the exchange, so exporting the same cache twice writes the same file.
  public func records(warcinfoID: String, version: WARCVersion = .v11) -> [WARCRecord] {
    let requestID = WARCAnswer.recordID("request \(method) \(url) \(date)")
    let responseID = WARCAnswer.recordID("response \(method) \(url) \(date)")
    let target = WARCAnswer.requestTarget(url)
    let host = URLComponents(string: url)?.percentEncodedHost ?? ""
    let request = HTTPMessage(
      startLine: "\(method) \(target) HTTP/1.1", fields: [("Host", host)], payload: [])
    var fields: [(name: String, value: String)] = []
    for h in headers { fields.append((WARCAnswer.displayName(h.name), h.value)) }
    let response = HTTPMessage(
      startLine: "HTTP/1.1 \(status) \(HTTPMessage.reason(status))", fields: fields, payload: body)
    let requestBlock = request.serialized()
    let responseBlock = response.serialized()
    return [
      WARCRecord(
        version: version.line,
        fields: [
          ("WARC-Type", "request"), ("WARC-Record-ID", requestID), ("WARC-Warcinfo-ID", warcinfoID),
          ("WARC-Target-URI", url), ("WARC-Date", date),
          ("WARC-Block-Digest", WARCDigest.sha1(requestBlock).description),
          ("Content-Type", "application/http;msgtype=request"),
        ], block: requestBlock),
      WARCRecord(
        version: version.line,
        fields: [
          ("WARC-Type", "response"), ("WARC-Record-ID", responseID), ("WARC-Warcinfo-ID", warcinfoID),
          ("WARC-Concurrent-To", requestID), ("WARC-Target-URI", url), ("WARC-Date", date),
          ("WARC-Payload-Digest", WARCDigest.sha1(body).description),
          ("WARC-Block-Digest", WARCDigest.sha1(responseBlock).description),
          ("Content-Type", "application/http;msgtype=response"),
        ], block: responseBlock),
    ]
  }

  /// The `warcinfo` record that opens an export. Its ID is derived from the file's name, version
  /// and date, so the same cache exported under the same name writes the same bytes.
  public static func warcinfo(filename: String, date: String, software: String, version: WARCVersion = .v11)
    -> WARCRecord
  {
    // The fields end with a blank line, as HTTP headers do: warcat reads a warc-fields block as
    // fields, blank line, payload, and warns that the length "changed" when the blank line is missing.
    let block = Array(
      ("software: \(software)\r\nformat: \(version.format)\r\nconformsTo: \(version.specification)\r\n\r\n")
        .utf8)
    let seed = version == .v11 ? "warcinfo \(filename) \(date)" : "warcinfo \(version.line) \(filename) \(date)"
    return WARCRecord(
      version: version.line,
      fields: [
        ("WARC-Type", "warcinfo"), ("WARC-Record-ID", recordID(seed)),
        ("WARC-Filename", filename), ("WARC-Date", date),
        ("WARC-Block-Digest", WARCDigest.sha1(block).description),
        ("Content-Type", "application/warc-fields"),
      ], block: block)
  }

  /// `<urn:uuid:…>` in UUID version 5's shape, from a SHA-256 of the seed.
  static func recordID(_ seed: String) -> String {
    var d = SHA256.digest(Array(seed.utf8)).prefix(16).map { $0 }
    d[6] = (d[6] & 0x0f) | 0x50
    d[8] = (d[8] & 0x3f) | 0x80
    let hex = SHA256.hex(digest: d)
    let parts = [
      hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4),
      hex.dropFirst(20),
    ]
    return "<urn:uuid:" + parts.joined(separator: "-") + ">"
  }

  /// The path and query an HTTP/1.1 request line names.
  static func requestTarget(_ url: String) -> String {
    guard let c = URLComponents(string: url) else { return "/" }
    var t = c.percentEncodedPath.isEmpty ? "/" : c.percentEncodedPath
    if let q = c.percentEncodedQuery { t += "?" + q }
    return t
  }

  /// `content-type` → `Content-Type`, as servers write it.
  static func displayName(_ lower: String) -> String {
    lower.split(separator: "-", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: "-")
  }
}
