import BuildSupport
import CatalogCommands
import Synchronization

/// A `catalog` command line run in-process: its exit code and everything it printed, each stream
/// as one text (lines ended by newlines, as a terminal would show them).
struct Captured {
  var code: ExitCode
  var stdout: String
  var stderr: String

  /// Runs `arguments` (the words after `catalog`) with a console that keeps what it is given.
  static func run(_ arguments: [String]) -> Captured {
    let record = Record()
    let code = CatalogCommand.main(arguments, console: record.console)
    return record.result(code)
  }

  /// The two streams, shared with the subcommand's threads (diff reads on every core).
  final class Record: Sendable {
    private let text = Mutex((stdout: "", stderr: ""))

    var console: Console {
      Console(
        out: { line in self.text.withLock { $0.stdout += line + "\n" } },
        error: { line in self.text.withLock { $0.stderr += line + "\n" } },
        progress: { raw in self.text.withLock { $0.stderr += raw } })
    }

    func result(_ code: ExitCode) -> Captured {
      text.withLock { Captured(code: code, stdout: $0.stdout, stderr: $0.stderr) }
    }
  }
}
