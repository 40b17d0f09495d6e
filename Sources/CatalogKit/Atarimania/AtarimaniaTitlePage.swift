import Foundation

/// One issue as a title page lists it: the PDF, the cover, the label and the date caption.
public struct AtarimaniaListedIssue: Sendable, Equatable {
  /// `mags/pdf/<file>.pdf`, relative to the site root, as written in the href.
  public var pdf: String
  /// The PDF's file name without `.pdf`; the issue id (PDFs share one flat folder, so it is unique).
  public var stem: String
  /// `mags/low_res/<name>` without the `?v=2` the site appends.
  public var cover: String?
  /// The first caption ("Issue 07"); may be empty.
  public var label: String
  /// The second caption ("July / August - 1986"), when there is one.
  public var dateCaption: String?
  public var year: Int?
  public var month: Int?
  /// 0-based position among the page's issues, the tie-breaker when sorting.
  public var position: Int
}

/// One title's page, `https://www.atarimania.com/magazines/<id>`.
public struct AtarimaniaTitlePage: Sendable, Equatable {
  public static let shape = AtarimaniaPage.shape("Atarimania title page")

  /// Why these bytes are not a whole title page (a challenge page passes: the build refuses it).
  public static func refusal(_ bytes: [UInt8]) -> PageRefusal? { AtarimaniaPage.refusal(shape, bytes) }

  public var id: String
  /// The first `<h1>`'s text; nil when the page has none (the build then skips the title).
  public var name: String?
  /// The count the page states above the heading ("79 ISSUES"), for a cross-check.
  public var statedCount: Int?
  public var issues: [AtarimaniaListedIssue]
  /// Issue items that were left out, with the reason (a PDF on another host), for warnings.
  public var skipped: [String]

  /// Reads the page at text level, as the spec states the rules: split on `<li`, and an item is an
  /// issue only if it links a PDF under `/mags/pdf/`. The Tailwind classes are ignored (they change).
  public static func parse(_ bytes: [UInt8], id: String, url: String) throws(AtarimaniaError)
    -> AtarimaniaTitlePage
  {
    let text = try AtarimaniaPage.checkedText(bytes, url: url)
    var page = AtarimaniaTitlePage(
      id: id, name: heading(in: text), statedCount: AtarimaniaPage.statedCount(in: text, noun: "ISSUES"),
      issues: [], skipped: [])
    // An item ends at its `</li>`; the last one would otherwise run on into the page's scripts.
    for (n, whole) in items(in: text).enumerated() {
      let chunk = MarkupText.range(of: "</li", in: whole).map { whole[..<$0.lowerBound] } ?? whole
      guard let link = pdfLink(in: chunk) else { continue }
      switch link {
      case .foreign(let href):
        page.skipped.append("\(url): item \(n + 1) links its PDF on another host (\(href)); left out")
      case .local(let file):
        let captions = AtarimaniaPage.paragraphs(in: chunk)
        let dateCaption = captions.count > 1 ? captions[1] : nil
        let date = dateCaption.map(AtarimaniaCaptionDate.init(caption:))
        page.issues.append(
          AtarimaniaListedIssue(
            pdf: "mags/pdf/" + file, stem: stem(of: file), cover: cover(in: chunk),
            label: captions.first ?? "", dateCaption: dateCaption, year: date?.year, month: date?.month,
            position: page.issues.count))
      }
    }
    // No heading, no issues and none of the site's furniture: a block page we have no marker for
    // yet. Treat it as the challenge it almost surely is rather than skipping a title.
    if page.name == nil, page.issues.isEmpty, !AtarimaniaChallenge.looksLikeSitePage(text.lowercased()) {
      throw AtarimaniaError.challenge(url: url, evidence: "no heading, no issues and none of the site's own markup")
    }
    return page
  }

  /// The inner text of the first `<h1…>…</h1>`: tags become spaces, entities decoded, trimmed; inner
  /// whitespace is kept as written.
  static func heading(in text: String) -> String? {
    guard let open = text.range(of: "<h1"), let tagEnd = text[open.upperBound...].firstIndex(of: ">"),
      let close = text[tagEnd...].range(of: "</h1>")
    else { return nil }
    let name = MarkupText.inner(text[text.index(after: tagEnd)..<close.lowerBound])
    return name.isEmpty ? nil : name
  }

