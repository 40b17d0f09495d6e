import Foundation

/// What one Stripovi reader page shows (spec: sources/stripovi.md, "Reader-page structure"). The
/// rules are stated at text level, so they run over the decoded page text, not over libxml2's tree.
public struct StripoviReaderPage: Sendable, Equatable {
  /// Reader pages hold the comic's container or its page picker (the live site titles them `reader`
  /// or `Stripovi.com`, so the title is no mark), and end with `</html>`.
  public static let shape = PageShape(
    kind: "Stripovi reader page", identity: ["id=\"comic-container\"", "id=\"ChoosePage\"", "<title>Stripovi.com"],
    closing: ["</html>"])

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

    if let h1 = HTMLScalarScanner.find("<h1", in: lower, from: 0),
      let open = HTMLScalarScanner.find(">", in: lower, from: h1),
      let close = HTMLScalarScanner.find("</h1", in: lower, from: open)
    {
      let inner = String(String.UnicodeScalarView(page[(open + 1)..<close]))
      let heading = HTMLScanner.plainText(ofFragment: inner)
      result.heading = heading.isEmpty ? nil : heading
    }

    if let container = HTMLScalarScanner.openingTag(withID: "comic-container", tag: "div", in: lower) {
      let windowEnd = min(container.end + imageWindow, lower.count)
      guard let img = HTMLScalarScanner.find("<img", in: lower, from: container.end), img < windowEnd,
        let tagEnd = HTMLScalarScanner.find(">", in: lower, from: img),
        let src = HTMLScalarScanner.attribute("src", in: page, lower: lower, tag: img..<tagEnd)
      else {
        throw StripoviReaderPageError.noImage(url: url, line: HTMLScalarScanner.line(of: container.start, in: page))
      }
      let trimmed = HTMLEntities.decode(src).trimmingCharacters(in: .whitespacesAndNewlines)
      result.image = trimmed.removingPercentEncoding ?? trimmed
      if let a = HTMLScalarScanner.find("<a", in: lower, from: container.end), a < img,
        let aEnd = HTMLScalarScanner.find(">", in: lower, from: a)
      {
        result.next = HTMLScalarScanner.attribute("href", in: page, lower: lower, tag: a..<aEnd).map(
          HTMLEntities.decode)
      }
    }

    if let select = HTMLScalarScanner.openingTag(withID: "choosepage", tag: "select", in: lower) {
      let end = HTMLScalarScanner.find("</select", in: lower, from: select.end) ?? lower.count
      var best: Int?
      var at = select.end
      while let option = HTMLScalarScanner.find("<option", in: lower, from: at), option < end {
        let optionEnd = HTMLScalarScanner.find(">", in: lower, from: option) ?? end
        if let v = HTMLScalarScanner.attribute("value", in: page, lower: lower, tag: option..<optionEnd),
          let n = Int(v.trimmingCharacters(in: .whitespaces))
        {
          best = max(best ?? n, n)
        }
        at = optionEnd
      }
      guard let count = best else {
        throw StripoviReaderPageError.noPageCount(url: url, line: HTMLScalarScanner.line(of: select.start, in: page))
      }
      result.pageCount = count
    }
    return result
  }

  /// The `<h1>` read as `"<Run> <n>: <Episode title>"`, the site's way of titling an episode of a
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
