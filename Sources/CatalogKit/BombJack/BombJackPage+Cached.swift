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
    guard let title = r.string(), let entryCount = r.count() else { return nil }
    var entries: [BombJackPageEntry] = []
    entries.reserveCapacity(entryCount)
    for _ in 0..<entryCount {
      guard let file = r.url(), let t = r.string(), let cover = r.optionalURL(), let pages = r.optionalInt() else {
        return nil
      }
      entries.append(BombJackPageEntry(file: file, title: t, cover: cover, pages: pages))
    }
    guard let linkCount = r.count() else { return nil }
    var links: [String] = []
    links.reserveCapacity(linkCount)
    for _ in 0..<linkCount {
      guard let l = r.string() else { return nil }
      links.append(l)
    }
    guard let noteCount = r.count() else { return nil }
    var notes: [String] = []
    for _ in 0..<noteCount {
      guard let n = r.string() else { return nil }
      notes.append(n)
    }
    guard let folders = urls(&r) else { return nil }
    return BombJackPage(
      url: url, title: title, entries: entries, links: links, notes: notes, slashlessFolders: folders)
  }

  private static func urls(_ r: inout ParseReader) -> [URL]? {
    guard let n = r.count() else { return nil }
    var out: [URL] = []
    out.reserveCapacity(n)
    for _ in 0..<n {
      guard let u = r.url() else { return nil }
      out.append(u)
    }
    return out
  }
}
