import CCurl
import Foundation
import Synchronization

/// HTTP over libcurl's multi interface: one thread drives every transfer of the process, and
/// connections to a host are kept alive between requests.
///
/// Measured with `bench fetch` on loopback, URLSession managed about a quarter of curl's own HEAD
/// rate; this transport is the reason the fetcher stays within 2x of curl.
public final class CurlTransport: Transport, @unchecked Sendable {
  // @unchecked: the multi handle is a raw pointer used only by the loop thread (and by
  // curl_multi_wakeup, which libcurl documents as callable from any thread); what callers hand to
  // the loop goes through `inbox`, a Mutex.

  /// The one transport of the process. Per-host limits are the fetcher's gates; libcurl's own cap
  /// is set to the highest `--jobs` so it never queues behind them.
  public static let shared: Transport =
    CurlTransport(maxConnectionsPerHost: BuildDefaults.maxJobs)
    ?? URLSessionTransport(maxConnectionsPerHost: BuildDefaults.maxJobs)

  private static let initialised: Bool = {
    curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    return true
  }()

  /// Hosts never reached through a proxy: whatever `no_proxy` says, plus loopback, so a proxy set up
  /// for the real sites is never asked for a `--mirror` on 127.0.0.1.
  static let noProxy: String = {
    let env = ProcessInfo.processInfo.environment
    let given = env["no_proxy"] ?? env["NO_PROXY"] ?? ""
    return ([given] + ["localhost", "127.0.0.1", "::1"]).filter { !$0.isEmpty }.joined(separator: ",")
  }()

  private let multi: UnsafeMutableRawPointer
  /// Transfers handed over by callers and not yet started by the loop.
  private let inbox = Mutex(Inbox())

  private struct Inbox {
    var pending: [Exchange] = []
    /// Transfers whose task was cancelled: the loop aborts them (in flight or not yet started).
    var cancelled: [Exchange] = []
  }

