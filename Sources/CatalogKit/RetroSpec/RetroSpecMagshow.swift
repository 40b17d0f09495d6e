import Foundation

/// What an issue's metadata ("magshow") page says.
public struct RetroSpecMagshow: Sendable, Equatable {
  /// A magshow page is the site's page (its title) and ends with `</html>`. A "no info" page, which
  /// the site really serves for some ids, has both; an error page or half a page does not.
  public static let shape = PageShape(
    kind: "RetroSpec magshow page", identity: [RetroSpecSite.siteTitle], closing: ["</html>"])

  /// The site's series name (never used in output: the site lost letters, see `RetroSpecSeries`).
  public var seriesName: String
  /// From the date line `1986 Maj #1`; books have no date line.
  public var year: Int?
  /// The month as printed, possibly empty: `Maj`, `Julij/Avgust`, `Jul-SpecijalniBroj`, `Velja?a/Februar`.
  public var monthText: String?
  /// The `#n` of the date line: the issue's number within its year (`#0` for specials).
  public var numberInYear: Int?
  /// The `Jezik:` value mapped to `serbian` / `croatian` / `slovenian`; nil for anything else.
  public var language: String?
  /// The raw `Jezik:` value.
  public var jezik: String?
  /// The largest `page=N` on the contact sheet: the scanned page count.
  public var pageCount: Int?

  public init(
    seriesName: String, year: Int? = nil, monthText: String? = nil, numberInYear: Int? = nil,
    language: String? = nil, jezik: String? = nil, pageCount: Int? = nil
  ) {
    self.seriesName = seriesName
    self.year = year
    self.monthText = monthText
    self.numberInYear = numberInYear
    self.language = language
    self.jezik = jezik
    self.pageCount = pageCount
  }

  /// Parses a magshow page at text level; nil when the page has no series name (the spec's "no info":
  /// an error page, an empty database row). The markup is mis-nested
  /// (`<a><font size="5"><b>Name</b></a></font>`), which a text pattern reads as written.
  public static func parse(_ bytes: [UInt8]) -> RetroSpecMagshow? {
    let page = RetroSpecMarkup(bytes: bytes)
    guard let name = seriesName(page), !name.isEmpty else { return nil }
    var info = RetroSpecMagshow(seriesName: name)
    if let line = dateLine(page) {
      info.year = line.year
      info.monthText = line.monthText
      info.numberInYear = line.number
    }
    info.jezik = jezik(page)
    info.language = info.jezik.flatMap(RetroSpecSeries.language(fromJezik:))
    info.pageCount = largestPageParameter(page)
    return info
  }

  /// The `<b>…</b>` right after (whitespace allowed) the first `<font size="5"…>`.
  static func seriesName(_ page: RetroSpecMarkup) -> String? {
    guard let font = fontTag(page, size: "5"), let after = page.tagEnd(from: font) else { return nil }
    var i = after
    while i < page.count, HTMLScanner.isSpace(page.bytes[i]) { i += 1 }
    let bOpen = Array("<b>".utf8)
    guard page.find(bOpen, from: i, to: min(i + bOpen.count, page.count)) == i else { return nil }
    let start = i + bOpen.count
    guard let end = page.find(Array("</b>".utf8), from: start) else { return nil }
    return TextNormal.collapse(HTMLEntities.decode(page.text(start..<end)))
  }

  /// The inner text of the first `<font size="4"…>…</font>`, matched against
  /// `^(\d{4})\s*(.*?)\s*#(\d+)$`.
  static func dateLine(_ page: RetroSpecMarkup) -> (year: Int, monthText: String, number: Int)? {
    guard let font = fontTag(page, size: "4"), let start = page.tagEnd(from: font),
      let end = page.find(Array("</font>".utf8), from: start)
    else { return nil }
    return parseDateLine(HTMLEntities.decode(page.text(start..<end)))
  }

  static func parseDateLine(_ raw: String) -> (year: Int, monthText: String, number: Int)? {
    let text = Array(raw.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars)
    guard text.count >= 4, text[0..<4].allSatisfy({ $0.isASCII && HTMLScanner.isDigit(UInt8($0.value)) }),
      let year = Int(String(String.UnicodeScalarView(text[0..<4]))),
      let hash = text.lastIndex(of: "#"), hash >= 4
    else { return nil }
    let digits = text[(hash + 1)...]
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && HTMLScanner.isDigit(UInt8($0.value)) }),
      let number = Int(String(String.UnicodeScalarView(digits)))
    else { return nil }
    let month = String(String.UnicodeScalarView(text[4..<hash])).trimmingCharacters(in: .whitespacesAndNewlines)
    return (year, month, number)
  }

  /// `Jezik:\s*([^<]+)<`, trimmed.
  static func jezik(_ page: RetroSpecMarkup) -> String? {
    guard let at = page.find(Array("Jezik:".utf8), from: 0, caseInsensitive: false) else { return nil }
    let start = at + 6
    var end = start
    while end < page.count, page.bytes[end] != UInt8(ascii: "<") { end += 1 }
    guard end < page.count else { return nil }
    let value = page.text(start..<end).trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }

  /// The largest value of `[?&]page=(\d+)` on the page.
  static func largestPageParameter(_ page: RetroSpecMarkup) -> Int? {
    let needle = Array("page=".utf8)
    var best: Int?
    var i = 1
    while let at = page.find(needle, from: i, caseInsensitive: false) {
      i = at + needle.count
      let before = page.bytes[at - 1]
      guard before == UInt8(ascii: "?") || before == UInt8(ascii: "&") else { continue }
      var j = i
      var value = 0
      while j < page.count, HTMLScanner.isDigit(page.bytes[j]), j - i < 9 {
        value = value * 10 + Int(page.bytes[j] - UInt8(ascii: "0"))
        j += 1
      }
      if j > i { best = max(best ?? value, value) }
    }
    return best
  }

  /// The offset of the first `<font` tag whose `size` attribute is `size` (quoted or not).
  static func fontTag(_ page: RetroSpecMarkup, size: String) -> Int? {
    let needle = Array("<font".utf8)
    var i = 0
    while let at = page.find(needle, from: i) {
      i = at + needle.count
      guard let end = page.tagEnd(from: at) else { return nil }
      if page.attributeValues("size", in: at..<end).first?.value.trimmingCharacters(in: .whitespaces) == size {
        return at
      }
    }
    return nil
  }
}
