import BuildSupport
import Foundation

/// The kinds of option `catalog`'s subcommands declare beyond `Option`'s own: words that stand for
/// values, values kept as typed (paths named in messages as the user gave them), repeats kept whole.
extension Option {
  /// One of `words`, read as the value it stands for; nil when not given.
  static func oneOf<T: Sendable>(
    _ name: String, value: String, _ words: [(String, T)], help: String, defaultText: String? = nil
  ) -> Option<T?> where Value == T? {
    Option(ToolOption(name, value: value, help: help, default: defaultText, kind: .choice(words.map(\.0)))) { given in
      given.last.flatMap { word in words.first { $0.0 == word }?.1 }
    }
  }

  /// One of the words (listed in order in messages), read as the value it stands for; the first,
  /// shown as the default, when none is given.
  static func oneOf(
    _ name: String, value: String, default first: (String, Value), or others: [(String, Value)], help: String
  ) -> Option {
    let words = [first] + others
    let kind = OptionKind.choice(words.map(\.0).sorted())
    return Option(ToolOption(name, value: value, help: help, default: first.0, kind: kind)) {
      given in
      given.last.flatMap { word in words.first { $0.0 == word }?.1 } ?? first.1
    }
  }

  /// A file or folder as typed (so messages and documents name it as the user did), else `fallback`.
  static func place(
    _ name: String, value: String, help: String, default fallback: String, exclusiveGroup: String? = nil
  ) -> Option<String> where Value == String {
    Option(ToolOption(name, value: value, help: help, default: fallback, kind: .path, exclusiveGroup: exclusiveGroup)) {
      $0.last ?? fallback
    }
  }

  /// Every value given, in order and whole (a value may hold commas: `--with retrospec:--only=SK,RA`).
  static func repeated(_ name: String, value: String, help: String) -> Option<[String]> where Value == [String] {
    Option(ToolOption(name, value: value, help: help, repeatable: true, kind: .text)) { $0 }
  }

  /// A percentage from 0 to 100 (`5`, `1.5%`); nil when not given.
  static func percentage(_ name: String, value: String, help: String, defaultText: String) -> Option<Double?>
  where Value == Double? {
    Option(ToolOption(name, value: value, help: help, default: defaultText, kind: .percentage)) {
      $0.last.flatMap(OptionKind.percentage)
    }
  }

  /// A length of time (`90s`, `45m`, `5h30m`) within `range`, in seconds; nil when not given.
  static func duration(_ name: String, value: String, _ range: ClosedRange<Int>, help: String) -> Option<Int?>
  where Value == Int? {
    Option(ToolOption(name, value: value, help: help, kind: .duration(range))) { $0.last.flatMap(TimeBudget.seconds) }
  }
}

/// Options several subcommands declare, spelt once.
enum CommonOption {
  /// `--json`'s one spelling; `catalog` itself looks for it on the subcommands without one, to say
  /// where their numbers are.
  static let jsonName = "--json"

  /// `--json`, in each subcommand's words.
  static func json(_ help: String, exclusiveGroup: String? = nil) -> Option<Bool> {
    .flag(jsonName, help: help, exclusiveGroup: exclusiveGroup)
  }

  static let strict = Option.flag("--strict", help: "Fail (exit 65) on warnings too, not only on errors.")
}
