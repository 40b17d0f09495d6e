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
  private var nextStart: Double = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []
  /// Consecutive refusals and transport failures; the breaker opens at the threshold.
  private(set) var refusals = 0
  /// When the current run of transport failures began (monotonic seconds), if one is running.
  private var failingSince: Double? = nil
  private(set) var breaker = Breaker.closed

  /// Whether the host is still asked, and if not, why.
  enum Breaker: Equatable {
    case closed
    /// 429s and 503s with Retry-After, one after another.
    case refusing
    /// Nothing but transport failures; the last one's cause.
    case unreachable(String)
  }

  var isOpen: Bool { breaker != .closed }

  init(host: String, jobs: Int, interval: Double) {
    self.host = host
    self.jobs = max(1, jobs)
    self.interval = max(0, interval)
    self.baseInterval = max(0, interval)
  }

  /// Waits for a slot, then for the host's next allowed start time.
  func acquire() async {
    if inFlight >= jobs {
      await withCheckedContinuation { waiters.append($0) }
    } else {
      inFlight += 1
    }
    let now = Monotonic.seconds()
    let start = max(now, nextStart)
    nextStart = start + interval
    // Waits are bounded by the callers (Retry-After is capped); the clamp keeps the conversion safe.
    if start > now { try? await Task.sleep(nanoseconds: UInt64(min(start - now, 86_400) * 1e9)) }
  }

  func release() {
    if waiters.isEmpty {
      inFlight -= 1
    } else {
      // The slot passes straight to the next waiter; inFlight stays the same.
      waiters.removeFirst().resume()
    }
  }

  /// Pauses the whole host until `seconds` from now (a Retry-After); a running pause is never shortened.
  func pause(for seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    nextStart = max(nextStart, Monotonic.seconds() + min(seconds, 86_400))
  }

  /// Errors come back faster than pages, so they may only slow us down: the interval grows, never shrinks.
  func slowDown() { interval = min(max(interval * 2, 0.25), 10) }

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
    let now = Monotonic.seconds()
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
    if interval > baseInterval { interval = max(baseInterval, interval * 0.9 - 0.001) }
  }
}

enum Monotonic {
  static func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
