import Foundation

/// BombJack's pages kept parsed between runs: 20,000 pages, of which a refresh sees a few dozen change.
extension BombJackPage: CachedParse {
  public static let parserName = "bombjack-page"
  /// Bump on any change to what `read` makes of a page (BombJackPageCacheTests holds it to the
  /// fixtures' output).
  public static let parserVersion = 1

  public static func parse(_ body: [UInt8], url: URL) -> BombJackPage { read(body, url: url) }

  public func encode(into w: inout ParseWriter) {
    w.string(title)
    w.count(entries.count)
    for e in entries {
      w.url(e.file)
      w.string(e.title)
      w.optionalURL(e.cover)
      w.optionalInt(e.pages)
    }
    w.count(links.count)
    for l in links { w.string(l) }
    w.count(notes.count)
    for n in notes { w.string(n) }
    w.count(slashlessFolders.count)
    for f in slashlessFolders { w.url(f) }
  }

  public static func decode(from r: inout ParseReader, url: URL) -> BombJackPage? {
    guard let title = r.string(),
      let entries = list(
        &r,
        { (r: inout ParseReader) -> BombJackPageEntry? in
          guard let file = r.url(), let t = r.string(), let cover = r.optionalURL(), let pages = r.optionalInt()
          else { return nil }
          return BombJackPageEntry(file: file, title: t, cover: cover, pages: pages)
        }),
      let links = list(&r, { $0.string() }), let notes = list(&r, { $0.string() }),
      let folders = list(&r, { $0.url() })
    else { return nil }
    return BombJackPage(
      url: url, title: title, entries: entries, links: links, notes: notes, slashlessFolders: folders)
  }

  /// A counted list, each item read by `item`; nil when any is not there.
  private static func list<T>(_ r: inout ParseReader, _ item: (inout ParseReader) -> T?) -> [T]? {
    guard let n = r.count() else { return nil }
    var out: [T] = []
    out.reserveCapacity(n)
    for _ in 0..<n {
      guard let v = item(&r) else { return nil }
      out.append(v)
    }
    return out
  }
}
