import CatalogKit
import Foundation

/// How long a retry waits: the server's Retry-After when it gave one, else capped exponential
/// backoff with ±25% jitter; never past the longest Retry-After we honour.
struct RetryPolicy: Sendable {
  var maxAttempts: Int
  var base: Double
  var cap: Double
  var retryAfterCap: Double

  init(_ c: FetcherConfiguration) {
    maxAttempts = c.maxAttempts
    base = c.backoffBase
    cap = BuildDefaults.backoffCapSeconds
    retryAfterCap = c.retryAfterCap
  }

  /// The wait after the `attempt`-th (from 1) attempt failed.
  func wait(after attempt: Int, retryAfter: Double?, random: any RandomSource) -> Double {
    let backoff = base * pow(2, Double(attempt - 1))
    let jitter = random.uniform(in: 0.75...1.25)
    return min(max(0, retryAfter ?? min(backoff * jitter, cap)), retryAfterCap)
  }
}

/// Where a request really goes: a mirror's folder for the host when a mirror is set.
struct MirrorRoute: Sendable {
  var mirror: URL?

  /// The URL actually contacted. Dot segments are removed first, so no path can climb from the
  /// host's folder on the mirror into another's.
  func wire(_ url: URL) -> URL {
    guard let mirror, let host = url.host else { return url }
    var s = mirror.absoluteString
    while s.hasSuffix("/") { s.removeLast() }
    let c = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = DotSegments.remove(c?.percentEncodedPath ?? url.path)
    var out = s + "/" + host.lowercased() + (path.isEmpty ? "/" : path)
    if let q = c?.percentEncodedQuery { out += "?" + q }
    return URL(string: out) ?? url
  }

  /// Maps a redirect target back to a real URL (a mirror's Location names the mirror). The target's
  /// dot segments (`..`, `%2e%2e`) are removed before anything is checked, as RFC 3986 5.2 does when
  /// resolving, so a target cannot pass the host check and then climb out of it.
  func real(_ location: String, relativeTo current: URL) -> URL? {
    guard let joined = URL(string: location, relativeTo: wire(current))?.absoluteURL else { return nil }
    let resolved = DotSegments.normalise(joined)
    guard let mirror else { return resolved }
    var m = mirror.absoluteString
    while m.hasSuffix("/") { m.removeLast() }
    let s = resolved.absoluteString
    guard s.hasPrefix(m + "/") else { return resolved }
    let rest = s.dropFirst(m.count + 1)
    return URL(string: (current.scheme ?? "https") + "://" + rest)
  }
}

/// Stage three: one request to the network, with same-host redirects, the host's politeness gate,
/// its breaker, and retries for 429, 5xx, transport failures and answers that failed their check.
/// Time and jitter come from the clock and random source it is given.
struct RetryLoop: Sendable {
  let configuration: FetcherConfiguration
  let transport: any Transport
  let counters: Counters
  let clock: any FetchClock
  let random: any RandomSource
  let gates: GateTable
  var policy: RetryPolicy { RetryPolicy(configuration) }
  var route: MirrorRoute { MirrorRoute(mirror: configuration.mirror) }

  init(
    configuration: FetcherConfiguration, transport: any Transport, counters: Counters, clock: any FetchClock,
    random: any RandomSource
  ) {
    self.configuration = configuration
    self.transport = transport
    self.counters = counters
    self.clock = clock
    self.random = random
    self.gates = GateTable(clock: clock)
  }

  /// What one attempt came to.
  enum Step {
    case answer(FetchResponse)
    case redirect(URL)
    /// The attempt failed in a way a retry may mend: `failure` says how, `wait` is the server's
    /// Retry-After, `rejection` the check the answer failed, `giveUp` that a cached copy will do.
    case retry(failure: String, wait: Double?, rejection: String?, giveUp: Bool)
  }

  /// The gate requests of this method queue at: one per host, or two when probes have their own pace.
  func gate(for host: String, _ method: HTTPMethod) async -> HostGate {
    if method == .head, let probe = configuration.probeDelayMS, probe != configuration.delayMS {
      return await gates.gate(for: host + " HEAD", jobs: configuration.jobs, interval: Double(probe) / 1000)
    }
    return await gates.gate(for: host, jobs: configuration.jobs, interval: Double(configuration.delayMS) / 1000)
  }

