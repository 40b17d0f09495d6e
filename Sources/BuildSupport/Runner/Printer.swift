import Foundation

/// Where a run's text goes: stderr lines in SwiftPM's shape (`error: …`, `warning: …`) and the
/// progress line, stdout lines for what people asked for. A value the runner is handed and passes
/// down (context, progress, previous catalogues), so a test or an embedding command can keep the
/// text instead of the process's streams.
public struct Printer: Sendable {
  private let toStdout: @Sendable (String) -> Void
  private let toStderr: @Sendable (String) -> Void

  /// `stdout` and `stderr` get text as it is, newlines included.
  public init(stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void) {
    toStdout = stdout
    toStderr = stderr
  }

  /// The process's own streams, each write at once (unbuffered, so a line shows when stdout is a pipe).
  public static let process = Printer(
    stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
    stderr: { FileHandle.standardError.write(Data($0.utf8)) })

  public func error(_ s: String) { plain("error: " + s) }
  public func warning(_ s: String) { plain("warning: " + s) }
  /// One line on stderr: a hint under an error, a counters line.
  public func plain(_ s: String) { stderr(s + "\n") }
  /// Text on stderr as it is (the live progress line redraws itself with `\r`).
  public func stderr(_ text: String) { toStderr(text) }
  /// One line of the summary people asked for, on stdout.
  public func out(_ s: String) { toStdout(s + "\n") }
  /// Text on stdout as it is (a help screen).
  public func stdout(_ text: String) { toStdout(text) }
}
