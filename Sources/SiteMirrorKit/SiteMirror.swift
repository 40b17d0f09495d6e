import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A request as the mirror saw it. The mirror's paths are `/HOST/PATH`, so `host` is the real host
/// a build asked for and `path` the real path.
public struct MirrorRequest: Sendable, Equatable {
  public var method: String
  public var host: String
  public var path: String
  public var query: String?
  public var headers: [String: String]
  public var status: Int

  /// `host/path?query`, the form `setSize` and `inject` match against.
  public var target: String { host + path + (query.map { "?" + $0 } ?? "") }
}

public struct MirrorResponse: Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: [UInt8]
  /// For HEAD answers about files that do not exist on disk: the size to announce.
  public var contentLength: Int?

  public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], contentLength: Int? = nil) {
    self.status = status
    self.headers = headers
    self.body = body
    self.contentLength = contentLength
  }

  public static func text(_ s: String, status: Int = 200, type: String = "text/html") -> MirrorResponse {
    MirrorResponse(status: status, headers: ["Content-Type": type], body: Array(s.utf8))
  }
}

/// Misbehaviour the mirror can be told to show, for testing the fetcher's defences.
public enum Fault: Sendable {
  /// Answer with this status (and Retry-After, when given, sent as is) instead of the content.
  case status(Int, retryAfter: String? = nil)
  /// Send the headers and half the body, then close the connection.
  case dropMidBody
  /// Announce a Content-Length longer than the body sent, then close.
  case shortBody
  /// Wait this long before the first byte.
  case slowFirstByte(milliseconds: Int)
  /// Send the body in small pieces with pauses between them.
  case slowBody(milliseconds: Int)
  /// Answer 302 to this location, sent as is (dot segments, percent-encoded dots and all).
  case redirect(String)
  /// Answer as usual, but with these header lines sent exactly as given (`Name: value`, any value,
  /// repeated names included); a header of the same name the answer would have had is left out.
  case rawHeaders([String])

  /// One header with any raw value (`Retry-After: 1e23`, `Content-Length: -5`).
  public static func header(_ name: String, _ value: String) -> Fault { .rawHeaders(["\(name): \(value)"]) }
}

/// A loopback HTTP/1.1 server over a folder laid out as `HOST/PATH`, for tests, benchmarks and
/// `site-mirror`. It binds 127.0.0.1 only, logs every request, injects faults on demand and stops by
/// itself when released or when its lifetime runs out.
///
/// Query strings map to file names literally: `/host/a/page.php?all=X` is served from the file
/// `ROOT/host/a/page.php?all=X`. A path ending in `/` is served from its `index.html`.
///
/// Files are served with an `ETag` and a `Last-Modified` (the file's time), and any answer carrying
/// either is subject to conditional requests: `If-None-Match` (which wins when present) or
/// `If-Modified-Since` get a 304, as RFC 9110 section 13 says.
public final class SiteMirror: Sendable {
  public let root: URL?
  private let lifetime: Double
  private let state: Mutex<State>

  /// Everything the accept thread, the connection threads and the caller share.
  private struct State {
    var port: UInt16
    var listener: Int32 = -1
    var log: [MirrorRequest] = []
    var sizes: [String: Int] = [:]
    var faults: [(prefix: String, fault: Fault, remaining: Int)] = []
    var handler: (@Sendable (MirrorRequest) -> MirrorResponse?)?
    var stopped = false
    var chaos: ChaosPlan? = nil
    /// Requests seen per `METHOD host/path?query`, for the chaos plan's transient faults.
    var attempts: [String: Int] = [:]
    /// Faults the chaos plan injected, by kind.
    var injected: [ChaosPlan.Kind: Int] = [:]
    /// Open client connections, closed by `stop()` so no keep-alive connection outlives the server.
    var clients = Set<Int32>()
  }

