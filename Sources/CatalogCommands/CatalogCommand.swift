import BuildSupport
import CatalogKit
import Foundation

/// `catalog`: the tool people use around builds. Subcommands are looked up by name in
/// `subcommands`; add one by writing `Subcommands/<Name>.swift` and listing it here.
package enum CatalogCommand {
  static let abstract = "Build, check, compare and summarise catalogue files."

  static var subcommands: [any Subcommand.Type] {
    [
      ValidateCommand.self,
      CheckCommand.self,
      DiffCommand.self,
      StatsCommand.self,
      CacheCommand.self,
      BuildCommand.self,
      ReportCommand.self,
      ExplainCommand.self,
      DemoCommand.self,
    ]
  }

  /// The subcommands' names, in help's order.
  package static var subcommandNames: [String] { subcommands.map { $0.name } }

  /// `catalog`'s own option before any subcommand; `--help` is every subcommand's too.
  static let version = Option.flag("--version", help: "Show the version and the commit it was built from.")

  static var help: String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: catalog <subcommand> [<arguments>] [<options>]", "", "OPTIONS:"]
    lines += HelpLayout.rows([HelpLayout.row(version.declaration), HelpLayout.helpRow])
    lines += ["", "SUBCOMMANDS:"]
    lines += HelpLayout.rows(subcommands.map { ($0.name, $0.abstract) })
    lines += ["", "  See 'catalog help <subcommand>' for detailed help."]
    return lines.joined(separator: "\n")
  }

  /// The whole of `catalog`'s `main`: runs the command line and exits with its code.
  package static func exit(with arguments: ArraySlice<String>) -> Never {
    Foundation.exit(main(Array(arguments)).rawValue)
  }

  /// Runs one command line in-process, printing through `console`; the code `catalog` exits with.
  package static func main(_ arguments: [String], console: Console = Console()) -> ExitCode {
    guard let first = arguments.first else {
      console.error("error: name a subcommand.")
      console.error("USAGE: catalog <subcommand> [<arguments>] [<options>]")
      console.error("  See 'catalog --help'.")
      return .usage
    }
    if first == version.name {
      console.out(BuildInfo.line("catalog"))
      return .ok
    }
    if ParsedArguments.asksForHelp(first) {
      console.out(help)
      return .ok
    }
    if first == "help" {
      guard let name = arguments.dropFirst().first else {
        console.out(help)
        return .ok
      }
      guard let command = subcommands.first(where: { $0.name == name }) else { return unknown(name, console) }
      console.out(command.help(for: console.sources))
      return .ok
    }
    guard let command = subcommands.first(where: { $0.name == first }) else { return unknown(first, console) }
    return run(command, Array(arguments.dropFirst()), console)
  }

  /// One subcommand with the words after its name: parsed against its declared options, then its
  /// help or its run.
  static func run(_ command: any Subcommand.Type, _ words: [String], _ console: Console) -> ExitCode {
    let json = CommonOption.jsonName
    if !command.options.contains(where: { $0.declaration.name == json }), let why = withoutJSON[command.name],
      words.contains(where: { $0 == json || $0.hasPrefix(json + "=") })
    {
      return command.usageError("\(command.name) has no \(json): \(why).", console)
    }
    let args: ParsedArguments
    do {
      args = try ParsedArguments.parse(words, options: command.options)
    } catch {
      return command.usageError(error.description, console)
    }
    if args.wantsHelp {
      console.out(command.help(for: console.sources))
      return .ok
    }
    return command.run(args, console)
  }

  /// Subcommands that report nothing a script would read, and where the machine-readable form is.
  static let withoutJSON = [
    "report": "it writes an HTML page; the numbers it draws are in the build report (catalog build --json)",
    "demo": "it is a guided tour; for JSON run catalog build --json against catalog demo --serve",
  ]

  private static func unknown(_ name: String, _ console: Console) -> ExitCode {
    let hint =
      NearMatch.nearest(name, in: subcommands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? "."
    console.error("error: unknown subcommand '\(name)'\(hint)")
    console.error("USAGE: catalog <subcommand> [<arguments>] [<options>]")
    console.error("  See 'catalog --help'.")
    return .usage
  }
}
