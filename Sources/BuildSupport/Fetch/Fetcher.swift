import CatalogKit
import Foundation

/// How a fetcher behaves; built from `BuildOptions` by the runner, or directly in tests.
public struct FetcherConfiguration: Sendable {
  public var cacheRoot: URL
  /// Hosts this source may contact: exact names (lowercased), or `.domain` for any host below that
  /// domain (archive.org's storage nodes, `ia800.us.archive.org`, sit below `.archive.org`).
  public var allowedHosts: Set<String>
  public var noNetwork = false
  public var refresh = false
  /// `https://HOST/PATH?Q` is fetched from `mirror/HOST/PATH?Q`.
  public var mirror: URL?
  public var jobs = BuildDefaults.jobs
  public var delayMS = BuildDefaults.pageDelayMS
  /// The pause between HEAD probes to one host, when it differs from pages' (a HEAD costs a server
  /// far less than a page). Probes then queue at their own gate.
  public var probeDelayMS: Int? = nil
  public var userAgent = BuildDefaults.userAgent
  public var maxAttempts = BuildDefaults.maxAttempts
  public var backoffBase = BuildDefaults.backoffBaseSeconds
  public var retryAfterCap = BuildDefaults.retryAfterCapSeconds
  public var breakerThreshold = BuildDefaults.breakerThreshold
  public var timeout = BuildDefaults.requestTimeoutSeconds
  public var extraHeaders: [String: String] = [:]
  /// Honour robots.txt (RFC 9309). Only an explicit `--ignore-robots` turns this off.
  public var respectRobots = true
  /// The product token robots.txt groups are matched against.
  public var robotsAgent = "shelfmark"
  /// `--max-time`: a `Monotonic.seconds()` instant after which no request is sent
  /// (`FetchError.deadlineReached`, exit 75); nil for no limit.
  public var deadline: Double? = nil

  public init(cacheRoot: URL, allowedHosts: Set<String>) {
    self.cacheRoot = cacheRoot
    self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
  }

  /// Whether the source declared this host, exactly or by a `.domain` entry.
  public func allows(_ host: String) -> Bool {
    let h = host.lowercased()
    if allowedHosts.contains(h) { return true }
    return allowedHosts.contains { $0.hasPrefix(".") && h.hasSuffix($0) }
  }
}

/// Every GET and HEAD goes through here: cache first, then the network under the host's politeness
/// rules, with retries for 429, 5xx and transport failures only, and every outcome counted.
public final class Fetcher: Sendable {
  public let configuration: FetcherConfiguration
  public let cache: CacheStore
  public let counters = Counters()
  private let transport: Transport
  private let gates = GateTable()
  private let missing = MissingList()
  private let robots = RobotsTable()

  public init(_ configuration: FetcherConfiguration, transport: Transport? = nil) {
    self.configuration = configuration
    self.cache = CacheStore(root: configuration.cacheRoot)
    self.transport = transport ?? CurlTransport.shared
  }

  /// Every URL that was not cached under `--no-network`, in the order asked.
  public var missingURLs: [URL] { missing.all }

  public func get(_ url: URL, kind: RequestKind = .page, headers: [String: String] = [:]) async throws
    -> FetchResponse
  {
    try await fetch(url, method: .get, kind: kind, headers: headers)
  }

  /// A HEAD (a size or existence probe). Servers that refuse HEAD (405, 501) are asked for one
  /// byte instead, and the size is read from `Content-Range`.
  public func head(_ url: URL, headers: [String: String] = [:]) async throws -> FetchResponse {
    try await fetch(url, method: .head, kind: .page, headers: headers)
  }

  /// Fetches many URLs, up to `jobs` at a time per host. Under `--no-network` every miss is gathered
  /// before failing, so the error names them all.
  public func getAll(_ urls: [URL], kind: RequestKind = .page) async throws -> [URL: FetchResponse] {
    try await many(urls) { try await self.get($0, kind: kind) }
  }

  public func headAll(_ urls: [URL], headers: [String: String] = [:]) async throws -> [URL: FetchResponse] {
    try await many(urls) { try await self.head($0, headers: headers) }
  }

