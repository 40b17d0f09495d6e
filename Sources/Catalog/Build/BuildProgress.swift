import BuildSupport
import Foundation

/// `catalog build`'s progress on stderr: on a terminal one live line (which run, how long so far)
/// redrawn in place; otherwise one plain line when a run starts and one when it ends. A failed run's
/// error lines are printed whatever `--quiet` says.
struct BuildProgress: Sendable {
  var quiet: Bool
  var live: Bool

  init(quiet: Bool, terminal: Bool = isatty(2) == 1) {
    self.quiet = quiet
    self.live = terminal && !quiet
  }

  func start(_ label: String, index: Int, of total: Int) {
    guard !quiet else { return }
    if live {
      write("\r\u{1B}[2K[\(index)/\(total)] \(label)  building…")
    } else {
      write("[\(index)/\(total)] \(label): building\n")
    }
  }

  func tick(_ label: String, index: Int, of total: Int, seconds: Double) {
    guard live else { return }
    write("\r\u{1B}[2K[\(index)/\(total)] \(label)  building…  \(BuildSummary.time(seconds))")
  }

  func finish(_ label: String, index: Int, of total: Int, code: ExitCode, seconds: Double) {
    guard !quiet else { return }
    let outcome = code == .ok ? "done" : "failed (exit \(code.rawValue))"
    write((live ? "\r\u{1B}[2K" : "") + "[\(index)/\(total)] \(label): \(outcome) in \(BuildSummary.time(seconds))\n")
  }

  /// The child's own error lines under a heading naming the run, capped so one source cannot bury
  /// the others (the full list is in the child's report and in a rerun of the tool alone).
  func failure(_ label: String, code: ExitCode, lines: [String], cap: Int = 40) {
    var text = "error: \(label) failed with exit \(code.rawValue)\n"
    for line in lines.prefix(cap) { text += "  " + line + "\n" }
    if lines.count > cap { text += "  … and \(lines.count - cap) more lines\n" }
    write(text)
  }

  func line(_ text: String) {
    write(text + "\n")
  }

  private func write(_ s: String) {
    FileHandle.standardError.write(Data(s.utf8))
  }
}
