/// A table the build wants from the dump, and the columns it reads, addressed by name.
public struct DumpTable: Sendable, Equatable {
  public var name: String
  public var columns: [String]

  public init(_ name: String, _ columns: [String]) {
    self.name = name
    self.columns = columns
  }
}

/// A streaming reader of a HeidiSQL/MySQL dump: `CREATE TABLE`, multi-row `INSERT` with column lists,
/// single-quoted strings with backslash escapes and doubled quotes, and bare `NULL`.
///
/// Bytes arrive in chunks of any size (a chunk may end mid-string); rows of the wanted tables are
/// handed to a sink, holding only the wanted columns in the order they were asked for, so nothing
/// bigger than one value or one statement head is ever buffered. Columns are found by name in each
/// INSERT's column list, because ZXDB adds columns between versions.
public final class SQLDumpParser {
  /// The most bytes one statement head may hold: an `INSERT … VALUES` up to its first row, or a whole
  /// statement that is not an INSERT (`CREATE TABLE …`). ZXDB's longest CREATE TABLE is under 4 KB; 1 MiB
  /// only stops a dump of garbage (a run of NULs, a statement missing its `;`) from being held whole.
  public static let statementHeadLimit = 1 << 20
  /// The most bytes one value of a read table may hold. MySQL's MEDIUMTEXT ends at 16 MiB and ZXDB's
  /// longest values are a few KB, so a longer string is an unterminated quote, not data; values of the
  /// tables the build skips are never held, so they are not limited.
  public static let valueLimit = 16 << 20

  /// The dump's name for messages (e.g. `ZXDB_mysql.sql.zip: ZXDB_mysql.sql`).
  public let dump: String
  public let wanted: [DumpTable]
  /// Rows handed to the sink, per wanted table.
  public private(set) var rowCounts: [Int]
  /// Lines worth showing a person (an INSERT without columns fell back on CREATE TABLE).
  public private(set) var warnings: [String] = []
  /// Bytes and lines consumed so far.
  public private(set) var offset = 0
  public private(set) var line = 1

  private enum State {
    case between, dash, slash, lineComment, blockComment, blockStar
    case head, headQuote, headEscape
    case values, tupleValue, quoted, quotedEscape, quotedQuote, bare, afterValue
    case skipValues, skipQuoted, skipEscape
  }

  private var state = State.between
  private var head: [UInt8] = []
  private var headQuoteChar: UInt8 = 0
  private var headLine = 1
  private var headOffset = 0
  private var createColumns: [String: [String]] = [:]
  private var firstInsertColumns: [String: [String]] = [:]
  private var seen: Set<String> = []

  // The INSERT being read.
  private var table = ""
  private var tableIndex = -1
  private var slots: [Int] = []
  private var row: [String?] = []
  private var field = 0
  private var value: [UInt8] = []
  private var valueQuoted = false
  private var tupleLine = 1
  private var tupleOffset = 0

  private let wantedIndex: [String: Int]

  public init(dump: String, wanted: [DumpTable]) {
    self.dump = dump
    self.wanted = wanted
    self.rowCounts = Array(repeating: 0, count: wanted.count)
    var index: [String: Int] = [:]
    for (i, t) in wanted.enumerated() { index[t.name] = i }
    self.wantedIndex = index
    value.reserveCapacity(1024)
  }

  /// Reads a whole dump held in memory; for tests and small inputs.
  public static func parse(_ bytes: [UInt8], dump: String, wanted: [DumpTable]) throws -> [String: [[String?]]] {
    let parser = SQLDumpParser(dump: dump, wanted: wanted)
    var out: [String: [[String?]]] = [:]
    for t in wanted { out[t.name] = [] }
    try bytes.withUnsafeBufferPointer { buf in
      try parser.feed(buf) { i, values in out[wanted[i].name, default: []].append(values) }
    }
    try parser.finish()
    return out
  }

