import BuildSupport

/// One `catalog` subcommand: its help and its run. Adding a subcommand is one file in
/// `Subcommands/` plus one line in `CatalogCommand.subcommands`.
protocol Subcommand {
  /// The word after `catalog` (`diff`).
  static var name: String { get }
  /// One imperative sentence.
  static var abstract: String { get }
  /// The usage line after `USAGE: catalog `.
  static var usage: String { get }
  /// Positional arguments, each `(name, one sentence)`.
  static var arguments: [(String, String)] { get }
  /// Options (and flags), each `(spelling, one sentence with the default)`.
  static var options: [(String, String)] { get }
  /// The option names that take a value, and the flags; used to parse and to suggest near matches.
  static var valueOptions: Set<String> { get }
  static var flags: Set<String> { get }
  /// Runs with the arguments after the subcommand name; prints its own output.
  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode
}

extension Subcommand {
  static var help: String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: catalog \(usage)"]
    if !arguments.isEmpty {
      lines += ["", "ARGUMENTS:"] + HelpLayout.rows(arguments)
    }
    lines += ["", "OPTIONS:"] + HelpLayout.rows(options + [("-h, --help", "Show help information.")])
    return lines.joined(separator: "\n")
  }

  /// `error: …`, the usage line and where to find help, on stderr; exit 64.
  static func usageError(_ message: String, _ console: Console) -> ExitCode {
    console.error("error: \(message)")
    console.error("USAGE: catalog \(usage)")
    console.error("  See 'catalog \(name) --help'.")
    return .usage
  }
}

/// Help rows: names padded to one column, then the sentence.
enum HelpLayout {
  static func rows(_ items: [(String, String)]) -> [String] {
    let width = (items.map { $0.0.count }.max() ?? 0) + 2
    return items.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 }
  }
}
