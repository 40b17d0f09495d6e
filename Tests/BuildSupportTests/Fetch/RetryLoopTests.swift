import CatalogKit
import Foundation
import XCTest

@testable import BuildSupport

/// The retry stage on a manual clock and a seeded random source: every wait is read exactly, and
/// nothing sleeps.
final class RetryLoopTests: XCTestCase {
  let url = URL(string: "https://example.org/a.html")!

  func configuration(_ edit: (inout FetcherConfiguration) -> Void = { _ in }) -> FetcherConfiguration {
    var c = FetcherConfiguration(cacheRoot: URL(fileURLWithPath: "/nonexistent"), allowedHosts: ["example.org"])
    c.delayMS = 0
    c.jobs = 8
    c.respectRobots = false
    edit(&c)
    return c
  }

  func loop(_ c: FetcherConfiguration, _ t: ScriptedTransport, _ clock: ManualClock, seed: UInt64 = 7) -> RetryLoop {
    RetryLoop(configuration: c, transport: t, counters: Counters(), clock: clock, random: SeededRandom(seed: seed))
  }

  func run(_ l: RetryLoop, hasFallback: Bool = false) async throws -> FetchResponse {
    try await l.run(
      url, method: .get, kind: .page, headers: [:], host: "example.org", hasFallback: hasFallback, check: nil)
  }

