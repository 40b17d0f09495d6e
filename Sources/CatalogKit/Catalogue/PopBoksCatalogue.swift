/// The PopBoks shape: tile-based magazines with no downloadable file (catalogue-format §1.2).
public struct PopBoksCatalogue: Codable, Sendable, Equatable {
  public var version: Int
  public var generated: String
  public var base: String
  /// `dzuboks` or `ritam`.
  public var magazine: String
  public var issues: [PopBoksIssue]

  public init(version: Int = 1, generated: String, base: String, magazine: String, issues: [PopBoksIssue]) {
    self.version = version
    self.generated = generated
    self.base = base
    self.magazine = magazine
    self.issues = issues
  }
}

public struct PopBoksIssue: Codable, Sendable, Equatable, Hashable {
  public var id: Int
  public var number: Int
  public var title: String
  public var label: String
  public var year: Int
  public var month: Int?
  public var firstPage: Int
  public var pages: Int
  public var columns: Int
  public var rows: Int

  public init(
    id: Int, number: Int, title: String, label: String, year: Int, month: Int? = nil, firstPage: Int,
    pages: Int, columns: Int, rows: Int
  ) {
    self.id = id
    self.number = number
    self.title = title
    self.label = label
    self.year = year
    self.month = month
    self.firstPage = firstPage
    self.pages = pages
    self.columns = columns
    self.rows = rows
  }
}