  /// Consumes one chunk; `sink(tableIndex, values)` receives each complete row of a wanted table.
  public func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ sink: (Int, [String?]) throws -> Void) throws {
    var i = 0
    let n = chunk.count
    while i < n {
      let b = chunk[i]
      switch state {
      case .skipValues:
        // The hot path for the tables the build does not need: only quotes and `;` matter.
        var j = i
        while j < n {
          let c = chunk[j]
          if c == 0x27 || c == 0x3B { break }
          if c == 0x0A { line += 1 }
          j += 1
        }
        offset += j - i
        i = j
        guard i < n else { continue }
        if chunk[i] == 0x27 { state = .skipQuoted } else { state = .between }
        offset += 1
        i += 1
        continue
      case .skipQuoted, .quoted:
        // Copy (or skip) a run of plain string bytes at once.
        let capture = state == .quoted
        var j = i
        while j < n {
          let c = chunk[j]
          if c == 0x27 || c == 0x5C { break }
          if c == 0x0A { line += 1 }
          j += 1
        }
        if capture && j > i {
          if value.count + (j - i) > Self.valueLimit {
            throw oversizedValue(quoted: true)
          }
          value.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<j]))
        }
        offset += j - i
        i = j
        guard i < n else { continue }
        if chunk[i] == 0x5C {
          state = capture ? .quotedEscape : .skipEscape
        } else {
          state = capture ? .quotedQuote : .skipValues
        }
        offset += 1
        i += 1
        continue
      case .skipEscape:
        state = .skipQuoted
      case .quotedEscape:
        if value.count >= Self.valueLimit {
          throw oversizedValue(quoted: true)
        }
        switch b {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "0"): value.append(0x00)
        default: value.append(b)
        }
        state = .quoted
      case .quotedQuote:
        if b == 0x27 {
          // A doubled quote is one quote.
          if value.count >= Self.valueLimit {
            throw oversizedValue(quoted: true)
          }
          value.append(0x27)
          state = .quoted
        } else {
          valueQuoted = true
          try endValue()
          state = .afterValue
          continue  // reprocess this byte
        }
      case .between:
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, 0x3B: break
        case UInt8(ascii: "-"): state = .dash
        case UInt8(ascii: "/"): state = .slash
        case UInt8(ascii: "#"): state = .lineComment
        default:
          startHead()
          state = .head
          continue
        }
      case .dash:
        if b == UInt8(ascii: "-") {
          state = .lineComment
        } else {
          startHead()
          head.append(UInt8(ascii: "-"))
          state = .head
          continue
        }
      case .slash:
        if b == UInt8(ascii: "*") {
          state = .blockComment
        } else {
          startHead()
          head.append(UInt8(ascii: "/"))
          state = .head
          continue
        }
      case .lineComment:
        if b == 0x0A { state = .between }
      case .blockComment:
        if b == UInt8(ascii: "*") { state = .blockStar }
      case .blockStar:
        if b == UInt8(ascii: "/") {
          state = .between
        } else if b != UInt8(ascii: "*") {
          state = .blockComment
        }
      case .head:
        if head.count >= Self.statementHeadLimit { throw oversizedHead() }
        switch b {
        case 0x27, 0x60, 0x22:
          head.append(b)
          headQuoteChar = b
          state = .headQuote
        case 0x3B:
          try completeStatement()
          state = .between
        case UInt8(ascii: "S"), UInt8(ascii: "s"):
          head.append(b)
          if headEndsWithValues() {
            try startInsert()
          }
        default:
          head.append(b)
        }
      case .headQuote:
        if head.count >= Self.statementHeadLimit { throw oversizedHead() }
        head.append(b)
        if b == 0x5C && headQuoteChar == 0x27 {
          state = .headEscape
        } else if b == headQuoteChar {
          state = .head
        }
      case .headEscape:
        head.append(b)
        state = .headQuote
      case .values:
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, 0x2C: break
        case 0x28:
          field = 0
          for k in row.indices { row[k] = nil }
          tupleLine = line
          tupleOffset = offset
          state = .tupleValue
        case 0x3B: state = .between
        default: throw syntax("expected '(' or ';' between rows, found \(Self.show(b))")
        }
      case .tupleValue:
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D: break
        case 0x27:
          value.removeAll(keepingCapacity: true)
          state = .quoted
        case 0x2C, 0x29:
          throw syntax("expected a value, found \(Self.show(b))")
        default:
          value.removeAll(keepingCapacity: true)
          value.append(b)
          state = .bare
        }
      case .bare:
        switch b {
        case 0x2C, 0x29, 0x20, 0x09, 0x0A, 0x0D:
          valueQuoted = false
          try endValue()
          state = .afterValue
          continue
        case 0x27, 0x28, 0x3B:
          throw syntax("unexpected \(Self.show(b)) in an unquoted value")
        default:
          if value.count >= Self.valueLimit {
            throw oversizedValue(quoted: false)
          }
          value.append(b)
        }
      case .afterValue:
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D: break
        case 0x2C:
          field += 1
          state = .tupleValue
        case 0x29:
          if field + 1 != slots.count {
            throw DumpError.wrongColumnCount(
              dump: dump, offset: tupleOffset, line: tupleLine, table: table, values: field + 1, columns: slots.count)
          }
          rowCounts[tableIndex] += 1
          try sink(tableIndex, row)
          state = .values
        default: throw syntax("expected ',' or ')' after a value, found \(Self.show(b))")
        }
      }
      if b == 0x0A { line += 1 }
      offset += 1
      i += 1
    }
  }

  /// Checks that the dump ended between statements and that every wanted table had an INSERT (every
  /// table the build reads has rows in a real dump, so none at all means the dump was cut short).
  public func finish() throws(DumpError) {
    switch state {
    case .between, .lineComment, .dash:
      break
    case .slash:
      throw .truncated(dump: dump, offset: offset, line: line, inside: "a statement")
    case .blockComment, .blockStar:
      throw .truncated(dump: dump, offset: offset, line: line, inside: "a /* comment */")
    case .head, .headQuote, .headEscape:
      let start = Self.preview(head)
      throw .truncated(dump: dump, offset: offset, line: line, inside: "the statement at line \(headLine) (\(start)…)")
    default:
      throw .truncated(dump: dump, offset: offset, line: line, inside: "INSERT INTO `\(table)`")
    }
    for t in wanted where !seen.contains(t.name) {
      throw .missingTable(dump: dump, table: t.name)
    }
  }

  // MARK: statements

  private func startHead() {
    head.removeAll(keepingCapacity: true)
    headLine = line
    headOffset = offset
  }

  private func headEndsWithValues() -> Bool {
    let n = head.count
    guard n >= 12 else { return false }
    let word: [UInt8] = Array("VALUES".utf8)
    for k in 0..<6 where head[n - 6 + k] & 0xDF != word[k] { return false }
    // The byte before VALUES must end a word, and the head must be an INSERT.
    let before = head[n - 7]
    guard
      before == 0x20 || before == 0x0A || before == 0x0D || before == 0x09 || before == 0x29
        || before == 0x60
    else { return false }
    let insert: [UInt8] = Array("INSERT".utf8)
    for k in 0..<6 where head[k] & 0xDF != insert[k] { return false }
    return true
  }

  private func startInsert() throws {
    let tokens = HeadToken.scan(head)
    var k = 0
    while k < tokens.count, !tokens[k].isKeyword("INTO") { k += 1 }
    k += 1
    guard k < tokens.count, let first = tokens[k].name else {
      throw DumpError.syntax(
        dump: dump, offset: headOffset, line: headLine, table: "?", problem: "an INSERT without a table name")
    }
    var name = first
    k += 1
    if k + 1 < tokens.count, tokens[k] == .punct(UInt8(ascii: ".")), let qualified = tokens[k + 1].name {
      name = qualified
      k += 2
    }
    var columns: [String]? = nil
    if k < tokens.count, tokens[k] == .punct(0x28) {
      var list: [String] = []
      k += 1
      while k < tokens.count, tokens[k] != .punct(0x29) {
        if let c = tokens[k].name { list.append(c) }
        k += 1
      }
      columns = list
    }
    table = name
    guard let index = wantedIndex[name] else {
      tableIndex = -1
      state = .skipValues
      return
    }
    tableIndex = index
    seen.insert(name)
    if columns == nil {
      if let first = firstInsertColumns[name] {
        columns = first
      } else if let created = createColumns[name] {
        columns = created
        warnings.append(
          "\(dump): line \(headLine): INSERT INTO `\(name)` has no column list; using the CREATE TABLE order")
      }
    }
    guard let columns else {
      throw DumpError.unknownLayout(
        dump: dump, offset: headOffset, line: headLine, table: name,
        problem: "the INSERT has no column list and no CREATE TABLE came before it")
    }
    if firstInsertColumns[name] == nil { firstInsertColumns[name] = columns }
    var position: [String: Int] = [:]
    for (i, c) in columns.enumerated() where position[c] == nil { position[c] = i }
    slots = Array(repeating: -1, count: columns.count)
    for (w, c) in wanted[index].columns.enumerated() {
      guard let at = position[c] else {
        throw DumpError.unknownLayout(
          dump: dump, offset: headOffset, line: headLine, table: name, problem: "no column `\(c)`")
      }
      slots[at] = w
    }
    row = Array(repeating: nil, count: wanted[index].columns.count)
    state = .values
  }

  private func completeStatement() throws {
    let tokens = HeadToken.scan(head)
    guard tokens.count > 2, tokens[0].isKeyword("CREATE") else { return }
    var k = 1
    while k < tokens.count, !tokens[k].isKeyword("TABLE") {
      if tokens[k] == .punct(0x28) { return }  // CREATE VIEW … (…), not a table
      k += 1
    }
    k += 1
    while k < tokens.count, tokens[k].isKeyword("IF") || tokens[k].isKeyword("NOT") || tokens[k].isKeyword("EXISTS") {
      k += 1
    }
    guard k < tokens.count, var name = tokens[k].name else { return }
    k += 1
    if k + 1 < tokens.count, tokens[k] == .punct(UInt8(ascii: ".")), let qualified = tokens[k + 1].name {
      name = qualified
      k += 2
    }
    guard k < tokens.count, tokens[k] == .punct(0x28) else { return }
    var columns: [String] = []
    var depth = 0
    var atItemStart = false
    while k < tokens.count {
      let t = tokens[k]
      if t == .punct(0x28) {
        depth += 1
        if depth == 1 {
          atItemStart = true
          k += 1
          continue
        }
      } else if t == .punct(0x29) {
        depth -= 1
        if depth == 0 { break }
      } else if depth == 1 && t == .punct(0x2C) {
        atItemStart = true
        k += 1
        continue
      }
      if atItemStart, depth == 1, case .identifier(let c) = t { columns.append(c) }
      atItemStart = false
      k += 1
    }
    // Only the tables the build reads are remembered, so a dump of endless CREATE TABLEs holds nothing.
    if wantedIndex[name] != nil { createColumns[name] = columns }
  }

  // MARK: values

  private func endValue() throws {
    guard field < slots.count else {
      throw DumpError.wrongColumnCount(
        dump: dump, offset: tupleOffset, line: tupleLine, table: table, values: field + 1, columns: slots.count)
    }
    let slot = slots[field]
    guard slot >= 0 else { return }
    var lo = 0
    var hi = value.count
    while lo < hi, Self.isSpace(value[lo]) { lo += 1 }
    while hi > lo, Self.isSpace(value[hi - 1]) { hi -= 1 }
    if !valueQuoted, hi - lo == 4, value[lo] & 0xDF == 0x4E, value[lo + 1] & 0xDF == 0x55,
      value[lo + 2] & 0xDF == 0x4C, value[lo + 3] & 0xDF == 0x4C
    {
      row[slot] = nil
      return
    }
    row[slot] = value.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[lo..<hi]), as: UTF8.self)
    }
  }

  private func oversizedHead() -> DumpError {
    let start = Self.preview(head)
    return .oversized(
      dump: dump, offset: headOffset, line: headLine, what: "the statement (\(start)…)", limit: Self.statementHeadLimit)
  }

  private func oversizedValue(quoted: Bool) -> DumpError {
    .oversized(
      dump: dump, offset: tupleOffset, line: tupleLine,
      what: "\(quoted ? "a quoted" : "an unquoted") value in a row of `\(table)`", limit: Self.valueLimit)
  }

  /// The start of a statement as a message can show it: control bytes (a run of NULs) escaped.
  static func preview(_ head: [UInt8]) -> String {
    SharedRules.printable(String(decoding: head.prefix(40), as: UTF8.self))
  }

  private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  private func syntax(_ problem: String) -> DumpError {
    .syntax(dump: dump, offset: offset, line: line, table: table, problem: problem)
  }

  private static func show(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte \(b)"
  }
}

