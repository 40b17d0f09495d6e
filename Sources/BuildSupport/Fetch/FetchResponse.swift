import Foundation

public enum HTTPMethod: String, Sendable, Codable {
  case get = "GET"
  case head = "HEAD"
}

/// What a request is for; sets the body cap.
public enum RequestKind: String, Sendable, Codable {
  case page, api, file

  var bodyCap: Int {
    switch self {
    case .page: BuildDefaults.pageBodyCap
    case .api: BuildDefaults.apiBodyCap
    case .file: BuildDefaults.fileBodyCap
    }
  }
}

/// An answer from the network or the cache; every status that is an answer (200, 304 resolved,
/// 403, 404, 410…) arrives here. 429, 5xx and transport failures are thrown instead.
public struct FetchResponse: Sendable {
  /// The real URL asked for (never the mirror's).
  public var url: URL
  public var method: HTTPMethod
  public var status: Int
  /// Header names lowercased.
  public var headers: [String: String]
  public var body: [UInt8]
  public var fromCache: Bool

  public init(
    url: URL, method: HTTPMethod, status: Int, headers: [String: String], body: [UInt8], fromCache: Bool
  ) {
    self.url = url
    self.method = method
    self.status = status
    self.headers = headers
    self.body = body
    self.fromCache = fromCache
  }

  public var isSuccess: Bool { (200..<300).contains(status) }
  /// 403, 404 and 410: the thing is not there (and that answer is cached).
  public var isNegative: Bool { [403, 404, 410].contains(status) }

  /// `Content-Length` (a HEAD's size), or the body's length for a GET.
  public var contentLength: Int64? {
    if let v = headers["content-length"], let n = Int64(v.trimmingCharacters(in: .whitespaces)) { return n }
    return method == .get ? Int64(body.count) : nil
  }

  /// The charset the `Content-Type` header names, if any.
  public var charset: String? {
    guard let ct = headers["content-type"]?.lowercased(), let r = ct.range(of: "charset=") else { return nil }
    let v = ct[r.upperBound...].prefix { $0 != ";" && $0 != " " }
    return v.isEmpty ? nil : String(v).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
  }
}
