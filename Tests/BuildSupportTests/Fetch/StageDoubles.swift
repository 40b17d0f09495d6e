import Foundation
import Synchronization

@testable import BuildSupport

/// A clock that never waits: `sleep` moves its time on at once and records how long it was asked
/// for, so a test reads every backoff, pause and deadline exactly, in no time.
final class ManualClock: FetchClock {
  private struct State {
    var seconds = 1_000.0
    var sleeps: [Double] = []
  }

  private let state = Mutex(State())
  /// The wall-clock moment at monotonic second 0 (a whole second, so HTTP dates read back exactly).
  let epoch = Date(timeIntervalSince1970: 1_780_000_000)

  func seconds() -> Double { state.withLock { $0.seconds } }

  func date() -> Date { epoch.addingTimeInterval(seconds()) }

  func sleep(_ seconds: Double) async throws {
    try Task.checkCancellation()
    state.withLock { s in
      s.sleeps.append(seconds)
      s.seconds += max(0, seconds)
    }
    await Task.yield()
  }

  /// Moves the time on without a sleep (a transfer that took this long).
  func advance(_ seconds: Double) { state.withLock { $0.seconds += seconds } }

  var sleeps: [Double] { state.withLock { $0.sleeps } }
}

/// SplitMix64: the same seed draws the same jitter, run after run.
final class SeededRandom: RandomSource {
  private let state: Mutex<UInt64>

  init(seed: UInt64) { state = Mutex(seed) }

  func next() -> UInt64 {
    state.withLock { s in
      s &+= 0x9E37_79B9_7F4A_7C15
      var z = s
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  func uniform(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
  }
}

/// A transport that plays back a script, one step per request, and keeps what it was sent. A step
/// may take time on the test's clock (a time-out that took 30 s).
final class ScriptedTransport: Transport {
  enum Step {
    case answer(Int, [String: String], String)
    case fail(String, answered: Bool)
  }

  private let steps: Mutex<[Step]>
  private let sent = Mutex<[TransportRequest]>([])
  let clock: ManualClock?
  let takes: Double

  init(_ steps: [Step], clock: ManualClock? = nil, takes: Double = 0) {
    self.steps = Mutex(steps)
    self.clock = clock
    self.takes = takes
  }

  static func statuses(_ codes: [Int], headers: [String: String] = [:]) -> ScriptedTransport {
    ScriptedTransport(codes.map { .answer($0, headers, $0 == 200 ? "ok" : "") })
  }

  func send(_ request: TransportRequest) async throws -> TransportResponse {
    sent.withLock { $0.append(request) }
    clock?.advance(takes)
    let step = steps.withLock { s in s.isEmpty ? Step.answer(200, [:], "ok") : s.removeFirst() }
    switch step {
    case .answer(let status, let headers, let body):
      return TransportResponse(status: status, headers: headers, body: Array(body.utf8))
    case .fail(let message, let answered):
      throw TransportError(url: request.url, message: message, answered: answered)
    }
  }

  var requests: [TransportRequest] { sent.withLock { $0 } }
}
