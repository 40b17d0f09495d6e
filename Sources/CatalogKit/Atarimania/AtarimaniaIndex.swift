import Foundation

/// The magazines index, `https://www.atarimania.com/magazines`: the list of title ids, in page order.
public struct AtarimaniaIndex: Sendable, Equatable {
  public static let shape = AtarimaniaPage.shape("Atarimania magazine index")

  /// Why these bytes are not a whole index page (a challenge page passes: the build refuses it).
  public static func refusal(_ bytes: [UInt8]) -> PageRefusal? { AtarimaniaPage.refusal(shape, bytes) }

  public struct Entry: Sendable, Equatable {
    /// The title's numeric id, as written in `/magazines/<id>`.
    public var id: String
    /// The logo's `alt` text, when the link holds one; informational (the title page's h1 is the name).
    public var name: String?
  }

  public var titles: [Entry]
  /// The count the page states above the grid ("85 MAGAZINES"), for a cross-check.
  public var statedCount: Int?

  public var ids: [String] { titles.map(\.id) }

  /// Title ids come from every `href` whose value ends in `/magazines/<digits>` with the closing quote
  /// right after the digits, de-duplicated in first-seen order. The sidebar's bare `/magazines` link
  /// has no id, and the escaped copies inside the Next.js payload (`\"href\":\"/magazines/8\"`) are not
  /// `href="…"` attributes, so neither matches.
  public static func parse(_ bytes: [UInt8], url: String) throws(AtarimaniaError) -> AtarimaniaIndex {
    let text = try AtarimaniaPage.checkedText(bytes, url: url)
    var seen = Set<String>()
    var titles: [Entry] = []
    var rest = text[...]
    while let r = MarkupText.range(of: "href=\"", in: rest) {
      guard let close = rest[r.upperBound...].firstIndex(of: "\"") else { break }
      let value = rest[r.upperBound..<close]
      rest = rest[rest.index(after: close)...]
      guard let id = titleID(in: value), !seen.contains(id) else { continue }
      seen.insert(id)
      let anchorEnd = MarkupText.range(of: "</a>", in: rest)?.lowerBound ?? rest.endIndex
      let name = MarkupText.attribute("alt", in: rest[..<anchorEnd]).map {
        TextNormal.trim(HTMLEntities.decode(String($0.value)))
      }
      titles.append(Entry(id: id, name: name))
    }
    guard !titles.isEmpty else { throw AtarimaniaError.noTitles(url: url) }
    return AtarimaniaIndex(titles: titles, statedCount: AtarimaniaPage.statedCount(in: text, noun: "MAGAZINES"))
  }

  /// The id in an href ending in `/magazines/<digits>`, else nil.
  static func titleID(in href: Substring) -> String? {
    let digits = href.reversed().prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty else { return nil }
    let head = href.dropLast(digits.count)
    guard head.hasSuffix("/magazines/") else { return nil }
    return String(digits.reversed())
  }
}
