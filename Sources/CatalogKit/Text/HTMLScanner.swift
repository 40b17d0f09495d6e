import Foundation

/// The text layer's byte scanner: reading HTML the way the specs state their rules, as patterns
/// over the page text, over its UTF-8 (or other ASCII-preserving) bytes.
///
/// The sources' specs state their rules as patterns over the page ("from `<td…>` to the first
/// following `</td>`"), and hand-edited markup (FrontPage, mis-nested tables) is malformed enough
/// that libxml2's recovery moves cells around. Every marker is ASCII, and every encoding the sources
/// use keeps ASCII bytes as they are, so positions are byte offsets into `bytes` and only the
/// snippets a rule extracts are decoded. Entities go through `HTMLEntities`, whitespace through
/// `TextNormal`. Used by BombJack's pages, RetroSpec's pages (`RetroSpecMarkup`) and fragments.
struct HTMLScanner {
  let bytes: [UInt8]

  init(_ text: String) { bytes = Array(text.utf8) }

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The first occurrence of `needle` at or after `from`, before `to`; ASCII letters match either
  /// case when `caseInsensitive` (then `needle` must be lowercase).
  func find(_ needle: [UInt8], from: Int, to: Int? = nil, caseInsensitive: Bool = true) -> Int? {
    let end = min(to ?? bytes.count, bytes.count)
    guard let first = needle.first, end - needle.count >= from else { return nil }
    let start = max(from, 0)
    let last = end - needle.count
    let firstIsLetter = HTMLScanner.lower(first) != HTMLScanner.upper(first)
    return bytes.withUnsafeBufferPointer { buf -> Int? in
      guard let base = buf.baseAddress else { return nil }
      var i = start
      while i <= last {
        if !caseInsensitive || !firstIsLetter {
          // Jump to the next candidate first byte with memchr.
          guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
          i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        } else if HTMLScanner.lower(base[i]) != first {
          i += 1
          continue
        }
        var k = 1
        while k < needle.count {
          let d = caseInsensitive ? HTMLScanner.lower(base[i + k]) : base[i + k]
          if d != needle[k] { break }
          k += 1
        }
        if k == needle.count { return i }
        i += 1
      }
      return nil
    }
  }

  /// The next opening tag named `name` (lowercase) at or after `from`: `<name` followed by
  /// whitespace, `>` or `/`, so `<a` does not match `<abbr` and `<td` does not match `<tdata`.
  func findTag(_ name: [UInt8], from: Int, to: Int? = nil) -> Int? {
    let limit = to ?? bytes.count
    var i = from
    let pattern = [UInt8(ascii: "<")] + name
    while let at = find(pattern, from: i, to: limit) {
      let after = at + pattern.count
      if after >= limit { return nil }
      let c = bytes[after]
      if c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || HTMLScanner.isSpace(c) { return at }
      i = at + 1
    }
    return nil
  }

