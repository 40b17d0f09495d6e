import Foundation

/// One of RetroSpec's twelve index pages: the issue grid between the CONTENT markers.
public struct RetroSpecIndexPage: Sendable, Equatable {
  /// An index page is the site's page and ends with `</html>`; one cut short would silently lose the
  /// issues after the cut.
  public static let shape = PageShape(
    kind: "RetroSpec index page", identity: [RetroSpecSite.siteTitle], closing: ["</html>"])

  public var url: URL
  /// Issue cells in document order.
  public var cells: [RetroSpecIndexCell]
  /// The encoding the bytes turned out to be (UTF-8, else Windows-1250; the `<meta>` is ignored).
  public var encoding: TextEncoding
  /// Both `<!-- CONTENT -->` markers were found. Otherwise the whole page was scanned, or, when only the
  /// opening marker is there (a cut-off body), everything after it.
  public var hasContentMarkers: Bool
  /// The page ends without `</html>`, or has the opening CONTENT marker but not the closing one: the
  /// body was probably cut off in transit.
  public var looksTruncated: Bool
  /// Cells that carry only half an issue (a metadata link without a zip, or a zip without a metadata
  /// link): a damaged grid. Reported, never guessed at.
  public var brokenCells: [BrokenCell]
  /// Issue cells whose id prefix is not a known series key (skipped).
  public var unknownSeriesIDs: [String]

  /// The page's name (`indexSK`) for messages and summaries.
  public var name: String { url.deletingPathExtension().lastPathComponent }

  /// A cell with half an issue in it, for the warning that names its line.
  public struct BrokenCell: Sendable, Equatable {
    public var line: Int
    public var reason: String
  }

  /// Parses an index page by the spec's text-level rules.
  ///
  /// A cell's content runs from the end of a `<td…>` tag to the next `</td>` or `<td`, whichever comes
  /// first, so an outer cell wrapping a nested table shrinks to its leading text and each issue is counted
  /// once, from its innermost cell. A cell is an issue when it has both a `magshow.php?all=<id>` link
  /// (any host) and a `…/ZIP/….zip` href, and the id's prefix is a known series key.
  ///
  /// - Throws: `RetroSpecError.noIssueCells` when the page yields no issue at all.
  public static func parse(
    _ bytes: [UInt8], url: URL, seriesKeys: Set<String> = RetroSpecSeries.keys
  ) throws(RetroSpecError) -> RetroSpecIndexPage {
    let page = RetroSpecMarkup(bytes: bytes)
    let open = page.find(Array("<!-- CONTENT -->".utf8), from: 0, caseInsensitive: false)
    let close = page.find(Array("<!-- /CONTENT -->".utf8), from: 0, caseInsensitive: false)
    var region = 0..<page.count
    var marked = false
    if let open, let close, close > open {
      region = open..<close
      marked = true
    } else if let open, close == nil {
      // A body cut off in transit keeps its opening marker; the chrome above it never holds issues.
      region = open..<page.count
    }
    let truncated = (open != nil && close == nil) || page.find(Array("</html".utf8), from: 0) == nil

    var cells: [RetroSpecIndexCell] = []
    var broken: [BrokenCell] = []
    var unknown: [String] = []
    let tdOpen = Array("<td".utf8)
    let tdClose = Array("</td>".utf8)
    var lineCounter = RetroSpecLineCounter(page)
    var i = region.lowerBound
    while let at = page.find(tdOpen, from: i, to: region.upperBound) {
      i = at + tdOpen.count
      // `<td` must be the whole tag name (not `<tdx`).
      guard i < region.upperBound, HTMLScanner.isSpace(page.bytes[i]) || page.bytes[i] == UInt8(ascii: ">")
      else { continue }
      guard let contentStart = page.tagEnd(from: i, to: region.upperBound) else { break }
      let nextClose = page.find(tdClose, from: contentStart, to: region.upperBound) ?? region.upperBound
      let nextOpen = page.find(tdOpen, from: contentStart, to: region.upperBound) ?? region.upperBound
      let content = contentStart..<min(nextClose, nextOpen)
      let line = lineCounter.line(of: at)
      switch cell(page, content, line: line, seriesKeys: seriesKeys) {
      case .issue(let c): cells.append(c)
      case .broken(let reason): broken.append(BrokenCell(line: line, reason: reason))
      case .unknownSeries(let id): unknown.append(id)
      case .none: break
      }
    }
    if cells.isEmpty {
      throw RetroSpecError.noIssueCells(url: url, betweenMarkers: marked)
    }
    return RetroSpecIndexPage(
      url: url, cells: cells, encoding: page.encoding, hasContentMarkers: marked, looksTruncated: truncated,
      brokenCells: broken, unknownSeriesIDs: unknown)
  }

