import Foundation

/// BombJack's pages kept parsed between runs: 20,000 pages, of which a refresh sees a few dozen change.
extension BombJackPage: CachedParse {
  public static let parserName = "bombjack-page"
  /// Bump on any change to what `read` makes of a page (BombJackPageCacheTests holds it to the
  /// fixtures' output).
  public static let parserVersion = 1

  public static func parse(_ body: [UInt8], url: URL) -> BombJackPage { read(body, url: url) }

  /// A row is built from a file a page lists: a walk's pages that list none (most of them) are
  /// read for their links alone.
  public var mayBeCited: Bool { !entries.isEmpty }

  public func encode(into w: inout ParseWriter) {
    w.string(title)
    w.list(entries) { w, e in
      w.url(e.file)
      w.string(e.title)
      w.optionalURL(e.cover)
      w.optionalInt(e.pages)
    }
    w.list(links) { $0.string($1) }
    w.list(notes) { $0.string($1) }
    w.list(slashlessFolders) { $0.url($1) }
  }

  public static func decode(from r: inout ParseReader, url: URL) -> BombJackPage? {
    guard let title = r.string(),
      let entries = r.list({ r -> BombJackPageEntry? in
        guard let file = r.url(), let t = r.string(), let cover = r.optionalURL(), let pages = r.optionalInt()
        else { return nil }
        return BombJackPageEntry(file: file, title: t, cover: cover, pages: pages)
      }),
      let links = r.list({ $0.string() }), let notes = r.list({ $0.string() }), let folders = r.list({ $0.url() })
    else { return nil }
    return BombJackPage(
      url: url, title: title, entries: entries, links: links, notes: notes, slashlessFolders: folders)
  }
}
