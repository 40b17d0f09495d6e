/// A strict pass over a catalogue's JSON before it is decoded (RFC 8259, plus what decoders forgive).
///
/// `JSONDecoder` and `JSONSerialization` keep one of two equal keys in an object without a word, so a
/// file with the real `"issues"` followed by `"issues": []` reads as whatever the reader happens to
/// keep; the app's readers keep the last. They also report a syntax error by byte offset, or not at
/// all, and a size beyond `Int64` as "not valid JSON". This scanner refuses duplicate keys, names the
/// line and column of every syntax error, and names the field of a number that does not fit.
public enum StrictJSON {
  /// What the decode that follows needs from the scan.
  public struct Summary: Sendable, Equatable {
    /// False when the top level is an array, string, number, or literal.
    public var topLevelIsObject: Bool
    /// The keys of the top-level object.
    public var topLevelKeys: Set<String>
    /// The top-level `version`, when it is an integer.
    public var version: Int?
  }

  /// How a number under a key must look.
  public enum NumberRule: Sendable, Equatable {
    /// A whole number that fits `Int64`.
    case integer
    /// A whole number from 0 to `Int64.max`: a size or a count.
    case count
  }

  /// The number rules of every catalogue shape: each numeric field is a whole number, and sizes and
  /// counts are not negative. Keys not listed are not checked (the decoder ignores unknown keys).
  public static let catalogueNumbers: [String: NumberRule] = [
    "version": .count, "bytes": .count, "pages": .count, "firstPage": .count, "columns": .count, "rows": .count,
    "width": .count, "number": .integer, "year": .integer, "month": .integer, "id": .integer,
  ]

  /// Nesting deeper than this is refused: no catalogue nests more than three levels, and a hostile
  /// file of a million `[` must not exhaust the stack.
  public static let depthLimit = 64

  public static func scan(_ bytes: [UInt8], numbers: [String: NumberRule] = catalogueNumbers) throws(StrictJSONError)
    -> Summary
  {
    var s = Scanner(bytes: bytes, numbers: numbers)
    return try s.document()
  }
}

/// Why a catalogue's JSON was refused, with the line and column (1-based; columns count characters).
public enum StrictJSONError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Not JSON at this place: `expected` says what would have been.
  case syntax(line: Int, column: Int, message: String)
  /// The same key twice in one object: readers silently keep one.
  case duplicateKey(key: String, path: String, line: Int, column: Int, firstLine: Int)
  /// A number under a known key is not a whole number in range.
  case number(field: String, line: Int, column: Int, literal: String, rule: StrictJSON.NumberRule)
  /// Nested deeper than `StrictJSON.depthLimit`.
  case tooDeep(line: Int, column: Int)

  public var line: Int {
    switch self {
    case .syntax(let l, _, _), .duplicateKey(_, _, let l, _, _), .number(_, let l, _, _, _), .tooDeep(let l, _): l
    }
  }

  public var column: Int {
    switch self {
    case .syntax(_, let c, _), .duplicateKey(_, _, _, let c, _), .number(_, _, let c, _, _), .tooDeep(_, let c): c
    }
  }

  /// Without the place, which callers put first (`file:line:column: …`).
  public var message: String {
    switch self {
    case .syntax(_, _, let m): return m
    case .duplicateKey(let k, let p, _, _, let first):
      let inside = p.isEmpty ? "the top-level object" : p
      return
        "duplicate key '\(k)' in \(inside) (first at line \(first)); JSON readers keep only one of the two, so the file means different things to different readers"
    case .number(let f, _, _, let lit, let rule):
      let range = rule == .count ? "0…\(Int64.max)" : "\(Int64.min)…\(Int64.max)"
      let what = rule == .count ? "a size or count" : "a whole number"
      return "\(f): \(lit) is out of range: \(what) from \(range) is expected"
    case .tooDeep: return "nested deeper than \(StrictJSON.depthLimit) levels"
    }
  }

  public var description: String { "line \(line), column \(column): \(message)" }
}

extension StrictJSON {
  enum PathPart {
    case key(String)
    case index(Int)
  }

  struct Scanner {
    let bytes: [UInt8]
    let numbers: [String: NumberRule]
    var i = 0
    var line = 1
    var lineStart = 0
    var path: [PathPart] = []

    init(bytes: [UInt8], numbers: [String: NumberRule]) {
      self.bytes = bytes
      self.numbers = numbers
    }

    mutating func document() throws(StrictJSONError) -> Summary {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
      skipSpace()
      guard i < bytes.count else { throw error("the file holds no JSON value") }
      var summary = Summary(topLevelIsObject: bytes[i] == UInt8(ascii: "{"), topLevelKeys: [], version: nil)
      if summary.topLevelIsObject {
        try object(depth: 1, top: &summary)
      } else {
        var ignored = summary
        try value(depth: 1, top: &ignored)
      }
      skipSpace()
      guard i >= bytes.count else { throw error("unexpected \(found) after the end of the JSON value") }
      return summary
    }

