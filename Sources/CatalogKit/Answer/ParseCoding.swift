import Foundation

/// A parser whose results the build may keep between runs (the parse cache), so a page whose body
/// did not change is not parsed again.
///
/// The encoding is the parser's own, written field by field with `ParseWriter` and read back with
/// `ParseReader`, which refuses anything out of place: no `Codable`, whose synthesized forms could
/// silently start to differ from the type. A parser that changes what it makes of a page bumps
/// `parserVersion`, which is part of every entry's key, so no entry of the old parser is ever read;
/// a test holds each version to the parser's output on the fixture pages, so a change that forgets
/// the bump fails it.
public protocol CachedParse: Sendable {
  /// Names the entries' folder; one per parser.
  static var parserName: String { get }
  /// Bumped whenever the parser, or this encoding, changes what a page becomes.
  static var parserVersion: Int { get }
  /// Parses an answer's body; `url` is the address it was asked for.
  static func parse(_ body: [UInt8], url: URL) -> Self
  func encode(into w: inout ParseWriter)
  /// Nil when the bytes are not exactly what `encode` writes.
  static func decode(from r: inout ParseReader, url: URL) -> Self?
  /// False for a result that must not be kept (a page the parser refused is asked for again).
  var keepsParse: Bool { get }
  /// False for a page no row can be built from (a walk page that lists no file): a warm build
  /// served by this parse keeps no facts of its answer for the lineage, which names only the
  /// answers rows cite (and reads a page drift still watches from its record on disk).
  var mayBeCited: Bool { get }
}

extension CachedParse {
  public var keepsParse: Bool { true }
  public var mayBeCited: Bool { true }

  /// The entry's key: the parser and its version, the address, and the body's digest. Anything a
  /// parse depends on is in it; a body that changed is a key never seen. `check`, when given, is
  /// the identity of the check the body passed before it was parsed: such an entry also vouches
  /// for that check, so a check that changes is a key never seen too.
  public static func parseKey(url: URL, bodySHA256: String, check: String? = nil) -> String {
    var parts = [parserName, String(parserVersion), url.absoluteString, bodySHA256]
    if let check { parts.append(check) }
    return SHA256.hex(parts.joined(separator: "\u{1F}"))
  }

  /// The bytes one result is kept as.
  public func encodedParse() -> [UInt8] {
    var w = ParseWriter()
    encode(into: &w)
    return w.bytes
  }

  /// A result read back from `encodedParse()`'s bytes, or nil unless they are exactly such bytes.
  public static func decodedParse(_ bytes: [UInt8], url: URL) -> Self? {
    var r = ParseReader(bytes)
    guard let value = decode(from: &r, url: url), r.atEnd else { return nil }
    return value
  }
}

/// Writes a parse result as tagged fields: `s<length>:<UTF-8>` for a string, `i<decimal>;` for a
/// number, `_` for an absent one, `n<count>;` before a list.
public struct ParseWriter: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public mutating func string(_ s: String) {
    bytes.append(UInt8(ascii: "s"))
    bytes += String(s.utf8.count).utf8
    bytes.append(UInt8(ascii: ":"))
    bytes += s.utf8
  }

  public mutating func int(_ n: Int) {
    bytes.append(UInt8(ascii: "i"))
    bytes += String(n).utf8
    bytes.append(UInt8(ascii: ";"))
  }

  public mutating func optionalInt(_ n: Int?) {
    if let n { int(n) } else { bytes.append(UInt8(ascii: "_")) }
  }

  public mutating func optionalString(_ s: String?) {
    if let s { string(s) } else { bytes.append(UInt8(ascii: "_")) }
  }

  public mutating func count(_ n: Int) {
    bytes.append(UInt8(ascii: "n"))
    bytes += String(n).utf8
    bytes.append(UInt8(ascii: ";"))
  }

  /// A counted list, each item written by `each` (what `ParseReader.list` reads back).
  public mutating func list<T>(_ items: [T], _ each: (inout ParseWriter, T) -> Void) {
    count(items.count)
    for item in items { each(&self, item) }
  }

  public mutating func url(_ u: URL) { string(u.absoluteString) }

  public mutating func optionalURL(_ u: URL?) { optionalString(u?.absoluteString) }
}

/// Reads what `ParseWriter` wrote; every read is nil when the next field is not of that kind or
/// runs past the end, so a cut or edited entry is no result at all.
public struct ParseReader: Sendable {
  private let bytes: [UInt8]
  private var i = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public var atEnd: Bool { i == bytes.count }

  public mutating func string() -> String? {
    guard take(UInt8(ascii: "s")), let n = digits(until: UInt8(ascii: ":")), n <= bytes.count - i else { return nil }
    let s = bytes[i..<(i + n)]
    // A string that is not UTF-8 was not written by us.
    guard let text = String(validating: s, as: UTF8.self) else { return nil }
    i += n
    return text
  }

