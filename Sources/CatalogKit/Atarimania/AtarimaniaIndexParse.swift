import Foundation

/// Atarimania's magazine index kept parsed between runs (`<cache>/parsed/atarimania-index/`). A page
/// the parser refuses (a challenge, a page cut short, one that lists no title) is never kept.
public struct AtarimaniaIndexParse: CachedParse, Equatable {
  public var index: Result<AtarimaniaIndex, AtarimaniaError>

  public init(index: Result<AtarimaniaIndex, AtarimaniaError>) { self.index = index }

  public static let parserName = "atarimania-index"
  /// Bump on any change to what `AtarimaniaIndex.parse` makes of a page
  /// (AtarimaniaTitleParseTests holds it to the fixtures' output).
  public static let parserVersion = 1

  public static func parse(_ body: [UInt8], url: URL) -> AtarimaniaIndexParse {
    AtarimaniaIndexParse(
      index: Result { () throws(AtarimaniaError) in try AtarimaniaIndex.parse(body, url: url.absoluteString) })
  }

  public var keepsParse: Bool {
    if case .success = index { true } else { false }
  }

  public func encode(into w: inout ParseWriter) {
    guard case .success(let index) = index else { return }
    w.optionalInt(index.statedCount)
    w.list(index.titles) { w, t in
      w.string(t.id)
      w.optionalString(t.name)
    }
  }

  public static func decode(from r: inout ParseReader, url: URL) -> AtarimaniaIndexParse? {
    guard let stated = r.optionalInt(),
      let titles = r.list({ r -> AtarimaniaIndex.Entry? in
        guard let id = r.string(), let name = r.optionalString() else { return nil }
        return AtarimaniaIndex.Entry(id: id, name: name)
      }),
      !titles.isEmpty
    else { return nil }
    return AtarimaniaIndexParse(index: .success(AtarimaniaIndex(titles: titles, statedCount: stated)))
  }
}
