import CatalogKit
import Foundation
import Synchronization

/// Stage two: what the cache answers, and what an answer from the network does to the cache. A
/// cached copy is served when the run keeps it (no `--refresh`, `--no-network`, or the freshness
/// policy says it is fresh); otherwise the network is asked, conditionally when the copy has
/// validators, and the copy stands in when the host cannot answer. Copies that fail their checks
/// are dropped, and what was served, stood in and dropped is kept in the ledger for the summary.
struct CacheStage: Sendable {
  let configuration: FetcherConfiguration
  let cache: CacheStore
  let counters: Counters
  let ledger: FetchLedger
  let missing: MissingList

  enum Lookup {
    /// The cache's copy is the answer.
    case answer(FetchResponse)
    /// The network must be asked, with these headers (validators added); `cached` is the copy a
    /// 304 confirms or a failure falls back on.
    case ask(cached: FetchResponse?, headers: [String: String])
  }

  /// `keeps`: whether the run serves a cached copy as it is, when `keptParse` already decided it for
  /// this URL (and counted the decision); nil decides here.
  func lookup(
    _ url: URL, method: HTTPMethod, headers: [String: String], check: AnswerCheck?, keeps decided: Bool? = nil
  )
    throws -> Lookup
  {
    let key = CacheKey(method: method, url: url)
    var cached: (CacheRecord, FetchResponse)? = nil
    switch cache.lookup(key, url: url, marksUse: true) {
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
    if let (record, response) = cached, decided ?? keeps(record, method: method, url: url) {
      counters.add(.hit)
      ledger.served(response)
      return .answer(response)
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
    return .ask(cached: cached?.1, headers: requestHeaders)
  }

  /// What `keptParse` found.
  enum KeptParse<Value> {
    /// The run serves the cached copy, and its parse was kept: the body was not read.
    case served(Value)
    /// The run asks again for this URL (decided and counted).
    case reask
    /// The run serves the cached copy (decided and counted), but no sound parse of it was kept.
    case unparsed
    /// No sound 200 copy with a body is cached: nothing was decided.
    case none
  }

  /// A cached page served by its kept parse alone, without reading or checking its body again: when
  /// the record is sound and a 200 with a body, the run keeps the copy, and `parse` finds a sound
  /// entry for the record's digest. `parse` must be one kept only after a body with that digest
  /// passed the same checks this request makes (see `ParseCache.kept`), so the entry says all the
  /// body would. Otherwise the request goes the usual way, told what was decided.
  ///
  /// `cited`: whether a row may cite the page as `parse` made it; the lineage keeps the facts of
  /// only those answers.
  func keptParse<Value>(_ url: URL, parse: (CacheRecord) -> Value?, cited: (Value) -> Bool) -> KeptParse<Value> {
    let key = CacheKey(method: .get, url: url)
    guard case .found(let found) = cache.getRecord(key), found.record.status == 200, found.record.bodyBytes > 0
    else { return .none }
    guard keeps(found.record, method: .get, url: url) else { return .reask }
    guard let value = parse(found.record) else { return .unparsed }
    cache.serve(found, url: url, marksUse: true, remembers: cited(value))
    counters.add(.hit)
    ledger.servedPage(url)
    return .served(value)
  }

  /// A cached size answer this run serves as it is, taken without a task of its own
  /// (`Fetcher.keptHeads` over thousands of HEADs): nil, with nothing changed or counted, whenever `lookup` has anything
  /// to decide or do (a miss, a damaged copy, one its check refuses, one to ask again); served, it
  /// has had exactly the effects `lookup`'s answer has.
  func servedAtOnce(_ url: URL, check: AnswerCheck?) -> FetchResponse? {
    let key = CacheKey(method: .head, url: url)
    guard let record = cache.peekHead(key) else { return nil }
    let unserved = FetchResponse(
      url: url, method: .head, status: record.status, headers: record.headers, body: [], fromCache: true)
    guard check?.verdict(unserved) == nil, keeps(record, method: .head, url: url, atOnce: true) else { return nil }
    counters.add(.hit)
    return cache.servedHead(record, url: url)
  }

  /// Whether this run serves a copy without asking again.
  /// `atOnce`: decided with no effect unless the copy is kept (`FreshnessPolicy.keptAtOnce`), so a
  /// false sends the request the usual way, which decides again.
  private func keeps(_ record: CacheRecord, method: HTTPMethod, url: URL, atOnce: Bool = false) -> Bool {
    if !configuration.refresh || configuration.noNetwork { return true }
    guard let freshness = configuration.freshness else { return false }
    return atOnce
      ? freshness.keptAtOnce(method: method, url: url, fetched: record.fetched, counters: counters)
      : freshness.keeps(method: method, url: url, fetched: record.fetched, counters: counters)
  }

  /// The cached copy standing in for an answer the host could not give (`--refresh` on a server
  /// that is down: the copy we have is better than none); nil when the failure must not be hidden.
  func standIn(_ old: FetchResponse?, for e: FetchError, host: String) -> FetchResponse? {
    guard let old, let reason = CacheStage.staleReason(e) else { return nil }
    counters.add(.hit)
    counters.add(.stale)
    ledger.stale(host: host, reason: reason)
    ledger.served(old)
    return old
  }

  /// The network's answer as the run uses it: a 304 confirms the copy; anything else updates the
  /// freshness policy's view and is stored when it is an answer worth keeping.
  func settle(_ answer: FetchResponse, url: URL, method: HTTPMethod, cached old: FetchResponse?) throws
    -> FetchResponse
  {
    let key = CacheKey(method: method, url: url)
    var response = answer
    if response.status == 304, let old {
      counters.add(.revalidated)
      counters.add(.refreshNotModified)
      // Marked as used when it was looked up (`marksUse`).
      ledger.served(old)
      // A detail or size confirmed by a 304 is as good as new: its age starts again.
      if configuration.freshness?.restartsAge(method: method, url: url) == true {
        try? cache.write(key, response: old, charset: old.charset)
      }
      return old
    }
    if let old {
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
    ledger.served(response)
    return response
  }

  /// Removes an answer that failed its checks, and says so in the summary.
  func drop(_ key: CacheKey, url: URL, because reason: String) {
    cache.remove(key)
    counters.add(.dropped)
    ledger.dropped(url, because: reason)
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
}

/// What the run learnt that its messages report: pages served (from the cache or the network), the
/// hosts whose cached copies stood in for answers they could not give, and the answers dropped.
final class FetchLedger: Sendable {
  private struct State {
    /// Pages (2xx GETs) this run read.
    var servedPages = Set<String>()
    var stale: [String: (count: Int, reason: String)] = [:]
    var dropped: [(url: String, reason: String)] = []
  }

  private let state = Mutex(State())

  /// Remembers that a page was read, for `Fetcher.cacheHint`: only pages (2xx GETs), which are
  /// what a parser can fail on.
  func served(_ r: FetchResponse) {
    guard r.method == .get, r.isSuccess else { return }
    servedPage(r.url)
  }

  /// A 2xx GET read in this run.
  func servedPage(_ url: URL) {
    let s = url.absoluteString
    state.withLock { _ = $0.servedPages.insert(s) }
  }

  func stale(host: String, reason: String) {
    state.withLock { l in
      let count = (l.stale[host]?.count ?? 0) + 1
      l.stale[host] = (count, reason)
    }
  }

  func dropped(_ url: URL, because reason: String) {
    state.withLock { l in
      l.dropped.append((url.absoluteString, reason))
      l.servedPages.remove(url.absoluteString)
    }
  }

  var servedPages: Set<String> { state.withLock { $0.servedPages } }

  /// `example.org unreachable (connection refused): using 12 cached copies`, one per host.
  var staleSummary: [String] {
    state.withLock { l in
      l.stale.sorted { $0.key < $1.key }.map { host, s in
        "\(host) \(s.reason): using \(s.count) cached \(s.count == 1 ? "copy" : "copies")"
      }
    }
  }

  var droppedSummary: [String] {
    state.withLock { l in
      l.dropped.map { "\($0.url): dropped from the cache (\($0.reason)); the next run asks again" }
    }
  }
}
