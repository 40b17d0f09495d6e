import BuildSupport
import CatalogKit
import Foundation

/// `catalog build`'s progress on stderr. On a terminal: one live line redrawn in place with the
/// running tool's phase, counts, requests and rate. In a log (stderr not a terminal): every line
/// starts with a UTC timestamp, a line when a run starts and ends, and a stats line every
/// `statsInterval` seconds per running tool (requests, cached, per minute, phase k/N), as Scrapy's
/// LogStats does. Each tool's warnings and errors are passed through, grouped under its name, when
/// it ends; `--quiet` keeps only the errors.
final class BuildProgress {
  let quiet: Bool
  let live: Bool
  let statsInterval: Double
  private let clock: () -> Date
  private let console: Console
  private var lastStats: (seconds: Double, requests: Int) = (0, 0)

  init(
    quiet: Bool, console: Console, terminal: Bool = isatty(2) == 1, statsInterval: Double = 60,
    clock: @escaping () -> Date = Date.init
  ) {
    self.quiet = quiet
    self.console = console
    self.live = terminal && !quiet
    self.terminalOutput = terminal
    self.statsInterval = statsInterval
    self.clock = clock
  }

  private let terminalOutput: Bool

  func start(_ label: String, index: Int, of total: Int) {
    lastStats = (0, 0)
    guard !quiet else { return }
    if live {
      write("\r\u{1B}[2K[\(index)/\(total)] \(label)  starting…")
    } else {
      log("[\(index)/\(total)] \(label): building")
    }
  }

  func tick(_ label: String, index: Int, of total: Int, _ now: ChildBuild.Live) {
    guard !quiet else { return }
    if live {
      var text = "[\(index)/\(total)] \(label)  \(Self.describe(now.progress))"
      let rate = Self.perSecond(now.progress?.requests, now.seconds)
      if let rate { text += "  \(rate)" }
      text += "  " + (now.seconds < 60 ? BuildSummary.time(now.seconds) : Self.duration(now.seconds))
      write("\r\u{1B}[2K" + Self.clip(text, to: 110))
    } else if now.seconds - lastStats.seconds >= statsInterval {
      let requests = now.progress?.requests ?? 0
      let minutes = (now.seconds - lastStats.seconds) / 60
      let perMinute = minutes > 0 ? Int((Double(requests - lastStats.requests) / minutes).rounded()) : 0
      lastStats = (now.seconds, requests)
      log(
        "[\(index)/\(total)] \(label): \(Self.describe(now.progress)), \(perMinute)/min, \(Self.duration(now.seconds))")
    }
  }

  func finish(_ label: String, index: Int, of total: Int, code: ExitCode, seconds: Double) {
    guard !quiet else { return }
    let outcome: String
    switch code {
    case .ok: outcome = "done"
    case .tempfail:
      outcome =
        Interruption.shared.signal.map { "stopped by signal \($0) (run again to continue)" }
        ?? "stopped at the time budget (exit 75: run again to continue)"
    default: outcome = "failed (exit \(code.rawValue))"
    }
    let text = "[\(index)/\(total)] \(label): \(outcome) in \(BuildSummary.time(seconds))"
    if live { write("\r\u{1B}[2K" + text + "\n") } else { log(text) }
  }

  /// A run the time budget left no room for.
  func postponed(_ label: String, index: Int, of total: Int) {
    guard !quiet else { return }
    let text = "[\(index)/\(total)] \(label): not started, the time budget is spent (run again to continue)"
    if live { write("\r\u{1B}[2K" + text + "\n") } else { log(text) }
  }

  /// A tool's own warning and error lines, grouped under its name: a heading that counts them, then
  /// each line indented (a line under a warning or error, such as a list of URLs, stays with it).
  /// A failed run's heading is an error and is printed whatever `--quiet` says.
  func passThrough(_ label: String, code: ExitCode, lines: [String]) {
    let shown = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let warnings = shown.count { $0.hasPrefix("warning:") }
    let errors = shown.count { $0.hasPrefix("error:") }
    let failed = code != .ok && code != .tempfail
    guard failed || !(quiet || shown.isEmpty) else { return }
    let counts = "\(Self.plural(warnings, "warning")), \(Self.plural(errors, "error"))"
    let heading =
      failed
      ? "error: \(label) failed with exit \(code.rawValue)"
      : "warning: \(label): \(counts)"
    var out = [heading]
    for line in shown where !quiet || failed { out.append("  " + line) }
    if failed, shown.isEmpty { out.append("  (the tool printed nothing; run it alone to see why)") }
    for l in out { log(l) }
  }

  func line(_ text: String) {
    if terminalOutput { write(text + "\n") } else { log(text) }
  }

  /// One log line: a timestamp first unless stderr is a terminal.
  private func log(_ text: String) {
    if terminalOutput {
      write(text + "\n")
    } else {
      write(Self.timestamp(clock()) + " " + text + "\n")
    }
  }

  private func write(_ s: String) {
    console.progress(s)
  }

  /// `metadata 120/653, 130 requests (12 cached)`; before the child's first progress line, `starting`.
  static func describe(_ p: ProgressLine?) -> String {
    guard let p else { return "starting" }
    var parts: [String] = []
    if let phase = p.phase {
      parts.append(phase + (p.done.map { d in " \(d)" + (p.total.map { "/\($0)" } ?? "") } ?? ""))
    }
    if let r = p.requests { parts.append(plural(r, "request") + (p.cached.map { " (\($0) cached)" } ?? "")) }
    return parts.isEmpty ? "starting" : parts.joined(separator: ", ")
  }

  static func perSecond(_ requests: Int?, _ seconds: Double) -> String? {
    guard let requests, requests > 0, seconds > 0 else { return nil }
    return String(format: "%.1f/s", Double(requests) / seconds)
  }

  static func plural(_ n: Int, _ word: String) -> String { Plural.count(n, word) }

  /// `1h02m`, `3m05s`, `42s`.
  static func duration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    if s >= 3600 { return String(format: "%dh%02dm", s / 3600, (s % 3600) / 60) }
    if s >= 60 { return String(format: "%dm%02ds", s / 60, s % 60) }
    return "\(s)s"
  }

  /// `2026-12-01T15:04:05Z`; with `fractional`, milliseconds too (a rebuild's id in the history).
  static func timestamp(_ d: Date, fractional: Bool = false) -> String {
    let f = ISO8601DateFormatter()
    f.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
    f.timeZone = TimeZone(identifier: "UTC")
    return f.string(from: d)
  }

  static func clip(_ s: String, to n: Int) -> String { s.count > n ? String(s.prefix(n - 1)) + "…" : s }
}
