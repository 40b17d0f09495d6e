import Foundation

/// Progress on stderr: one live line redrawn in place on a terminal, plain lines otherwise (a log
/// file should not fill with carriage returns). Quiet runs print nothing.
public final class Progress: @unchecked Sendable {
  private let lock = NSLock()
  private let live: Bool
  private let quiet: Bool
  private var lastPlain: [String: Double] = [:]
  private var lineShown = false
  /// `catalog build` asks its children for machine lines (see `ProgressLine`); they are written
  /// whatever `--quiet` says, because the parent, not a person, reads them.
  private let machine: Bool
  private let counters: Counters?
  private var phase: (name: String, done: Int, total: Int, settledAtStep: Int, detail: String)?
  private var lastMachine = ""
  private var timer: DispatchSourceTimer?

  public init(quiet: Bool, terminal: Bool = isatty(2) == 1, counters: Counters? = nil) {
    self.quiet = quiet
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
    lock.lock()
    let changed = self.phase?.name != phase || done == 0 || done >= total
    self.phase = (phase, done, total, settled(), detail)
    lock.unlock()
    if machine, changed { emitMachineLine(force: true) }
    guard !quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    show(phase, done: done, total: total, detail: detail)
  }

  /// Draws a count: the live line, or a plain line at the start, the end and every 10%. Called
  /// with the lock held.
  private func show(_ phase: String, done: Int, total: Int, detail: String) {
    let pct = total > 0 ? Double(done) / Double(total) : 1
    let text = "\(phase) \(done)/\(total)" + (detail.isEmpty ? "" : "  \(detail)")
    if live {
      let cols = 100
      let shown = text.count > cols ? String(text.prefix(cols - 1)) + "…" : text
      FileHandle.standardError.write(Data(("\r\u{1B}[2K" + shown).utf8))
      lineShown = true
      if done >= total {
        FileHandle.standardError.write(Data("\n".utf8))
        lineShown = false
      }
    } else {
      let last = lastPlain[phase] ?? -1
      if done == 0 || done >= total || pct - last >= 0.1 {
        lastPlain[phase] = pct
        FileHandle.standardError.write(Data((text + "\n").utf8))
      }
    }
  }

  /// Once a second: the machine line for `catalog build`, and the count moved on for a person.
  private func heartbeat() {
    if machine { emitMachineLine(force: false) }
    guard !quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    guard let p = phase, p.done < p.total else { return }
    let done = advanced(p)
    guard done > p.done else { return }
    show(p.name, done: done, total: p.total, detail: p.detail)
  }

  /// The tool's own count plus what the fetcher answered since, short of the end: the tool says when
  /// a phase is complete. Called with the lock held.
  private func advanced(_ p: (name: String, done: Int, total: Int, settledAtStep: Int, detail: String)) -> Int {
    if p.done >= p.total { return p.done }
    return min(p.done + max(0, settled() - p.settledAtStep), max(p.total - 1, p.done))
  }

  /// A line of its own (notes, warnings), clearing any live line first.
  public func line(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    if lineShown {
      FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
      lineShown = false
    }
    FileHandle.standardError.write(Data((text + "\n").utf8))
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
    lock.lock()
    defer { lock.unlock() }
    var p = ProgressLine()
    if let phase {
      p.phase = phase.name
      p.total = phase.total
      p.done = advanced(phase)
    }
    if let c = counters {
      p.requests = c[.requests]
      p.cached = c[.hit]
    }
    let text = p.encoded
    guard force || text != lastMachine else { return }
    lastMachine = text
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
