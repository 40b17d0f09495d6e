import Foundation
import Synchronization

/// SIGTERM and SIGINT during `catalog build`: the running tool is asked to stop too (SIGTERM), no
/// further tool is started, the report and history are written for what ran, and then the signal
/// takes its usual course (exit 143 or 130), so a scheduler that stops `catalog build` never leaves
/// a tool crawling alone. The tools write atomically, so the next run continues from the cache.
final class Interruption: Sendable {
  static let shared = Interruption()

  private struct State {
    var child: pid_t?
    var signal: Int32?
  }
  private let state = Mutex(State())
  private let sources = Mutex<[DispatchSourceSignal]>([])

  /// Catches SIGTERM and SIGINT from now on (once per process).
  func install() {
    sources.withLock { list in
      guard list.isEmpty else { return }
      for sig in [SIGTERM, SIGINT] {
        Foundation.signal(sig, SIG_IGN)
        let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        s.setEventHandler { [weak self] in self?.received(sig) }
        s.resume()
        list.append(s)
      }
    }
  }

  private func received(_ sig: Int32) {
    let child = state.withLock { s -> pid_t? in
      if s.signal == nil { s.signal = sig }
      return s.child
    }
    if let child { kill(child, SIGTERM) }
  }

  /// The signal received so far, if any.
  var signal: Int32? { state.withLock { $0.signal } }

  /// The tool now running (nil when none), so a signal reaches it; one that arrived before it
  /// started is passed on at once.
  func running(_ pid: pid_t?) {
    let pending = state.withLock { s -> Bool in
      s.child = pid
      return s.signal != nil
    }
    if let pid, pending { kill(pid, SIGTERM) }
  }

  /// Ends the process as the signal would have: default action restored, signal raised again.
  func finish() {
    guard let sig = signal else { return }
    Foundation.signal(sig, SIG_DFL)
    raise(sig)
  }
}
