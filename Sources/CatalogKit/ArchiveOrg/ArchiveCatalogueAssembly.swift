import Foundation

/// Builds `archive-catalog.json` from decoded metadata answers and scandata page counts: a pure
/// function, so the whole catalogue is testable from saved responses.
public enum ArchiveCatalogueAssembly {
  /// One issue from its item. Throws when the item has no scan, no scandata count, no size or no year.
  public static func issue(
    item: ArchiveItem, series: Series, number: Int, pages: Int?, scandataURL: URL?
  ) throws -> Issue {
    let id = item.identifier
    guard let scan = item.scan else { throw ArchiveError.noScan(identifier: id) }
    guard let size = scan.size, size > 0 else { throw ArchiveError.noSize(identifier: id, file: scan.name) }
    guard let date = item.metadata.date else {
      throw ArchiveError.undated(identifier: id, date: item.metadata.first("date"))
    }
    guard let pages, pages > 0 else {
      if let scandataURL { throw ArchiveError.noPages(url: scandataURL) }
      throw ArchiveError.noScandata(identifier: id)
    }
    return Issue(
      id: id, series: series.key, number: number, title: title(date: date, language: series.language),
      year: date.year, month: date.month, zip: ArchivePath.file(identifier: id, name: scan.name),
      cover: ArchivePath.cover(identifier: id), thumb: ArchivePath.thumb(identifier: id), bytes: size,
      pages: pages)
  }

  /// `"<MonthName> <year>"`, or `"<year>"` when there is no month or no name for it.
  public static func title(date: ArchiveDate, language: String?) -> String {
    if let m = date.month, let name = ArchiveMonthNames.name(month: m, language: language) {
      return "\(name) \(date.year)"
    }
    return String(date.year)
  }

  /// The whole catalogue, shelves and issues in configuration order.
  ///
  /// - Parameters:
  ///   - lookups: the metadata answer per configured identifier.
  ///   - pages: the scandata page count per identifier (nil when the scandata stated none).
  ///   - scandataURLs: where each scandata came from, for error messages.
  public static func assemble(
    shelves: [ArchiveShelf], lookups: [String: ArchiveLookup], pages: [String: Int?],
    scandataURLs: [String: URL] = [:], generated: String
  ) throws -> IssueCatalogue {
    var issues: [Issue] = []
    for shelf in shelves {
      for (index, id) in shelf.identifiers.enumerated() {
        switch lookups[id] ?? .noSuchItem {
        case .noSuchItem: throw ArchiveError.noSuchItem(identifier: id)
        case .dark: throw ArchiveError.dark(identifier: id)
        case .item(let item):
          issues.append(
            try issue(
              item: item, series: shelf.series, number: index + 1, pages: pages[id] ?? nil,
              scandataURL: scandataURLs[id]))
        }
      }
    }
    return IssueCatalogue(
      generated: generated, base: ArchivePath.downloadBase, series: shelves.map(\.series), issues: issues)
  }
}