  public mutating func int() -> Int? {
    guard take(UInt8(ascii: "i")) else { return nil }
    let negative = take(UInt8(ascii: "-"))
    guard let n = digits(until: UInt8(ascii: ";")) else { return nil }
    return negative ? (n == 0 ? nil : -n) : n
  }

  /// `.some(nil)` for an absent value, nil for bytes that are neither.
  public mutating func optionalInt() -> Int?? {
    if take(UInt8(ascii: "_")) { return .some(nil) }
    return int().map { .some($0) }
  }

  public mutating func optionalString() -> String?? {
    if take(UInt8(ascii: "_")) { return .some(nil) }
    return string().map { .some($0) }
  }

  /// A list's length, no longer than the bytes left could hold (one byte per element at least).
  public mutating func count() -> Int? {
    guard take(UInt8(ascii: "n")), let n = digits(until: UInt8(ascii: ";")), n <= bytes.count - i else { return nil }
    return n
  }

  /// A counted list, each item read by `item`; nil when the count or any item is not there.
  public mutating func list<T>(_ item: (inout ParseReader) -> T?) -> [T]? {
    guard let n = count() else { return nil }
    var out: [T] = []
    out.reserveCapacity(n)
    for _ in 0..<n {
      guard let v = item(&self) else { return nil }
      out.append(v)
    }
    return out
  }

  public mutating func url() -> URL? { string().flatMap { URL(string: $0) } }

  public mutating func optionalURL() -> URL?? {
    guard let s = optionalString() else { return nil }
    guard let s else { return .some(nil) }
    return URL(string: s).map { .some($0) }
  }

  private mutating func take(_ b: UInt8) -> Bool {
    guard i < bytes.count, bytes[i] == b else { return false }
    i += 1
    return true
  }

  /// Decimal digits up to `end` (no sign, no leading zero but a lone 0, at most 18 digits).
  private mutating func digits(until end: UInt8) -> Int? {
    let start = i
    var n = 0
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, i - start < 18 {
      n = n * 10 + Int(bytes[i] - 0x30)
      i += 1
    }
    guard i > start, i - start == 1 || bytes[start] != 0x30, take(end) else { return nil }
    return n
  }
}

/// One parse-cache entry as it is stored: a header naming the parser, its version and the key,
/// the result's bytes, and the SHA-256 of all that, so an entry cut short, edited or written by
/// something else is refused and the page parsed again.
public enum ParseEntry {
  static let magic = "shelfmark-parse 1"

  public static func encode(parser: String, version: Int, key: String, payload: [UInt8]) -> [UInt8] {
    var out = Array("\(magic)\n\(parser)\n\(version)\n\(key)\n\(payload.count)\n".utf8)
    out += payload
    out += Array("\n\(SHA256.hex(out))\n".utf8)
    return out
  }

  /// The parser an entry names, when it is a whole entry whose key is `key` and whose digest holds:
  /// what `catalog cache verify` asks of an entry without knowing its parser's types.
  public static func soundParser(_ bytes: [UInt8], key: String) -> String? {
    let lines = bytes.split(separator: 0x0A, maxSplits: 5, omittingEmptySubsequences: false)
    guard lines.count == 6, lines[0].elementsEqual(magic.utf8), lines[3].elementsEqual(key.utf8),
      let version = Int(String(decoding: lines[2], as: UTF8.self)), version >= 0
    else { return nil }
    let parser = String(decoding: lines[1], as: UTF8.self)
    return payload(bytes, parser: parser, version: version, key: key) == nil ? nil : parser
  }

  /// The payload, when `bytes` are a whole entry of this parser, version and key.
  public static func payload(_ bytes: [UInt8], parser: String, version: Int, key: String) -> [UInt8]? {
    let header = Array("\(magic)\n\(parser)\n\(version)\n\(key)\n".utf8)
    guard bytes.count > header.count + 66, bytes.starts(with: header) else { return nil }
    var i = header.count
    var n = 0
    let lengthStart = i
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, i - lengthStart < 12 {
      n = n * 10 + Int(bytes[i] - 0x30)
      i += 1
    }
    guard i > lengthStart, i < bytes.count, bytes[i] == 0x0A else { return nil }
    i += 1
    // The payload, then "\n", 64 hex digits and "\n": exactly the rest.
    guard bytes.count - i == n + 66 else { return nil }
    let body = Array(bytes[..<(i + n)])
    let digest = Array(bytes[(i + n)...])
    guard digest == Array("\n\(SHA256.hex(body))\n".utf8) else { return nil }
    return Array(bytes[i..<(i + n)])
  }
}
