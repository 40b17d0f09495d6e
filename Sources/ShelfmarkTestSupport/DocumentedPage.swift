import Foundation

/// The shell commands one Markdown page of the docs shows, read by the convention
/// `DocumentedCommandsTests` runs them by, so that a command a reader copies has been run.
///
/// The convention (README "Tests and benchmarks" points here):
/// - Every fenced block (```` ``` ````) names its language. `sh`, `bash` and `shell` blocks are scripts:
///   every line is a command except blank lines and lines that start with `#`; a line ending in `\`
///   goes on to the next. `console` blocks are transcripts: lines starting with `$ ` are commands,
///   the others show their output. Any other language (`text`, `json`, …) is never run. A block with
///   no language is a problem, so a command cannot slip past the test by a bare fence.
/// - A command exits 0 unless its trailing comment says otherwise, as `# exits 1: they differ`
///   (`exit 1` reads the same).
/// - `<!-- not run: REASON -->` as the last non-blank line before a block's opening fence keeps the
///   whole block from running; the reason is printed with the skipped commands, so a skip is never
///   silent. A marker without a reason, or before a block that would not run anyway, is a problem.
/// - Commands run in page order, each in its own `bash -c`, from the root of one fresh copy of the
///   repository per page: a page says what it needs first, and a `cd` or `export` does not carry over.
public struct DocumentedPage: Sendable, Equatable {
  /// One command as the shell gets it.
  public struct Command: Sendable, Equatable {
    /// The line of the page its first line is on (1-based).
    public var line: Int
    /// The command, continuation lines kept (`bash -c` joins a `\` and newline).
    public var text: String
    /// The exit status the page shows for it (its trailing `# exits N`), else 0.
    public var expectedStatus: Int32

    public init(line: Int, text: String, expectedStatus: Int32 = 0) {
      self.line = line
      self.text = text
      self.expectedStatus = expectedStatus
    }
  }

  /// One fenced block that holds commands.
  public struct Block: Sendable, Equatable {
    /// The line of its opening fence (1-based).
    public var line: Int
    public var language: String
    public var commands: [Command]
    /// Why the block is not run, from its `<!-- not run: … -->` marker; nil when it runs.
    public var notRun: String?

    public init(line: Int, language: String, commands: [Command], notRun: String? = nil) {
      self.line = line
      self.language = language
      self.commands = commands
      self.notRun = notRun
    }
  }

