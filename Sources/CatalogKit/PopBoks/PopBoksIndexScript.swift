/// An index script with its comment lines removed, and the literal arrays it declares.
///
/// The site keeps its whole index as `var years = [...];` and `var numbers = ...;` literals. Ritam's
/// script starts with commented-out copies of Džuboks's arrays, so whole-line `//` comments must go
/// first; a `//` after code (or inside `https://…`) stays, because only whole lines are comments.
///
/// Comment lines are blanked rather than deleted, which keeps every line number equal to the file's
/// own and parses identically (a blank line is whitespace to every pattern in the spec).
public struct PopBoksIndexScript: Sendable {
  /// Both index scripts declare their `numbers` table; an error page served in a script's place does not.
  public static let shape = PageShape(kind: "PopBoks index script", identity: ["var numbers"])

  /// The script's address, used in every error message.
  public let name: String
  /// The cleaned text as bytes, lines joined with `\n`.
  let bytes: [UInt8]
  /// Offsets in `bytes` where each line starts (line 1 at index 0).
  let lineStarts: [Int]

  /// Splits on CRLF, LF and CR alike, so CRLF and LF copies of a script parse to the same values.
  public init(bytes raw: [UInt8], name: String) {
    self.name = name
    var body = raw[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    var lines: [ArraySlice<UInt8>] = []
    var start = body.startIndex
    var i = body.startIndex
    while i < body.endIndex {
      let b = body[i]
      if b == 0x0A || b == 0x0D {
        lines.append(body[start..<i])
        if b == 0x0D, i + 1 < body.endIndex, body[i + 1] == 0x0A { i += 1 }
        start = i + 1
      }
      i += 1
    }
    lines.append(body[start..<body.endIndex])
    var out: [UInt8] = []
    var starts: [Int] = []
    out.reserveCapacity(raw.count)
    for (n, line) in lines.enumerated() {
      if n > 0 { out.append(0x0A) }
      starts.append(out.count)
      if !Self.isCommentLine(line) { out.append(contentsOf: line) }
    }
    self.bytes = out
    self.lineStarts = starts
  }

  /// A line is a comment when its trimmed text starts with `//`.
  static func isCommentLine(_ line: ArraySlice<UInt8>) -> Bool {
    let text = line.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0B || $0 == 0x0C })
    return text.starts(with: [0x2F, 0x2F])
  }

  /// The cleaned script as text (comment lines blank), for tests and diagnostics.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The 1-based line of a byte offset.
  func line(at offset: Int) -> Int {
    var lo = 0
    var hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo + 1
  }

  /// The literal of the first `var <name> = <literal>;` in the script.
  ///
  /// `<name>` must follow `var` and whitespace and be followed by `=`, so `var combinedYears` and
  /// `var yearsScroll` never match `years`.
  public func literal(named name: String) throws -> PopBoksScriptLiteral {
    guard let at = declaration(of: name) else {
      throw PopBoksIndexScriptError.missingArray(script: self.name, name: name)
    }
    var reader = PopBoksLiteralReader(script: self, name: name, position: at)
    let value = try reader.readValue()
    reader.skipSpace()
    guard reader.peek == UInt8(ascii: ";") else {
      throw reader.malformed("expected `;` after the literal that starts on line \(value.line)")
    }
    return value
  }

  /// The offset just after `var <name> =` (and its whitespace), or nil.
  func declaration(of name: String) -> Int? {
    let keyword = Array("var".utf8)
    let target = Array(name.utf8)
    var i = 0
    while i + keyword.count <= bytes.count {
      defer { i += 1 }
      guard bytes[i..<(i + keyword.count)].elementsEqual(keyword) else { continue }
      if i > 0, Self.isIdentifier(bytes[i - 1]) { continue }
      var j = i + keyword.count
      let afterKeyword = j
      while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
      guard j > afterKeyword, j + target.count <= bytes.count,
        bytes[j..<(j + target.count)].elementsEqual(target)
      else { continue }
      j += target.count
      while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
      guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
      j += 1
      while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
      return j
    }
    return nil
  }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0B || b == 0x0C }
  static func isIdentifier(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
      || b == 0x24
  }
}

/// One value of a script literal, with the line it starts on.
public struct PopBoksScriptLiteral: Sendable, Equatable {
  public indirect enum Value: Sendable, Equatable {
    case number(Int)
    case string(String)
    case array([PopBoksScriptLiteral])
    /// An object literal with integer keys, in source order (Ritam's `numbers`).
    case object([(key: Int, value: PopBoksScriptLiteral)])

    public static func == (a: Value, b: Value) -> Bool {
      switch (a, b) {
      case (.number(let x), .number(let y)): x == y
      case (.string(let x), .string(let y)): x == y
      case (.array(let x), .array(let y)): x == y
      case (.object(let x), .object(let y)):
        x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      default: false
      }
    }
  }