  /// HEADs many URLs and keeps going past a URL that fails for good (a 5xx that did not clear, a
  /// redirect to an undeclared host): its failure is its answer, so one bad file cannot stop a size
  /// run of thousands. A host that refuses us (breaker open), and misses under `--no-network`, still
  /// stop the whole batch.
  public func headEach(_ urls: [URL], headers: [String: String] = [:]) async throws -> [URL: Result<
    FetchResponse, FetchError
  >] {
    try await many(urls, settle: true) { try await self.head($0, headers: headers) }
  }

  /// `getAll`, but a URL that fails for good is kept as its failure (see `headEach`): for crawls
  /// where a broken page is skipped and listed, never fatal.
  public func getEach(_ urls: [URL], kind: RequestKind = .page) async throws -> [URL: Result<FetchResponse, FetchError>]
  {
    try await many(urls, settle: true) { try await self.get($0, kind: kind) }
  }

  /// The cached answer for a URL, if any, without going to the network (and counted as a hit):
  /// for `--no-probe` builds that use the sizes already recorded.
  public func cached(_ url: URL, method: HTTPMethod = .get) -> FetchResponse? {
    guard let (_, r) = cache.read(CacheKey(method: method, url: url), url: url) else { return nil }
    counters.add(.hit)
    return r
  }

  /// Drops a cached answer that turned out to be wrong (a CDN challenge page served as 200).
  public func evict(_ url: URL, method: HTTPMethod = .get) {
    cache.remove(CacheKey(method: method, url: url))
  }

  private func many(_ urls: [URL], _ one: @escaping @Sendable (URL) async throws -> FetchResponse)
    async throws -> [URL: FetchResponse]
  {
    var out: [URL: FetchResponse] = [:]
    for (u, r) in try await many(urls, settle: false, one) {
      if case .success(let resp) = r { out[u] = resp }
    }
    return out
  }

  /// Fetches URLs up to `jobs` at a time per host. Without `settle` the first failure cancels the
  /// rest and is thrown; with it, failures that concern one URL are kept as that URL's answer.
  private func many(
    _ urls: [URL], settle: Bool, _ one: @escaping @Sendable (URL) async throws -> FetchResponse
  ) async throws -> [URL: Result<FetchResponse, FetchError>] {
    var seen = Set<String>()
    let unique = urls.filter { seen.insert($0.absoluteString).inserted }
    let hosts = Set(unique.compactMap { $0.host?.lowercased() }).count
    let width = min(unique.count, max(1, configuration.jobs) * max(1, hosts))
    // All mutable state lives inside the group's body and comes back as its value.
    let (answers, notCached, firstError) = await withTaskGroup(
      of: Slot.self,
      returning: ([Result<FetchResponse, FetchError>?], [Int], Error?).self
    ) { group in
      var answers = [Result<FetchResponse, FetchError>?](repeating: nil, count: unique.count)
      var notCached: [Int] = []
      var firstError: Error? = nil
      var next = 0
      while next < width {
        let k = next
        let u = unique[k]
        group.addTask {
          do { return Slot(k, .success(try await one(u))) } catch { return Slot(k, .failure(error)) }
        }
        next += 1
      }
      while let slot = await group.next() {
        let k = slot.index
        switch slot.result {
        case .success(let resp): answers[k] = .success(resp)
        case .failure(FetchError.notCached): notCached.append(k)
        case .failure(let e as FetchError) where settle && Fetcher.concernsOneURL(e): answers[k] = .failure(e)
        case .failure(let e):
          if firstError == nil { firstError = e }
          group.cancelAll()
        }
        if firstError == nil, next < unique.count {
          let k2 = next
          let u = unique[k2]
          group.addTask {
            do { return Slot(k2, .success(try await one(u))) } catch { return Slot(k2, .failure(error)) }
          }
          next += 1
        }
      }
      return (answers, notCached, firstError)
    }
    if let firstError { throw firstError }
    if !notCached.isEmpty { throw FetchError.notCachedMany(notCached.sorted().map { unique[$0] }) }
    var results: [URL: Result<FetchResponse, FetchError>] = [:]
    results.reserveCapacity(unique.count)
    for (i, a) in answers.enumerated() { if let a { results[unique[i]] = a } }
    return results
  }

