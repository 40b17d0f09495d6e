/// Text-level scanning over a decoded page's UTF-8 bytes.
///
/// RetroSpec's rules are stated as patterns over the page text (its markup is mis-nested, and libxml2's
/// recovery would move nodes), so the parsers scan the text rather than a DOM. Every marker they look
/// for is ASCII, so scanning UTF-8 bytes is exact and leaves multi-byte letters untouched.
struct RetroSpecMarkup {
  let bytes: [UInt8]

  init(_ text: String) { bytes = Array(text.utf8) }

  var count: Int { bytes.count }

  /// The first occurrence of `needle` at or after `from`, before `to`; ASCII letters match either case
  /// when `caseInsensitive` (then `needle` must be lowercase).
  func find(_ needle: [UInt8], from: Int, to: Int? = nil, caseInsensitive: Bool = true) -> Int? {
    let end = min(to ?? bytes.count, bytes.count)
    guard let first = needle.first, end - needle.count >= from else { return nil }
    var i = max(from, 0)
    let last = end - needle.count
    while i <= last {
      let c = caseInsensitive ? RetroSpecMarkup.lower(bytes[i]) : bytes[i]
      if c == first {
        var k = 1
        while k < needle.count {
          let d = caseInsensitive ? RetroSpecMarkup.lower(bytes[i + k]) : bytes[i + k]
          if d != needle[k] { break }
          k += 1
        }
        if k == needle.count { return i }
      }
      i += 1
    }
    return nil
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

  func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  /// 1-based line of a byte offset.
  func line(of offset: Int) -> Int {
    var n = 1
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { n += 1 }
    return n
  }

  static func lower(_ c: UInt8) -> UInt8 {
    c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c + 32 : c
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
