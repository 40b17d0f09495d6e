import CatalogKit
import Foundation
import Synchronization

/// How a fetcher behaves; built from `BuildOptions` by the runner, or directly in tests.
public struct FetcherConfiguration: Sendable {
  public var cacheRoot: URL
  /// Hosts this source may contact: exact names (lowercased), or `.domain` for any host below that
  /// domain (archive.org's storage nodes, `ia800.us.archive.org`, sit below `.archive.org`).
  public var allowedHosts: Set<String>
  public var noNetwork = false
  public var refresh = false
  /// Under `refresh`, decides per URL whether a cached answer is asked again; nil asks again for all.
  public var freshness: FreshnessPolicy? = nil
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
  /// `--max-time`: past this moment no new request starts (those in flight finish) and the fetch
  /// that would have sent one throws `FetchError.timeUp`. Cached answers are still served.
  public var deadline: Date? = nil
  /// How long a host may answer nothing but transport failures before it is given up on.
  public var deadHostSeconds = BuildDefaults.deadHostSeconds

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
  private let ledger = Mutex(Ledger())
  /// Stale temporary files (from runs that were killed) removed when this fetcher was made.
  public let removedTemporaries: Int
  /// The cache folder did not exist when the run began (so `--no-network` can say so, not just
  /// list every URL as missing).
  public let cacheFolderMissing: Bool

  /// What the run learnt that its messages report: pages served from the cache, and the hosts
  /// whose cached copies stood in for answers they could not give.
  private struct Ledger {
    /// Pages (2xx GETs) this run read, from the cache or the network.
    var servedPages = Set<String>()
    var stale: [String: (count: Int, reason: String)] = [:]
    var dropped: [(url: String, reason: String)] = []
  }

  public init(_ configuration: FetcherConfiguration, transport: Transport? = nil) {
    self.configuration = configuration
    self.cache = CacheStore(root: configuration.cacheRoot)
    self.transport = transport ?? CurlTransport.shared
    var isDir: ObjCBool = false
    self.cacheFolderMissing =
      !FileManager.default.fileExists(atPath: configuration.cacheRoot.path, isDirectory: &isDir) || !isDir.boolValue
    self.removedTemporaries = cache.removeStaleTemporaries()
  }

  /// Every URL that was not cached under `--no-network`, in the order asked.
  public var missingURLs: [URL] { missing.all }

  /// One line per host whose cached copies were used because it could not answer (`--refresh`
  /// against a host that is down): `example.org unreachable (connection refused): using 12 cached copies`.
  public var staleSummary: [String] {
    ledger.withLock { l in
      l.stale.sorted { $0.key < $1.key }.map { host, s in
        "\(host) \(s.reason): using \(s.count) cached \(s.count == 1 ? "copy" : "copies")"
      }
    }
  }

  /// For an error a build stopped with (a page that would not parse, say): the page the message
  /// names is dropped from the cache, whether it came from there or was just fetched, so the next
  /// plain run asks again instead of failing on the same bytes forever; the note says so. Without a
  /// named page, the note says what re-asks every cached page. Nil when nothing in the run was a page.
  public func cacheHint(for message: String) -> String? {
    let served = ledger.withLock { $0.servedPages }
    guard !served.isEmpty else { return nil }
    let root = configuration.cacheRoot.path
    if let url = served.filter({ message.contains($0) }).max(by: { $0.count < $1.count }), let u = URL(string: url) {
      let key = CacheKey(method: .get, url: u)
      if cache.read(key, url: u) != nil {
        drop(key, url: u, because: "its page was rejected")
        return "note: \(url) was dropped from the cache in \(root); the next run fetches it again"
      }
      return nil
    }
    let n = served.count
    return
      "note: \(Plural.count(n, "page")) \(n == 1 ? "was" : "were") read in this run (cache \(root)); if one is bad, "
      + "--refresh=all fetches every one again, or 'catalog cache rm --cache \(root) --url URL' drops one"
  }

  /// A GET. With `check`, a 2xx answer that fails it is asked again and never cached (see
  /// `AnswerCheck`); a cached copy that fails it is dropped and fetched anew.
  public func get(
    _ url: URL, kind: RequestKind = .page, headers: [String: String] = [:], check: AnswerCheck? = nil
  ) async throws -> FetchResponse {
    try await fetch(url, method: .get, kind: kind, headers: headers, check: check)
  }