  func testBackoffDoublesFromTheBaseWithJitterFromTheSeededRandom() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport.statuses([503, 503, 503, 200])
    let c = configuration { $0.backoffBase = 0.5 }
    let r = try await run(loop(c, t, clock, seed: 42))
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(t.requests.count, 4)
    // The same seed draws the same jitter: the waits are base·2^(n-1)·jitter, nothing else.
    let again = SeededRandom(seed: 42)
    let expected = (1...3).map { n in 0.5 * pow(2, Double(n - 1)) * again.uniform(in: 0.75...1.25) }
    XCTAssertEqual(clock.sleeps, expected)
    for (n, w) in clock.sleeps.enumerated() {
      let backoff = 0.5 * pow(2, Double(n))
      XCTAssertTrue((0.75 * backoff...1.25 * backoff).contains(w), "wait \(n + 1) is \(w)")
    }
  }

  func testJitterStaysWithinAQuarterEitherWayAndBackoffStopsAtTheCap() {
    var c = configuration()
    c.backoffBase = 1
    let policy = RetryPolicy(c)
    let random = SeededRandom(seed: 3)
    var seen: [Double] = []
    for _ in 0..<2_000 { seen.append(policy.wait(after: 1, retryAfter: nil, random: random)) }
    XCTAssertGreaterThanOrEqual(seen.min() ?? 0, 0.75)
    XCTAssertLessThanOrEqual(seen.max() ?? 2, 1.25)
    XCTAssertLessThan(seen.min() ?? 1, 0.76, "the draw spans the range, not one value")
    XCTAssertGreaterThan(seen.max() ?? 1, 1.24)
    // 2^4 = 16 s before jitter: at least 12 s, over the 8 s cap whatever the draw.
    for n in 5...12 {
      XCTAssertEqual(policy.wait(after: n, retryAfter: nil, random: random), BuildDefaults.backoffCapSeconds)
    }
    XCTAssertEqual(policy.wait(after: 1, retryAfter: 30, random: random), 30, "a Retry-After replaces the backoff")
    XCTAssertEqual(policy.wait(after: 1, retryAfter: 500, random: random), c.retryAfterCap)
  }

  func testRetryAfterInSecondsIsWaitedExactlyAndPausesTheHost() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport([.answer(503, ["retry-after": "7"], ""), .answer(200, [:], "ok")])
    let l = loop(configuration(), t, clock)
    _ = try await run(l)
    XCTAssertEqual(clock.sleeps, [7])
    XCTAssertEqual(l.counters[.refused], 1)
    XCTAssertEqual(l.counters[.retried], 1)
  }

  func testRetryAfterAsAnHTTPDateIsWaitedUntilThatMoment() async throws {
    let clock = ManualClock()
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "GMT")
    f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let when = f.string(from: clock.date().addingTimeInterval(30))
    let t = ScriptedTransport([.answer(429, ["retry-after": when], ""), .answer(200, [:], "ok")])
    _ = try await run(loop(configuration(), t, clock))
    XCTAssertEqual(clock.sleeps, [30])
  }

  func testRetryAfterLongerThanTheCapFailsAtOnceWithoutWaiting() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport([.answer(503, ["retry-after": "3600"], "")])
    do {
      _ = try await run(loop(configuration(), t, clock))
      XCTFail("waited an hour")
    } catch FetchError.refused(_, let status, let wait) {
      XCTAssertEqual(status, 503)
      XCTAssertTrue(wait.contains("Retry-After: 3600"), wait)
    }
    XCTAssertEqual(clock.sleeps, [])
    XCTAssertEqual(t.requests.count, 1)
  }

  func testBreakerOpensAtTheThresholdOfRefusalsAndThenAsksNothing() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport.statuses([429, 429, 429])
    let l = loop(configuration { $0.breakerThreshold = 3 }, t, clock)
    do {
      _ = try await run(l)
      XCTFail("the breaker stayed closed")
    } catch FetchError.refused(let host, 429, _) {
      XCTAssertEqual(host, "example.org")
    }
    XCTAssertEqual(t.requests.count, 3)
    // Open: the next request to the host is refused before anything is sent.
    do {
      _ = try await run(l)
      XCTFail("an open breaker let a request through")
    } catch FetchError.refused(_, _, let wait) {
      XCTAssertTrue(wait.contains("breaker is open"), wait)
    }
    XCTAssertEqual(t.requests.count, 3)
  }

  func testAnAnswerBetweenRefusalsKeepsTheBreakerClosed() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport.statuses([429, 429, 200, 429, 429, 200])
    let l = loop(configuration { $0.breakerThreshold = 3 }, t, clock)
    for _ in 0..<2 {
      let r = try await run(l)
      XCTAssertEqual(r.status, 200)
    }
    XCTAssertEqual(t.requests.count, 6)
    let gate = await l.gate(for: "example.org", .get)
    let breaker = await gate.breaker
    XCTAssertEqual(breaker, .closed)
  }

  func testADeadHostIsGivenUpOnAfterTheWindowBeforeTheCountReachesTheThreshold() async throws {
    let clock = ManualClock()
    // Every request times out after 30 s of the test's clock.
    let t = ScriptedTransport(
      Array(repeating: .fail("timed out", answered: false), count: 10), clock: clock, takes: 30)
    let l = loop(
      configuration {
        $0.maxAttempts = 10
        $0.breakerThreshold = 10
      }, t, clock)
    do {
      _ = try await run(l)
      XCTFail("a dead host was asked for ever")
    } catch FetchError.unreachable(_, let reason) {
      XCTAssertEqual(reason, "timed out")
    }
    // Failures end at 30, 60+ and 90+ s: the third is past the 60 s window from the first.
    XCTAssertEqual(t.requests.count, 3)
    XCTAssertEqual(l.counters[.retried], 2)
  }

  func testABodyThatBrokeOffIsRetriedAndNeverOpensTheBreaker() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport(
      Array(repeating: .fail("cut", answered: true), count: 4) + [.answer(200, [:], "ok")], clock: clock, takes: 30)
    let l = loop(
      configuration {
        $0.maxAttempts = 5
        $0.breakerThreshold = 2
      }, t, clock)
    let r = try await run(l)
    XCTAssertEqual(r.status, 200)
    XCTAssertEqual(t.requests.count, 5)
  }

  func testAHostWithACachedCopyIsNotRetriedAfterATransportFailure() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport([.fail("refused", answered: false), .answer(200, [:], "ok")])
    do {
      _ = try await run(loop(configuration(), t, clock), hasFallback: true)
      XCTFail("retried although a copy could stand in")
    } catch FetchError.failed(_, let reason) {
      XCTAssertEqual(reason, "transport error: refused after 1 attempt")
    }
    XCTAssertEqual(clock.sleeps, [])
  }

  func testTheDeadlineStopsARetryWhoseWaitWouldOutlastIt() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport.statuses([503, 200])
    let l = loop(
      configuration {
        $0.backoffBase = 2
        $0.deadline = clock.date().addingTimeInterval(1)
      }, t, clock)
    do {
      _ = try await run(l)
      XCTFail("slept past the deadline")
    } catch FetchError.timeUp(let u) {
      XCTAssertEqual(u, url)
    }
    XCTAssertEqual(t.requests.count, 1)
    XCTAssertEqual(clock.sleeps, [])
  }

  func testPastTheDeadlineNothingIsSent() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport.statuses([200])
    let l = loop(configuration { $0.deadline = clock.date() }, t, clock)
    do {
      _ = try await run(l)
      XCTFail("a request started after the deadline")
    } catch FetchError.timeUp {}
    XCTAssertEqual(t.requests.count, 0)
  }

  func testAttemptsAreCountedAndTheLastFailureNamed() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport.statuses([500, 500, 500])
    let l = loop(configuration { $0.maxAttempts = 3 }, t, clock)
    do {
      _ = try await run(l)
      XCTFail("a failing URL succeeded")
    } catch FetchError.failed(_, let reason) {
      XCTAssertEqual(reason, "HTTP 500 after 3 attempts")
    }
    XCTAssertEqual(clock.sleeps.count, 2)
  }

  func testSameHostRedirectsAreFollowedAndForeignOnesRefused() async throws {
    let clock = ManualClock()
    let t = ScriptedTransport([.answer(301, ["location": "/b.html"], ""), .answer(200, [:], "ok")])
    let r = try await run(loop(configuration(), t, clock))
    XCTAssertEqual(r.url, url, "cached under the URL asked for")
    XCTAssertEqual(t.requests.map(\.url.path), ["/a.html", "/b.html"])
    let foreign = ScriptedTransport([.answer(302, ["location": "https://evil.example/x"], "")])
    do {
      _ = try await run(loop(configuration(), foreign, clock))
      XCTFail("followed a redirect off the site")
    } catch FetchError.foreignRedirect {}
  }
}