  enum CellKind {
    case issue(RetroSpecIndexCell)
    case broken(String)
    case unknownSeries(String)
    case none
  }

  static func cell(_ page: RetroSpecMarkup, _ content: Range<Int>, line: Int, seriesKeys: Set<String>) -> CellKind {
    let id = magshowID(page, content)
    let hrefs = page.attributeValues("href", in: content).map(\.value)
    let zip = hrefs.first { HTMLScanner.contains($0, "/zip/") && HTMLScanner.hasSuffix($0, ".zip") }
    switch (id, zip) {
    case (nil, nil): return .none
    case (let id?, nil): return .broken("cell for \(id) has no …/ZIP/….zip link")
    case (nil, let zip?): return .broken("cell with \(zip) has no magshow.php?all= link")
    case (let id?, let zip?):
      guard seriesKeys.contains(RetroSpecIssueID(id).seriesKey) else { return .unknownSeries(id) }
      let cover = hrefs.first { HTMLScanner.contains($0, "/covers/") }
      let thumb = page.attributeValues("src", in: content).first { src in
        !src.value.hasPrefix("gfx/") && page.isInsideImgTag(src.offset, within: content)
      }
      return .issue(
        RetroSpecIndexCell(
          id: id, zip: RetroSpecSite.relative(zip), cover: cover.map(RetroSpecSite.relative),
          thumb: thumb.map { RetroSpecSite.relative($0.value) }, label: label(page, content), line: line))
    }
  }

  /// The id of the first `magshow.php?all=` link: letters, digits, `_`, `.` and `-`.
  static func magshowID(_ page: RetroSpecMarkup, _ content: Range<Int>) -> String? {
    let needle = Array("magshow.php?all=".utf8)
    var from = content.lowerBound
    while let at = page.find(needle, from: from, to: content.upperBound, caseInsensitive: false) {
      var j = at + needle.count
      let start = j
      while j < content.upperBound, isIDByte(page.bytes[j]) { j += 1 }
      if j > start { return page.text(start..<j) }
      from = at + 1
    }
    return nil
  }

  static func isIDByte(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || HTMLScanner.isDigit(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
  }

  /// The cell's text after removing every whole `<a …>…</a>` element and turning the remaining tags into
  /// spaces; entities decoded, NBSP a space, whitespace collapsed.
  static func label(_ page: RetroSpecMarkup, _ content: Range<Int>) -> String {
    var kept: [UInt8] = []
    kept.reserveCapacity(content.count)
    let aClose = Array("</a>".utf8)
    var i = content.lowerBound
    while i < content.upperBound {
      let c = page.bytes[i]
      guard c == UInt8(ascii: "<") else {
        kept.append(c)
        i += 1
        continue
      }
      if i + 2 < content.upperBound, HTMLScanner.lower(page.bytes[i + 1]) == UInt8(ascii: "a"),
        HTMLScanner.isSpace(page.bytes[i + 2]) || page.bytes[i + 2] == UInt8(ascii: ">"),
        let end = page.find(aClose, from: i + 2, to: content.upperBound)
      {
        i = end + aClose.count
        continue
      }
      kept.append(0x20)
      i = page.tagEnd(from: i, to: content.upperBound) ?? content.upperBound
    }
    let text = page.encoding == .utf8 ? String(decoding: kept, as: UTF8.self) : page.encoding.decode(kept) ?? ""
    return TextNormal.collapse(HTMLEntities.decode(text))
  }
}

extension RetroSpecMarkup {
  /// True when the attribute at `offset` sits inside an `<img` tag (so a `src` of a `<script>` or
  /// `<iframe>` is not taken for the thumbnail).
  func isInsideImgTag(_ offset: Int, within range: Range<Int>) -> Bool {
    var i = offset
    while i > range.lowerBound {
      i -= 1
      if bytes[i] == UInt8(ascii: ">") { return false }
      if bytes[i] == UInt8(ascii: "<") {
        return i + 4 <= bytes.count && HTMLScanner.lower(bytes[i + 1]) == UInt8(ascii: "i")
          && HTMLScanner.lower(bytes[i + 2]) == UInt8(ascii: "m")
          && HTMLScanner.lower(bytes[i + 3]) == UInt8(ascii: "g")
      }
    }
    return false
  }
}

/// Line numbers for increasing offsets without rescanning from the top each time.
struct RetroSpecLineCounter {
  let page: RetroSpecMarkup
  var offset = 0
  var line = 1

  init(_ page: RetroSpecMarkup) { self.page = page }

  mutating func line(of target: Int) -> Int {
    if target < offset {
      offset = 0
      line = 1
    }
    while offset < min(target, page.count) {
      if page.bytes[offset] == 0x0A { line += 1 }
      offset += 1
    }
    return line
  }
}
