/// One issue as the index script lists it, before its tile grid is measured.
public struct PopBoksIndexEntry: Sendable, Equatable, Hashable, Codable {
  /// The site's folder id.
  public var id: Int
  /// Džuboks: the printed number (= id). Ritam: the position in the running order, 1…n.
  public var number: Int
  public var title: String
  /// The designation as printed: `"12"`, `"8/9"`, `"Godišnjak"`.
  public var label: String
  public var year: Int
  public var month: Int?
  /// The site page the scan starts at (≥ 1).
  public var firstPage: Int
  public var pages: Int
  /// Ritam's relaunch ("Serija N"); nil for Džuboks.
  public var relaunch: Int?
  /// The line of the script that lists the issue, for messages.
  public var line: Int

  public init(
    id: Int, number: Int, title: String, label: String, year: Int, month: Int? = nil, firstPage: Int,
    pages: Int, relaunch: Int? = nil, line: Int
  ) {
    self.id = id
    self.number = number
    self.title = title
    self.label = label
    self.year = year
    self.month = month
    self.firstPage = firstPage
    self.pages = pages
    self.relaunch = relaunch
    self.line = line
  }

  /// The last site page of the scan.
  public var lastPage: Int { firstPage + pages - 1 }

  /// The pages the grid is measured on: first, first + ⌊pages/2⌋ and last, distinct and sorted.
  public var sampledPages: [Int] { Array(Set([firstPage, firstPage + pages / 2, lastPage])).sorted() }

  /// The catalogue row once the grid is known.
  public func issue(grid: PopBoksTileGrid) -> PopBoksIssue {
    PopBoksIssue(
      id: id, number: number, title: title, label: label, year: year, month: month, firstPage: firstPage,
      pages: pages, columns: grid.columns, rows: grid.rows)
  }
}

/// What an index script yields: the issues in catalogue order and what was left out, and why.
public struct PopBoksIndex: Sendable, Equatable {
  public var magazine: PopBoksMagazine
  public var entries: [PopBoksIndexEntry]
  /// One sentence per entry that was dropped on purpose (never scanned, in no year, unknown id).
  public var dropped: [String]

  public init(magazine: PopBoksMagazine, entries: [PopBoksIndexEntry], dropped: [String]) {
    self.magazine = magazine
    self.entries = entries
    self.dropped = dropped
  }

  /// Parses the magazine's index script.
  public static func parse(_ bytes: [UInt8], magazine: PopBoksMagazine, name: String? = nil) throws -> PopBoksIndex {
    let script = PopBoksIndexScript(bytes: bytes, name: name ?? magazine.scriptURL)
    switch magazine {
    case .dzuboks: return try PopBoksDzuboksIndex.parse(script)
    case .ritam: return try PopBoksRitamIndex.parse(script)
    }
  }
}