    // MARK: Values

    mutating func value(depth: Int, top: inout Summary) throws(StrictJSONError) {
      guard depth <= StrictJSON.depthLimit else { throw .tooDeep(line: line, column: column(at: i)) }
      guard i < bytes.count else { throw error("the file ends where a value was expected") }
      switch bytes[i] {
      case UInt8(ascii: "{"): try object(depth: depth, top: &top)
      case UInt8(ascii: "["): try array(depth: depth, top: &top)
      case UInt8(ascii: "\""): _ = try string()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      default: throw error("expected a value, found \(found)")
      }
    }

    mutating func object(depth: Int, top: inout Summary) throws(StrictJSONError) {
      i += 1
      // The keys so far with their lines: a record has a dozen, where comparing each new key with
      // the others costs less than hashing it (a scan hashed every key of every record). Past 16 keys
      // they go into a dictionary, so an object of a million keys stays linear.
      var seen: [(key: String, line: Int)] = []
      var index: [String: Int]? = nil
      skipSpace()
      if peek(UInt8(ascii: "}")) {
        i += 1
        return
      }
      while true {
        skipSpace()
        guard peek(UInt8(ascii: "\"")) else { throw error("expected a key in double quotes, found \(found)") }
        // Columns are counted only for an error: counting for every key is quadratic on one long line.
        let keyLine = line
        let keyStart = i
        let key = try string()
        let first = index.map { $0[key] } ?? seen.first(where: { $0.key == key })?.line
        if let first {
          throw .duplicateKey(key: key, path: pathText(), line: keyLine, column: column(at: keyStart), firstLine: first)
        }
        if index != nil {
          index?[key] = keyLine
        } else {
          seen.append((key, keyLine))
          if seen.count == 16 { index = Dictionary(seen.map { ($0.key, $0.line) }, uniquingKeysWith: { a, _ in a }) }
        }
        if depth == 1 { top.topLevelKeys.insert(key) }
        skipSpace()
        guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key '\(key)', found \(found)") }
        i += 1
        skipSpace()
        path.append(.key(key))
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || isDigit(bytes[i]), let rule = numbers[key] {
          let start = i
          let literal = try number()
          guard let n = Self.wholeNumber(literal), rule == .integer || n >= 0 else {
            throw .number(field: pathText(), line: line, column: column(at: start), literal: literal, rule: rule)
          }
          if depth == 1, key == "version" { top.version = Int(exactly: n) }
        } else {
          try value(depth: depth + 1, top: &top)
        }
        path.removeLast()
        skipSpace()
        guard i < bytes.count else { throw error("the file ends inside an object; expected ',' or '}'") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "}") {
          i += 1
          return
        }
        throw error("expected ',' or '}' after the value of '\(key)', found \(found)")
      }
    }

    mutating func array(depth: Int, top: inout Summary) throws(StrictJSONError) {
      i += 1
      skipSpace()
      if peek(UInt8(ascii: "]")) {
        i += 1
        return
      }
      var index = 0
      while true {
        skipSpace()
        path.append(.index(index))
        try value(depth: depth + 1, top: &top)
        path.removeLast()
        index += 1
        skipSpace()
        guard i < bytes.count else { throw error("the file ends inside an array; expected ',' or ']'") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "]") {
          i += 1
          return
        }
        throw error("expected ',' or ']' after an array element, found \(found)")
      }
    }

    mutating func literal(_ word: String) throws(StrictJSONError) {
      let w = Array(word.utf8)
      guard bytes.count - i >= w.count, bytes[i..<(i + w.count)].elementsEqual(w) else {
        throw error("expected a value, found \(found)")
      }
      i += w.count
    }

