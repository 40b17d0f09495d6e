/// The text layer's scanner for rules a spec counts in characters rather than bytes (Stripovi's
/// reader page: the comic's image must start within 600 characters of its container, and the page is
/// Serbian text whose letters take two bytes in UTF-8). It works over the page's Unicode scalars and a
/// lowercased copy of them, so offsets in one are offsets in the other and in the page. Entities and
/// whitespace are the layer's (`HTMLEntities`, `TextNormal`); byte-level rules use `HTMLScanner`.
enum HTMLScalarScanner {
  static func find(_ needle: String, in hay: [Unicode.Scalar], from: Int) -> Int? {
    let n = Array(needle.unicodeScalars)
    guard !n.isEmpty, hay.count >= n.count, from <= hay.count - n.count else { return nil }
    var i = max(from, 0)
    while i <= hay.count - n.count {
      if hay[i] == n[0] && hay[i..<(i + n.count)].elementsEqual(n) { return i }
      i += 1
    }
    return nil
  }

  /// The first `<tag …>` whose `id` attribute is `id` (lowercased): its start and the offset after `>`.
  static func openingTag(withID id: String, tag: String, in lower: [Unicode.Scalar]) -> (start: Int, end: Int)? {
    var at = 0
    while let start = find("<" + tag, in: lower, from: at) {
      guard let close = find(">", in: lower, from: start) else { return nil }
      if attribute("id", in: lower, lower: lower, tag: start..<close) == id { return (start, close + 1) }
      at = close
    }
    return nil
  }

  /// An attribute's raw value inside one tag (quoted with `"` or `'`, or bare), in the page's case.
  static func attribute(
    _ name: String, in page: [Unicode.Scalar], lower: [Unicode.Scalar], tag: Range<Int>
  ) -> String? {
    let n = Array(name.unicodeScalars)
    var i = tag.lowerBound
    while i < tag.upperBound {
      // The name must start after whitespace and be followed by optional spaces and `=`.
      if i > tag.lowerBound, isSpace(lower[i - 1]), i + n.count <= tag.upperBound,
        lower[i..<(i + n.count)].elementsEqual(n)
      {
        var j = i + n.count
        while j < tag.upperBound, isSpace(lower[j]) { j += 1 }
        if j < tag.upperBound, lower[j] == "=" {
          j += 1
          while j < tag.upperBound, isSpace(lower[j]) { j += 1 }
          guard j < tag.upperBound else { return "" }
          let q = page[j]
          if q == "\"" || q == "'" {
            var k = j + 1
            while k < tag.upperBound, page[k] != q { k += 1 }
            return String(String.UnicodeScalarView(page[(j + 1)..<k]))
          }
          var k = j
          while k < tag.upperBound, !isSpace(page[k]) { k += 1 }
          return String(String.UnicodeScalarView(page[j..<k]))
        }
      }
      i += 1
    }
    return nil
  }

  static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0C}" }

  static func line(of offset: Int, in page: [Unicode.Scalar]) -> Int {
    page[..<min(offset, page.count)].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  }
}