  /// Failures that say something about one URL, not about the host or the run.
  static func concernsOneURL(_ e: FetchError) -> Bool {
    switch e {
    case .failed, .tooLarge, .truncated, .foreignRedirect, .disallowedByRobots: true
    case .notCached, .notCachedMany, .hostNotAllowed, .refused, .deadlineReached: false
    }
  }

  private func fetch(_ url: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String])
    async throws -> FetchResponse
  {
    guard let host = url.host?.lowercased(), configuration.allows(host) else {
      counters.add(.failed)
      throw FetchError.hostNotAllowed(url)
    }
    if configuration.respectRobots, !configuration.noNetwork, url.path != "/robots.txt" {
      let policy = try await robotsPolicy(for: url, host: host)
      var pq = url.path.isEmpty ? "/" : url.path
      if let q = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQuery { pq += "?" + q }
      if !policy.allows(pq) {
        counters.add(.failed)
        throw FetchError.disallowedByRobots(url)
      }
    }
    let key = CacheKey(method: method, url: url)
    let cached = cache.read(key, url: url)
    if let (_, response) = cached, !configuration.refresh || configuration.noNetwork {
      counters.add(.hit)
      cache.touch(key)
      return response
    }
    if cached == nil { counters.add(.miss) }
    if configuration.noNetwork {
      counters.add(.notCached)
      missing.add(url)
      throw FetchError.notCached(url, method)
    }
    var requestHeaders = headers
    if let (record, _) = cached {
      if let etag = record.headers["etag"] { requestHeaders["If-None-Match"] = etag }
      if let lm = record.headers["last-modified"] { requestHeaders["If-Modified-Since"] = lm }
    }
    var response: FetchResponse
    do {
      response = try await network(url, method: method, kind: kind, headers: requestHeaders, host: host)
    } catch FetchError.failed(let u, let reason) {
      // --refresh on a server that is down: the copy we have is better than none (Scrapy's lesson).
      guard let (_, old) = cached else { throw FetchError.failed(u, reason: reason) }
      counters.add(.hit)
      counters.add(.stale)
      return old
    }
    if method == .head, response.status == 405 || response.status == 501 {
      var ranged = requestHeaders
      ranged["Range"] = "bytes=0-0"
      // A server that ignores Range sends the whole file: allow a file's size, not a page's.
      let r = try await network(url, method: .get, kind: .file, headers: ranged, host: host)
      response = FetchResponse(
        url: url, method: .head, status: r.status == 206 ? 200 : r.status, headers: r.headers, body: [],
        fromCache: false)
      if r.status == 206, let total = r.headers["content-range"]?.split(separator: "/").last, Int64(total) != nil {
        response.headers["content-length"] = String(total)
      } else if r.status == 200 {
        // The server ignored Range and sent the whole file: its length is the size.
        response.headers["content-length"] = String(r.body.count)
      }
    }
    if response.status == 304, let (_, old) = cached {
      counters.add(.revalidated)
      cache.touch(key)
      return old
    }
    if response.isSuccess || response.isNegative || (300..<400).contains(response.status) {
      try cache.write(key, response: response, charset: response.charset)
      counters.add(.stored)
      if response.isNegative { counters.add(.negative) }
    }
    return response
  }

  /// The host's robots.txt rules, fetched once per run and cached for at most a day: 4xx means
  /// everything is allowed, 5xx or no answer means nothing is.
  private func robotsPolicy(for url: URL, host: String) async throws -> RobotsPolicy {
    try await robots.policy(for: host) { try await self.loadRobots(for: url, host: host) }
  }

  private func loadRobots(for url: URL, host: String) async throws -> RobotsPolicy {
    var c = URLComponents()
    c.scheme = url.scheme ?? "https"
    c.host = host
    c.port = url.port
    c.path = "/robots.txt"
    guard let robotsURL = c.url else { return .allowAll }
    let key = CacheKey(method: .get, url: robotsURL)
    var policy: RobotsPolicy
    if let (record, response) = cache.read(key, url: robotsURL), !RobotsTable.isStale(record.fetched) {
      counters.add(.hit)
      policy = RobotsTable.policy(from: response, agent: configuration.robotsAgent)
    } else {
      do {
        let r = try await network(robotsURL, method: .get, kind: .page, headers: [:], host: host)
        if r.isSuccess || (400..<500).contains(r.status) {
          try cache.write(key, response: r, charset: r.charset)
          counters.add(.stored)
        }
        policy = RobotsTable.policy(from: r, agent: configuration.robotsAgent)
      } catch let e as FetchError {
        if case .refused = e { throw e }
        policy = .disallowAll
      }
    }
    if let d = policy.crawlDelaySeconds {
      for method in [HTTPMethod.get, .head] { await gate(for: host, method).raiseInterval(to: min(d, 30)) }
    }
    return policy
  }

  /// The gate requests of this method queue at: one per host, or two when probes have their own pace.
  private func gate(for host: String, _ method: HTTPMethod) async -> HostGate {
    if method == .head, let probe = configuration.probeDelayMS, probe != configuration.delayMS {
      return await gates.gate(for: host + " HEAD", jobs: configuration.jobs, interval: Double(probe) / 1000)
    }
    return await gates.gate(for: host, jobs: configuration.jobs, interval: Double(configuration.delayMS) / 1000)
  }

  /// The real request, with mirror rewriting, same-host redirects, politeness and retries.
  private func network(
    _ url: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String], host: String
  ) async throws -> FetchResponse {
    let gate = await gate(for: host, method)
    if await gate.isOpen {
      throw FetchError.refused(host: host, status: 429, wait: "a few minutes (the breaker is open)")
    }
    var current = url
    var redirects = 0
    var attempt = 0
    while true {
      attempt += 1
      if let deadline = configuration.deadline, Monotonic.seconds() >= deadline {
        throw FetchError.deadlineReached(current)
      }
      var h = configuration.extraHeaders.merging(headers) { $1 }
      h["User-Agent"] = configuration.userAgent
      let request = TransportRequest(
        url: wireURL(current), method: method, headers: h, timeout: configuration.timeout, maxBytes: kind.bodyCap)
      await gate.acquire()
      counters.add(.requests)
      let outcome: Result<TransportResponse, Error>
      do { outcome = .success(try await transport.send(request)) } catch { outcome = .failure(error) }
      await gate.release()

      var retryWait: Double? = nil
      var failure: String
      switch outcome {
      case .success(let r):
        if r.status == 429 || (500..<600).contains(r.status) {
          let after = RetryAfter.seconds(r.headers["retry-after"])
          let isRefusal = r.status == 429 || (r.status == 503 && after != nil)
          if isRefusal {
            counters.add(.refused)
            if await gate.recordRefusal(threshold: configuration.breakerThreshold) {
              counters.add(.failed)
              throw FetchError.refused(host: host, status: r.status, wait: RetryAfter.phrase(after))
            }
          }
          if let after, after > configuration.retryAfterCap {
            counters.add(.failed)
            throw FetchError.refused(host: host, status: r.status, wait: RetryAfter.phrase(after))
          }
          if let after { await gate.pause(for: after) }
          await gate.slowDown()
          retryWait = after
          failure = "HTTP \(r.status)"
          break
        }
        await gate.recordSuccess()
        if (300..<400).contains(r.status), r.status != 304, let location = r.headers["location"] {
          let target = realURL(location, relativeTo: current)
          // A redirect may go only to a host the source declared; the answer is cached under the
          // URL that was asked for.
          guard let target, let targetHost = target.host, configuration.allows(targetHost) else {
            counters.add(.failed)
            throw FetchError.foreignRedirect(from: url, to: location)
          }
          redirects += 1
          if redirects > BuildDefaults.maxRedirects {
            counters.add(.failed)
            throw FetchError.failed(url, reason: "more than \(BuildDefaults.maxRedirects) redirects")
          }
          current = target
          attempt = 0
          continue
        }
        if r.exceededCap || r.body.count > kind.bodyCap {
          counters.add(.failed)
          let announced = r.headers["content-length"].flatMap { Int($0) }
          throw FetchError.tooLarge(url, bytes: announced ?? r.body.count, cap: kind.bodyCap)
        }
        if method == .get, (200..<300).contains(r.status), let cl = r.headers["content-length"].flatMap({ Int($0) }),
          cl != r.body.count, r.headers["content-encoding"] == nil
        {
          failure = FetchError.truncated(url, got: r.body.count, expected: cl).description
          break
        }
        return FetchResponse(
          url: url, method: method, status: r.status, headers: r.headers, body: r.body, fromCache: false)
      case .failure(let e):
        if e is CancellationError { throw e }
        failure = "transport error: \((e as? TransportError)?.message ?? e.localizedDescription)"
        await gate.slowDown()
      }
      if attempt >= configuration.maxAttempts {
        counters.add(.failed)
        throw FetchError.failed(url, reason: "\(failure) after \(attempt) attempt(s)")
      }
      counters.add(.retried)
      let backoff = configuration.backoffBase * pow(2, Double(attempt - 1))
      let jitter = Double.random(in: 0.75...1.25)
      let wait = retryWait ?? backoff * jitter
      try await Task.sleep(nanoseconds: UInt64(max(0, wait) * 1e9))
    }
  }

  /// The URL actually contacted: the mirror's form when a mirror is set.
  func wireURL(_ url: URL) -> URL {
    guard let mirror = configuration.mirror, let host = url.host else { return url }
    var s = mirror.absoluteString
    while s.hasSuffix("/") { s.removeLast() }
    var c = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = c?.percentEncodedPath ?? url.path
    var out = s + "/" + host.lowercased() + (path.isEmpty ? "/" : path)
    if let q = c?.percentEncodedQuery { out += "?" + q }
    c = nil
    return URL(string: out) ?? url
  }

  /// Maps a redirect target back to a real URL (a mirror's Location names the mirror).
  func realURL(_ location: String, relativeTo current: URL) -> URL? {
    guard let resolved = URL(string: location, relativeTo: wireURL(current))?.absoluteURL else { return nil }
    guard let mirror = configuration.mirror else { return resolved }
    var m = mirror.absoluteString
    while m.hasSuffix("/") { m.removeLast() }
    let s = resolved.absoluteString
    guard s.hasPrefix(m + "/") else { return resolved }
    let rest = s.dropFirst(m.count + 1)
    return URL(string: (current.scheme ?? "https") + "://" + rest)
  }
}