  /// - Parameter lifetime: seconds after which the server stops even if nobody stops it.
  public init(root: URL? = nil, port: UInt16 = 0, lifetime: Double = 900) throws {
    self.root = root
    self.lifetime = lifetime
    self.state = Mutex(State(port: port))
  }

  deinit { stop() }

  /// The port bound (the one asked for, or the one the system chose once started).
  public var port: UInt16 { state.withLock { $0.port } }

  /// `http://127.0.0.1:PORT`, for `--mirror`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// A port on 127.0.0.1 that nothing listens on: bound once to learn a free number, then closed, so
  /// a connection to it is refused. For testing what a build does against a dead host.
  public static func deadPort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw MirrorError.socket("socket", errno) }
    defer { close(fd) }
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = 0
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw MirrorError.socket("bind 127.0.0.1:0", errno) }
    var actual = sockaddr_in()
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
    }
    return UInt16(bigEndian: actual.sin_port)
  }

  /// `http://127.0.0.1:<dead port>`: a `--mirror` whose every connection is refused.
  public static func deadBaseURL() throws -> String { "http://127.0.0.1:\(try deadPort())" }

  public func start() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw MirrorError.socket("socket", errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = port.bigEndian
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let e = errno
      close(fd)
      throw MirrorError.socket("bind 127.0.0.1:\(port)", e)
    }
    guard listen(fd, 128) == 0 else {
      let e = errno
      close(fd)
      throw MirrorError.socket("listen", e)
    }
    var actual = sockaddr_in()
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
    }
    state.withLock {
      $0.port = UInt16(bigEndian: actual.sin_port)
      $0.listener = fd
    }
    let t = Thread { [weak self] in self?.acceptLoop(fd) }
    t.stackSize = 1 << 20
    t.start()
    let deadline = lifetime
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [weak self] in self?.stop() }
  }

  public func stop() {
    let (fd, was, open) = state.withLock { s in
      let r = (s.listener, s.stopped, s.clients)
      s.stopped = true
      s.listener = -1
      return r
    }
    if !was, fd >= 0 {
      shutdown(fd, Int32(SHUT_RDWR))
      close(fd)
    }
    for c in open { shutdown(c, Int32(SHUT_RDWR)) }
  }

  /// Every request so far, in arrival order.
  public var requests: [MirrorRequest] { state.withLock { $0.log } }

  public func clearLog() { state.withLock { $0.log.removeAll() } }

  /// Answers HEAD (and GET, with zero-filled bytes) for `host/path` with this size when no file exists.
  public func setSize(_ bytes: Int, for target: String) { state.withLock { $0.sizes[target] = bytes } }

  /// Dynamic answers, asked before the folder; return nil to fall through.
  public func route(_ h: @escaping @Sendable (MirrorRequest) -> MirrorResponse?) { state.withLock { $0.handler = h } }

  /// Applies a fault to the next `times` requests whose `host/path?query` starts with `prefix`.
  public func inject(_ fault: Fault, matching prefix: String, times: Int = 1) {
    state.withLock { $0.faults.append((prefix, fault, times)) }
  }

  /// Injects the plan's transient faults from now on (nil stops them); requests are counted afresh.
  public func chaos(_ plan: ChaosPlan?) {
    state.withLock {
      $0.chaos = plan
      $0.attempts.removeAll()
      $0.injected.removeAll()
    }
  }

  /// How many answers the chaos plan has faulted so far, by kind.
  public var chaosInjected: [ChaosPlan.Kind: Int] { state.withLock { $0.injected } }

  /// Forgets every fault not yet used.
  public func clearFaults() { state.withLock { $0.faults.removeAll() } }

  // MARK: - Serving

  private func acceptLoop(_ fd: Int32) {
    while true {
      let c = accept(fd, nil, nil)
      if c < 0 {
        let e = errno
        // Only a closed listener ends the loop: a client that gave up while queued (ECONNABORTED),
        // or a moment without descriptors, must not take the whole mirror down with it.
        if state.withLock({ $0.stopped }) { return }
        if e == EINTR || e == ECONNABORTED || e == EPROTO || e == EAGAIN { continue }
        if e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM {
          usleep(10_000)
          continue
        }
        return
      }
      var one: Int32 = 1
      setsockopt(c, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      let accepted = state.withLock { s in
        if s.stopped { return false }
        s.clients.insert(c)
        return true
      }
      guard accepted else {
        close(c)
        return
      }
      let t = Thread { [weak self] in
        self?.serve(c)
        self?.forget(c)
        close(c)
      }
      t.stackSize = 512 << 10
      t.start()
    }
  }

  private func forget(_ c: Int32) { _ = state.withLock { $0.clients.remove(c) } }

  private func serve(_ c: Int32) {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      // Read until the end of the headers.
      var headerEnd: Int? = nil
      while headerEnd == nil {
        if let r = find(buffer, [13, 10, 13, 10]) {
          headerEnd = r
          break
        }
        let n = chunk.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return }
        buffer.append(contentsOf: chunk[0..<n])
        if buffer.count > 1 << 20 { return }
      }
      guard let end = headerEnd else { return }
      let head = String(decoding: buffer[0..<end], as: UTF8.self)
      buffer.removeFirst(end + 4)
      let lines = head.components(separatedBy: "\r\n")
      let parts = lines.first?.split(separator: " ") ?? []
      guard parts.count >= 2 else { return }
      var headers: [String: String] = [:]
      for l in lines.dropFirst() {
        guard let colon = l.firstIndex(of: ":") else { continue }
        headers[l[..<colon].lowercased()] = l[l.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      if let cl = headers["content-length"].flatMap(Int.init), cl > 0 {
        while buffer.count < cl {
          let n = chunk.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
          if n <= 0 { return }
          buffer.append(contentsOf: chunk[0..<n])
        }
        buffer.removeFirst(cl)
      }
      let method = String(parts[0])
      let rawTarget = String(parts[1])
      let keepAlive = headers["connection"]?.lowercased() != "close"
      if state.withLock({ $0.stopped }) { return }
      if !answer(c, method: method, target: rawTarget, headers: headers) || !keepAlive { return }
    }
  }

  /// Sends one answer; false when the connection must close.
  private func answer(_ c: Int32, method: String, target: String, headers: [String: String]) -> Bool {
    var pathPart = target
    var query: String? = nil
    if let q = target.firstIndex(of: "?") {
      pathPart = String(target[..<q])
      query = String(target[target.index(after: q)...])
    }
    let segments = pathPart.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    let host = segments.first.map(String.init)?.lowercased() ?? ""
    let realPath = "/" + segments.dropFirst().joined(separator: "/")
    var req = MirrorRequest(method: method, host: host, path: realPath, query: query, headers: headers, status: 0)

    let target = req.target
    let (fault, h, size, chaos, stall) = state.withLock {
      s -> (Fault?, (@Sendable (MirrorRequest) -> MirrorResponse?)?, Int?, ChaosPlan.Kind?, Int) in
      var fault: Fault? = nil
      if let i = s.faults.firstIndex(where: { target.hasPrefix($0.prefix) && $0.remaining > 0 }) {
        fault = s.faults[i].fault
        s.faults[i].remaining -= 1
        if s.faults[i].remaining == 0 { s.faults.remove(at: i) }
      }
      var kind: ChaosPlan.Kind? = nil
      if fault == nil, let plan = s.chaos {
        let name = method + " " + target
        let n = s.attempts[name, default: 0] + 1
        s.attempts[name] = n
        kind = plan.fault(method: method, target: target, attempt: n)
        if let kind { s.injected[kind, default: 0] += 1 }
      }
      return (fault, s.handler, s.sizes[target], kind, s.chaos?.stallMilliseconds ?? 0)
    }
    if let chaos {
      return answerChaos(
        c, chaos, method: method, target: target, req: req, stall: stall, handler: h, size: size, headers: headers)
    }

    var response: MirrorResponse
    switch fault {
    case .status(let s, let ra)?:
      response = MirrorResponse(
        status: s, headers: ra.map { ["Retry-After": $0] } ?? [:], body: Array("fault \(s)\n".utf8))
    case .redirect(let to)?:
      response = MirrorResponse(status: 302, headers: ["Location": to])
    default:
      if let r = h?(req) {
        response = r
      } else if let r = file(host: host, path: realPath, query: query, headers: headers) {
        response = r
      } else if let size {
        response = MirrorResponse(
          status: 200, headers: ["Content-Type": "application/octet-stream"],
          body: method == "HEAD" ? [] : [UInt8](repeating: 0, count: size), contentLength: size)
      } else {
        response = MirrorResponse.text("not found\n", status: 404, type: "text/plain")
      }
      if method == "GET" || method == "HEAD" { response = SiteMirror.conditional(response, headers) }
    }
    req.status = response.status
    let logged = req
    state.withLock { $0.log.append(logged) }

    if case .slowFirstByte(let ms)? = fault { usleep(UInt32(ms) * 1000) }
    let length = response.contentLength ?? response.body.count
    var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
    var hs = response.headers
    if hs["Content-Length"] == nil { hs["Content-Length"] = String(length) }
    if case .shortBody? = fault { hs["Content-Length"] = String(length + 100) }
    hs["Connection"] = "keep-alive"
    var raw: [String] = []
    if case .rawHeaders(let lines)? = fault {
      raw = lines
      let names = Set(lines.compactMap { $0.split(separator: ":", maxSplits: 1).first?.lowercased() })
      hs = hs.filter { !names.contains($0.key.lowercased()) }
    }
    for (k, v) in hs.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
    for line in raw { head += line + "\r\n" }
    head += "\r\n"
    guard sendAll(c, Array(head.utf8)) else { return false }
    if method == "HEAD" { return true }
    switch fault {
    case .dropMidBody?:
      _ = sendAll(c, Array(response.body.prefix(response.body.count / 2)))
      return false
    case .shortBody?:
      _ = sendAll(c, response.body)
      return false
    case .slowBody(let ms)?:
      var i = 0
      while i < response.body.count {
        let j = min(i + 256, response.body.count)
        guard sendAll(c, Array(response.body[i..<j])) else { return false }
        usleep(UInt32(ms) * 1000)
        i = j
      }
      return true
    default:
      return sendAll(c, response.body)
    }
  }

  /// The true answer to a request, as `answer` would give it without faults.
  private func trueAnswer(
    _ req: MirrorRequest, handler h: (@Sendable (MirrorRequest) -> MirrorResponse?)?, size: Int?,
    headers: [String: String]
  ) -> MirrorResponse {
    var response: MirrorResponse
    if let r = h?(req) {
      response = r
    } else if let r = file(host: req.host, path: req.path, query: req.query, headers: headers) {
      response = r
    } else if let size {
      response = MirrorResponse(
        status: 200, headers: ["Content-Type": "application/octet-stream"],
        body: req.method == "HEAD" ? [] : [UInt8](repeating: 0, count: size), contentLength: size)
    } else {
      response = MirrorResponse.text("not found\n", status: 404, type: "text/plain")
    }
    if req.method == "GET" || req.method == "HEAD" { response = SiteMirror.conditional(response, headers) }
    return response
  }

  /// One answer with a chaos fault; false when the connection must close.
  private func answerChaos(
    _ c: Int32, _ kind: ChaosPlan.Kind, method: String, target: String, req: MirrorRequest, stall: Int,
    handler: (@Sendable (MirrorRequest) -> MirrorResponse?)?, size: Int?, headers: [String: String]
  ) -> Bool {
    let errorPage = Array(
      "<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p></body></html>\n"
        .utf8)
    var truth = trueAnswer(req, handler: handler, size: size, headers: headers)
    var length = truth.contentLength ?? truth.body.count
    var close = false
    switch kind {
    case .burst5xx:
      truth = MirrorResponse(status: 503, headers: ["Content-Type": "text/html"], body: errorPage)
      length = errorPage.count
    case .tooMany:
      truth = MirrorResponse(status: 429, headers: ["Content-Type": "text/plain"], body: Array("slow down\n".utf8))
      length = truth.body.count
    case .tooManyRetryAfter:
      truth = MirrorResponse(
        status: 429, headers: ["Retry-After": "1", "Content-Type": "text/plain"], body: Array("slow down\n".utf8))
      length = truth.body.count
    case .reset:
      truth.body = Array(truth.body.prefix(truth.body.count / 2))
      close = true
    case .lyingLength:
      length += 100
      close = true
    case .halfBody:
      truth.body = Array(truth.body.prefix(truth.body.count / 2))
      length = truth.body.count
    case .stall:
      usleep(UInt32(min(stall, 60_000)) * 1000)
    case .empty200:
      truth = MirrorResponse(status: 200, headers: ["Content-Type": "text/html"])
      length = 0
    case .errorPage200:
      truth = MirrorResponse(status: 200, headers: ["Content-Type": "text/html"], body: errorPage)
      length = errorPage.count
    case .headZero:
      truth = MirrorResponse(
        status: 200, headers: ["Content-Type": truth.headers["Content-Type"] ?? "application/octet-stream"])
      length = 0
    case .headErrorPage:
      truth = MirrorResponse(status: 200, headers: ["Content-Type": "text/html"])
      length = 257
    }
    var logged = req
    logged.status = truth.status
    state.withLock { $0.log.append(logged) }
    var head = "HTTP/1.1 \(truth.status) \(reason(truth.status))\r\n"
    var hs = truth.headers
    hs["Content-Length"] = String(length)
    hs["Connection"] = close ? "close" : "keep-alive"
    for (k, v) in hs.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
    head += "\r\n"
    guard sendAll(c, Array(head.utf8)) else { return false }
    if method == "HEAD" { return !close }
    guard sendAll(c, truth.body) else { return false }
    return !close
  }

  private func file(host: String, path: String, query: String?, headers: [String: String]) -> MirrorResponse? {
    guard let root, !host.isEmpty, !host.contains("/"), host != "..", host != "." else { return nil }
    let decoded = path.removingPercentEncoding ?? path
    let parts = decoded.split(separator: "/")
    guard !parts.contains("..") else { return nil }
    var p = root.path + "/" + host + decoded
    if p.hasSuffix("/") { p += "index.html" }
    if let query { p += "?" + query }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else { return nil }
    if isDir.boolValue {
      p += "/index.html"
      guard FileManager.default.fileExists(atPath: p) else { return nil }
    }
    guard let data = FileManager.default.contents(atPath: p) else { return nil }
    let etag = "\"\(data.count)-\(SiteMirror.quickHash(data))\""
    var hs = ["Content-Type": SiteMirror.contentType(p), "ETag": etag]
    var st = stat()
    if stat(p, &st) == 0 { hs["Last-Modified"] = SiteMirror.httpDate(st.st_mtim.tv_sec) }
    return MirrorResponse(status: 200, headers: hs, body: [UInt8](data))
  }

  /// A 200 answer with validators turned into a 304 when the request's conditions say the client's
  /// copy is current. `If-None-Match` is checked first and, when present, alone (RFC 9110 13.2.2);
  /// weak tags compare equal to strong ones, as the weak comparison a GET uses allows.
  static func conditional(_ r: MirrorResponse, _ request: [String: String]) -> MirrorResponse {
    guard r.status == 200 else { return r }
    let etag = r.headers.first { $0.key.lowercased() == "etag" }?.value
    let modified = r.headers.first { $0.key.lowercased() == "last-modified" }?.value
    var validators: [String: String] = [:]
    if let etag { validators["ETag"] = etag }
    if let modified { validators["Last-Modified"] = modified }
    let notModified = MirrorResponse(status: 304, headers: validators)
    if let ifNoneMatch = request["if-none-match"] {
      guard let etag else { return r }
      func opaque(_ t: Substring) -> Substring {
        let t = t.trimmingCharacters(in: .whitespaces)[...]
        return t.hasPrefix("W/") ? t.dropFirst(2) : t
      }
      let tags = ifNoneMatch.split(separator: ",").map(opaque)
      return tags.contains("*") || tags.contains(opaque(etag[...])) ? notModified : r
    }
    if let since = request["if-modified-since"], let modified, let a = parseHTTPDate(since),
      let b = parseHTTPDate(modified), b <= a
    {
      return notModified
    }
    return r
  }

  /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) for a time in seconds since 1970.
  static func httpDate(_ seconds: Int) -> String {
    var t = time_t(seconds)
    var tm = tm()
    gmtime_r(&t, &tm)
    var buffer = [Int8](repeating: 0, count: 64)
    let n = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &tm)
    return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Seconds since 1970 of an IMF-fixdate, or nil for anything else (an unparsable date is ignored,
  /// as RFC 9110 says of If-Modified-Since).
  static func parseHTTPDate(_ s: String) -> Int? {
    let f = s.split(separator: " ")
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    guard f.count == 6, f[5] == "GMT", let day = Int32(f[1]), let year = Int32(f[3]),
      let month = months.firstIndex(of: String(f[2]))
    else { return nil }
    let hms = f[4].split(separator: ":").compactMap { Int32($0) }
    guard hms.count == 3, (1...9999).contains(year), (1...31).contains(day), hms.allSatisfy({ (0...60).contains($0) })
    else { return nil }
    var tm = tm()
    tm.tm_year = year - 1900
    tm.tm_mon = Int32(month)
    tm.tm_mday = day
    tm.tm_hour = hms[0]
    tm.tm_min = hms[1]
    tm.tm_sec = hms[2]
    return Int(timegm(&tm))
  }

  static func quickHash(_ d: Data) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in d { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return String(h, radix: 16)
  }

  static func contentType(_ path: String) -> String {
    let lower = path.lowercased()
    let name = lower.split(separator: "?").first.map(String.init) ?? lower
    switch (name as NSString).pathExtension {
    case "html", "htm", "php", "asp": return "text/html"
    case "json": return "application/json"
    case "js": return "application/javascript"
    case "jpg", "jpeg": return "image/jpeg"
    case "png": return "image/png"
    case "xml": return "text/xml"
    case "zip": return "application/zip"
    case "pdf": return "application/pdf"
    case "txt": return "text/plain"
    default: return "application/octet-stream"
    }
  }

  private func sendAll(_ c: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    return bytes.withUnsafeBytes { raw in
      while sent < raw.count {
        guard let base = raw.baseAddress else { return true }
        let n = send(c, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        if n <= 0 { return false }
        sent += n
      }
      return true
    }
  }

  private func find(_ hay: [UInt8], _ needle: [UInt8]) -> Int? {
    guard hay.count >= needle.count else { return nil }
    for i in 0...(hay.count - needle.count) where hay[i] == needle[0] {
      if Array(hay[i..<i + needle.count]) == needle { return i }
    }
    return nil
  }

  private func reason(_ s: Int) -> String {
    switch s {
    case 200: "OK"
    case 302: "Found"
    case 304: "Not Modified"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 410: "Gone"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

public enum MirrorError: Error, CustomStringConvertible {
  case socket(String, Int32)
  public var description: String {
    switch self {
    case .socket(let op, let e): "site-mirror: \(op) failed: \(String(cString: strerror(e)))"
    }
  }
}
