import Foundation

/// What a page must hold to count as the whole page it claims to be. A 200 proves nothing: a
/// transfer cut at a matching `Content-Length`, an empty answer, or an error page served as 200 all
/// arrive as success. Each parser declares its page's shape beside it; the fetcher refuses (and never
/// caches) an answer that lacks it, and drops a cached copy that lacks it, so a bad answer cannot stick.
public struct PageShape: Sendable, Equatable {
  /// What the page is, as messages name it: `RetroSpec magshow page`.
  public var kind: String
  /// Text only the real page carries (the site's title, the block the parser reads); any one of
  /// them is enough. Empty when the page kind has no such mark.
  public var identity: [String]
  /// Text the whole page ends with (`</html>`); any one of them is enough.
  public var closing: [String]
  /// Blocks that must be closed after they were last opened (`<table` … `</table>`): a page cut
  /// inside its data block still carries an earlier block's close.
  public var closedBlocks: [(open: String, close: String)]

  public init(
    kind: String, identity: [String] = [], closing: [String] = [], closedBlocks: [(open: String, close: String)] = []
  ) {
    self.kind = kind
    self.identity = identity
    self.closing = closing
    self.closedBlocks = closedBlocks
  }

  public static func == (a: PageShape, b: PageShape) -> Bool {
    a.kind == b.kind && a.identity == b.identity && a.closing == b.closing
      && a.closedBlocks.map(\.open) == b.closedBlocks.map(\.open)
      && a.closedBlocks.map(\.close) == b.closedBlocks.map(\.close)
  }

  /// Every mark of the shape in one text, each list counted, so two shapes that refuse different
  /// bytes never share it (a parse kept under this shape's check is keyed by it).
  public var signature: String {
    let blocks = closedBlocks.flatMap { [$0.open, $0.close] }
    return ([kind] + [identity, closing, blocks].flatMap { ["\($0.count)"] + $0 }).joined(separator: "\u{1F}")
  }

  /// Why these bytes are not a whole page of this kind, or nil when they are.
  public func refusal(_ body: [UInt8]) -> PageRefusal? {
    if body.allSatisfy({ TextBytes.isSpace($0) }) { return .empty(kind: kind) }
    if !identity.isEmpty, !identity.contains(where: { TextBytes.find($0, in: body) != nil }) {
      return .notThePage(kind: kind, missing: identity[0])
    }
    for block in closedBlocks {
      guard let opened = TextBytes.findLast(block.open, in: body) else { continue }
      let close = TextBytes.findLast(block.close, in: body)
      if close.map({ $0 < opened }) ?? true {
        return .cutShort(kind: kind, missing: block.close, bytes: body.count)
      }
    }
    if !closing.isEmpty, !closing.contains(where: { TextBytes.findLast($0, in: body) != nil }) {
      return .cutShort(kind: kind, missing: closing[0], bytes: body.count)
    }
    return nil
  }

  /// An archive.org-style JSON API answer: a JSON object, whole (an HTML maintenance page or a body
  /// cut short is neither).
  public static func jsonObject(_ kind: String) -> JSONShape { JSONShape(kind: kind) }
}

/// A JSON answer must be one whole object: `{` first and `}` last, whitespace aside.
public struct JSONShape: Sendable, Equatable {
  public var kind: String

  public func refusal(_ body: [UInt8]) -> PageRefusal? {
    guard let first = body.firstIndex(where: { !TextBytes.isSpace($0) }) else { return .empty(kind: kind) }
    guard body[first] == UInt8(ascii: "{") else {
      return .notThePage(
        kind: kind, missing: "a JSON object (it starts with \(TextBytes.quotedStart(body, at: first)))")
    }
    guard let last = body.lastIndex(where: { !TextBytes.isSpace($0) }), body[last] == UInt8(ascii: "}") else {
      return .cutShort(kind: kind, missing: "}", bytes: body.count)
    }
    return nil
  }
}

/// Why an answer is not the page it claims to be; the sentence follows the URL in a message.
public enum PageRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// No bytes, or only whitespace.
  case empty(kind: String)
  /// None of the marks only the real page carries: an error or maintenance page served as 200.
  case notThePage(kind: String, missing: String)
  /// The page stops before its closing structure.
  case cutShort(kind: String, missing: String, bytes: Int)

  public var description: String {
    switch self {
    case .empty(let kind): "empty answer: not a \(kind)"
    case .notThePage(let kind, let missing): "not a \(kind): no \(missing)"
    case .cutShort(_, let missing, let bytes): "cut short: no closing \(missing) in its \(Plural.count(bytes, "byte"))"
    }
  }
}

