import Foundation

/// Text-level scanning over a page's bytes.
///
/// RetroSpec's rules are stated as patterns over the page text (its markup is mis-nested, and libxml2's
/// recovery would move nodes), so the parsers scan the text rather than a DOM. Every marker they look
/// for is ASCII, and both of the site's encodings (UTF-8 and Windows-1250) keep ASCII bytes as they
/// are, so the raw bytes are scanned (by the shared `HTMLScanner`) and only the snippets a rule
/// extracts are decoded, with the page's encoding.
struct RetroSpecMarkup {
  /// The shared byte scanner over the page (the text layer's `HTMLScanner`).
  let scanner: HTMLScanner
  var bytes: [UInt8] { scanner.bytes }
  /// Strict UTF-8 when the whole page is valid UTF-8, else Windows-1250; the page's `<meta>` is ignored
  /// (every page declares cp1250, several are really UTF-8).
  let encoding: TextEncoding

  init(bytes: [UInt8]) {
    scanner = HTMLScanner(bytes: bytes)
    encoding = RetroSpecMarkup.isUTF8(bytes) ? .utf8 : .windows1250
  }

  var count: Int { bytes.count }

  /// True when the bytes are strict UTF-8 (what `TextDecoder`'s `.utf8Else` policy tests first). Pure
  /// ASCII is checked without building a string.
  static func isUTF8(_ bytes: [UInt8]) -> Bool {
    let ascii = bytes.withUnsafeBufferPointer { buf in buf.allSatisfy { $0 < 0x80 } }
    return ascii || TextEncoding.utf8.decode(bytes) != nil
  }

  /// The first occurrence of `needle` at or after `from`, before `to` (see `HTMLScanner.find`).
  func find(_ needle: [UInt8], from: Int, to: Int? = nil, caseInsensitive: Bool = true) -> Int? {
    scanner.find(needle, from: from, to: to, caseInsensitive: caseInsensitive)
  }

  /// The index just past the `>` that closes the tag opening at `at`, or nil when the page ends first.
  func tagEnd(from at: Int, to: Int? = nil) -> Int? { scanner.firstTagClose(from: at, to: to) }

  /// The bytes in `range` decoded with the page's encoding.
  func text(_ range: Range<Int>) -> String {
    switch encoding {
    case .utf8: return String(decoding: bytes[range], as: UTF8.self)
    default: return encoding.decode(Array(bytes[range])) ?? String(decoding: bytes[range], as: UTF8.self)
    }
  }

  /// 1-based line of a byte offset.
  func line(of offset: Int) -> Int { scanner.line(of: offset) }

  /// The values of every `name=` attribute inside `range` (quoted with `"` or `'`, or bare), entity
  /// decoded, in document order. `name` must be lowercase; it must start an attribute (preceded by
  /// whitespace) so `data-href` does not count as `href`.
  func attributeValues(_ name: String, in range: Range<Int>) -> [(value: String, offset: Int)] {
    let needle = Array(name.utf8)
    var out: [(String, Int)] = []
    var i = range.lowerBound
    while let at = find(needle, from: i, to: range.upperBound) {
      i = at + needle.count
      guard at > range.lowerBound, HTMLScanner.isSpace(bytes[at - 1]) else { continue }
      var j = at + needle.count
      while j < range.upperBound, HTMLScanner.isSpace(bytes[j]) { j += 1 }
      guard j < range.upperBound, bytes[j] == UInt8(ascii: "=") else { continue }
      j += 1
      while j < range.upperBound, HTMLScanner.isSpace(bytes[j]) { j += 1 }
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
        while k < range.upperBound, !HTMLScanner.isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">") { k += 1 }
        stop = k
      }
      out.append((HTMLEntities.decode(text(start..<stop)), at))
      i = stop
    }
    return out
  }
}
