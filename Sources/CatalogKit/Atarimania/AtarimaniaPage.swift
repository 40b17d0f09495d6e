/// Checks every Atarimania page passes before it is parsed.
enum AtarimaniaPage {
  /// Every page of the site is titled `… | Atarimania` and ends with `</html>`. A challenge page is
  /// let through: the build refuses it as the challenge it is (exit 69), not as a bad page.
  static func shape(_ kind: String) -> PageShape {
    PageShape(kind: kind, identity: ["Atarimania</title>"], closing: ["</html>"])
  }

  static func refusal(_ shape: PageShape, _ bytes: [UInt8]) -> PageRefusal? {
    if AtarimaniaChallenge.evidence(status: 200, body: bytes) != nil { return nil }
    return shape.refusal(bytes)
  }

  static let closingMark = Array("</html>".utf8)

  /// The page as text, after refusing a challenge page, an empty or binary answer, and a page cut short.
  static func checkedText(_ bytes: [UInt8], url: String) throws(AtarimaniaError) -> String {
    if let evidence = AtarimaniaChallenge.evidence(status: 200, body: bytes) {
      throw AtarimaniaError.challenge(url: url, evidence: evidence)
    }
    guard !bytes.isEmpty, !bytes.prefix(1024).contains(0) else { throw AtarimaniaError.notHTML(url: url) }
    // Pages are UTF-8 (`<meta charSet="utf-8"/>`); a page that is not is read as Latin-1 rather than
    // losing its accented names to U+FFFD.
    let text = TextDecoder.decode(bytes, policy: .utf8Else(.latin1)).text
    // The mark is ASCII: the tail's bytes, lowercased as ASCII, are searched for it.
    let tail = bytes.suffix(4096).map(TextBytes.lower)
    guard TextBytes.contains(closingMark, in: tail) else {
      throw AtarimaniaError.truncated(url: url, bytes: bytes.count)
    }
    return text
  }

  /// The number in the first `<p>` whose text reads "<n> <noun>" ("79 ISSUES", "85 MAGAZINES").
  static func statedCount(in text: String, noun: String) -> Int? {
    var count: Int?
    eachParagraph(in: text[...]) { caption in
      let parts = caption.split(whereSeparator: { $0.isWhitespace })
      if parts.count == 2, parts[1].uppercased() == noun, let n = Int(parts[0]) { count = n }
      return count == nil
    }
    return count
  }

  /// The inner text of every `<p …>…</p>` in order, empty ones dropped. The element is matched as
  /// `<p` followed by `>` or whitespace, so the SVG `<path>` elements beside them never match.
  static func paragraphs(in s: Substring) -> [String] {
    var out: [String] = []
    eachParagraph(in: s) { inner in
      out.append(inner)
      return true
    }
    return out
  }

  /// `paragraphs`, one at a time, until `body` returns false: the stated count is in the first
  /// few, and reading the rest of a long page's paragraphs found nothing more.
  private static func eachParagraph(in s: Substring, _ body: (String) -> Bool) {
    var rest = s
    while let open = MarkupText.range(of: "<p", in: rest) {
      guard let next = rest[open.upperBound...].first else { break }
      rest = rest[open.upperBound...]
      guard next == ">" || next == " " || next == "\t" || next == "\n" || next == "\r" else {
        continue
      }
      guard let tagEnd = rest.firstIndex(of: ">") else { break }
      let inner = rest[rest.index(after: tagEnd)...]
      guard let close = MarkupText.range(of: "</p>", in: inner) else { break }
      let text = MarkupText.inner(inner[..<close.lowerBound])
      if !text.isEmpty, !body(text) { return }
      rest = inner[close.upperBound...]
    }
  }
}
