import BuildSupport

/// Where `catalog` writes: stdout for the summary people asked for, stderr for errors, warnings and
/// progress. A value holding its three writers, so subcommands take it as an argument and a test
/// hands in one that keeps the text (`Console(out:error:progress:)`) to see what a run printed.
package struct Console: Sendable {
  /// One line of the summary, on stdout (the newline is the writer's).
  package let out: @Sendable (String) -> Void
  /// One line on stderr: an `error:` or `warning:` line, or a hint under one.
  package let error: @Sendable (String) -> Void
  /// Text on stderr as it is (the live progress line redraws itself with `\r`).
  package let progress: @Sendable (String) -> Void

  /// The process's own streams, through `Diagnostics`, the printer every tool uses.
  package init() {
    self.init(out: { Diagnostics.out($0) }, error: { Diagnostics.plain($0) }, progress: { Diagnostics.stderr($0) })
  }

  package init(
    out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
    progress: @escaping @Sendable (String) -> Void
  ) {
    self.out = out
    self.error = error
    self.progress = progress
  }
}
