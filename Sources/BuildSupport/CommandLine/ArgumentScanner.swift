import CatalogKit

/// The one command-line reader every executable uses (`*-build`, `catalog`, `site-mirror`, `bench`):
/// it splits `--name=value`, takes `--` as the end of options, tells flags from options with values
/// by their declarations, checks each value against its kind and range, and finds near matches for
/// unknown names. Callers turn its `Problem` into their own usage message.
public struct ArgumentScanner: Sendable {
  public var options: [ToolOption]
  /// Whether words that are not options are allowed (`catalog diff <old> <new>`).
  public var positionals: Bool
  /// Short spellings (`-h` → `--help`).
  public var aliases: [String: String]
  /// How far (in edits) an unknown name may be from a known one to be suggested.
  public var nearness: Int

  public init(
    options: [ToolOption], positionals: Bool = false, aliases: [String: String] = ["-h": "--help"], nearness: Int = 3
  ) {
    self.options = options
    self.positionals = positionals
    self.aliases = aliases
    self.nearness = nearness
  }

  /// What was read, in order.
  public struct Scanned: Sendable, Equatable {
    public var positionals: [String] = []
    /// Every value given for an option, in order (`--ignore a --ignore b`); a flag has "true".
    public var values: [String: [String]] = [:]
    /// Option names as given, in order, for checks across options (modes that exclude each other).
    public var given: [String] = []
  }

  /// Why a command line could not be read.
  public enum Problem: Error, Sendable, Equatable {
    case unknown(String, nearest: String?)
    case needsValue(String)
    case flagWithValue(String, String)
    /// `takes` is what the option takes ("takes a share from 0 to 1").
    case badValue(String, takes: String, value: String)
    case unexpectedWord(String)
  }

  public func scan(_ arguments: [String]) throws(Problem) -> Scanned {
    var out = Scanned()
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let raw = arguments[i]
      i += 1
      if onlyPositionals || !raw.hasPrefix("-") || raw == "-" {
        guard positionals else { throw .unexpectedWord(raw) }
        out.positionals.append(raw)
        continue
      }
      if raw == "--", positionals {
        onlyPositionals = true
        continue
      }
      var name = raw
      var inline: String? = nil
      if raw.hasPrefix("--"), let eq = raw.firstIndex(of: "=") {
        name = String(raw[..<eq])
        inline = String(raw[raw.index(after: eq)...])
      }
      name = aliases[name] ?? name
      guard let option = options.first(where: { $0.name == name }) else {
        throw .unknown(raw, nearest: NearMatch.nearest(name, in: options.map(\.name), maximum: nearness))
      }
      out.given.append(name)
      if option.kind == .flag {
        if let inline { throw .flagWithValue(name, inline) }
        out.values[name, default: []] = ["true"]
        continue
      }
      if case .flagOr(let words) = option.kind {
        guard let inline else {
          out.values[name, default: []] = ["true"]
          continue
        }
        guard words.contains(inline) else { throw .flagWithValue(name, inline) }
        out.values[name, default: []] = [inline]
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard i < arguments.count else { throw .needsValue(name) }
        value = arguments[i]
        i += 1
      }
      if let takes = option.kind.problem(with: value) { throw .badValue(name, takes: takes, value: value) }
      out.values[name, default: []].append(value)
    }
    return out
  }
}

extension ArgumentScanner.Problem {
  /// The house sentence (`--jobs takes a number from 1 to 8, not 'x'.`), values shown escaped.
  public var sentence: String {
    switch self {
    case .unknown(let name, let near):
      "Unknown option '\(OptionKind.quoted(name))'." + (near.map { " Did you mean '\($0)'?" } ?? "")
    case .needsValue(let name): "\(name) needs a value."
    case .flagWithValue(let name, let v): "\(name) takes no value, not '\(OptionKind.quoted(v))'."
    case .badValue(let name, let takes, let v): "\(name) \(takes), not '\(OptionKind.quoted(v))'."
    case .unexpectedWord(let w): "Unexpected argument '\(OptionKind.quoted(w))'."
    }
  }
}
