import Foundation

/// Anything that declares one command-line option: a typed `Option` or a bare `ToolOption`.
public protocol OptionDeclaring: Sendable {
  var declaration: ToolOption { get }
}

extension ToolOption: OptionDeclaring {
  public var declaration: ToolOption { self }
}

/// One option, declared once and read back through this value: help and the scanner use its
/// `declaration` (spelling, kind, range, default, help); code asks for `scanned[option]` and gets
/// a `Value`, never a string looked up by name. A misspelt option is then a compile error, not a
/// flag that silently reads false.
public struct Option<Value: Sendable>: OptionDeclaring {
  public let declaration: ToolOption
  /// The checked values given (empty when the option was not) to the value code reads.
  let read: @Sendable ([String]) -> Value

  public init(_ declaration: ToolOption, read: @escaping @Sendable ([String]) -> Value) {
    self.declaration = declaration
    self.read = read
  }

  public var name: String { declaration.name }

  /// The value for what was given: `values` as the scanner kept them, in order.
  public func value(from values: [String]) -> Value { read(values) }
}

extension Option where Value == Bool {
  /// A flag: true when given.
  public static func flag(_ name: String, help: String, exclusiveGroup: String? = nil) -> Option {
    Option(ToolOption(name, help: help, exclusiveGroup: exclusiveGroup)) { !$0.isEmpty }
  }
}

extension Option where Value == Int? {
  /// A whole number whose default is worked out at run time (described by `defaultText`), so
  /// nil when not given.
  public static func integer(
    _ name: String, value: String = "<n>", _ range: ClosedRange<Int>, help: String, defaultText: String? = nil,
    exclusiveGroup: String? = nil
  ) -> Option {
    Option(
      ToolOption(
        name, value: value, help: help, default: defaultText, kind: .integer(range), exclusiveGroup: exclusiveGroup)
    ) { $0.last.flatMap { Int($0) } }
  }
}

extension Option where Value == Int {
  /// A whole number with a fixed default, written once here and shown in help.
  public static func integer(
    _ name: String, value: String = "<n>", _ range: ClosedRange<Int>, help: String, default d: Int,
    defaultText: String? = nil
  ) -> Option {
    Option(
      ToolOption(name, value: value, help: help, default: defaultText ?? String(d), kind: .integer(range))
    ) { $0.last.flatMap { Int($0) } ?? d }
  }
}

extension Option where Value == Double {
  /// A share from 0 to 1 with a fixed default.
  public static func share(_ name: String, value: String = "<share>", help: String, default d: Double) -> Option {
    Option(ToolOption(name, value: value, help: help, default: String(d), kind: .share)) {
      $0.last.flatMap { Double($0) } ?? d
    }
  }
}

extension Option where Value == String? {
  /// One printable value, or nil when not given.
  public static func text(
    _ name: String, value: String, help: String, defaultText: String? = nil, kind: OptionKind = .text,
    exclusiveGroup: String? = nil
  ) -> Option {
    Option(
      ToolOption(name, value: value, help: help, default: defaultText, kind: kind, exclusiveGroup: exclusiveGroup)
    ) { $0.last }
  }

  /// One word of `words`, or nil when not given.
  public static func choice(
    _ name: String, value: String, _ words: [String], help: String, exclusiveGroup: String? = nil
  ) -> Option {
    text(name, value: value, help: help, kind: .choice(words), exclusiveGroup: exclusiveGroup)
  }
}

extension Option where Value == [String] {
  /// Values that accumulate over repeats and commas (`--start a,b --start c`), trimmed, empty
  /// ones left out.
  public static func list(_ name: String, value: String, help: String) -> Option {
    Option(ToolOption(name, value: value, help: help, repeatable: true)) {
      $0.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
  }
}

extension Option where Value == ClosedRange<Int>? {
  /// `from-to` within `range`; the default, when given as text like `1974-1995`, is the value when
  /// none is given.
  public static func span(
    _ name: String, value: String, _ range: ClosedRange<Int>, help: String, defaultText: String? = nil
  ) -> Option {
    Option(ToolOption(name, value: value, help: help, default: defaultText, kind: .span(range))) {
      ($0.last ?? defaultText).flatMap(OptionKind.span)
    }
  }
}

extension Option where Value == URL? {
  /// A file or folder, relative to the working directory, or nil when not given.
  public static func path(_ name: String, value: String = "<file>", help: String, defaultText: String? = nil)
    -> Option
  {
    Option(ToolOption(name, value: value, help: help, default: defaultText, kind: .path)) {
      $0.last.map {
        URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
          .standardizedFileURL
      }
    }
  }
}

extension ArgumentScanner.Scanned {
  /// What the command line says for `option`.
  public subscript<Value>(option: Option<Value>) -> Value { option.value(from: values[option.name] ?? []) }
}

extension Option {
  /// One case of a word-valued enumeration (its raw words are the choices), or nil when not given.
  public static func word<Word>(
    _ name: String, value: String, help: String, defaultText: String? = nil, exclusiveGroup: String? = nil
  ) -> Option where Value == Word?, Word: RawRepresentable & CaseIterable & Sendable, Word.RawValue == String {
    Option(
      ToolOption(
        name, value: value, help: help, default: defaultText, kind: .choice(Word.allCases.map(\.rawValue)),
        exclusiveGroup: exclusiveGroup)
    ) { $0.last.flatMap(Word.init(rawValue:)) }
  }
}
