import BuildSupport
import CatalogKit

/// What a `catalog` subcommand works with: where it writes (stdout for the summary people asked
/// for, stderr for errors, warnings and progress) and the sources it knows. A value, so subcommands
/// take it as an argument and a test hands in one that keeps the text
/// (`Console(out:error:progress:)`), or one that knows a source of its own (`sources`).
package struct Console: Sendable {
  /// One line of the summary, on stdout (the newline is the writer's).
  package let out: @Sendable (String) -> Void
  /// One line on stderr: an `error:` or `warning:` line, or a hint under one.
  package let error: @Sendable (String) -> Void
  /// Text on stderr as it is (the live progress line redraws itself with `\r`).
  package let progress: @Sendable (String) -> Void
  /// The sources `catalog build`, `check`, `validate`, `diff`, `report` and `demo` know: the
  /// package's, unless a test declares its own.
  package var sources: [Source] = Sources.all

  /// What the pure rules need of `sources`.
  package var catalogues: CatalogueSources { CatalogueSources(sources.map(\.catalogue)) }

  /// The process's own streams, through the printer every tool uses.
  package init() {
    self.init(
      out: { Printer.process.out($0) }, error: { Printer.process.plain($0) }, progress: { Printer.process.stderr($0) })
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
