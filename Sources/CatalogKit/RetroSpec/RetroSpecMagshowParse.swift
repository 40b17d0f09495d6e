import Foundation

/// A RetroSpec magshow page's metadata kept parsed between runs (`<cache>/parsed/retrospec-magshow/`),
/// so a warm rebuild or a refresh reads again only the pages whose bodies changed. A page without a
/// series name (an error page, the site's "no info" row) is never kept: the parser found nothing on
/// it, and keeping nothing costs only a parse that stops at its first search.
public struct RetroSpecMagshowParse: CachedParse, Equatable {
  public var magshow: RetroSpecMagshow?

  public init(magshow: RetroSpecMagshow?) { self.magshow = magshow }

  public static let parserName = "retrospec-magshow"
  /// Bump on any change to what `RetroSpecMagshow.parse` makes of a page
  /// (RetroSpecMagshowParseTests holds it to the fixtures' output).
  public static let parserVersion = 1

  public static func parse(_ body: [UInt8], url: URL) -> RetroSpecMagshowParse {
    RetroSpecMagshowParse(magshow: RetroSpecMagshow.parse(body))
  }

  public var keepsParse: Bool { magshow != nil }

  /// The language is not written: it is worked out again from the kept `Jezik:` value on reading,
  /// so an entry never outlives a change to the language table.
  public func encode(into w: inout ParseWriter) {
    guard let m = magshow else { return }
    w.string(m.seriesName)
    w.optionalInt(m.year)
    w.optionalString(m.monthText)
    w.optionalInt(m.numberInYear)
    w.optionalString(m.jezik)
    w.optionalInt(m.pageCount)
  }

  public static func decode(from r: inout ParseReader, url: URL) -> RetroSpecMagshowParse? {
    guard let name = r.string(), !name.isEmpty, let year = r.optionalInt(), let monthText = r.optionalString(),
      let number = r.optionalInt(), let jezik = r.optionalString(), let pageCount = r.optionalInt()
    else { return nil }
    return RetroSpecMagshowParse(
      magshow: RetroSpecMagshow(
        seriesName: name, year: year, monthText: monthText, numberInYear: number,
        language: jezik.flatMap(RetroSpecSeries.language(fromJezik:)), jezik: jezik, pageCount: pageCount))
  }
}