  /// A way the page breaks the convention, at a line of the page.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { "line \(line): \(message)" }
  }

  /// The blocks that hold commands, in page order (blocks of other languages are left out).
  public var blocks: [Block]
  public var problems: [Problem]

  /// Languages whose every line is a command.
  public static let scriptLanguages: Set<String> = ["sh", "bash", "shell"]
  /// Languages whose `$ ` lines are commands.
  public static let transcriptLanguages: Set<String> = ["console"]

  /// Reads the page's text; never fails: what breaks the convention is in `problems`.
  public init(markdown: String) {
    var blocks: [Block] = []
    var problems: [Problem] = []
    // A marker waits for the next non-blank line, which must open a fence.
    var marker: (line: Int, reason: String)?
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var i = 0
    while i < lines.count {
      let raw = lines[i]
      let trimmed = raw.trimmingCharacters(in: .whitespaces)
      let number = i + 1
      i += 1
      if trimmed.isEmpty { continue }
      if let reason = Self.notRunReason(trimmed) {
        if let waiting = marker {
          problems.append(Problem(line: waiting.line, message: "a not-run marker with no block right after it"))
        }
        if reason.isEmpty {
          problems.append(Problem(line: number, message: "a not-run marker must say why: <!-- not run: REASON -->"))
        }
        marker = (number, reason)
        continue
      }
      guard let fence = Self.openingFence(raw) else {
        if let waiting = marker {
          problems.append(Problem(line: waiting.line, message: "a not-run marker with no block right after it"))
          marker = nil
        }
        continue
      }
      // The block's body runs to a closing fence at least as long as the opening one.
      var body: [(line: Int, text: String)] = []
      var closed = false
      while i < lines.count {
        let line = lines[i]
        i += 1
        if Self.closes(line, fence: fence) {
          closed = true
          break
        }
        body.append((i, Self.dropIndent(line, fence.indent)))
      }
      if !closed {
        problems.append(Problem(line: number, message: "this block is never closed"))
      }
      let language = fence.language
      let runs = Self.scriptLanguages.contains(language) || Self.transcriptLanguages.contains(language)
      if language.isEmpty {
        problems.append(
          Problem(
            line: number,
            message: "a block without a language: `sh` or `console` for commands (they are run), `text` for the rest"))
      } else if let waiting = marker, !runs {
        problems.append(
          Problem(line: waiting.line, message: "a not-run marker on a `\(language)` block, which is never run anyway"))
      }
      if runs {
        let commands =
          Self.transcriptLanguages.contains(language) ? Self.transcriptCommands(body) : Self.scriptCommands(body)
        if commands.isEmpty {
          problems.append(Problem(line: number, message: "a `\(language)` block with no command in it"))
        }
        blocks.append(Block(line: number, language: language, commands: commands, notRun: marker?.reason))
      }
      marker = nil
    }
    if let waiting = marker {
      problems.append(Problem(line: waiting.line, message: "a not-run marker with no block right after it"))
    }
    self.blocks = blocks
    self.problems = problems
  }

  /// The exit status a command's trailing comment names (`# exits 1`, `# exit 1`), else 0; a `#` inside
  /// quotes or in the middle of a word (a URL's fragment) starts no comment.
  public static func expectedStatus(of command: String) -> Int32 {
    guard let comment = trailingComment(command) else { return 0 }
    let words = comment.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," || $0 == ")" || $0 == "(" })
    for (k, word) in words.enumerated() where (word == "exits" || word == "exit") && k + 1 < words.count {
      if let status = Int32(words[k + 1]) { return status }
    }
    return 0
  }

  /// The text after the command's first unquoted `#` that begins a word.
  static func trailingComment(_ command: String) -> String? {
    var single = false
    var double = false
    var escaped = false
    var previous: Character = " "
    for (offset, c) in command.enumerated() {
      defer { previous = c }
      if escaped {
        escaped = false
        continue
      }
      switch c {
      case "\\" where !single: escaped = true
      case "'" where !double: single.toggle()
      case "\"" where !single: double.toggle()
      case "#" where !single && !double && (previous == " " || previous == "\t" || previous == "\n"):
        return String(command.dropFirst(offset + 1))
      default: break
      }
    }
    return nil
  }

  private struct Fence {
    var indent: Int
    var ticks: Int
    var language: String
  }

  /// A line opening a fenced block: up to three spaces, three or more backticks, the language.
  private static func openingFence(_ line: String) -> Fence? {
    let indent = line.prefix(while: { $0 == " " }).count
    guard indent <= 3 else { return nil }
    let rest = line.dropFirst(indent)
    let ticks = rest.prefix(while: { $0 == "`" }).count
    guard ticks >= 3 else { return nil }
    let info = rest.dropFirst(ticks).trimmingCharacters(in: .whitespaces)
    guard !info.contains("`") else { return nil }
    let language = info.split(separator: " ").first.map(String.init) ?? ""
    return Fence(indent: indent, ticks: ticks, language: language.lowercased())
  }

  private static func closes(_ line: String, fence: Fence) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed.count >= fence.ticks && trimmed.allSatisfy { $0 == "`" }
  }

  /// A block inside a list item is indented as its fence is; its lines lose that indent.
  private static func dropIndent(_ line: String, _ indent: Int) -> String {
    let spaces = min(indent, line.prefix(while: { $0 == " " }).count)
    return String(line.dropFirst(spaces))
  }

  private static func notRunReason(_ trimmed: String) -> String? {
    guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return nil }
    let inside = trimmed.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    guard inside.lowercased().hasPrefix("not run") else { return nil }
    var reason = inside.dropFirst("not run".count).trimmingCharacters(in: .whitespaces)
    if reason.hasPrefix(":") { reason = reason.dropFirst().trimmingCharacters(in: .whitespaces) }
    return reason
  }

  private static func scriptCommands(_ body: [(line: Int, text: String)]) -> [Command] {
    var commands: [Command] = []
    var k = 0
    while k < body.count {
      let (line, text) = body[k]
      k += 1
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      var joined = text
      while joined.hasSuffix("\\"), k < body.count {
        joined += "\n" + body[k].text
        k += 1
      }
      commands.append(Command(line: line, text: joined, expectedStatus: expectedStatus(of: joined)))
    }
    return commands
  }

  private static func transcriptCommands(_ body: [(line: Int, text: String)]) -> [Command] {
    var commands: [Command] = []
    var k = 0
    while k < body.count {
      let (line, text) = body[k]
      k += 1
      guard text.hasPrefix("$ ") else { continue }
      var joined = String(text.dropFirst(2))
      while joined.hasSuffix("\\"), k < body.count {
        var next = body[k].text
        if next.hasPrefix("> ") { next = String(next.dropFirst(2)) }
        joined += "\n" + next
        k += 1
      }
      commands.append(Command(line: line, text: joined, expectedStatus: expectedStatus(of: joined)))
    }
    return commands
  }
}