  /// Nil when libcurl cannot make a multi handle (out of memory).
  public init?(maxConnectionsPerHost: Int) {
    _ = CurlTransport.initialised
    guard let m = curl_multi_init() else { return nil }
    multi = m
    _ = shelfmark_curlm_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost)
    _ = shelfmark_curlm_set_long(multi, CURLMOPT_MAXCONNECTS, 64)
    let t = Thread { [unowned self] in self.loop() }
    t.name = "shelfmark-curl"
    t.start()
  }

  /// Cancelling the calling task (a failed batch, `--max-time`, SIGTERM) aborts the transfer: the
  /// loop removes it from libcurl and the call throws `CancellationError`.
  public func send(_ request: TransportRequest) async throws -> TransportResponse {
    let exchange = Exchange(request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { c in
        exchange.continuation = c
        inbox.withLock { $0.pending.append(exchange) }
        curl_multi_wakeup(multi)
      }
    } onCancel: {
      inbox.withLock { $0.cancelled.append(exchange) }
      curl_multi_wakeup(multi)
    }
  }

  /// One transfer: the request, what has arrived so far, and who waits for it. Handed from the
  /// caller to the loop thread once, through the inbox, and touched only by that thread after.
  final class Exchange: @unchecked Sendable {
    let request: TransportRequest
    var status = 0
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var exceededCap = false
    /// Body bytes the server sent past the cap are not read: the write callback returns short.
    var bodyCap: Int { request.maxBytes }
    var continuation: CheckedContinuation<TransportResponse, Error>?
    /// The easy handle while libcurl runs the transfer (touched by the loop thread only).
    var easy: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl's own sentence about a failure ("Failed to connect to … : Connection refused").
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init(_ r: TransportRequest) {
      request = r
      errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit { errorBuffer.deallocate() }
  }

  private func loop() {
    var running: Int32 = 0
    while true {
      let (batch, cancelled) = inbox.withLock { box in
        let taken = (box.pending, box.cancelled)
        box.pending.removeAll()
        box.cancelled.removeAll()
        return taken
      }
      let gone = Set(cancelled.map(ObjectIdentifier.init))
      for ex in batch {
        if gone.contains(ObjectIdentifier(ex)) {
          ex.continuation?.resume(throwing: CancellationError())
          ex.continuation = nil
        } else {
          start(ex)
        }
      }
      for ex in cancelled { abort(ex) }
      curl_multi_perform(multi, &running)
      var left: Int32 = 0
      while let msg = curl_multi_info_read(multi, &left) {
        guard shelfmark_curlmsg_done(msg) != 0, let easy = shelfmark_curlmsg_handle(msg) else { continue }
        finish(easy, result: shelfmark_curlmsg_result(msg))
      }
      curl_multi_poll(multi, nil, 0, 1000, nil)
    }
  }

  private func start(_ ex: Exchange) {
    guard let easy = curl_easy_init() else {
      ex.continuation?.resume(
        throwing: TransportError(url: ex.request.url, message: "curl_easy_init failed", answered: false))
      return
    }
    let r = ex.request
    _ = shelfmark_curl_set_str(easy, CURLOPT_URL, r.url.absoluteString)
    _ = shelfmark_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
    _ = shelfmark_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
    _ = shelfmark_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Int(r.timeout * 1000))
    _ = shelfmark_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, 15_000)
    _ = shelfmark_curl_set_long(easy, CURLOPT_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS))
    _ = shelfmark_curl_set_str(easy, CURLOPT_NOPROXY, CurlTransport.noProxy)
    _ = shelfmark_curl_set_ptr(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(ex.errorBuffer))
    if r.method == .head {
      _ = shelfmark_curl_set_long(easy, CURLOPT_NOBODY, 1)
    } else {
      _ = shelfmark_curl_set_long(easy, CURLOPT_HTTPGET, 1)
    }
    var list: UnsafeMutablePointer<curl_slist>? = nil
    for (k, v) in r.headers.sorted(by: { $0.key < $1.key }) {
      if k.lowercased() == "user-agent" {
        _ = shelfmark_curl_set_str(easy, CURLOPT_USERAGENT, v)
      } else {
        list = curl_slist_append(list, "\(k): \(v)")
      }
    }
    // libcurl would otherwise add `Accept: */*` only; pages and APIs both accept anything.
    ex.headerList = list
    if let list { _ = shelfmark_curl_set_ptr(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list)) }
    let context = Unmanaged.passRetained(ex).toOpaque()
    _ = shelfmark_curl_set_ptr(easy, CURLOPT_PRIVATE, context)
    _ = shelfmark_curl_set_ptr(easy, CURLOPT_WRITEDATA, context)
    _ = shelfmark_curl_set_ptr(easy, CURLOPT_HEADERDATA, context)
    _ = shelfmark_curl_set_write(easy, CurlTransport.onBody)
    _ = shelfmark_curl_set_header(easy, CurlTransport.onHeader)
    ex.easy = easy
    curl_multi_add_handle(multi, easy)
  }

  /// Stops a transfer whose task was cancelled; one already finished (or never started) is left be.
  private func abort(_ ex: Exchange) {
    guard let easy = ex.easy, ex.continuation != nil else { return }
    // The handle's private pointer holds the retain `start` took; `finish` would release it.
    if let raw = shelfmark_curl_private(easy) { Unmanaged<Exchange>.fromOpaque(raw).release() }
    curl_multi_remove_handle(multi, easy)
    curl_easy_cleanup(easy)
    ex.easy = nil
    if let l = ex.headerList { curl_slist_free_all(l) }
    ex.headerList = nil
    ex.continuation?.resume(throwing: CancellationError())
    ex.continuation = nil
  }

  private func finish(_ easy: UnsafeMutableRawPointer, result: CURLcode) {
    guard let raw = shelfmark_curl_private(easy) else { return }
    let ex = Unmanaged<Exchange>.fromOpaque(raw).takeRetainedValue()
    ex.easy = nil
    let status = shelfmark_curl_status(easy)
    let osErrno = Int32(truncatingIfNeeded: shelfmark_curl_os_errno(easy))
    curl_multi_remove_handle(multi, easy)
    curl_easy_cleanup(easy)
    if let l = ex.headerList { curl_slist_free_all(l) }
    if result == CURLE_OK || ex.exceededCap {
      ex.continuation?.resume(
        returning: TransportResponse(status: status, headers: ex.headers, body: ex.body, exceededCap: ex.exceededCap))
    } else {
      let detail = String(cString: ex.errorBuffer)
      let message = CurlTransport.cause(
        result, osErrno: osErrno, detail: detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail)
      ex.continuation?.resume(
        throwing: TransportError(
          url: ex.request.url, message: message,
          answered: status > 0 && (result == CURLE_PARTIAL_FILE || result == CURLE_RECV_ERROR)))
    }
    ex.continuation = nil
  }

  /// A failure in the words a person looks for first ("connection refused", "timed out", "could not
  /// resolve host"), then libcurl's own sentence.
  static func cause(_ code: CURLcode, osErrno: Int32, detail: String) -> String {
    let lower = (detail + " " + (osErrno != 0 ? String(cString: strerror(osErrno)) : "")).lowercased()
    let plain: String
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: plain = "could not resolve host"
    case CURLE_COULDNT_CONNECT:
      plain =
        osErrno == ECONNREFUSED || lower.contains("refused")
        ? "connection refused" : lower.contains("timed out") ? "connect timed out" : "could not connect"
    case CURLE_OPERATION_TIMEDOUT: plain = "timed out"
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
      plain = osErrno == ECONNRESET || lower.contains("reset") ? "connection reset" : "connection broken"
    case CURLE_GOT_NOTHING: plain = "empty reply (connection closed without an answer)"
    case CURLE_WEIRD_SERVER_REPLY: plain = "malformed answer"
    case CURLE_PARTIAL_FILE: plain = "connection closed before the body was complete"
    default: plain = "transfer failed"
    }
    return "\(plain): \(detail)"
  }

  private static let onBody: shelfmark_curl_data_cb = { data, size, count, context in
    guard let data, let context else { return 0 }
    let n = size * count
    let ex = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
    // Past the cap the transfer stops here (a short return is CURLE_WRITE_ERROR), so a 300 MiB
    // answer costs the cap in memory, not 300 MiB; the response says it was cut at the cap.
    let room = max(0, ex.bodyCap - ex.body.count)
    let take = min(n, room)
    if take > 0 {
      data.withMemoryRebound(to: UInt8.self, capacity: n) {
        ex.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: take))
      }
    }
    if take < n {
      ex.exceededCap = true
      return 0
    }
    return n
  }

  private static let onHeader: shelfmark_curl_data_cb = { data, size, count, context in
    guard let data, let context else { return 0 }
    let n = size * count
    let ex = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
    let line = data.withMemoryRebound(to: UInt8.self, capacity: n) {
      String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
    }
    if line.hasPrefix("HTTP/") {
      // A new status line (after a 100 Continue, say) starts a new header block.
      ex.headers.removeAll()
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      ex.headers[name] = value
      // Room for the announced body, never past the cap (a growing buffer would double past it),
      // and never more than a page's cap on a server's word alone: the header may say 2^63.
      if name == "content-length", let n = Int(value), n > 0, ex.body.isEmpty {
        ex.body.reserveCapacity(min(n, ex.bodyCap, BuildDefaults.pageBodyCap))
      }
    }
    return n
  }
}

/// A transfer that failed below HTTP (connection refused, reset, timed out, cut short).
public struct TransportError: Error, CustomStringConvertible, Sendable {
  public var url: URL
  public var message: String
  /// The server sent a well-formed answer's head and then the body broke off (cut, or shorter than
  /// its Content-Length): the host is alive, so this is no evidence for the breaker that it is
  /// unreachable. Malformed heads still are: a host that keeps sending them is given up on.
  public var answered = false
  public var description: String { message }
}
