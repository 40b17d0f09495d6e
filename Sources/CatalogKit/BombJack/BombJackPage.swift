import Foundation

/// What one page of the archive says: its title, the issues in its cells, and the pages to visit next.
public struct BombJackPage: Sendable, Equatable {
  /// BombJack's pages are hand-made over twenty years and share no title or closing tag (some end
  /// in a stray `<html><body>`); what every one has is its tables closed after they were opened,
  /// and some closing tag. A page cut inside a table lacks that table's `</table>`.
  public static let shape = PageShape(
    kind: "BombJack page", closing: ["</table>", "</body>", "</html>"], closedBlocks: [("<table", "</table>")])

  public var url: URL
  /// The `<title>` text, cleaned; the URL when the page has none.
  public var title: String
  public var entries: [BombJackPageEntry]
  /// Same-host HTML pages it links to, normalised (https, lowercased host, no query or fragment), in
  /// first-seen order, as text: a walk's pages link 170,000 times to 20,000 pages, and the walk
  /// makes a URL only of a page it has not queued before.
  public var links: [String]
  /// Things a person should know about the page, each naming the URL and line.
  public var notes: [String]
  /// The folders among `links` that the page wrote without their trailing slash (normalised, with
  /// it). Kept after the walk empties `links`: run naming counts those folders twice.
  public var slashlessFolders: [URL]

  public init(
    url: URL, title: String, entries: [BombJackPageEntry], links: [String], notes: [String] = [],
    slashlessFolders: [URL] = []
  ) {
    self.url = url
    self.title = title
    self.entries = entries
    self.links = links
    self.notes = notes
    self.slashlessFolders = slashlessFolders
  }

  /// Reads a page's bytes (UTF-8, else ISO-8859-1, whatever the page declares).
  public static func read(_ bytes: [UInt8], url: URL) -> BombJackPage {
    let text = TextDecoder.decode(bytes, policy: .utf8Else(.latin1)).text
    return read(text: text, url: url)
  }

  /// Reads a page's decoded text.
  public static func read(text: String, url: URL) -> BombJackPage {
    let m = HTMLScanner(text)
    var notes: [String] = []
    let title = pageTitle(m) ?? url.absoluteString
    let links = followLinks(m, page: url)
    let readsEntries = !BombJackSite.isToolPath(url) && !BombJackSite.isChangelog(url)
    let entries = readsEntries ? cells(m, page: url, notes: &notes) : []
    return BombJackPage(
      url: url, title: title, entries: entries, links: links.map(\.url.absoluteString), notes: notes,
      slashlessFolders: links.filter(\.slashless).map(\.url))
  }

  private static func pageTitle(_ m: HTMLScanner) -> String? {
    guard let open = m.findTag(Array("title".utf8), from: 0) else { return nil }
    let start = m.tagEnd(from: open)
    let end = m.find(Array("</title".utf8), from: start) ?? m.bytes.count
    let t = m.plainText(start..<end)
    return t.isEmpty ? nil : t
  }

  /// Every `<a href>` that stays on the archive's host and names an HTML page or folder.
  /// A folder linked both with and without its slash is one link, marked slashless.
  static func followLinks(_ m: HTMLScanner, page: URL) -> [BombJackSiteLinks.Link] {
    var index: [String: Int] = [:]
    var out: [BombJackSiteLinks.Link] = []
    var i = 0
    while let a = m.findTag(Array("a".utf8), from: i) {
      let end = m.tagEnd(from: a)
      i = end
      guard let href = m.attribute("href", ofTagAt: a, end: end), let link = BombJackSiteLinks.link(href, from: page)
      else {
        continue
      }
      if let at = index[link.url.absoluteString] {
        out[at].slashless = out[at].slashless || link.slashless
      } else {
        index[link.url.absoluteString] = out.count
        out.append(link)
      }
    }
    return out
  }