  /// The index just past the `>` closing the tag that starts at `start`, honouring quoted values.
  func tagEnd(from start: Int, to: Int? = nil) -> Int {
    let limit = to ?? bytes.count
    var quote: UInt8? = nil
    var i = start + 1
    while i < limit {
      let c = bytes[i]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        // A quote only opens a value right after `=` (possibly with spaces); elsewhere it is text.
        var j = i - 1
        while j > start, HTMLScanner.isSpace(bytes[j]) { j -= 1 }
        if bytes[j] == UInt8(ascii: "=") { quote = c }
      } else if c == UInt8(ascii: ">") {
        return i + 1
      }
      i += 1
    }
    return limit
  }

  /// The attributes of the tag at `start` (names lowercased, values entity-decoded), in order.
  func attributes(ofTagAt start: Int, end: Int) -> [(name: String, value: String)] {
    var out: [(name: String, value: String)] = []
    var i = start + 1
    // Skip the tag name.
    while i < end, !HTMLScanner.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
    while i < end {
      while i < end, HTMLScanner.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
      guard i < end, bytes[i] != UInt8(ascii: ">") else { break }
      let nameStart = i
      while i < end, !HTMLScanner.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">") {
        i += 1
      }
      let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
      while i < end, HTMLScanner.isSpace(bytes[i]) { i += 1 }
      guard i < end, bytes[i] == UInt8(ascii: "=") else {
        out.append((name, ""))
        continue
      }
      i += 1
      while i < end, HTMLScanner.isSpace(bytes[i]) { i += 1 }
      var valueStart = i
      var valueEnd = i
      if i < end, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
        let q = bytes[i]
        valueStart = i + 1
        i += 1
        while i < end, bytes[i] != q { i += 1 }
        valueEnd = min(i, end)
        i += 1
      } else {
        while i < end, !HTMLScanner.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
        valueEnd = i
      }
      let raw = String(decoding: bytes[valueStart..<max(valueStart, min(valueEnd, end))], as: UTF8.self)
      out.append((name, HTMLEntities.decode(raw)))
    }
    return out
  }

  /// One attribute of the tag at `start`, or nil.
  func attribute(_ name: String, ofTagAt start: Int, end: Int) -> String? {
    attributes(ofTagAt: start, end: end).first { $0.name == name }?.value
  }

  /// The plain text of `range`: tags and comments become spaces, entities are decoded, NBSP is a
  /// space, whitespace is collapsed and trimmed.
  func plainText(_ range: Range<Int>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let c = bytes[i]
      if c == UInt8(ascii: "<"), i + 1 < end, HTMLScanner.startsTag(bytes[i + 1]) {
        if bytes[i + 1] == UInt8(ascii: "!"), let close = commentEnd(from: i, to: end) {
          i = close
        } else {
          i = tagEnd(from: i, to: end)
        }
        out.append(UInt8(ascii: " "))
        continue
      }
      out.append(c)
      i += 1
    }
    let text = String(decoding: out, as: UTF8.self)
    return TextNormal.collapse(HTMLEntities.decode(text))
  }

  /// Past the `-->` of a comment starting at `start`, when it is one.
  private func commentEnd(from start: Int, to end: Int) -> Int? {
    guard start + 3 < end, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-")
    else { return nil }
    if let close = find(Array("-->".utf8), from: start + 4, to: end) { return close + 3 }
    return end
  }

  /// The index just past the first `>` at or after `at`, or nil when the range ends first. The
  /// plain form, for pages whose rules ignore quoting (RetroSpec); `tagEnd` honours quoted values.
  func firstTagClose(from at: Int, to: Int? = nil) -> Int? {
    let end = min(to ?? bytes.count, bytes.count)
    var i = at
    while i < end {
      if bytes[i] == UInt8(ascii: ">") { return i + 1 }
      i += 1
    }
    return nil
  }

  /// 1-based line of a byte offset, for messages.
  func line(of offset: Int) -> Int {
    var n = 1
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { n += 1 }
    return n
  }

  /// The plain text of an HTML fragment: tags and comments as spaces, entities decoded, whitespace
  /// collapsed and trimmed.
  static func plainText(ofFragment fragment: String) -> String {
    let s = HTMLScanner(fragment)
    return s.plainText(0..<s.bytes.count)
  }

  /// ASCII case-insensitive substring test for a lowercase needle, on UTF-8 bytes (Foundation's
  /// `String.contains` goes through CFString and dominated RetroSpec's index parse).
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
    c >= 0x41 && c <= 0x5A ? c + 0x20 : c
  }

  static func upper(_ c: UInt8) -> UInt8 {
    c >= 0x61 && c <= 0x7A ? c - 0x20 : c
  }

  static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
  }

  static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

  /// After `<`, a letter, `/` or `!` starts markup; anything else ("a < b") is text.
  static func startsTag(_ c: UInt8) -> Bool {
    let l = lower(c)
    return (l >= 0x61 && l <= 0x7A) || c == UInt8(ascii: "/") || c == UInt8(ascii: "!")
  }
}
