import Foundation

/// Answers recorded earlier (a build cache, a WARC file) served as a site: the mirror's other
/// source beside a folder laid out as `HOST/PATH`. A GET or HEAD is answered with what was recorded
/// for that method and URL, a HEAD falling back to the GET's headers; validators are honoured, so a
/// refresh against a recording costs what it would against a site that has not changed.
public struct RecordedSite: Sendable {
  public struct Answer: Sendable {
    public var status: Int
    /// Header names as recorded (any case).
    public var headers: [String: String]
    /// The body in hand, or how to read it when asked (a WARC's record, read again from the file:
    /// a recording of any size is served with one body in memory at a time).
    public var body: Body

    public enum Body: Sendable {
      case bytes([UInt8])
      case deferred(@Sendable () throws -> [UInt8])
    }

    public init(status: Int, headers: [String: String], body: [UInt8]) {
      self.status = status
      self.headers = headers
      self.body = .bytes(body)
    }

    public init(status: Int, headers: [String: String], load: @escaping @Sendable () throws -> [UInt8]) {
      self.status = status
      self.headers = headers
      self.body = .deferred(load)
    }
  }

  /// Keyed by `METHOD host/path?query` (host lowercased).
  private var answers: [String: Answer] = [:]

  public init() {}

  public var count: Int { answers.count }

  /// Records an answer for a URL (`https://host/path?q`); a later one for the same method and URL wins.
  public mutating func add(method: String, url: String, _ answer: Answer) {
    guard let key = RecordedSite.key(method: method, url: url) else { return }
    answers[key] = answer
  }

  static func key(method: String, url: String) -> String? {
    guard let c = URLComponents(string: url), let host = c.host?.lowercased() else { return nil }
    let path = c.percentEncodedPath.isEmpty ? "/" : c.percentEncodedPath
    return method.uppercased() + " " + host + path + (c.percentEncodedQuery.map { "?" + $0 } ?? "")
  }

  /// The answer to a request the mirror received, or nil to fall through (a 404 from the mirror).
  public func respond(to request: MirrorRequest) -> MirrorResponse? {
    let target = request.host + (request.path.isEmpty ? "/" : request.path) + (request.query.map { "?" + $0 } ?? "")
    let method = request.method.uppercased()
    guard let a = answers[method + " " + target] ?? (method == "HEAD" ? answers["GET " + target] : nil) else {
      return nil
    }
    var headers: [String: String] = [:]
    for (k, v) in a.headers { headers[RecordedSite.display(k)] = v }
    let etag = headers["ETag"]
    let lastModified = headers["Last-Modified"]
    if (200..<300).contains(a.status) {
      if let asked = request.headers["if-none-match"], let etag, asked == etag || asked == "*" {
        return MirrorResponse(status: 304, headers: etag.isEmpty ? [:] : ["ETag": etag])
      }
      if request.headers["if-none-match"] == nil, let since = request.headers["if-modified-since"],
        let lastModified, since == lastModified
      {
        return MirrorResponse(status: 304, headers: ["Last-Modified": lastModified])
      }
    }
    // A HEAD announces the recorded length without a body; a recorded GET's length is its body's.
    var length: Int? = nil
    if method == "HEAD", let cl = headers["Content-Length"], let n = Int(cl), n >= 0 { length = n }
    headers["Content-Length"] = nil
    var body: [UInt8] = []
    if method != "HEAD" {
      switch a.body {
      case .bytes(let b): body = b
      case .deferred(let load):
        // The recording changed or went away under the mirror: say so rather than serve a cut body.
        guard let b = try? load() else { return MirrorResponse(status: 500, headers: [:]) }
        body = b
      }
    }
    return MirrorResponse(status: a.status, headers: headers, body: body, contentLength: length)
  }

  /// `content-type` → `Content-Type`.
  static func display(_ name: String) -> String {
    if name.lowercased() == "etag" { return "ETag" }
    return name.lowercased().split(separator: "-", omittingEmptySubsequences: false)
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
  }
}

extension SiteMirror {
  /// Serves recorded answers before the folder (if any).
  public func serve(_ site: RecordedSite) {
    route { site.respond(to: $0) }
  }
}
