import Foundation

/// An Atarimania title page kept parsed between runs (`<cache>/parsed/atarimania-title/`), so a warm
/// rebuild or a refresh reads again only the titles whose pages changed. A page the parser refuses
/// (a challenge, a page cut short, one that is not HTML) is never kept: the build evicts its copy
/// and stops, and the next run asks again.
public struct AtarimaniaTitleParse: CachedParse, Equatable {
  public var page: Result<AtarimaniaTitlePage, AtarimaniaError>

  public init(page: Result<AtarimaniaTitlePage, AtarimaniaError>) { self.page = page }

  public static let parserName = "atarimania-title"
  /// Bump on any change to what `AtarimaniaTitlePage.parse` makes of a page
  /// (AtarimaniaTitleParseTests holds it to the fixtures' output).
  public static let parserVersion = 1

  /// The title id is the address's last component, as `AtarimaniaSite.titleURL` writes it; the
  /// address is part of the entry's key, so the id needs no place in the entry.
  public static func titleID(_ url: URL) -> String { url.lastPathComponent }

  public static func parse(_ body: [UInt8], url: URL) -> AtarimaniaTitleParse {
    AtarimaniaTitleParse(
      page: Result { () throws(AtarimaniaError) in
        try AtarimaniaTitlePage.parse(body, id: titleID(url), url: url.absoluteString)
      })
  }

  public var keepsParse: Bool {
    if case .success = page { true } else { false }
  }

  public func encode(into w: inout ParseWriter) {
    guard case .success(let p) = page else { return }
    w.optionalString(p.name)
    w.optionalInt(p.statedCount)
    w.list(p.issues) { w, i in
      w.string(i.pdf)
      w.string(i.stem)
      w.optionalString(i.cover)
      w.string(i.label)
      w.optionalString(i.dateCaption)
      w.optionalInt(i.year)
      w.optionalInt(i.month)
      w.int(i.position)
    }
    w.list(p.skipped) { w, line in w.string(line) }
  }

  public static func decode(from r: inout ParseReader, url: URL) -> AtarimaniaTitleParse? {
    guard let name = r.optionalString(), let stated = r.optionalInt(),
      let issues = r.list({ r -> AtarimaniaListedIssue? in
        guard let pdf = r.string(), let stem = r.string(), let cover = r.optionalString(), let label = r.string(),
          let caption = r.optionalString(), let year = r.optionalInt(), let month = r.optionalInt(),
          let position = r.int()
        else { return nil }
        return AtarimaniaListedIssue(
          pdf: pdf, stem: stem, cover: cover, label: label, dateCaption: caption, year: year, month: month,
          position: position)
      }),
      let skipped = r.list({ r in r.string() })
    else { return nil }
    return AtarimaniaTitleParse(
      page: .success(
        AtarimaniaTitlePage(id: titleID(url), name: name, statedCount: stated, issues: issues, skipped: skipped)))
  }
}