/// The words, identifiers and punctuation of a statement head (`INSERT INTO \`t\` (…) VALUES`).
enum HeadToken: Equatable {
  case word(String)
  case identifier(String)  // back-ticked, quotes removed
  case string
  case punct(UInt8)

  func isKeyword(_ k: String) -> Bool {
    if case .word(let w) = self { return w.uppercased() == k }
    return false
  }

  var name: String? {
    switch self {
    case .identifier(let s): s
    case .word(let s): s
    default: nil
    }
  }

  static func scan(_ bytes: [UInt8]) -> [HeadToken] {
    var out: [HeadToken] = []
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      switch b {
      case 0x20, 0x09, 0x0A, 0x0D:
        i += 1
      case 0x60:
        var name: [UInt8] = []
        i += 1
        while i < n {
          if bytes[i] == 0x60 {
            if i + 1 < n, bytes[i + 1] == 0x60 {
              name.append(0x60)
              i += 2
              continue
            }
            break
          }
          name.append(bytes[i])
          i += 1
        }
        i += 1
        out.append(.identifier(String(decoding: name, as: UTF8.self)))
      case 0x27, 0x22:
        i += 1
        while i < n, bytes[i] != b {
          if bytes[i] == 0x5C { i += 1 }
          i += 1
        }
        i += 1
        out.append(.string)
      case 0x28, 0x29, 0x2C, 0x2E, 0x3D:
        out.append(.punct(b))
        i += 1
      default:
        var j = i
        while j < n, ![0x20, 0x09, 0x0A, 0x0D, 0x60, 0x27, 0x22, 0x28, 0x29, 0x2C, 0x2E, 0x3D].contains(bytes[j]) {
          j += 1
        }
        out.append(.word(String(decoding: bytes[i..<j], as: UTF8.self)))
        i = j
      }
    }
    return out
  }
}