/// One child task's answer. A class: a large tuple of an index and a `Result` as the task group's
/// element type miscompiles in release builds on Swift 6.3 (the index comes back corrupted).
final class Slot: Sendable {
  let index: Int
  let result: Result<FetchResponse, Error>
  init(_ index: Int, _ result: Result<FetchResponse, Error>) {
    self.index = index
    self.result = result
  }
}

/// One gate per host, created on first use.
actor GateTable {
  private var gates: [String: HostGate] = [:]

  func gate(for host: String, jobs: Int, interval: Double) -> HostGate {
    if let g = gates[host] { return g }
    let g = HostGate(host: host, jobs: jobs, interval: interval)
    gates[host] = g
    return g
  }
}

/// robots.txt policies by host, for this run.
actor RobotsTable {
  private var loads: [String: Task<RobotsPolicy, Error>] = [:]

  /// The host's policy, loaded once even when many requests ask at the same moment.
  func policy(for host: String, load: @escaping @Sendable () async throws -> RobotsPolicy) async throws
    -> RobotsPolicy
  {
    if let t = loads[host] { return try await t.value }
    let t = Task { try await load() }
    loads[host] = t
    return try await t.value
  }

  static func policy(from r: FetchResponse, agent: String) -> RobotsPolicy {
    if r.isSuccess { return RobotsPolicy.parse(String(decoding: r.body, as: UTF8.self), agent: agent) }
    if (400..<500).contains(r.status) { return .allowAll }
    return .disallowAll
  }

  /// RFC 9309 asks crawlers not to keep robots.txt longer than a day.
  static func isStale(_ fetched: String) -> Bool {
    guard let d = ISO8601DateFormatter().date(from: fetched) else { return true }
    return Date().timeIntervalSince(d) > 86_400
  }
}

/// URLs missed under `--no-network`, kept for the final error.
final class MissingList: @unchecked Sendable {
  private let lock = NSLock()
  private var urls: [URL] = []
  private var seen = Set<URL>()

  func add(_ u: URL) {
    lock.lock()
    if seen.insert(u).inserted { urls.append(u) }
    lock.unlock()
  }

  var all: [URL] {
    lock.lock()
    defer { lock.unlock() }
    return urls
  }
}