  /// A HEAD (a size or existence probe). Servers that refuse HEAD (405, 501) are asked for one
  /// byte instead, and the size is read from `Content-Range`.
  public func head(_ url: URL, headers: [String: String] = [:], check: AnswerCheck? = nil) async throws
    -> FetchResponse
  {
    try await fetch(url, method: .head, kind: .page, headers: headers, check: check)
  }

  /// Fetches many URLs, up to `jobs` at a time per host. Under `--no-network` every miss is gathered
  /// before failing, so the error names them all.
  public func getAll(_ urls: [URL], kind: RequestKind = .page, check: AnswerCheck? = nil) async throws
    -> [URL: FetchResponse]
  {
    try await many(urls) { try await self.get($0, kind: kind, check: check) }
  }

  public func headAll(_ urls: [URL], headers: [String: String] = [:], check: AnswerCheck? = nil) async throws
    -> [URL: FetchResponse]
  {
    try await many(urls) { try await self.head($0, headers: headers, check: check) }
  }

  /// HEADs many URLs and keeps going past a URL that fails for good (a 5xx that did not clear, a
  /// redirect to an undeclared host): its failure is its answer, so one bad file cannot stop a size
  /// run of thousands. A host that refuses us (breaker open), and misses under `--no-network`, still
  /// stop the whole batch.
  public func headEach(_ urls: [URL], headers: [String: String] = [:], check: AnswerCheck? = nil) async throws
    -> [URL: Result<FetchResponse, FetchError>]
  {
    try await many(urls, settle: true) { try await self.head($0, headers: headers, check: check) }
  }

  /// `getAll`, but a URL that fails for good is kept as its failure (see `headEach`): for crawls
  /// where a broken page is skipped and listed, never fatal.
  public func getEach(_ urls: [URL], kind: RequestKind = .page, check: AnswerCheck? = nil) async throws
    -> [URL: Result<FetchResponse, FetchError>]
  {
    try await many(urls, settle: true) { try await self.get($0, kind: kind, check: check) }
  }

  /// The cached answer for a URL, if any, without going to the network (and counted as a hit):
  /// for `--no-probe` builds that use the sizes already recorded.
  public func cached(_ url: URL, method: HTTPMethod = .get, check: AnswerCheck? = nil) -> FetchResponse? {
    let key = CacheKey(method: method, url: url)
    guard case .hit(_, let r) = cache.lookup(key, url: url) else { return nil }
    if let why = check?.verdict(r) {
      drop(key, url: url, because: why)
      return nil
    }
    counters.add(.hit)
    return r
  }

  /// Drops a cached answer that turned out to be wrong (a CDN challenge page served as 200).
  public func evict(_ url: URL, method: HTTPMethod = .get) {
    cache.remove(CacheKey(method: method, url: url))
  }

  /// Drops an answer a parser or rule of the build rejected, so the next plain run asks again
  /// (not only `--refresh=all`); the run's messages say so. Nothing happens when it is not cached.
  public func reject(_ url: URL, method: HTTPMethod = .get, because reason: String) {
    let key = CacheKey(method: method, url: url)
    guard cache.read(key, url: url) != nil else { return }
    drop(key, url: url, because: reason)
  }

  /// Answers dropped from the cache in this run (they failed their checks), one line each, for the
  /// summary: `https://…: dropped from the cache (cut short: …); the next run asks again`.
  public var droppedSummary: [String] {
    ledger.withLock { l in
      l.dropped.map { "\($0.url): dropped from the cache (\($0.reason)); the next run asks again" }
    }
  }

