import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange, with no caching, retries or redirects: the fetcher decides all of that.
public protocol Transport: Sendable {
  func send(_ request: TransportRequest) async throws -> TransportResponse
}

public struct TransportRequest: Sendable {
  public var url: URL
  public var method: HTTPMethod
  public var headers: [String: String]
  public var timeout: Double
  /// The most body bytes to accept; a transport stops reading past it and says so.
  public var maxBytes: Int

  public init(url: URL, method: HTTPMethod, headers: [String: String], timeout: Double, maxBytes: Int = .max) {
    self.url = url
    self.method = method
    self.headers = headers
    self.timeout = timeout
    self.maxBytes = maxBytes
  }
}

public struct TransportResponse: Sendable {
  public var status: Int
  /// Header names lowercased.
  public var headers: [String: String]
  public var body: [UInt8]
  /// The body went past `maxBytes` and the transfer was stopped; `body` is incomplete.
  public var exceededCap = false

  public init(status: Int, headers: [String: String], body: [UInt8], exceededCap: Bool = false) {
    self.status = status
    self.headers = headers
    self.body = body
    self.exceededCap = exceededCap
  }
}

/// URLSession, the fallback when libcurl's multi interface cannot start, and the baseline in
/// `bench fetch`: its own URL cache and automatic redirects switched off; one shared session per
/// process (sessions that are not shared tie up threads on Linux).
public final class URLSessionTransport: NSObject, Transport, URLSessionTaskDelegate, @unchecked Sendable {
  // @unchecked: `session` is set once, in init (it needs `self` as its delegate, so it cannot be a
  // `let`), before the transport is shared; after that it is only read, and URLSession is thread-safe.
  private var session: URLSession?

  public init(maxConnectionsPerHost: Int) {
    super.init()
    let config = URLSessionConfiguration.ephemeral
    config.urlCache = nil
    config.requestCachePolicy = .reloadIgnoringLocalCacheData
    config.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
    config.timeoutIntervalForRequest = BuildDefaults.requestTimeoutSeconds
    config.httpCookieStorage = nil
    config.httpShouldSetCookies = false
    session = URLSession(configuration: config, delegate: self, delegateQueue: nil)
  }

  public func send(_ request: TransportRequest) async throws -> TransportResponse {
    var r = URLRequest(url: request.url)
    r.httpMethod = request.method.rawValue
    r.timeoutInterval = request.timeout
    r.cachePolicy = .reloadIgnoringLocalCacheData
    for (k, v) in request.headers { r.setValue(v, forHTTPHeaderField: k) }
    guard let session else { throw URLError(.unknown) }
    let (data, response) = try await session.data(for: r)
    guard let http = response as? HTTPURLResponse else {
      throw URLError(.badServerResponse)
    }
    var headers: [String: String] = [:]
    for (k, v) in http.allHeaderFields {
      if let k = k as? String, let v = v as? String { headers[k.lowercased()] = v }
    }
    return TransportResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
  }

  // Redirects come back to the fetcher, which follows them only within the same host.
  public func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