/// The host gate's timing on the manual clock: spacing, pauses and the limit.
final class HostGateClockTests: XCTestCase {
  func testAnUnpacedHostFailingAtOneInFlightIsSpacedOutAndRelaxesOnAnswers() async {
    let clock = ManualClock()
    let gate = HostGate(host: "example.org", jobs: 2, interval: 0, clock: clock)
    await gate.slowDown()
    var interval = await gate.interval
    XCTAssertEqual(interval, 0, "halving what is in flight comes first")
    await gate.slowDown()
    interval = await gate.interval
    XCTAssertEqual(interval, 0.1)
    await gate.slowDown()
    interval = await gate.interval
    XCTAssertEqual(interval, 0.2)
    await gate.acquire()
    await gate.release()
    await gate.acquire()
    await gate.release()
    XCTAssertEqual(clock.sleeps.count, 1, "the second start waits out the interval")
    XCTAssertEqual(clock.sleeps.first ?? 0, 0.2, accuracy: 1e-9)
    await gate.recordSuccess()
    interval = await gate.interval
    XCTAssertLessThan(interval, 0.2)
  }

  func testAnErrorWithRetryAfterAddsNoSpacingOfItsOwn() async {
    let clock = ManualClock()
    let gate = HostGate(host: "example.org", jobs: 1, interval: 0, clock: clock)
    await gate.pause(for: 5)
    await gate.slowDown(retryAfterGiven: true)
    let interval = await gate.interval
    XCTAssertEqual(interval, 0)
    await gate.acquire()
    XCTAssertEqual(clock.sleeps, [5])
  }

  func testAPacedHostDoublesItsIntervalOnEveryError() async {
    let clock = ManualClock()
    let gate = HostGate(host: "example.org", jobs: 4, interval: 1, clock: clock)
    await gate.slowDown()
    await gate.slowDown()
    let interval = await gate.interval
    let limit = await gate.limit
    XCTAssertEqual(interval, 4)
    XCTAssertEqual(limit, 1)
  }
}
