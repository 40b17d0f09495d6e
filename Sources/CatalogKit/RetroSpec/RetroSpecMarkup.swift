import Foundation

/// Text-level scanning over a page's bytes.
///
/// RetroSpec's rules are stated as patterns over the page text (its markup is mis-nested, and libxml2's
/// recovery would move nodes), so the parsers scan the text rather than a DOM. Every marker they look
/// for is ASCII, and both of the site's encodings (UTF-8 and Windows-1250) keep ASCII bytes as they
/// are, so the raw bytes are scanned and only the snippets a rule extracts are decoded.
struct RetroSpecMarkup {
  let bytes: [UInt8]
  /// Strict UTF-8 when the whole page is valid UTF-8, else Windows-1250; the page's `<meta>` is ignored
  /// (every page declares cp1250, several are really UTF-8).
  let encoding: TextEncoding

  init(bytes: [UInt8]) {
    self.bytes = bytes
    encoding = RetroSpecMarkup.isUTF8(bytes) ? .utf8 : .windows1250
  }

  var count: Int { bytes.count }

  /// True when the bytes are strict UTF-8 (what `TextDecoder`'s `.utf8Else` policy tests first). Pure
  /// ASCII is checked without building a string.
  static func isUTF8(_ bytes: [UInt8]) -> Bool {
    let ascii = bytes.withUnsafeBufferPointer { buf in buf.allSatisfy { $0 < 0x80 } }
    return ascii || TextEncoding.utf8.decode(bytes) != nil
  }

  /// The first occurrence of `needle` at or after `from`, before `to`; ASCII letters match either case
  /// when `caseInsensitive` (then `needle` must be lowercase).
  func find(_ needle: [UInt8], from: Int, to: Int? = nil, caseInsensitive: Bool = true) -> Int? {
    let end = min(to ?? bytes.count, bytes.count)
    guard let first = needle.first, end - needle.count >= from else { return nil }
    let start = max(from, 0)
    let last = end - needle.count
    let firstIsLetter = RetroSpecMarkup.lower(first) != RetroSpecMarkup.upper(first)
    return bytes.withUnsafeBufferPointer { buf -> Int? in
      guard let base = buf.baseAddress else { return nil }
      var i = start
      while i <= last {
        if !caseInsensitive || !firstIsLetter {
          // Jump to the next candidate first byte with memchr.
          guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
          i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        } else if RetroSpecMarkup.lower(base[i]) != first {
          i += 1
          continue
        }
        var k = 1
        while k < needle.count {
          let d = caseInsensitive ? RetroSpecMarkup.lower(base[i + k]) : base[i + k]
          if d != needle[k] { break }
          k += 1
        }
        if k == needle.count { return i }
        i += 1
      }
      return nil
    }
  }

  /// The index just past the `>` that closes the tag opening at `at`, or nil when the page ends first.
  func tagEnd(from at: Int, to: Int? = nil) -> Int? {
    let end = min(to ?? bytes.count, bytes.count)
    var i = at
    while i < end {
      if bytes[i] == UInt8(ascii: ">") { return i + 1 }
      i += 1
    }
    return nil
  }

  /// The bytes in `range` decoded with the page's encoding.
  func text(_ range: Range<Int>) -> String {
    switch encoding {
    case .utf8: return String(decoding: bytes[range], as: UTF8.self)
    default: return encoding.decode(Array(bytes[range])) ?? String(decoding: bytes[range], as: UTF8.self)
    }
  }

  /// 1-based line of a byte offset.
  func line(of offset: Int) -> Int {
    var n = 1
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { n += 1 }
    return n
  }

  /// ASCII case-insensitive substring test for a lowercase needle, on UTF-8 bytes (Foundation's
  /// `String.contains` goes through CFString and dominated the index parse).
  static func contains(_ haystack: String, _ lowerNeedle: String) -> Bool {
    let h = Array(haystack.utf8)
    let n = Array(lowerNeedle.utf8)
    guard n.count <= h.count else { return false }
    for i in 0...(h.count - n.count) {
      var k = 0
      while k < n.count, lower(h[i + k]) == n[k] { k += 1 }
      if k == n.count { return true }
    }
    return false
  }

  /// ASCII case-insensitive suffix test for a lowercase suffix.
  static func hasSuffix(_ s: String, _ lowerSuffix: String) -> Bool {
    let h = Array(s.utf8)
    let n = Array(lowerSuffix.utf8)
    guard n.count <= h.count else { return false }
    return zip(h[(h.count - n.count)...], n).allSatisfy { lower($0) == $1 }
  }

  static func lower(_ c: UInt8) -> UInt8 {
    c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c
  }

  static func upper(_ c: UInt8) -> UInt8 {
    c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") ? c - 32 : c
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }

  static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

  /// The values of every `name=` attribute inside `range` (quoted with `"` or `'`, or bare), entity
  /// decoded, in document order. `name` must be lowercase; it must start an attribute (preceded by
  /// whitespace) so `data-href` does not count as `href`.
  func attributeValues(_ name: String, in range: Range<Int>) -> [(value: String, offset: Int)] {
    let needle = Array(name.utf8)
    var out: [(String, Int)] = []
    var i = range.lowerBound
    while let at = find(needle, from: i, to: range.upperBound) {
      i = at + needle.count
      guard at > range.lowerBound, RetroSpecMarkup.isSpace(bytes[at - 1]) else { continue }
      var j = at + needle.count
      while j < range.upperBound, RetroSpecMarkup.isSpace(bytes[j]) { j += 1 }
      guard j < range.upperBound, bytes[j] == UInt8(ascii: "=") else { continue }
      j += 1
      while j < range.upperBound, RetroSpecMarkup.isSpace(bytes[j]) { j += 1 }
      guard j < range.upperBound else { break }
      let start: Int
      let stop: Int
      if bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
        let quote = bytes[j]
        start = j + 1
        var k = start
        while k < range.upperBound, bytes[k] != quote { k += 1 }
        stop = k
      } else {
        start = j
        var k = start
        while k < range.upperBound, !RetroSpecMarkup.isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">") { k += 1 }
        stop = k
      }
      out.append((RetroSpecEntities.decode(text(start..<stop)), at))
      i = stop
    }
    return out
  }
}