  enum PDFLink: Equatable {
    /// The file name under `mags/pdf/` on the site itself.
    case local(String)
    case foreign(String)
  }

  /// The first `href="…/mags/pdf/<file>.pdf"` in an item.
  static func pdfLink(in chunk: Substring) -> PDFLink? {
    for value in attributeValues("href", in: chunk) {
      let href = HTMLEntities.decode(String(value))
      guard href.lowercased().hasSuffix(".pdf"), let r = href.range(of: "mags/pdf/", options: .backwards)
      else { continue }
      let prefix = href[..<r.lowerBound]
      guard prefix.isEmpty || prefix.hasSuffix("/") else { continue }
      let file = String(href[r.upperBound...])
      guard !file.isEmpty, file.lowercased() != ".pdf" else { continue }
      return isOnSite(prefix) ? .local(file) : .foreign(href)
    }
    return nil
  }

  /// True for a relative prefix (`/`, `../`) or one naming the site's own host.
  static func isOnSite(_ prefix: Substring) -> Bool {
    let p = prefix.lowercased()
    guard p.contains("//") else { return true }
    return p == "https://www.atarimania.com/" || p == "http://www.atarimania.com/"
      || p == "//www.atarimania.com/" || p == "https://atarimania.com/" || p == "http://atarimania.com/"
  }

  /// The first `src="…/mags/low_res/<name>"`, cut before any `?`, as `mags/low_res/<name>`.
  static func cover(in chunk: Substring) -> String? {
    for value in attributeValues("src", in: chunk) {
      let src = HTMLEntities.decode(String(value))
      guard let r = src.range(of: "mags/low_res/") else { continue }
      guard isOnSite(src[..<r.lowerBound]) else { continue }
      let name = src[r.upperBound...].prefix(while: { $0 != "?" && $0 != "#" })
      if !name.isEmpty { return "mags/low_res/" + name }
    }
    return nil
  }

  static func stem(of file: String) -> String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return String(name.dropLast(4))
  }

  /// What follows each `<li` up to the next (the text after the page's last one runs to its end):
  /// `components(separatedBy: "<li").dropFirst()`, as slices of the page found on its bytes.
  static func items(in text: String) -> [Substring] {
    var out: [Substring] = []
    var rest = text[...]
    guard var open = MarkupText.range(of: "<li", in: rest) else { return [] }
    while true {
      rest = rest[open.upperBound...]
      guard let next = MarkupText.range(of: "<li", in: rest) else { break }
      out.append(rest[..<next.lowerBound])
      open = next
    }
    out.append(rest)
    return out
  }

  /// Every `name="…"` value in order (double-quoted, as the site writes them).
  static func attributeValues(_ name: String, in chunk: Substring) -> [Substring] {
    var out: [Substring] = []
    var rest = chunk
    let needle = name + "=\""
    while let r = MarkupText.range(of: needle, in: rest) {
      guard let close = rest[r.upperBound...].firstIndex(of: "\"") else { break }
      // `src="` must not match inside `data-src="`: the attribute starts after whitespace.
      let before = r.lowerBound > chunk.startIndex ? chunk[chunk.index(before: r.lowerBound)] : " "
      if before.isWhitespace { out.append(rest[r.upperBound..<close]) }
      rest = rest[rest.index(after: close)...]
    }
    return out
  }
}

/// The year and month a date caption states.
public struct AtarimaniaCaptionDate: Sendable, Equatable {
  public var year: Int?
  public var month: Int?

  /// Year: the first run of four digits. Month: the English month name that occurs earliest, so a
  /// two-month caption takes its first month ("July / August - 1986" is July 1986). A bare year gives
  /// no month; an empty caption gives neither.
  public init(caption: String) {
    year = AtarimaniaCaptionDate.firstFourDigits(in: caption)
    month = MarkupText.earliestMonth(in: caption)
  }

  static func firstFourDigits(in s: String) -> Int? {
    let chars = Array(s)
    var i = 0
    while i + 4 <= chars.count {
      if chars[i..<(i + 4)].allSatisfy({ $0.isASCII && $0.isNumber }) {
        return Int(String(chars[i..<(i + 4)]))
      }
      i += 1
    }
    return nil
  }
}