  /// The request, retried until it is answered or fails for good. With `hasFallback` (a cached copy
  /// can stand in), a transport failure is not retried: the breaker opens after a few such failures
  /// and the rest of the run uses its copies at once.
  func run(
    _ url: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String], host: String, hasFallback: Bool,
    check: AnswerCheck?
  ) async throws -> FetchResponse {
    let gate = await gate(for: host, method)
    try await RetryLoop.refuseIfOpen(gate, host: host)
    var current = url
    var redirects = 0
    var attempt = 0
    while true {
      attempt += 1
      let outcome = try await send(
        current, method: method, kind: kind, headers: headers, url: url, host: host, gate: gate)
      let request = Asked(url: url, current: current, method: method, kind: kind, headers: headers, check: check)
      switch try await judge(outcome, request, host: host, gate: gate, hasFallback: hasFallback) {
      case .answer(let answer): return answer
      case .redirect(let target):
        redirects += 1
        if redirects > BuildDefaults.maxRedirects {
          counters.add(.failed)
          throw FetchError.failed(url, reason: "more than \(BuildDefaults.maxRedirects) redirects")
        }
        current = target
        attempt = 0
      case .retry(let failure, let retryWait, let rejection, let giveUp):
        if attempt >= policy.maxAttempts || giveUp {
          counters.add(.failed)
          if let rejection { throw FetchError.rejected(url, reason: rejection, attempts: attempt) }
          throw FetchError.failed(url, reason: "\(failure) after \(Plural.count(attempt, "attempt"))")
        }
        counters.add(.retried)
        let wait = policy.wait(after: attempt, retryAfter: retryWait, random: random)
        if let deadline = configuration.deadline, clock.date().addingTimeInterval(wait) >= deadline {
          counters.add(.failed)
          throw FetchError.timeUp(url)
        }
        try await clock.sleep(wait)
      }
    }
  }

  /// What was asked, as the judging of an attempt needs it.
  struct Asked {
    /// The URL asked for (answers and errors name it), and the one this attempt went to (after redirects).
    var url: URL
    var current: URL
    var method: HTTPMethod
    var kind: RequestKind
    var headers: [String: String]
    var check: AnswerCheck?
  }

  /// One attempt through the host's gate: the transport's answer or its error.
  private func send(
    _ current: URL, method: HTTPMethod, kind: RequestKind, headers: [String: String], url: URL, host: String,
    gate: HostGate
  ) async throws -> Result<TransportResponse, Error> {
    var h = configuration.extraHeaders.merging(headers) { $1 }
    h["User-Agent"] = configuration.userAgent
    let request = TransportRequest(
      url: route.wire(current), method: method, headers: h, timeout: configuration.timeout, maxBytes: kind.bodyCap)
    try checkDeadline(url)
    await gate.acquire()
    // The wait at the gate may have outlasted the budget, the batch, or the host's breaker.
    do {
      try checkDeadline(url)
      try Task.checkCancellation()
      try await RetryLoop.refuseIfOpen(gate, host: host)
    } catch {
      await gate.release()
      throw error
    }
    counters.add(.requests)
    let outcome: Result<TransportResponse, Error>
    do { outcome = .success(try await transport.send(request)) } catch { outcome = .failure(error) }
    await gate.release()
    return outcome
  }

  /// What an attempt's outcome means: an answer, a redirect to follow, a failure to retry, or an
  /// error that ends the request (thrown).
  private func judge(
    _ outcome: Result<TransportResponse, Error>, _ asked: Asked, host: String, gate: HostGate, hasFallback: Bool
  ) async throws -> Step {
    switch outcome {
    case .success(let r):
      if r.status == 429 || (500..<600).contains(r.status) {
        return try await judgeError(r, host: host, gate: gate)
      }
      await gate.recordSuccess()
      return try judgeAnswer(r, asked)
    case .failure(let e):
      if e is CancellationError { throw e }
      let cause = (e as? TransportError)?.message ?? e.localizedDescription
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
      return .retry(failure: "transport error: \(cause)", wait: nil, rejection: nil, giveUp: hasFallback)
    }
  }

  /// A 429 or 5xx: counted against the breaker when it is a refusal, the host paused for its
  /// Retry-After (or refused at once when that is longer than we wait) and slowed.
  private func judgeError(_ r: TransportResponse, host: String, gate: HostGate) async throws -> Step {
    let raw = r.headers["retry-after"]
    let after = RetryAfter.seconds(raw, now: clock.date())
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
    await gate.slowDown(retryAfterGiven: after != nil)
    return .retry(failure: "HTTP \(r.status)", wait: after, rejection: nil, giveUp: false)
  }

  /// An answer below 429 that is not a server error: a redirect, an answer over the cap, a body
  /// cut short of its Content-Length, a 304 nobody asked for, an answer failing its check, or the page.
  private func judgeAnswer(_ r: TransportResponse, _ asked: Asked) throws -> Step {
    let url = asked.url
    let kind = asked.kind
    if (300..<400).contains(r.status), r.status != 304, let location = r.headers["location"] {
      let target = route.real(location, relativeTo: asked.current)
      // A redirect may go only to a host the source declared; the answer is cached under the URL
      // that was asked for.
      guard let target, let targetHost = target.host, configuration.allows(targetHost) else {
        counters.add(.failed)
        throw FetchError.foreignRedirect(from: url, to: location)
      }
      return .redirect(target)
    }
    if r.exceededCap || r.body.count > kind.bodyCap {
      counters.add(.failed)
      let announced = r.headers["content-length"].flatMap { Int($0) }
      throw FetchError.tooLarge(url, bytes: announced ?? r.body.count, cap: kind.bodyCap)
    }
    if asked.method == .get, (200..<300).contains(r.status), let cl = r.headers["content-length"].flatMap({ Int($0) }),
      cl != r.body.count, r.headers["content-encoding"] == nil
    {
      let failure = FetchError.truncated(url, got: r.body.count, expected: cl).description
      return .retry(failure: failure, wait: nil, rejection: nil, giveUp: false)
    }
    let conditional = asked.headers.keys.contains { ["if-none-match", "if-modified-since"].contains($0.lowercased()) }
    if r.status == 304, !conditional {
      // Nothing was asked to be confirmed: a 304 here is a confused cache in front of the site.
      let failure = "answered 304 Not Modified to a request that was not conditional"
      return .retry(failure: failure, wait: nil, rejection: nil, giveUp: false)
    }
    let answer = FetchResponse(
      url: url, method: asked.method, status: r.status, headers: r.headers, body: r.body, fromCache: false)
    if let check = asked.check, let why = check.verdict(answer) {
      counters.add(.rejected)
      return .retry(failure: why, wait: nil, rejection: why, giveUp: false)
    }
    return .answer(answer)
  }

  /// Throws when the host's breaker is open: unreachable with its cause, or refusing.
  static func refuseIfOpen(_ gate: HostGate, host: String) async throws {
    switch await gate.breaker {
    case .closed: return
    case .refusing: throw FetchError.refused(host: host, status: 429, wait: "a few minutes (the breaker is open)")
    case .unreachable(let cause): throw FetchError.unreachable(host: host, reason: cause)
    }
  }

  func checkDeadline(_ url: URL) throws {
    if let deadline = configuration.deadline, clock.date() >= deadline {
      counters.add(.failed)
      throw FetchError.timeUp(url)
    }
  }
}

/// One gate per host, created on first use.
actor GateTable {
  private var gates: [String: HostGate] = [:]
  private let clock: any FetchClock

  init(clock: any FetchClock) { self.clock = clock }

  func gate(for host: String, jobs: Int, interval: Double) -> HostGate {
    if let g = gates[host] { return g }
    let g = HostGate(host: host, jobs: jobs, interval: interval, clock: clock)
    gates[host] = g
    return g
  }
}
