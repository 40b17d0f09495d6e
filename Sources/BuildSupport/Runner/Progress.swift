import Foundation

/// Progress on stderr: one live line redrawn in place on a terminal, plain lines otherwise (a log
/// file should not fill with carriage returns). Quiet runs print nothing.
public final class Progress: @unchecked Sendable {
  private let lock = NSLock()
  private let live: Bool
  private let quiet: Bool
  private var lastPlain: [String: Double] = [:]
  private var lineShown = false

  public init(quiet: Bool, terminal: Bool = isatty(2) == 1) {
    self.quiet = quiet
    self.live = terminal
  }

  /// Reports `done` of `total` for a phase ("index", "probe"). Plain output prints at the start,
  /// the end and every 10% in between.
  public func step(_ phase: String, done: Int, total: Int, detail: String = "") {
    guard !quiet else { return }
    lock.lock()
    defer { lock.unlock() }
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
}
