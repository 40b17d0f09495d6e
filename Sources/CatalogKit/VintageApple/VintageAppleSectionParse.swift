import Foundation

/// A Vintage Apple section page's rows kept parsed between runs (`<cache>/parsed/vintageapple-section/`):
/// parsing the sixteen section pages again was two fifths of a warm rebuild's time. A page the
/// parser refuses (cut short, not HTML) is never kept: the build evicts its copy and asks again.
public struct VintageAppleSectionParse: CachedParse, Equatable {
  public var rows: Result<[VintageAppleRow], VintageAppleError>

  public init(rows: Result<[VintageAppleRow], VintageAppleError>) { self.rows = rows }

  public static let parserName = "vintageapple-section"
  /// Bump on any change to what `VintageAppleSectionPage.parse` makes of a page
  /// (VintageAppleSectionParseTests holds it to the fixtures' output).
  public static let parserVersion = 1

  public static func parse(_ body: [UInt8], url: URL) -> VintageAppleSectionParse {
    VintageAppleSectionParse(
      rows: Result { () throws(VintageAppleError) in
        try VintageAppleSectionPage.parse(body, url: url.absoluteString)
      })
  }

  public var keepsParse: Bool {
    if case .success = rows { true } else { false }
  }

  public func encode(into w: inout ParseWriter) {
    guard case .success(let rows) = rows else { return }
    w.list(rows) { w, r in
      w.string(r.pdf)
      w.optionalString(r.thumb)
      w.string(r.title)
      w.optionalInt(r.year)
      w.optionalInt(r.month)
      w.int(r.position)
      w.int(r.line)
    }
  }

  public static func decode(from r: inout ParseReader, url: URL) -> VintageAppleSectionParse? {
    let rows = r.list { r -> VintageAppleRow? in
      guard let pdf = r.string(), let thumb = r.optionalString(), let title = r.string(), let year = r.optionalInt(),
        let month = r.optionalInt(), let position = r.int(), let line = r.int()
      else { return nil }
      return VintageAppleRow(
        pdf: pdf, thumb: thumb, title: title, year: year, month: month, position: position, line: line)
    }
    return rows.map { VintageAppleSectionParse(rows: .success($0)) }
  }
}
