import BuildSupport
import CatalogKit

/// A subcommand's command line split into positionals, option values and flags, read by the one
/// `ArgumentScanner` every executable uses; the wording here is `catalog`'s (lowercase, with a
/// near match).
struct ParsedArguments {
  var positionals: [String] = []
  /// Every value given for an option, in order (`--ignore a --ignore b`).
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var wantsHelp = false

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func flag(_ name: String) -> Bool { flags.contains(name) }

  struct UsageError: Error, Sendable, CustomStringConvertible {
    var description: String
  }

  /// Parses `arguments` for a subcommand that knows `valueOptions` and `flags`. `--name=value` works
  /// too; `--` ends the options.
  static func parse(_ arguments: [String], valueOptions: Set<String>, flags: Set<String>) throws(UsageError)
    -> ParsedArguments
  {
    let declared =
      valueOptions.sorted().map { ToolOption($0, value: "<value>", help: "", kind: .path) }
      + (flags.union(["--help"])).sorted().map { ToolOption($0, help: "") }
    let scanner = ArgumentScanner(options: declared, positionals: true, nearness: 2)
    let scanned: ArgumentScanner.Scanned
    do {
      scanned = try scanner.scan(arguments)
    } catch {
      throw UsageError(description: sentence(error))
    }
    var out = ParsedArguments(positionals: scanned.positionals)
    for (name, given) in scanned.values {
      if name == "--help" {
        out.wantsHelp = true
      } else if flags.contains(name) {
        out.flags.insert(name)
      } else {
        out.values[name] = given
      }
    }
    return out
  }

  private static func sentence(_ problem: ArgumentScanner.Problem) -> String {
    switch problem {
    case .unknown(let raw, let near):
      let name = raw.split(separator: "=", maxSplits: 1).first.map(String.init) ?? raw
      return "unknown option '\(name)'" + (near.map { "; did you mean '\($0)'?" } ?? ".")
    default: return problem.sentence
    }
  }
}
