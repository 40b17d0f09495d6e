import CatalogKit

/// A subcommand's command line split into positionals, option values and flags. Hand-written, small,
/// with the error wording of the house style (quote the bad token, suggest a near match).
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
    var out = ParsedArguments()
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let a = arguments[i]
      i += 1
      if onlyPositionals || !a.hasPrefix("-") || a == "-" {
        out.positionals.append(a)
        continue
      }
      if a == "--" {
        onlyPositionals = true
        continue
      }
      if a == "-h" || a == "--help" {
        out.wantsHelp = true
        continue
      }
      var name = a
      var inline: String? = nil
      if let eq = a.firstIndex(of: "=") {
        name = String(a[..<eq])
        inline = String(a[a.index(after: eq)...])
      }
      if flags.contains(name) {
        guard inline == nil else { throw UsageError(description: "\(name) takes no value, not '\(inline ?? "")'.") }
        out.flags.insert(name)
      } else if valueOptions.contains(name) {
        if let inline {
          out.values[name, default: []].append(inline)
        } else {
          guard i < arguments.count else { throw UsageError(description: "\(name) needs a value.") }
          out.values[name, default: []].append(arguments[i])
          i += 1
        }
      } else {
        let known = valueOptions.union(flags).union(["--help"])
        let hint = NearMatch.nearest(name, in: known).map { "; did you mean '\($0)'?" } ?? "."
        throw UsageError(description: "unknown option '\(name)'\(hint)")
      }
    }
    return out
  }
}