  public var value: Value
  public var line: Int

  public var number: Int? {
    if case .number(let n) = value { return n }
    return nil
  }
  public var string: String? {
    if case .string(let s) = value { return s }
    return nil
  }
  public var array: [PopBoksScriptLiteral]? {
    if case .array(let a) = value { return a }
    return nil
  }
}

/// Reads one JavaScript literal: non-negative integers, double-quoted strings without escapes,
/// arrays, and objects with integer keys. That is all the index scripts use; anything else is
/// reported as malformed with its line.
struct PopBoksLiteralReader {
  let script: PopBoksIndexScript
  let name: String
  var position: Int
  var depth = 0

  init(script: PopBoksIndexScript, name: String, position: Int) {
    self.script = script
    self.name = name
    self.position = position
  }

  var peek: UInt8? { position < script.bytes.count ? script.bytes[position] : nil }

  mutating func skipSpace() {
    while let b = peek, PopBoksIndexScript.isSpace(b) { position += 1 }
  }

  func malformed(_ reason: String) -> PopBoksIndexScriptError {
    .malformed(
      script: script.name, line: script.line(at: min(position, max(script.bytes.count - 1, 0))), name: name,
      reason: reason)
  }

  /// What is at the current position, for messages.
  func found() -> String {
    guard let b = peek else { return "the end of the script" }
    if b == 0x0A { return "the end of the line" }
    let end = min(position + 12, script.bytes.count)
    let snippet = String(decoding: script.bytes[position..<end], as: UTF8.self)
      .prefix(while: { $0 != "\n" })
    return "`\(snippet)`"
  }

  mutating func readValue() throws -> PopBoksScriptLiteral {
    skipSpace()
    let line = script.line(at: min(position, max(script.bytes.count - 1, 0)))
    guard let b = peek else { throw malformed("the script ends where a value should be") }
    switch b {
    case UInt8(ascii: "["):
      return PopBoksScriptLiteral(value: .array(try readArray()), line: line)
    case UInt8(ascii: "{"):
      return PopBoksScriptLiteral(value: .object(try readObject()), line: line)
    case UInt8(ascii: "\""):
      return PopBoksScriptLiteral(value: .string(try readString()), line: line)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return PopBoksScriptLiteral(value: .number(try readNumber()), line: line)
    default:
      throw malformed("expected a number, a string, `[` or `{`, found \(found())")
    }
  }

  mutating func readNumber() throws -> Int {
    var n = 0
    while let b = peek, b >= 0x30, b <= 0x39 {
      let (m, o1) = n.multipliedReportingOverflow(by: 10)
      let (s, o2) = m.addingReportingOverflow(Int(b - 0x30))
      if o1 || o2 { throw malformed("a number is too large") }
      n = s
      position += 1
    }
    if let b = peek, PopBoksIndexScript.isIdentifier(b) || b == UInt8(ascii: ".") {
      throw malformed("expected a whole number, found \(found())")
    }
    return n
  }

  mutating func readString() throws -> String {
    position += 1
    let start = position
    while let b = peek, b != UInt8(ascii: "\"") {
      if b == 0x0A { throw malformed("a string is not closed on its line") }
      position += 1
    }
    guard peek != nil else { throw malformed("a string is not closed") }
    let s = String(decoding: script.bytes[start..<position], as: UTF8.self)
    position += 1
    return s
  }

  mutating func readArray() throws -> [PopBoksScriptLiteral] {
    try enter()
    defer { depth -= 1 }
    position += 1
    var items: [PopBoksScriptLiteral] = []
    while true {
      skipSpace()
      if peek == UInt8(ascii: "]") {
        position += 1
        return items
      }
      items.append(try readValue())
      skipSpace()
      switch peek {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"): continue
      default: throw malformed("expected `,` or `]`, found \(found())")
      }
    }
  }

  mutating func readObject() throws -> [(key: Int, value: PopBoksScriptLiteral)] {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [(key: Int, value: PopBoksScriptLiteral)] = []
    while true {
      skipSpace()
      if peek == UInt8(ascii: "}") {
        position += 1
        return members
      }
      guard let b = peek, b >= 0x30, b <= 0x39 else {
        throw malformed("expected a numeric key or `}`, found \(found())")
      }
      let key = try readNumber()
      skipSpace()
      guard peek == UInt8(ascii: ":") else { throw malformed("expected `:` after key \(key), found \(found())") }
      position += 1
      members.append((key, try readValue()))
      skipSpace()
      switch peek {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"): continue
      default: throw malformed("expected `,` or `}`, found \(found())")
      }
    }
  }

  /// Index literals are three levels deep; a runaway nesting is a broken script, not an index.
  mutating func enter() throws {
    depth += 1
    if depth > 16 { throw malformed("nested more than 16 levels deep") }
  }
}