    /// The number's text, checked against the JSON grammar.
    mutating func number() throws(StrictJSONError) -> String {
      let start = i
      if peek(UInt8(ascii: "-")) { i += 1 }
      guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit, found \(found)") }
      if bytes[i] == UInt8(ascii: "0") {
        i += 1
        if i < bytes.count, isDigit(bytes[i]) { throw error("a number may not have a leading zero") }
      } else {
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      }
      if peek(UInt8(ascii: ".")) {
        i += 1
        guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit after '.', found \(found)") }
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      }
      if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
        i += 1
        if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else {
          throw error("expected a digit in the exponent, found \(found)")
        }
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      }
      return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// The value of an integer literal (no fraction, no exponent) that fits `Int64`, else nil.
    static func wholeNumber(_ s: String) -> Int64? {
      var u = Substring(s).utf8[...]
      let negative = u.first == UInt8(ascii: "-")
      if negative { u = u.dropFirst() }
      guard !u.isEmpty else { return nil }
      var n: Int64 = 0
      for b in u {
        guard b >= 0x30, b <= 0x39 else { return nil }
        let digit = Int64(b - 0x30)
        let (m, o1) = n.multipliedReportingOverflow(by: 10)
        let (next, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
        guard !o1, !o2 else { return nil }
        n = next
      }
      return n
    }

    /// A string's value (escapes resolved), checked for raw control characters and bad UTF-8.
    mutating func string() throws(StrictJSONError) -> String {
      i += 1
      // Most strings hold no escape: their value is their bytes, checked and sliced once. Only from
      // the first backslash (or a byte to refuse) is the value built up byte by byte.
      let start = i
      while i < bytes.count {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") {
          i += 1
          return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
        }
        if b == UInt8(ascii: "\\") || b < 0x20 { break }
        i += b < 0x80 ? 1 : try utf8Sequence()
      }
      var out = Array(bytes[start..<i])
      while true {
        guard i < bytes.count else { throw error("the file ends inside a string") }
        let b = bytes[i]
        switch b {
        case UInt8(ascii: "\""):
          i += 1
          return String(decoding: out, as: UTF8.self)
        case UInt8(ascii: "\\"):
          i += 1
          guard i < bytes.count else { throw error("the file ends inside a string") }
          let e = bytes[i]
          i += 1
          switch e {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"): try unicodeEscape(into: &out)
          default:
            i -= 1
            throw error("'\\\(String(UnicodeScalar(e)))' is not a JSON escape")
          }
        case 0x00..<0x20:
          throw error("a control character (0x\(String(b, radix: 16))) must be escaped inside a string")
        case 0x80...:
          let n = try utf8Sequence()
          out.append(contentsOf: bytes[i..<(i + n)])
          i += n
        default:
          out.append(b)
          i += 1
        }
      }
    }

    mutating func unicodeEscape(into out: inout [UInt8]) throws(StrictJSONError) {
      var v = try hex4()
      if (0xD800...0xDBFF).contains(v) {
        guard bytes.count - i >= 2, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
          throw error("a \\u escape of a high surrogate must be followed by a low one")
        }
        i += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("\\u\(String(low, radix: 16)) is not a low surrogate")
        }
        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(v) {
        throw error("a lone low surrogate \\u\(String(v, radix: 16)) is not a character")
      }
      guard let scalar = Unicode.Scalar(v) else { throw error("\\u escape is not a character") }
      out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    mutating func hex4() throws(StrictJSONError) -> UInt32 {
      guard bytes.count - i >= 4 else { throw error("a \\u escape needs four hex digits") }
      var v: UInt32 = 0
      for _ in 0..<4 {
        guard let h = CataloguePath.hex(bytes[i]) else { throw error("a \\u escape needs four hex digits") }
        v = v << 4 | UInt32(h)
        i += 1
      }
      return v
    }

    /// The length of the well-formed UTF-8 sequence at `i` (Unicode Table 3-7), or an error.
    func utf8Sequence() throws(StrictJSONError) -> Int {
      let b = bytes[i]
      let (n, low, high): (Int, UInt8, UInt8) =
        switch b {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
      guard n > 0, bytes.count - i >= n, (low...high).contains(bytes[i + 1]),
        bytes[(i + 2)..<(i + n)].allSatisfy({ (0x80...0xBF).contains($0) })
      else { throw error("the string is not valid UTF-8") }
      return n
    }

    // MARK: Places

    mutating func skipSpace() {
      while i < bytes.count {
        switch bytes[i] {
        case 0x20, 0x09, 0x0D: i += 1
        case 0x0A:
          i += 1
          line += 1
          lineStart = i
        default: return
        }
      }
    }

    func peek(_ b: UInt8) -> Bool { i < bytes.count && bytes[i] == b }

    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// 1-based, in characters: UTF-8 continuation bytes do not count.
    func column(at index: Int) -> Int {
      let end = min(index, bytes.count)
      return bytes[lineStart..<max(lineStart, end)].count { $0 & 0xC0 != 0x80 } + 1
    }

    /// What stands at `i`, for messages.
    var found: String {
      guard i < bytes.count else { return "the end of the file" }
      let b = bytes[i]
      if b >= 0x21 && b < 0x7F { return "'\(String(UnicodeScalar(b)))'" }
      return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    func error(_ message: String) -> StrictJSONError {
      .syntax(line: line, column: column(at: i), message: message)
    }

    /// `issues[12].bytes`: the keys and indexes down to the current value.
    func pathText() -> String {
      var s = ""
      for p in path {
        switch p {
        case .key(let k): s += (s.isEmpty ? "" : ".") + k
        case .index(let n): s += "[\(n)]"
        }
      }
      return s
    }
  }
}
