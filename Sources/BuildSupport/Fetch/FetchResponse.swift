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
  public var body: [UInt8] {
    didSet { bodySHA256 = nil }
  }
  public var fromCache: Bool
  /// The body's SHA-256 (hex) when it is already known: a cached body is checked against its
  /// record's, so the parse cache need not hash it again. Forgotten when the body changes.
  public internal(set) var bodySHA256: String? = nil

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

  /// `Content-Length` (a HEAD's size), or the body's length for a GET. A value that is not a
  /// plausible file size (negative, not a number, several that differ, or over
  /// `BuildDefaults.largestPlausibleFileBytes`) is no size at all: see `contentLengthProblem`.
  public var contentLength: Int64? {
    if let v = headers["content-length"] {
      if case .success(let n) = FetchResponse.readSize(v) { return n }
      return nil
    }
    return method == .get ? Int64(body.count) : nil
  }

  /// Why the `Content-Length` header cannot be used as a size, or nil when it can (or is absent).
  public var contentLengthProblem: String? {
    guard let v = headers["content-length"], case .failure(let problem) = FetchResponse.readSize(v) else {
      return nil
    }
    return problem.description
  }

  /// Why a size header was not taken.
  public struct SizeProblem: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Reads a `Content-Length` value as a server may send it: digits, or a list of identical values
  /// (RFC 9110 8.6), no larger than the plausible ceiling.
  public static func readSize(_ raw: String) -> Result<Int64, SizeProblem> {
    // Plain digits, as nearly every server sends, read on their bytes: a warm rebuild reads 18,000
    // sizes, and splitting and trimming each through Foundation was a tenth of that phase.
    let digits = raw.utf8
    if !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      let n = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
      if n <= BuildDefaults.largestPlausibleFileBytes { return .success(n) }
    }
    let shown = RetryAfter.printable(raw)
    let values = raw.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let first = values.first, values.allSatisfy({ $0 == first }) else {
      return .failure(SizeProblem(description: "Content-Length '\(shown)' holds several different values"))
    }
    guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return .failure(SizeProblem(description: "Content-Length '\(shown)' is not a number of bytes"))
    }
    guard let n = Int64(first), n <= BuildDefaults.largestPlausibleFileBytes else {
      return .failure(
        SizeProblem(
          description:
            "Content-Length '\(shown)' is over \(BuildDefaults.largestPlausibleFileBytes >> 30) GiB, not a plausible file size"
        ))
    }
    return .success(n)
  }

  /// The charset the `Content-Type` header names, if any.
  public var charset: String? {
    guard let ct = headers["content-type"]?.lowercased(), let r = ct.range(of: "charset=") else { return nil }
    let v = ct[r.upperBound...].prefix { $0 != ";" && $0 != " " }
    return v.isEmpty ? nil : String(v).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
  }
}