  /// The issue cells: each `<td…>` up to the first following `</td>`, holding an archive link.
  static func cells(_ m: HTMLScanner, page: URL, notes: inout [String]) -> [BombJackPageEntry] {
    var out: [BombJackPageEntry] = []
    var taken: Set<String> = []
    var pos = 0
    let tdClose = Array("</td".utf8)
    while let td = m.findTag(Array("td".utf8), from: pos) {
      let open = m.tagEnd(from: td)
      guard let close = m.find(tdClose, from: open) else {
        if archiveAnchor(m, in: open..<m.bytes.count, page: page) != nil {
          notes.append(
            "\(page.absoluteString): line \(line(of: td, in: m)): a cell with an archive link has no </td> "
              + "(the page looks cut off); the cell is not read")
        }
        break
      }
      pos = close + tdClose.count
      guard let anchor = archiveAnchor(m, in: open..<close, page: page) else { continue }
      if BombJackSite.isToolPath(anchor.file) { continue }
      let key = BombJackSiteAddress.text(of: anchor.file) ?? anchor.file.absoluteString
      guard taken.insert(key).inserted else { continue }
      var title = m.plainText(open..<anchor.start)
      if title.isEmpty { title = titleFromFileName(anchor.file) }
      let cover = firstImage(m, in: anchor.innerStart..<anchor.innerEnd, page: page)
      let pages = pageCount(m.plainText(anchor.afterEnd..<close))
      out.append(BombJackPageEntry(file: anchor.file, title: title, cover: cover, pages: pages))
    }
    return out
  }

  struct Anchor {
    var file: URL
    var start: Int
    var innerStart: Int
    var innerEnd: Int
    var afterEnd: Int
  }

  /// The first `<a href>` in the range whose path ends in an archive extension.
  static func archiveAnchor(_ m: HTMLScanner, in range: Range<Int>, page: URL) -> Anchor? {
    var i = range.lowerBound
    while let a = m.findTag(Array("a".utf8), from: i, to: range.upperBound) {
      let end = m.tagEnd(from: a, to: range.upperBound)
      i = end
      guard let href = m.attribute("href", ofTagAt: a, end: end),
        let file = BombJackSiteAddress.resolve(href, against: page),
        BombJackSite.archiveExtensions.contains(BombJackSiteAddress.pathExtension(file))
      else { continue }
      let innerEnd = m.find(Array("</a".utf8), from: end, to: range.upperBound) ?? range.upperBound
      let afterEnd = innerEnd < range.upperBound ? m.tagEnd(from: innerEnd, to: range.upperBound) : innerEnd
      return Anchor(file: file, start: a, innerStart: end, innerEnd: innerEnd, afterEnd: afterEnd)
    }
    return nil
  }

  static func firstImage(_ m: HTMLScanner, in range: Range<Int>, page: URL) -> URL? {
    var i = range.lowerBound
    while let img = m.findTag(Array("img".utf8), from: i, to: range.upperBound) {
      let end = m.tagEnd(from: img, to: range.upperBound)
      i = end
      if let src = m.attribute("src", ofTagAt: img, end: end), let u = BombJackSiteAddress.resolve(src, against: page) {
        return u
      }
    }
    return nil
  }

  /// A listing's title: the file name without its extension, `_` as spaces.
  static func titleFromFileName(_ file: URL) -> String {
    var name = BombJackSiteAddress.fileName(file)
    if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
    return TextNormal.collapse(name.replacingOccurrences(of: "_", with: " "))
  }

  /// The first `(\d+)\s*pages?` in the text, case-insensitive.
  static func pageCount(_ text: String) -> Int? {
    let u = Array(text.utf8)
    var i = 0
    while i + 4 <= u.count {
      if HTMLScanner.lower(u[i]) == UInt8(ascii: "p"), HTMLScanner.lower(u[i + 1]) == UInt8(ascii: "a"),
        HTMLScanner.lower(u[i + 2]) == UInt8(ascii: "g"), HTMLScanner.lower(u[i + 3]) == UInt8(ascii: "e")
      {
        var j = i
        while j > 0, HTMLScanner.isSpace(u[j - 1]) { j -= 1 }
        let digitsEnd = j
        while j > 0, u[j - 1] >= 0x30, u[j - 1] <= 0x39 { j -= 1 }
        if j < digitsEnd, let n = Int(String(decoding: u[j..<digitsEnd], as: UTF8.self)) { return n }
      }
      i += 1
    }
    return nil
  }

  static func line(of offset: Int, in m: HTMLScanner) -> Int {
    var n = 1
    for b in m.bytes[0..<min(offset, m.bytes.count)] where b == 0x0A { n += 1 }
    return n
  }
}
