import Foundation
import Synchronization

/// The time the fetcher's stages read and wait on: the real clocks in a build, a manual one in tests,
/// so backoff, Retry-After, the breaker's dead-host window and the deadline are tested without sleeping.
public protocol FetchClock: Sendable {
  /// Monotonic seconds: intervals between requests, backoff, how long a host has been failing.
  func seconds() -> Double
  /// Wall-clock time: the `--max-time` deadline and Retry-After dates are moments, not intervals.
  func date() -> Date
  /// Waits `seconds` (throws when the task is cancelled).
  func sleep(_ seconds: Double) async throws
}

/// The clocks a build runs on.
public struct SystemClock: FetchClock {
  public init() {}

  public func seconds() -> Double { Monotonic.seconds() }

  public func date() -> Date { Date() }

  public func sleep(_ seconds: Double) async throws {
    // Waits are bounded by their callers (Retry-After is capped); the clamp keeps the conversion safe.
    guard seconds > 0 else { return }
    try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1e9))
  }
}

/// Where jitter comes from: the system's generator in a build, a seeded one in tests.
public protocol RandomSource: Sendable {
  /// A value drawn uniformly from `range`.
  func uniform(in range: ClosedRange<Double>) -> Double
}

public struct SystemRandom: RandomSource {
  public init() {}

  public func uniform(in range: ClosedRange<Double>) -> Double { Double.random(in: range) }
}

enum Monotonic {
  static func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
