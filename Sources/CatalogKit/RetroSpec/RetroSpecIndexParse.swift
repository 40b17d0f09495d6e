import Foundation

/// A RetroSpec index page kept parsed between runs (`<cache>/parsed/retrospec-index/`). A page the
/// parser refuses (no issue cell) or finds cut short (an opening CONTENT marker without its closing
/// one) is never kept: it is read again, and warned about again, on every run.
public struct RetroSpecIndexParse: CachedParse, Equatable {
  public var page: Result<RetroSpecIndexPage, RetroSpecError>

  public init(page: Result<RetroSpecIndexPage, RetroSpecError>) { self.page = page }

  public static let parserName = "retrospec-index"
  /// Bump on any change to what `RetroSpecIndexPage.parse` makes of a page
  /// (RetroSpecIndexParseTests holds it to the fixtures' output).
  public static let parserVersion = 1

  /// Which cells are issues depends on the series table as well as on the page, so every entry
  /// names the table it was parsed under and one parsed under another is refused: adding a series
  /// to the table needs no version bump to be seen.
  public static let seriesStamp = SHA256.hex(RetroSpecSeries.keys.sorted().joined(separator: "\u{1F}"))

  public static func parse(_ body: [UInt8], url: URL) -> RetroSpecIndexParse {
    RetroSpecIndexParse(
      page: Result { () throws(RetroSpecError) in try RetroSpecIndexPage.parse(body, url: url) })
  }

  public var keepsParse: Bool {
    if case .success(let p) = page { !p.looksTruncated } else { false }
  }

  public func encode(into w: inout ParseWriter) {
    guard case .success(let p) = page else { return }
    w.string(Self.seriesStamp)
    w.string(p.encoding.rawValue)
    w.int(p.hasContentMarkers ? 1 : 0)
    w.int(p.looksTruncated ? 1 : 0)
    w.list(p.cells) { w, c in
      w.string(c.id)
      w.string(c.zip)
      w.optionalString(c.cover)
      w.optionalString(c.thumb)
      w.string(c.label)
      w.int(c.line)
    }
    w.list(p.brokenCells) { w, b in
      w.int(b.line)
      w.string(b.reason)
    }
    w.list(p.unknownSeriesIDs) { w, id in w.string(id) }
  }

  /// The page's address is not written: it is the entry's own, part of its key.
  public static func decode(from r: inout ParseReader, url: URL) -> RetroSpecIndexParse? {
    guard r.string() == seriesStamp, let encoding = r.string().flatMap(TextEncoding.init(rawValue:)),
      let marked = flag(&r), let truncated = flag(&r),
      let cells = r.list({ r -> RetroSpecIndexCell? in
        guard let id = r.string(), let zip = r.string(), let cover = r.optionalString(),
          let thumb = r.optionalString(), let label = r.string(), let line = r.int()
        else { return nil }
        return RetroSpecIndexCell(id: id, zip: zip, cover: cover, thumb: thumb, label: label, line: line)
      }),
      !cells.isEmpty,
      let broken = r.list({ r -> RetroSpecIndexPage.BrokenCell? in
        guard let line = r.int(), let reason = r.string() else { return nil }
        return RetroSpecIndexPage.BrokenCell(line: line, reason: reason)
      }),
      let unknown = r.list({ r in r.string() })
    else { return nil }
    return RetroSpecIndexParse(
      page: .success(
        RetroSpecIndexPage(
          url: url, cells: cells, encoding: encoding, hasContentMarkers: marked, looksTruncated: truncated,
          brokenCells: broken, unknownSeriesIDs: unknown)))
  }

  private static func flag(_ r: inout ParseReader) -> Bool? {
    switch r.int() {
    case 0: false
    case 1: true
    default: nil
    }
  }
}
