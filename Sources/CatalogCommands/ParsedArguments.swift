import BuildSupport
import CatalogKit

/// A subcommand's command line, read by the one `ArgumentScanner` every executable uses against the
/// subcommand's declared options, so every value has been checked against its kind and range.
/// Code reads a value through the option that declared it (`args[DiffCommand.maxRemoved]`); the
/// wording of problems here is `catalog`'s (lowercase, with a near match).
struct ParsedArguments {
  var positionals: [String]
  var scanned: ArgumentScanner.Scanned
  var wantsHelp = false

  /// The checked value of `option`, or what it reads as when not given (its default, nil, empty).
  subscript<Value>(option: Option<Value>) -> Value { scanned[option] }

  /// Whether `option` was on the command line, for an option whose absence means something its
  /// default cannot say.
  func has(_ option: some OptionDeclaring) -> Bool { scanned.values[option.declaration.name] != nil }

  struct UsageError: Error, Sendable, CustomStringConvertible {
    var description: String
  }

  /// `--help` and `-h`, which every subcommand takes; help lists it last, as `-h, --help`.
  static let help = Option.flag("--help", help: "Show help information.")

  /// Whether one word is `--help` or its short spelling, as the scanner reads it.
  static func asksForHelp(_ word: String) -> Bool {
    (ArgumentScanner(options: []).aliases[word] ?? word) == help.name
  }

  /// Parses `arguments` for a subcommand that declares `options`. `--name=value` works too; `--`
  /// ends the options; options of one exclusive group may not be given together.
  static func parse(_ arguments: [String], options: [any OptionDeclaring]) throws(UsageError) -> ParsedArguments {
    let declared = options.map(\.declaration) + [help.declaration]
    let scanner = ArgumentScanner(options: declared, positionals: true, nearness: 2)
    let scanned: ArgumentScanner.Scanned
    do {
      scanned = try scanner.scan(arguments)
    } catch {
      throw UsageError(description: sentence(error))
    }
    var out = ParsedArguments(positionals: scanned.positionals, scanned: scanned)
    out.wantsHelp = out[help]
    if !out.wantsHelp, let clash = clash(scanned.given, declared) { throw UsageError(description: clash) }
    return out
  }

  /// `choose one of --json, --stat, not both.` when options of one exclusive group were given
  /// together, named in the order they were given.
  private static func clash(_ given: [String], _ declared: [ToolOption]) -> String? {
    var chosen: [String: [String]] = [:]
    var order: [String] = []
    for name in given {
      guard let group = declared.first(where: { $0.name == name })?.exclusiveGroup else { continue }
      if chosen[group] == nil { order.append(group) }
      if !chosen[group, default: []].contains(name) { chosen[group, default: []].append(name) }
    }
    guard let group = order.first(where: { chosen[$0, default: []].count > 1 }) else { return nil }
    return "choose one of \(chosen[group, default: []].joined(separator: ", ")), not both."
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
