import Foundation

/// An HTTP/1.x message as a WARC record holds it: the start line, the header fields in order, and
/// the payload exactly as it crossed the wire (still chunked or compressed, when it was).
public struct HTTPMessage: Sendable {
  /// `GET /path HTTP/1.1` or `HTTP/1.1 200 OK`.
  public var startLine: String
  public var fields: [(name: String, value: String)]
  public var payload: [UInt8]

  public init(startLine: String, fields: [(name: String, value: String)], payload: [UInt8]) {
    self.startLine = startLine
    self.fields = fields
    self.payload = payload
  }

  public func field(_ name: String) -> String? {
    let n = name.lowercased()
    return fields.first { $0.name.lowercased() == n }?.value
  }

  /// A response's status code, or nil for a request or an unreadable status line.
  public var status: Int? {
    let parts = startLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let s = Int(parts[1]), (100...999).contains(s) else {
      return nil
    }
    return s
  }

  /// A request's method (`GET`, `HEAD`), or nil for a response.
  public var method: String? {
    guard !startLine.hasPrefix("HTTP/") else { return nil }
    return startLine.split(separator: " ").first.map(String.init)
  }

  /// Splits a record block at the blank line after the headers. A block with no blank line is all
  /// headers (some writers store a HEAD answer that way).
  public static func parse(_ block: [UInt8], offset: Int) throws(WARCError) -> HTTPMessage {
    var i = 0
    let end = block.count
    var lines: [String] = []
    var bodyStart = end
    while i < end {
      var j = i
      while j < end, block[j] != 10 { j += 1 }
      let stop = j > i && block[j - 1] == 13 ? j - 1 : j
      let text = String(decoding: block[i..<stop], as: UTF8.self)
      if j >= end {
        if !text.isEmpty { lines.append(text) }
        i = end
        break
      }
      i = j + 1
      if text.isEmpty {
        bodyStart = i
        break
      }
      lines.append(text)
    }
    guard let start = lines.first, !start.isEmpty else { throw .badHTTP(offset: offset, what: "no start line") }
    var fields: [(name: String, value: String)] = []
    for l in lines.dropFirst() {
      if l.first == " " || l.first == "\t", let last = fields.popLast() {
        fields.append((last.name, last.value + " " + l.trimmingCharacters(in: .whitespaces)))
        continue
      }
      guard let colon = l.firstIndex(of: ":") else {
        throw .badHTTP(offset: offset, what: "header line '\(l.prefix(60))' has no colon")
      }
      fields.append((String(l[..<colon]), String(l[l.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
    }
    return HTTPMessage(startLine: start, fields: fields, payload: bodyStart < end ? Array(block[bodyStart...]) : [])
  }

  /// The message as bytes: start line, fields, blank line, payload.
  public func serialized() -> [UInt8] {
    var head = startLine + "\r\n"
    for f in fields { head += f.name + ": " + f.value + "\r\n" }
    head += "\r\n"
    return Array(head.utf8) + payload
  }

  /// The body a client would see: chunked transfer coding undone, then gzip or deflate content
  /// coding undone. `cap` bounds what an inflated body may grow to.
  public func decodedBody(offset: Int, cap: Int) throws(WARCError) -> [UInt8] {
    var body = payload
    if field("Transfer-Encoding")?.lowercased().contains("chunked") == true {
      body = try HTTPMessage.dechunk(payload, offset: offset)
    }
    switch field("Content-Encoding")?.lowercased().trimmingCharacters(in: .whitespaces) {
    case "gzip", "x-gzip", "deflate":
      guard let inflated = GzipMembers.inflateBody(body, cap: cap) else {
        throw .badHTTP(offset: offset, what: "the Content-Encoding'd body does not inflate within \(cap) bytes")
      }
      body = inflated
    default: break
    }
    return body
  }

  /// Undoes `Transfer-Encoding: chunked`: hex sizes (extensions ignored), each chunk followed by CRLF,
  /// ended by a zero chunk and optional trailers.
  static func dechunk(_ bytes: [UInt8], offset: Int) throws(WARCError) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    let end = bytes.count
    while true {
      var j = i
      while j < end, bytes[j] != 10 { j += 1 }
      guard j < end else { throw .badHTTP(offset: offset, what: "a chunk size line has no end") }
      let sizeText =
        String(decoding: bytes[i..<j], as: UTF8.self)
        .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
      guard let size = Int(sizeText, radix: 16), size >= 0 else {
        throw .badHTTP(offset: offset, what: "chunk size '\(sizeText.prefix(20))' is not hexadecimal")
      }
      i = j + 1
      if size == 0 { return out }
      let (stop, overflow) = i.addingReportingOverflow(size)
      guard !overflow, stop <= end else { throw .badHTTP(offset: offset, what: "a chunk runs past the record") }
      out.append(contentsOf: bytes[i..<stop])
      i = stop
      if i < end, bytes[i] == 13 { i += 1 }
      if i < end, bytes[i] == 10 { i += 1 }
    }
  }

  /// The reason phrase we write after a status code.
  public static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 206: "Partial Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 410: "Gone"
    default: "Status"
    }
  }
}
