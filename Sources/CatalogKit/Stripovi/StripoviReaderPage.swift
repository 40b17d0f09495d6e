import Foundation

/// What one Stripovi reader page shows (spec: sources/stripovi.md, "Reader-page structure"). The
/// rules are stated at text level, so they run over the decoded page text, not over libxml2's tree.
public struct StripoviReaderPage: Sendable, Equatable {
  /// The `<h1>` text, entities decoded and whitespace collapsed.
  public var heading: String?
  /// The largest `<option value="N">` of the `ChoosePage` select.
  public var pageCount: Int?
  /// The comic container's image, relative to the base (`webcomics/<Dir>/<prefix><nn>.jpg`),
  /// entities and percent-escapes decoded.
  public var image: String?
  /// The container's link to the next reader page, as written.
  public var next: String?

  /// The site host and the base every path is relative to.
  public static let host = "www.stripovi.com"
  public static let base = "https://www.stripovi.com/"

  /// A reader page for a comic id and a 1-based page. `PageCount` selects the page; the site's own
  /// `PageNum` parameter does nothing.
  public static func url(comic id: Int, page: Int) -> String {
    base + "index.asp?page=online-comics-single&ComicID=\(id)&PageCount=\(page)"
  }

  /// A page with neither the comic container nor the page select is not a reader page: the id
  /// does not exist (the site answers 200 with its front page for those).
  public var isReaderPage: Bool { image != nil || pageCount != nil }

  /// How far after the container's opening tag its image may start.
  static let imageWindow = 600

  /// Reads a reader page. Bytes are Windows-1250 without a declared charset: strict UTF-8 is tried
  /// first, then cp1250, which is what makes `ć`/`Č` titles read correctly.
  public static func parse(_ bytes: [UInt8], url: String) throws -> StripoviReaderPage {
    let text = TextDecoder.decode(bytes, policy: .utf8Else(.windows1250)).text
    return try parse(text: text, url: url)
  }

  public static func parse(text: String, url: String) throws -> StripoviReaderPage {
    let page = Array(text.unicodeScalars)
    let lower = Array(text.lowercased().unicodeScalars)
    var result = StripoviReaderPage()

    if let h1 = find("<h1", in: lower, from: 0), let open = find(">", in: lower, from: h1),
      let close = find("</h1", in: lower, from: open)
    {
      let inner = String(String.UnicodeScalarView(page[(open + 1)..<close]))
      let heading = HTMLDocument.plainText(ofFragment: inner)
      result.heading = heading.isEmpty ? nil : heading
    }

    if let container = openingTag(withID: "comic-container", tag: "div", in: lower) {
      let windowEnd = min(container.end + imageWindow, lower.count)
      guard let img = find("<img", in: lower, from: container.end), img < windowEnd,
        let tagEnd = find(">", in: lower, from: img),
        let src = attribute("src", in: page, lower: lower, tag: img..<tagEnd)
      else {
        throw StripoviReaderPageError.noImage(url: url, line: line(of: container.start, in: page))
      }
      let trimmed = HTMLEntities.decode(src).trimmingCharacters(in: .whitespacesAndNewlines)
      result.image = trimmed.removingPercentEncoding ?? trimmed
      if let a = find("<a", in: lower, from: container.end), a < img, let aEnd = find(">", in: lower, from: a) {
        result.next = attribute("href", in: page, lower: lower, tag: a..<aEnd).map(HTMLEntities.decode)
      }
    }

    if let select = openingTag(withID: "choosepage", tag: "select", in: lower) {
      let end = find("</select", in: lower, from: select.end) ?? lower.count
      var best: Int?
      var at = select.end
      while let option = find("<option", in: lower, from: at), option < end {
        let optionEnd = find(">", in: lower, from: option) ?? end
        if let v = attribute("value", in: page, lower: lower, tag: option..<optionEnd),
          let n = Int(v.trimmingCharacters(in: .whitespaces))
        {
          best = max(best ?? n, n)
        }
        at = optionEnd
      }
      guard let count = best else {
        throw StripoviReaderPageError.noPageCount(url: url, line: line(of: select.start, in: page))
      }
      result.pageCount = count
    }
    return result
  }

  /// The `<h1>` read as `"<BombJackRun> <n>: <Episode title>"`, the site's way of titling an episode of a
  /// run; nil for a heading without that shape.
  public var runEpisode: (run: String, number: Int, title: String)? {
    guard let h = heading, let colon = h.range(of: ": ") else { return nil }
    let head = h[..<colon.lowerBound]
    let title = String(h[colon.upperBound...]).trimmingCharacters(in: .whitespaces)
    guard let space = head.lastIndex(of: " "), let n = Int(head[head.index(after: space)...]), n > 0 else {
      return nil
    }
    let run = String(head[..<space]).trimmingCharacters(in: .whitespaces)
    guard !run.isEmpty, !title.isEmpty else { return nil }
    return (run, n, title)
  }

  // MARK: text-level scanning over lowercased scalars (offsets equal the page's)

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

/// A page that looks like a reader page but lacks what every reader page has.
public enum StripoviReaderPageError: Error, Equatable, Sendable, CustomStringConvertible {
  case noImage(url: String, line: Int)
  case noPageCount(url: String, line: Int)

  public var description: String {
    switch self {
    case .noImage(let url, let line):
      "\(url): line \(line): the comic container has no <img src> within \(StripoviReaderPage.imageWindow) characters"
    case .noPageCount(let url, let line):
      "\(url): line \(line): the ChoosePage select has no <option value=\"N\">"
    }
  }
}
