import BuildSupport

/// One `catalog` subcommand: its help, its options and its run. Adding a subcommand is one file in
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
  /// The positional arguments as help shows them to a console that knows `sources` (`catalog
  /// build` lists the sources it can build); `arguments` unless a subcommand says otherwise.
  static func arguments(for sources: [Source]) -> [(String, String)]
  /// Every option and flag, each declared once (spelling, value, kind and range, default, help), in
  /// help's order; parsing checks values against these, and `run` reads them back through them.
  static var options: [any OptionDeclaring] { get }
  /// Runs with the arguments after the subcommand name; prints its own output.
  static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode
}

extension Subcommand {
  static func arguments(for sources: [Source]) -> [(String, String)] { arguments }

  static var help: String { help(for: Sources.all) }

  static func help(for sources: [Source]) -> String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: catalog \(usage)"]
    let arguments = arguments(for: sources)
    if !arguments.isEmpty {
      lines += ["", "ARGUMENTS:"] + HelpLayout.rows(arguments)
    }
    let rows = options.map { HelpLayout.row($0.declaration) } + [HelpLayout.helpRow]
    lines += ["", "OPTIONS:"] + HelpLayout.rows(rows)
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

  /// `-h, --help`, the last row of every OPTIONS list.
  static var helpRow: (String, String) { ("-h, \(ParsedArguments.help.name)", ParsedArguments.help.declaration.help) }

  /// An option's row: its spelling and value, then its sentence with the default after it.
  static func row(_ o: ToolOption) -> (String, String) {
    (o.value.map { "\(o.name) \($0)" } ?? o.name, o.help + (o.defaultValue.map { " (default: \($0))" } ?? ""))
  }
}
