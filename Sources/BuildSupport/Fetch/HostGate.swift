import Foundation

/// Per-host politeness: at most `jobs` requests in flight and at least `interval` between the starts
/// of two requests. Waiters are released one at a time in arrival order, never in a burst.
actor HostGate {
  let host: String
  let jobs: Int
  private(set) var interval: Double
  /// The configured interval: successes relax a slowed-down gate back towards it, never below.
  let baseInterval: Double
  private var inFlight = 0
  /// How many may be in flight now: `jobs`, halved by each error answer and grown back by one per
  /// `limit` successes (additive increase, multiplicative decrease), so a host that answers 5xx is
  /// asked less at once rather than stopped, and a burst costs a few seconds, not the run.
  private(set) var limit: Int
  private var successesSinceCut = 0
  private var nextStart: Double = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []
  /// Consecutive refusals and transport failures; the breaker opens at the threshold.
  private(set) var refusals = 0
  /// When the current run of transport failures began (monotonic seconds), if one is running.
  private var failingSince: Double? = nil
  private(set) var breaker = Breaker.closed
  private let clock: any FetchClock

  /// Whether the host is still asked, and if not, why.
  enum Breaker: Equatable {
    case closed
    /// 429s and 503s with Retry-After, one after another.
    case refusing
    /// Nothing but transport failures; the last one's cause.
    case unreachable(String)
  }

  var isOpen: Bool { breaker != .closed }

  init(host: String, jobs: Int, interval: Double, clock: any FetchClock = SystemClock()) {
    self.clock = clock
    self.host = host
    self.jobs = max(1, jobs)
    self.limit = max(1, jobs)
    self.interval = max(0, interval)
    self.baseInterval = max(0, interval)
  }

  /// Waits for a slot, then for the host's next allowed start time.
  func acquire() async {
    if inFlight >= limit {
      await withCheckedContinuation { waiters.append($0) }
    } else {
      inFlight += 1
    }
    let now = clock.seconds()
    let start = max(now, nextStart)
    nextStart = start + interval
    // Waits are bounded by the callers (Retry-After is capped) and clamped by the clock.
    if start > now { try? await clock.sleep(start - now) }
  }

  func release() {
    if waiters.isEmpty || inFlight > limit {
      // Over a lowered limit the slot is given up rather than passed on.
      inFlight -= 1
    } else {
      // The slot passes straight to the next waiter; inFlight stays the same.
      waiters.removeFirst().resume()
    }
  }

  /// Pauses the whole host until `seconds` from now (a Retry-After); a running pause is never shortened.
  func pause(for seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    nextStart = max(nextStart, clock.seconds() + min(seconds, 86_400))
  }

  /// Errors come back faster than pages, so they may only slow us down: fewer requests at once, and
  /// on a paced host (an interval set) a longer pause. An unpaced host (`--delay 0`) is paced by an
  /// error only once it is down to one request in flight: until then halving what is in flight is
  /// the slowing down (pacing every request behind one URL's error is what turned 2% of 503s into a
  /// run 25 times as long), but a host that goes on failing one at a time is spaced out, from a
  /// tenth of a second doubling to 10 s, however short each URL's own backoff. An answer that came
  /// with a Retry-After has paused the host for exactly that (`pause`) and adds no spacing of its own.
  func slowDown(retryAfterGiven: Bool = false) {
    let single = limit == 1
    limit = max(1, limit / 2)
    successesSinceCut = 0
    if baseInterval > 0 {
      interval = min(max(interval * 2, baseInterval), 10)
    } else if single, !retryAfterGiven {
      interval = min(max(interval * 2, 0.1), 10)
    }
  }

  /// A site's Crawl-delay can only make us slower.
  func raiseInterval(to seconds: Double) {
    guard seconds.isFinite else { return }
    interval = max(interval, seconds)
  }

  func recordRefusal(threshold: Int) -> Bool {
    refusals += 1
    if refusals >= threshold, breaker == .closed { breaker = .refusing }
    return isOpen
  }

  /// Counts a transport failure (refused, reset, timed out, unresolvable); the breaker opens at the
  /// threshold, or once the host has given nothing but failures for `window` seconds. True when open.
  func recordTransportFailure(_ cause: String, threshold: Int, window: Double) -> Bool {
    refusals += 1
    let now = clock.seconds()
    let since = failingSince ?? now
    failingSince = since
    if breaker == .closed, refusals >= threshold || now - since >= window { breaker = .unreachable(cause) }
    return isOpen
  }

  /// A success resets the refusal count and lets a slowed gate relax a little (a tenth per answer),
  /// so one 429 early in a long run does not slow the rest of it.
  func recordSuccess() {
    refusals = 0
    failingSince = nil
    if interval > baseInterval { interval = max(baseInterval, baseInterval + (interval - baseInterval) * 0.5 - 0.001) }
    if limit < jobs {
      successesSinceCut += 1
      if successesSinceCut >= limit {
        limit += 1
        successesSinceCut = 0
        // The slot just regained may let a waiter in at once.
        if inFlight < limit, !waiters.isEmpty {
          inFlight += 1
          waiters.removeFirst().resume()
        }
      }
    }
  }
}
