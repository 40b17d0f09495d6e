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
  /// Keep every record the run reads or writes in memory for the lineage to name (a build that
  /// writes lineage); off, the cache holds nothing per answer beyond the request.
  public var remembersAnswers = false

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
  private let missing = MissingList()
  private let ledger = FetchLedger()
  /// The stages a request passes through, in order: may it be asked, what the cache says, the
  /// network with its retries (which holds the hosts' gates), and the transport inside that.
  private let access: AccessGate
  private let store: CacheStage
  private let network: RetryLoop
  /// Stale temporary files (from runs that were killed) removed when this fetcher was made.
  public let removedTemporaries: Int
  /// The cache folder did not exist when the run began (so `--no-network` can say so, not just
  /// list every URL as missing).
  public let cacheFolderMissing: Bool

  /// A fetcher on the real clock and random source, unless a test hands in its own.
  public init(
    _ configuration: FetcherConfiguration, transport: Transport? = nil, clock: any FetchClock = SystemClock(),
    random: any RandomSource = SystemRandom()
  ) {
    self.configuration = configuration
    self.cache = CacheStore(root: configuration.cacheRoot, remembersAnswers: configuration.remembersAnswers)
    access = AccessGate(configuration: configuration, counters: counters)
    store = CacheStage(configuration: configuration, cache: cache, counters: counters, ledger: ledger, missing: missing)
    network = RetryLoop(
      configuration: configuration, transport: transport ?? CurlTransport.shared, counters: counters, clock: clock,
      random: random)
    var isDir: ObjCBool = false
    self.cacheFolderMissing =
      !FileManager.default.fileExists(atPath: configuration.cacheRoot.path, isDirectory: &isDir) || !isDir.boolValue
    self.removedTemporaries = cache.removeStaleTemporaries()
  }

  /// Every URL that was not cached under `--no-network`, in the order asked.
  public var missingURLs: [URL] { missing.all }

  /// One line per host whose cached copies were used because it could not answer (`--refresh`
  /// against a host that is down): `example.org unreachable (connection refused): using 12 cached copies`.
  public var staleSummary: [String] { ledger.staleSummary }

  /// For an error a build stopped with (a page that would not parse, say): the page the message
  /// names is dropped from the cache, whether it came from there or was just fetched, so the next
  /// plain run asks again instead of failing on the same bytes forever; the note says so. Without a
  /// named page, the note says what re-asks every cached page. Nil when nothing in the run was a page.
  public func cacheHint(for message: String) -> String? {
    let served = ledger.servedPages
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

  /// A page and its parse by `P` (made of a 200 answer only), through the parse cache. A cached
  /// copy the run serves as it is, whose parse was kept under this very `check`, is served by that
  /// parse alone: its body is neither read nor checked again, since the entry was written only
  /// after a body with the record's digest passed `check` and was parsed (the body on disk is still
  /// checked by `catalog cache verify` and by an export). Anything else is a `get` as usual, its
  /// parse kept under `check` for the next run. A check without an identity always reads the body.
  public func getParsed<P: CachedParse>(_ url: URL, as type: P.Type, parses: ParseCache, check: AnswerCheck)
    async throws -> ParsedPage<P>
  {
    let host = try await access.admit(url) { try await self.loadRobots(for: $0, host: $1) }
    var keeps: Bool? = nil
    if let identity = check.identity {
      let kept = store.keptParse(
        url, parse: { parses.kept(type, url: url, bodySHA256: $0.bodySHA256, check: identity) }, cited: \.mayBeCited)
      switch kept {
      case .served(let value): return ParsedPage(status: 200, value: value, bodyRead: false)
      case .reask: keeps = false
      case .unparsed: keeps = true
      case .none: break
      }
    }
    let r = try await fetch(url, method: .get, kind: .page, headers: [:], check: check, admitted: host, keeps: keeps)
    let value = r.status == 200 ? parses.parsed(r, url: url, as: type, check: check.identity) : nil
    return ParsedPage(status: r.status, value: value, bodyRead: true)
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
    var out = keptHeads(urls, check: check)
    let rest = out.isEmpty ? urls : urls.filter { out[$0] == nil }
    for (u, r) in try await many(rest, { try await self.head($0, headers: headers, check: check) }) { out[u] = r }
    return out
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

  /// The HEADs among `urls` the cache answers as they are (see `headAtOnce`), taken in slices on
  /// the cores without a task each (18,000 cached sizes spent more on their tasks than on their
  /// lookups); the others are for `headEach` and the usual way. Nothing is counted or changed for
  /// an address it leaves out. `headAll` takes these first; a caller of `headEach` over thousands
  /// (`BuildContext.probeSizes`) does too, once for all of them (taking them slice by slice was
  /// slower: 1.44 s against 1.24 s for a BombJack refresh).
  public func keptHeads(_ urls: [URL], check: AnswerCheck? = nil) -> [URL: FetchResponse] {
    // Each address once, as `many` takes it: a size served twice would be counted twice.
    var seen = Set<String>()
    let unique = urls.filter { seen.insert($0.absoluteString).inserted }
    var out: [URL: FetchResponse] = [:]
    out.reserveCapacity(unique.count)
    for (u, r) in zip(unique, unique.slicedConcurrentMap(minimumSlice: 32) { self.headAtOnce($0, check: check) }) {
      if let r { out[u] = r }
    }
    return out
  }

  /// A HEAD the cache answers as it is, when nothing else needs doing for it: its host is one the
  /// source declared, robots.txt need not be consulted, and the run keeps the copy
  /// (`CacheStage.servedAtOnce`); nil sends it the usual way.
  private func headAtOnce(_ url: URL, check: AnswerCheck?) -> FetchResponse? {
    guard !configuration.respectRobots || configuration.noNetwork, let host = url.host?.lowercased(),
      configuration.allows(host)
    else { return nil }
    return store.servedAtOnce(url, check: check)
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
  public var droppedSummary: [String] { ledger.droppedSummary }

  private func drop(_ key: CacheKey, url: URL, because reason: String) {
    store.drop(key, url: url, because: reason)
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
    let gathered = await withTaskGroup(of: Slot.self, returning: Gathered.self) { group in
      var g = Gathered(count: unique.count)
      var next = 0
      while next < width {
        Fetcher.launch(&group, next, unique[next], one)
        next += 1
      }
      while let slot = await group.next() {
        if !g.record(slot, settle: settle) { group.cancelAll() }
        if g.firstError == nil, next < unique.count {
          Fetcher.launch(&group, next, unique[next], one)
          next += 1
        }
      }
      return g
    }
    if let firstError = gathered.firstError { throw firstError }
    if !gathered.notCached.isEmpty {
      throw FetchError.notCachedMany(gathered.notCached.sorted().map { unique[$0] })
    }
    var results: [URL: Result<FetchResponse, FetchError>] = [:]
    results.reserveCapacity(unique.count)
    for (i, a) in gathered.answers.enumerated() { if let a { results[unique[i]] = a } }
    return results
  }

  private static func launch(
    _ group: inout TaskGroup<Slot>, _ k: Int, _ u: URL, _ one: @escaping @Sendable (URL) async throws -> FetchResponse
  ) {
    group.addTask {
      do { return Slot(k, .success(try await one(u))) } catch { return Slot(k, .failure(error)) }
    }
  }

  /// What a batch brought back, by index: answers (and, when settling, failures that concern one
  /// URL), the misses under `--no-network`, and the first failure that stops the batch.
  private struct Gathered {
    var answers: [Result<FetchResponse, FetchError>?]
    var notCached: [Int] = []
    var firstError: Error? = nil

    init(count: Int) { answers = Array(repeating: nil, count: count) }

    /// Files one task's answer; false when it stops the batch.
    mutating func record(_ slot: Slot, settle: Bool) -> Bool {
      let k = slot.index
      switch slot.result {
      case .success(let resp): answers[k] = .success(resp)
      case .failure(FetchError.notCached): notCached.append(k)
      case .failure(let e as FetchError) where settle && Fetcher.concernsOneURL(e): answers[k] = .failure(e)
      case .failure(let e):
        if firstError == nil { firstError = e }
        return false
      }
      return true
    }
  }

  /// Failures that say something about one URL, not about the host or the run.
  static func concernsOneURL(_ e: FetchError) -> Bool {
    switch e {
    case .failed, .tooLarge, .truncated, .foreignRedirect, .disallowedByRobots, .rejected: true
    case .notCached, .notCachedMany, .hostNotAllowed, .refused, .robotsUnavailable, .unreachable: false
    case .corruptInCache, .timeUp: false
    }
  }

  /// A request through the stages: the access gate, the cache, the network (a HEAD a server
  /// refuses asked again as one byte), and the cache again with what the network said.
  ///
  /// `admitted`: the host, when the access gate already let the URL through; `keeps`: whether the
  /// run serves a cached copy, when that was already decided (`getParsed`).
  private func fetch(
    _ url: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String], check: AnswerCheck?,
    admitted: String? = nil, keeps: Bool? = nil
  ) async throws -> FetchResponse {
    let host: String
    if let admitted {
      host = admitted
    } else {
      host = try await access.admit(url) { try await self.loadRobots(for: $0, host: $1) }
    }
    let (cached, requestHeaders): (FetchResponse?, [String: String])
    switch try store.lookup(url, method: method, headers: headers, check: check, keeps: keeps) {
    case .answer(let r): return r
    case .ask(let c, let h): (cached, requestHeaders) = (c, h)
    }
    var response: FetchResponse
    do {
      response = try await network.run(
        url, method: method, kind: kind, headers: requestHeaders, host: host, hasFallback: cached != nil,
        check: check)
    } catch let e as FetchError {
      guard let old = store.standIn(cached, for: e, host: host) else { throw e }
      return old
    }
    if method == .head, response.status == 405 || response.status == 501 {
      response = try await rangedHead(url, headers: requestHeaders, host: host, check: check)
    }
    return try store.settle(response, url: url, method: method, cached: cached)
  }

  /// A HEAD for a server that refuses HEAD: one byte asked for, the size read from `Content-Range`.
  private func rangedHead(_ url: URL, headers: [String: String], host: String, check: AnswerCheck?) async throws
    -> FetchResponse
  {
    var ranged = headers
    ranged["Range"] = "bytes=0-0"
    // A server that ignores Range sends the whole file: allow a file's size, not a page's.
    let r = try await network.run(
      url, method: .get, kind: .file, headers: ranged, host: host, hasFallback: false, check: nil)
    var response = FetchResponse(
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
    return response
  }

  /// The host's robots.txt rules, fetched once per run (through `AccessGate`) and cached for at
  /// most a day: 4xx means everything is allowed, 5xx or no answer means nothing is (and says why).
  private func loadRobots(for url: URL, host: String) async throws -> RobotsOutcome {
    var c = URLComponents()
    c.scheme = url.scheme ?? "https"
    c.host = host
    c.port = url.port
    c.path = "/robots.txt"
    guard let robotsURL = c.url else { return RobotsOutcome(rules: .allowAll) }
    let key = CacheKey(method: .get, url: robotsURL)
    let agent = configuration.robotsAgent
    var outcome: RobotsOutcome
    let cached = cache.read(key, url: robotsURL)
    if let (record, response) = cached, !RobotsTable.isStale(record.fetched, now: network.clock.date()) {
      counters.add(.hit)
      outcome = RobotsTable.outcome(from: response, agent: agent)
    } else {
      do {
        var r = try await network.run(
          robotsURL, method: .get, kind: .page, headers: [:], host: host, hasFallback: false, check: nil)
        r.headers = Validators.sanitised(r.headers)
        if r.isSuccess || (400..<500).contains(r.status) {
          try cache.write(key, response: r, charset: r.charset)
          counters.add(.stored)
        }
        outcome = RobotsTable.outcome(from: r, agent: agent)
      } catch let e as FetchError {
        if case .timeUp = e { throw e }
        // RFC 9309 2.4: when robots.txt cannot be reached, an older copy may stand in for it.
        if let (_, old) = cached { return try await applied(RobotsTable.outcome(from: old, agent: agent), host) }
        switch e {
        case .refused, .unreachable: throw e
        case .failed(_, let reason): outcome = RobotsOutcome(rules: .disallowAll, unavailableReason: reason)
        default: outcome = RobotsOutcome(rules: .disallowAll, unavailableReason: e.description)
        }
      }
    }
    return try await applied(outcome, host)
  }

  /// A robots.txt's Crawl-delay slows both of the host's gates (never speeds them up).
  private func applied(_ outcome: RobotsOutcome, _ host: String) async throws -> RobotsOutcome {
    if let d = outcome.rules.crawlDelaySeconds, d.isFinite {
      for method in [HTTPMethod.get, .head] {
        await network.gate(for: host, method).raiseInterval(to: min(max(d, 0), 30))
      }
    }
    return outcome
  }

  /// The URL actually contacted (see `MirrorRoute`).
  func wireURL(_ url: URL) -> URL { network.route.wire(url) }

  /// A redirect target mapped back to a real URL (see `MirrorRoute`).
  func realURL(_ location: String, relativeTo current: URL) -> URL? {
    network.route.real(location, relativeTo: current)
  }
}

/// A page as `Fetcher.getParsed` hands it over: its status and, for a 200, its parse.
public struct ParsedPage<P: CachedParse>: Sendable {
  public let status: Int
  /// The parse of a 200 answer; nil for any other status.
  public let value: P?
  /// False when the page was served by its kept parse, without its body being read.
  public let bodyRead: Bool
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