/// ASCII byte searches for shapes: case-insensitive, no decoding (markers are ASCII).
enum TextBytes {
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

  static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

  /// The first offset of `needle` in `hay`, ignoring ASCII case.
  static func find(_ needle: String, in hay: [UInt8]) -> Int? {
    let n = Array(needle.utf8).map(lower)
    guard !n.isEmpty, hay.count >= n.count else { return nil }
    let first = n[0]
    var i = 0
    let last = hay.count - n.count
    while i <= last {
      if lower(hay[i]) == first, matches(n, hay, at: i) { return i }
      i += 1
    }
    return nil
  }

  /// Whether `hay` holds `needle` (never an empty one), byte for byte (no case folding: lower both
  /// first).
  static func contains(_ needle: [UInt8], in hay: [UInt8]) -> Bool {
    hay.withUnsafeBytes { h in needle.withUnsafeBytes { n in firstOffset(of: n, in: h) != nil } }
  }

  /// The first offset of `needle` (never an empty one) in `hay`, byte for byte: the C library's
  /// `memchr` finds each place the needle's first byte sits, many bytes at a time, and `memcmp`
  /// checks the rest there.
  static func firstOffset(of needle: UnsafeRawBufferPointer, in hay: UnsafeRawBufferPointer) -> Int? {
    guard let rest = needle.baseAddress, let base = hay.baseAddress, let first = needle.first,
      hay.count >= needle.count
    else { return nil }
    let last = hay.count - needle.count
    var from = 0
    while from <= last {
      guard let hit = memchr(base + from, Int32(first), last - from + 1) else { return nil }
      let at = base.distance(to: UnsafeRawPointer(hit))
      if memcmp(base + at, rest, needle.count) == 0 { return at }
      from = at + 1
    }
    return nil
  }

  /// The last offset of `needle` in `hay`, ignoring ASCII case: closing marks sit near the end.
  /// Through a buffer pointer: a page without the mark is read to its start, once per mark, and
  /// that was the largest cost of checking a warm rebuild's 20,000 cached pages.
  static func findLast(_ needle: String, in hay: [UInt8]) -> Int? {
    let n = Array(needle.utf8).map(lower)
    guard let first = n.first, hay.count >= n.count else { return nil }
    return hay.withUnsafeBufferPointer { h in
      // A mark that starts with a letter can start with either case: byte by byte.
      if first >= 0x61 && first <= 0x7A {
        var i = h.count - n.count
        while i >= 0 {
          if lower(h[i]) == first, matches(n, h, at: i) { return i }
          i -= 1
        }
        return nil
      }
      var end = h.count - n.count + 1
      while let i = lastIndex(of: first, in: h, before: end) {
        if matches(n, h, at: i) { return i }
        end = i
      }
      return nil
    }
  }

  /// The last offset below `end` that holds `b`, eight bytes at a time: every mark starts with `<`,
  /// and a page without the mark is scanned to its start (a cached page's check is on every warm
  /// read, and byte by byte it was a tenth of a warm walk).
  static func lastIndex(of b: UInt8, in h: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
    guard let base = h.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = ones &* UInt64(b)
    var i = min(end, h.count)
    while i >= 8 {
      let w = raw.loadUnaligned(fromByteOffset: i - 8, as: UInt64.self) ^ pattern
      // Some byte of `w` is zero (that is, equals `b`) exactly when this is non-zero.
      if (w &- ones) & ~w & (ones << 7) != 0 {
        for k in stride(from: i - 1, through: i - 8, by: -1) where h[k] == b { return k }
      }
      i -= 8
    }
    while i > 0 {
      i -= 1
      if h[i] == b { return i }
    }
    return nil
  }

  private static func matches(_ n: [UInt8], _ hay: [UInt8], at i: Int) -> Bool {
    for k in 0..<n.count where lower(hay[i + k]) != n[k] { return false }
    return true
  }

  private static func matches(_ n: [UInt8], _ hay: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    for k in 0..<n.count where lower(hay[i + k]) != n[k] { return false }
    return true
  }

  /// The first few bytes at `at`, printable, for a message.
  static func quotedStart(_ body: [UInt8], at: Int) -> String {
    let piece = body[at..<min(body.count, at + 16)].map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "?" }
    return "'" + String(piece) + "'"
  }
}
