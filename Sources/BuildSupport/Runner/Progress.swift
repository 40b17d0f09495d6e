import Foundation
import Synchronization

/// Progress on stderr: one live line redrawn in place on a terminal, plain lines otherwise (a log
/// file should not fill with carriage returns). Quiet runs print nothing.
///
/// `@unchecked Sendable`: every value that changes after `init` lives in `state`, behind a `Mutex`;
/// `timer` (a Dispatch source, not marked Sendable) is set once in `init` and only cancelled in
/// `deinit`; the rest are constants of Sendable types.
public final class Progress: @unchecked Sendable {
  private let live: Bool
  private let quiet: Bool
  private let printer: Printer
  /// `catalog build` asks its children for machine lines (see `ProgressLine`); they are written
  /// whatever `--quiet` says, because the parent, not a person, reads them.
  private let machine: Bool
  private let counters: Counters?
  private let state = Mutex(State())
  private var timer: DispatchSourceTimer?

  /// What changes while the run goes on.
  private struct State {
    var lastPlain: [String: Double] = [:]
    var lineShown = false
    var phase: Phase?
    var lastMachine = ""
  }

  private struct Phase {
    var name: String
    var done: Int
    var total: Int
    var settledAtStep: Int
    var detail: String
  }

  public init(quiet: Bool, printer: Printer, terminal: Bool = isatty(2) == 1, counters: Counters? = nil) {
    self.quiet = quiet
    self.printer = printer
    self.live = terminal
    self.counters = counters
    self.machine = ProcessInfo.processInfo.environment[ProgressLine.environmentKey] == "lines"
    if machine || (!quiet && counters != nil) {
      // Fetches advance between step() calls (a phase of 12 pages reports 0/12 until all are in),
      // so once a second the count is moved on by what the fetcher answered since.
      let t = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
      t.schedule(deadline: .now() + 1, repeating: 1)
      t.setEventHandler { [weak self] in self?.heartbeat() }
      t.resume()
      timer = t
    }
  }

  deinit { timer?.cancel() }

  /// Reports `done` of `total` for a phase ("index", "probe"). Plain output prints at the start,
  /// the end and every 10% in between.
  public func step(_ phase: String, done: Int, total: Int, detail: String = "") {
    let settledNow = settled()
    let changed = state.withLock { s in
      let changed = s.phase?.name != phase || done == 0 || done >= total
      s.phase = Phase(name: phase, done: done, total: total, settledAtStep: settledNow, detail: detail)
      return changed
    }
    if machine, changed { emitMachineLine(force: true) }
    guard !quiet else { return }
    state.withLock { show(phase, done: done, total: total, detail: detail, in: &$0) }
  }

  /// Draws a count: the live line, or a plain line at the start, the end and every 10%. Called
  /// with the lock held.
  private func show(_ phase: String, done: Int, total: Int, detail: String, in s: inout State) {
    let pct = total > 0 ? Double(done) / Double(total) : 1
    let text = "\(phase) \(done)/\(total)" + (detail.isEmpty ? "" : "  \(detail)")
    if live {
      let cols = 100
      let shown = text.count > cols ? String(text.prefix(cols - 1)) + "…" : text
      printer.stderr("\r\u{1B}[2K" + shown)
      s.lineShown = true
      if done >= total {
        printer.stderr("\n")
        s.lineShown = false
      }
    } else {
      let last = s.lastPlain[phase] ?? -1
      if done == 0 || done >= total || pct - last >= 0.1 {
        s.lastPlain[phase] = pct
        printer.stderr(text + "\n")
      }
    }
  }

  /// Once a second: the machine line for `catalog build`, and the count moved on for a person.
  private func heartbeat() {
    if machine { emitMachineLine(force: false) }
    guard !quiet else { return }
    let settledNow = settled()
    state.withLock { s in
      guard let p = s.phase, p.done < p.total else { return }
      let done = advanced(p, settled: settledNow)
      guard done > p.done else { return }
      show(p.name, done: done, total: p.total, detail: p.detail, in: &s)
    }
  }

  /// The tool's own count plus what the fetcher answered since, short of the end: the tool says when
  /// a phase is complete.
  private func advanced(_ p: Phase, settled: Int) -> Int {
    if p.done >= p.total { return p.done }
    return min(p.done + max(0, settled - p.settledAtStep), max(p.total - 1, p.done))
  }

  /// A line of its own (notes, warnings), clearing any live line first.
  public func line(_ text: String) {
    state.withLock { s in
      if s.lineShown {
        printer.stderr("\r\u{1B}[2K")
        s.lineShown = false
      }
      printer.stderr(text + "\n")
    }
  }

  var isQuiet: Bool { quiet }

  /// Answers the fetcher has settled (from the cache, stored, revalidated, failed, or missing).
  private func settled() -> Int {
    guard let c = counters else { return 0 }
    return c[.hit] + c[.stored] + c[.revalidated] + c[.failed] + c[.notCached]
  }

  /// Writes the current phase and counters as one `ProgressLine`; unforced lines only when
  /// something moved since the last one.
  private func emitMachineLine(force: Bool) {
    let settledNow = settled()
    state.withLock { s in
      var p = ProgressLine()
      if let phase = s.phase {
        p.phase = phase.name
        p.total = phase.total
        p.done = advanced(phase, settled: settledNow)
      }
      if let c = counters {
        p.requests = c[.requests]
        p.cached = c[.hit]
      }
      let text = p.encoded
      guard force || text != s.lastMachine else { return }
      s.lastMachine = text
      printer.stderr(text + "\n")
    }
  }
}