  private func drop(_ key: CacheKey, url: URL, because reason: String) {
    cache.remove(key)
    counters.add(.dropped)
    ledger.withLock { l in
      l.dropped.append((url.absoluteString, reason))
      l.servedPages.remove(url.absoluteString)
    }
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
    // More tasks than the gates let in at once: a task waiting out its own backoff holds no gate
    // slot, and must not hold up the requests behind it either (the gates still bound what is in
    // flight per host).
    let width = min(unique.count, max(1, configuration.jobs) * max(1, hosts) * 4)
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
    case .failed, .tooLarge, .truncated, .foreignRedirect, .disallowedByRobots, .rejected: true
    case .notCached, .notCachedMany, .hostNotAllowed, .refused, .robotsUnavailable, .unreachable: false
    case .corruptInCache, .timeUp: false
    }
  }

  private func fetch(
    _ url: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String], check: AnswerCheck?
  ) async throws -> FetchResponse {
    guard let host = url.host?.lowercased(), configuration.allows(host) else {
      counters.add(.failed)
      throw FetchError.hostNotAllowed(url)
    }
    if configuration.respectRobots, !configuration.noNetwork, url.path != "/robots.txt" {
      let policy = try await robotsPolicy(for: url, host: host)
      var pq = url.path.isEmpty ? "/" : url.path
      if let q = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQuery { pq += "?" + q }
      if let reason = policy.unavailableReason {
        counters.add(.failed)
        throw FetchError.robotsUnavailable(url, reason: reason)
      }
      if !policy.rules.allows(pq) {
        counters.add(.failed)
        throw FetchError.disallowedByRobots(url)
      }
    }
    let key = CacheKey(method: method, url: url)
    var cached: (CacheRecord, FetchResponse)? = nil
    switch cache.lookup(key, url: url) {
    case .hit(let record, let response):
      // A copy that fails its checks (cached by an older build, or edited on disk) is no copy.
      if let why = check?.verdict(response) {
        drop(key, url: url, because: why)
      } else {
        cached = (record, response)
      }
    case .miss: break
    case .corrupt(let reason):
      counters.add(.corrupt)
      if configuration.noNetwork {
        counters.add(.failed)
        throw FetchError.corruptInCache(url, reason: reason, cache: configuration.cacheRoot.path)
      }
    }
    if let (record, response) = cached,
      !configuration.refresh || configuration.noNetwork
        || configuration.freshness?.keeps(method: method, url: url, fetched: record.fetched, counters: counters) == true
    {
      counters.add(.hit)
      cache.touch(key)
      noteServed(response)
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
      // Validators from the cache are checked again: the record may have been edited on disk.
      if let etag = record.headers["etag"], Validators.usable(etag) { requestHeaders["If-None-Match"] = etag }
      if let lm = record.headers["last-modified"], Validators.usable(lm) { requestHeaders["If-Modified-Since"] = lm }
    }
    var response: FetchResponse
    do {
      response = try await network(
        url, method: method, kind: kind, headers: requestHeaders, host: host, hasFallback: cached != nil,
        check: check)
    } catch let e as FetchError {
      // --refresh on a server that is down: the copy we have is better than none (Scrapy's lesson).
      guard let (_, old) = cached, let reason = Fetcher.staleReason(e) else { throw e }
      counters.add(.hit)
      counters.add(.stale)
      ledger.withLock { l in
        let count = (l.stale[host]?.count ?? 0) + 1
        l.stale[host] = (count, reason)
      }
      noteServed(old)
      return old
    }
    if method == .head, response.status == 405 || response.status == 501 {
      var ranged = requestHeaders
      ranged["Range"] = "bytes=0-0"
      // A server that ignores Range sends the whole file: allow a file's size, not a page's.
      let r = try await network(
        url, method: .get, kind: .file, headers: ranged, host: host, hasFallback: false, check: nil)
      response = FetchResponse(
        url: url, method: .head, status: r.status == 206 ? 200 : r.status, headers: r.headers, body: [],
        fromCache: false)
      if r.status == 206, let total = r.headers["content-range"]?.split(separator: "/").last, Int64(total) != nil {
        response.headers["content-length"] = String(total)
      } else if r.status == 200 {
        // The server ignored Range and sent the whole file: its length is the size.
        response.headers["content-length"] = String(r.body.count)
      }
      if let why = check?.verdict(response) {
        counters.add(.rejected)
        counters.add(.failed)
        throw FetchError.rejected(url, reason: why, attempts: 1)
      }
    }
    if response.status == 304, let (_, old) = cached {
      counters.add(.revalidated)
      counters.add(.refreshNotModified)
      cache.touch(key)
      noteServed(old)
      // A detail or size confirmed by a 304 is as good as new: its age starts again.
      if configuration.freshness?.restartsAge(method: method, url: url) == true {
        try? cache.write(key, response: old, charset: old.charset)
      }
      return old
    }
    if let (_, old) = cached {
      configuration.freshness?.observeChange(url: url, method: method, old: old, new: response, counters: counters)
    } else {
      configuration.freshness?.observeNew(url: url, method: method, new: response)
    }
    response.headers = Validators.sanitised(response.headers)
    if response.isSuccess || response.isNegative || ((300..<400).contains(response.status) && response.status != 304) {
      try cache.write(key, response: response, charset: response.charset)
      counters.add(.stored)
      if response.isNegative { counters.add(.negative) }
    }
    noteServed(response)
    return response
  }

  /// Why a failed request may be answered from a stale copy, as the summary line words it; nil for
  /// failures a copy must not hide (the budget ran out, a redirect off the site).
  static func staleReason(_ e: FetchError) -> String? {
    switch e {
    case .unreachable(_, let reason): "unreachable (\(reason))"
    case .failed(_, let reason):
      reason.hasPrefix("transport error: ")
        ? "unreachable (\(reason.dropFirst("transport error: ".count)))" : "failing (\(reason))"
    case .refused(_, let status, _): "refusing us (\(status))"
    case .rejected(_, let reason, _): "answering what is not the page (\(reason))"
    default: nil
    }
  }

  /// Remembers that a page was read, for `cacheHint`: only pages (2xx GETs), which are what a
  /// parser can fail on.
  private func noteServed(_ r: FetchResponse) {
    guard r.method == .get, r.isSuccess else { return }
    let s = r.url.absoluteString
    ledger.withLock { _ = $0.servedPages.insert(s) }
  }

  /// The host's robots.txt rules, fetched once per run and cached for at most a day: 4xx means
  /// everything is allowed, 5xx or no answer means nothing is (and says why).
  private func robotsPolicy(for url: URL, host: String) async throws -> RobotsOutcome {
    try await robots.policy(for: host) { try await self.loadRobots(for: url, host: host) }
  }

  private func loadRobots(for url: URL, host: String) async throws -> RobotsOutcome {
    var c = URLComponents()
    c.scheme = url.scheme ?? "https"
    c.host = host
    c.port = url.port
    c.path = "/robots.txt"
    guard let robotsURL = c.url else { return RobotsOutcome(rules: .allowAll) }
    let key = CacheKey(method: .get, url: robotsURL)
    var outcome: RobotsOutcome
    let cached = cache.read(key, url: robotsURL)
    if let (record, response) = cached, !RobotsTable.isStale(record.fetched) {
      counters.add(.hit)
      outcome = RobotsTable.outcome(from: response, agent: configuration.robotsAgent)
    } else {
      do {
        var r = try await network(
          robotsURL, method: .get, kind: .page, headers: [:], host: host, hasFallback: false, check: nil)
        r.headers = Validators.sanitised(r.headers)
        if r.isSuccess || (400..<500).contains(r.status) {
          try cache.write(key, response: r, charset: r.charset)
          counters.add(.stored)
        }
        outcome = RobotsTable.outcome(from: r, agent: configuration.robotsAgent)
      } catch let e as FetchError {
        if case .timeUp = e { throw e }
        if let (_, old) = cached {
          // RFC 9309 2.4: when robots.txt cannot be reached, an older copy may stand in for it.
          outcome = RobotsTable.outcome(from: old, agent: configuration.robotsAgent)
        } else {
          switch e {
          case .refused, .unreachable: throw e
          case .failed(_, let reason): outcome = RobotsOutcome(rules: .disallowAll, unavailableReason: reason)
          default: outcome = RobotsOutcome(rules: .disallowAll, unavailableReason: e.description)
          }
        }
      }
    }
    if let d = outcome.rules.crawlDelaySeconds, d.isFinite {
      for method in [HTTPMethod.get, .head] {
        await gate(for: host, method).raiseInterval(to: min(max(d, 0), 30))
      }
    }
    return outcome
  }

  /// The gate requests of this method queue at: one per host, or two when probes have their own pace.
  private func gate(for host: String, _ method: HTTPMethod) async -> HostGate {
    if method == .head, let probe = configuration.probeDelayMS, probe != configuration.delayMS {
      return await gates.gate(for: host + " HEAD", jobs: configuration.jobs, interval: Double(probe) / 1000)
    }
    return await gates.gate(for: host, jobs: configuration.jobs, interval: Double(configuration.delayMS) / 1000)
  }

  /// The real request, with mirror rewriting, same-host redirects, politeness and retries. With
  /// `hasFallback` (a cached copy can stand in), a transport failure is not retried: the breaker
  /// opens after a few such failures and the rest of the run uses its copies at once.
  private func network(
    _ url: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String], host: String, hasFallback: Bool,
    check: AnswerCheck?
  ) async throws -> FetchResponse {
    let conditional = headers.keys.contains { ["if-none-match", "if-modified-since"].contains($0.lowercased()) }
    let gate = await gate(for: host, method)
    try await Fetcher.refuseIfOpen(gate, host: host)
    var current = url
    var redirects = 0
    var attempt = 0
    // The last attempt's answer failed its check (rather than the transfer or the server failing).
    var rejection: String? = nil
    while true {
      attempt += 1
      var h = configuration.extraHeaders.merging(headers) { $1 }
      h["User-Agent"] = configuration.userAgent
      let request = TransportRequest(
        url: wireURL(current), method: method, headers: h, timeout: configuration.timeout, maxBytes: kind.bodyCap)
      try checkDeadline(url)
      await gate.acquire()
      // The wait at the gate may have outlasted the budget, the batch, or the host's breaker.
      do {
        try checkDeadline(url)
        try Task.checkCancellation()
        try await Fetcher.refuseIfOpen(gate, host: host)
      } catch {
        await gate.release()
        throw error
      }
      counters.add(.requests)
      let outcome: Result<TransportResponse, Error>
      do { outcome = .success(try await transport.send(request)) } catch { outcome = .failure(error) }
      await gate.release()

      var retryWait: Double? = nil
      var failure: String
      var giveUp = false
      rejection = nil
      switch outcome {
      case .success(let r):
        if r.status == 429 || (500..<600).contains(r.status) {
          let raw = r.headers["retry-after"]
          let after = RetryAfter.seconds(raw)
          let isRefusal = r.status == 429 || (r.status == 503 && after != nil)
          if isRefusal {
            counters.add(.refused)
            if await gate.recordRefusal(threshold: configuration.breakerThreshold) {
              counters.add(.failed)
              throw FetchError.refused(host: host, status: r.status, wait: RetryAfter.phrase(after))
            }
          }
          if let after, let raw, after > configuration.retryAfterCap {
            counters.add(.failed)
            let cap = RetryAfter.phrase(configuration.retryAfterCap)
            throw FetchError.refused(
              host: host, status: r.status,
              wait: "\(RetryAfter.phrase(after)) (it sent Retry-After: \(RetryAfter.printable(raw)), "
                + "longer than the \(cap) we wait)")
          }
          if let after { await gate.pause(for: after) }
          if isRefusal { await gate.slowDownAsked(retryAfterGiven: after != nil) } else { await gate.slowDown() }
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
        if r.status == 304, !conditional {
          // Nothing was asked to be confirmed: a 304 here is a confused cache in front of the site.
          failure = "answered 304 Not Modified to a request that was not conditional"
          break
        }
        let answer = FetchResponse(
          url: url, method: method, status: r.status, headers: r.headers, body: r.body, fromCache: false)
        if let check, let why = check.verdict(answer) {
          counters.add(.rejected)
          failure = why
          rejection = why
          break
        }
        return answer
      case .failure(let e):
        if e is CancellationError { throw e }
        let cause = (e as? TransportError)?.message ?? e.localizedDescription
        failure = "transport error: \(cause)"
        // A host that answers nothing at all is as good as refusing: the breaker counts it, and
        // opens early when nothing but failures has come back for deadHostSeconds. One that answered
        // and then broke off is alive: it is slowed and asked again, as after a 5xx.
        if (e as? TransportError)?.answered != true,
          await gate.recordTransportFailure(
            cause, threshold: configuration.breakerThreshold, window: configuration.deadHostSeconds)
        {
          counters.add(.failed)
          throw FetchError.unreachable(host: host, reason: cause)
        }
        await gate.slowDown()
        giveUp = hasFallback
      }
      if attempt >= configuration.maxAttempts || giveUp {
        counters.add(.failed)
        if let rejection { throw FetchError.rejected(url, reason: rejection, attempts: attempt) }
        throw FetchError.failed(url, reason: "\(failure) after \(Plural.count(attempt, "attempt"))")
      }
      counters.add(.retried)
      let backoff = configuration.backoffBase * pow(2, Double(attempt - 1))
      let jitter = Double.random(in: 0.75...1.25)
      let wait = min(
        max(0, retryWait ?? min(backoff * jitter, BuildDefaults.backoffCapSeconds)), configuration.retryAfterCap)
      if let deadline = configuration.deadline, Date().addingTimeInterval(wait) >= deadline {
        counters.add(.failed)
        throw FetchError.timeUp(url)
      }
      try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
    }
  }

  /// Throws when the host's breaker is open: unreachable with its cause, or refusing.
  private static func refuseIfOpen(_ gate: HostGate, host: String) async throws {
    switch await gate.breaker {
    case .closed: return
    case .refusing: throw FetchError.refused(host: host, status: 429, wait: "a few minutes (the breaker is open)")
    case .unreachable(let cause): throw FetchError.unreachable(host: host, reason: cause)
    }
  }

  private func checkDeadline(_ url: URL) throws {
    if let deadline = configuration.deadline, Date() >= deadline {
      counters.add(.failed)
      throw FetchError.timeUp(url)
    }
  }

  /// The URL actually contacted: the mirror's form when a mirror is set. Dot segments are removed
  /// first, so no path can climb from the host's folder on the mirror into another's.
  func wireURL(_ url: URL) -> URL {
    guard let mirror = configuration.mirror, let host = url.host else { return url }
    var s = mirror.absoluteString
    while s.hasSuffix("/") { s.removeLast() }
    var c = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = DotSegments.remove(c?.percentEncodedPath ?? url.path)
    var out = s + "/" + host.lowercased() + (path.isEmpty ? "/" : path)
    if let q = c?.percentEncodedQuery { out += "?" + q }
    c = nil
    return URL(string: out) ?? url
  }

  /// Maps a redirect target back to a real URL (a mirror's Location names the mirror). The target's
  /// dot segments (`..`, `%2e%2e`) are removed before anything is checked, as RFC 3986 5.2 does when
  /// resolving, so a target cannot pass the host check and then climb out of it.
  func realURL(_ location: String, relativeTo current: URL) -> URL? {
    guard let joined = URL(string: location, relativeTo: wireURL(current))?.absoluteURL else { return nil }
    let resolved = DotSegments.normalise(joined)
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

/// A host's robots.txt as this run applies it: its rules, and, when it could not be fetched, why
/// (the rules are then disallow-all, and errors say so rather than blame the file).
struct RobotsOutcome: Sendable {
  var rules: RobotsPolicy
  var unavailableReason: String? = nil
}

/// robots.txt policies by host, for this run.
actor RobotsTable {
  private var loads: [String: Task<RobotsOutcome, Error>] = [:]

  /// The host's policy, loaded once even when many requests ask at the same moment.
  func policy(for host: String, load: @escaping @Sendable () async throws -> RobotsOutcome) async throws
    -> RobotsOutcome
  {
    if let t = loads[host] { return try await t.value }
    let t = Task { try await load() }
    loads[host] = t
    return try await t.value
  }

  static func outcome(from r: FetchResponse, agent: String) -> RobotsOutcome {
    if r.isSuccess {
      return RobotsOutcome(rules: RobotsPolicy.parse(String(decoding: r.body, as: UTF8.self), agent: agent))
    }
    if (400..<500).contains(r.status) { return RobotsOutcome(rules: .allowAll) }
    return RobotsOutcome(rules: .disallowAll, unavailableReason: "HTTP \(r.status)")
  }

  /// RFC 9309 asks crawlers not to keep robots.txt longer than a day.
  static func isStale(_ fetched: String) -> Bool {
    guard let d = ISO8601DateFormatter().date(from: fetched) else { return true }
    return Date().timeIntervalSince(d) > 86_400
  }
}

/// URLs missed under `--no-network`, kept for the final error.
final class MissingList: Sendable {
  private let state = Mutex((urls: [URL](), seen: Set<URL>()))

  func add(_ u: URL) {
    state.withLock { s in
      if s.seen.insert(u).inserted { s.urls.append(u) }
    }
  }

  var all: [URL] { state.withLock { $0.urls } }
}
